import { GREETING_TIMEOUT } from '@atrium/shared';
import type { NotificationService } from '../notifications/NotificationService.js';

/** Good Morning before 12, Good Afternoon from 12 to 17, Good Evening after (docs/behaviour/desktop.md#greeting). */
export function greetingKey(hour: number): 'greeting.morning' | 'greeting.afternoon' | 'greeting.evening' {
  if (hour < 12) return 'greeting.morning';
  if (hour <= 17) return 'greeting.afternoon';
  return 'greeting.evening';
}

/**
 * The greeting notification after sign-in, shown GREETING_TIMEOUT ms,
 * unless the user's Greetingmessage preference is 'false'. Its title is
 * translated when shown, so it follows the language the desktop settles on.
 */
export function greet(notifications: NotificationService, user: { name: string; preferences: Readonly<Record<string, string>> }, now: number): void {
  if (user.preferences.Greetingmessage === 'false') return;
  notifications.create({ titleKey: greetingKey(new Date(now).getHours()), titleVars: { name: user.name }, timeout: GREETING_TIMEOUT, icon: 'user' });
}
