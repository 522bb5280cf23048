import { GREETING_TIMEOUT } from '@atrium/shared';
import type { NotificationsPort, Translate } from '../ports.js';

/** §9: Good Morning before 12, Good Afternoon from 12 to 17, Good Evening after. */
export function greetingKey(hour: number): 'greeting.morning' | 'greeting.afternoon' | 'greeting.evening' {
  if (hour < 12) return 'greeting.morning';
  if (hour <= 17) return 'greeting.afternoon';
  return 'greeting.evening';
}

/**
 * The greeting notification after sign-in (§2), shown GREETING_TIMEOUT ms
 * (§9), unless the user's Greetingmessage preference is 'false' (§6).
 */
export function greet(notifications: NotificationsPort, translate: Translate, user: { name: string; preferences: Readonly<Record<string, string>> }, now: number): void {
  if (user.preferences.Greetingmessage === 'false') return;
  notifications.create({ title: translate(greetingKey(new Date(now).getHours()), { name: user.name }), timeout: GREETING_TIMEOUT, icon: 'user' });
}
