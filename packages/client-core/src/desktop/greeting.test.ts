import { NotificationService } from '../notifications/NotificationService.js';
import { FakeClock } from '../testing/FakeClock.js';
import { GREETING_TIMEOUT } from '@atrium/shared';
import { describe, expect, it } from 'vitest';
import { greet, greetingKey } from './greeting.js';

describe('greeting', () => {
  it.each([
    [0, 'greeting.morning'],
    [11, 'greeting.morning'],
    [12, 'greeting.afternoon'],
    [17, 'greeting.afternoon'],
    [18, 'greeting.evening'],
    [23, 'greeting.evening'],
  ])('at %i h says %s', (hour, key) => {
    expect(greetingKey(hour)).toBe(key);
  });

  it(`shows the greeting with the name for ${GREETING_TIMEOUT} ms`, () => {
    const clock = new FakeClock(new Date(2026, 0, 15, 9, 30).getTime());
    const notifications = new NotificationService({ clock });
    greet(notifications, { name: 'Dana', preferences: {} }, clock.now());
    expect(notifications.getState().items.map((t) => t.titleKey)).toEqual([{ key: 'greeting.morning', vars: { name: 'Dana' } }]);
    clock.advance(GREETING_TIMEOUT - 1);
    expect(notifications.getState().items).toHaveLength(1);
    clock.advance(1);
    expect(notifications.getState().items).toHaveLength(0);
  });

  it("shows none when the user's Greetingmessage preference is 'false'", () => {
    const clock = new FakeClock();
    const notifications = new NotificationService({ clock });
    greet(notifications, { name: 'Dana', preferences: { Greetingmessage: 'false' } }, clock.now());
    expect(notifications.getState().items).toEqual([]);
  });
});
