import { describe, expect, it } from 'vitest';
import { FakeEnvironment } from '../testing/FakeEnvironment.js';
import { readPreference, writePreference } from './preferences.js';

describe('preferences', () => {
  it('are kept in plain local storage', () => {
    const env = new FakeEnvironment();
    writePreference(env, 'locale', 'sl_SI');
    expect(env.localStorage?.getItem('locale')).toBe('sl_SI');
    expect(readPreference(env, 'locale')).toBe('sl_SI');
  });

  it('are null when never written', () => {
    expect(readPreference(new FakeEnvironment(), 'locale')).toBeNull();
  });

  it.each(['none', 'throws'] as const)('fall back to a long-lived cookie when local storage is %s', (kind) => {
    const env = new FakeEnvironment({ localStorage: kind });
    writePreference(env, 'locale', 'zh_CN');
    expect(env.cookies.cookies.get('locale')).toMatchObject({ value: 'zh_CN', path: '/', sameSite: 'Strict' });
    env.clock.advance(30 * 24 * 60 * 60 * 1000);
    expect(readPreference(env, 'locale')).toBe('zh_CN');
  });
});
