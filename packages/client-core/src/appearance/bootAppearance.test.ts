import { describe, expect, it } from 'vitest';
import { FakeEnvironment } from '../testing/FakeEnvironment.js';
import { SecureStorage } from '../storage/SecureStorage.js';
import { StorageKeys } from '../storage/StorageKeys.js';
import { bootAppearanceOf, readBootAppearance, writeBootAppearance } from './bootAppearance.js';

const nocturne = { colorScheme: 'dark' as const, variables: { '--atr-surface-muted': '#141922', '--atr-primary': '#7aa7ff' } };

describe('boot appearance', () => {
  it("is a theme's colour scheme and page background", () => {
    expect(bootAppearanceOf(nocturne)).toEqual({ colorScheme: 'dark', background: '#141922' });
    expect(bootAppearanceOf({ colorScheme: 'light', variables: { '--atr-surface-muted': 'rgb(245, 247, 251)' } })).toEqual({ colorScheme: 'light', background: 'rgb(245, 247, 251)' });
  });

  it('is none for a theme without a plain colour as its page background', () => {
    expect(bootAppearanceOf({ colorScheme: 'dark', variables: {} })).toBeNull();
    expect(bootAppearanceOf({ colorScheme: 'dark', variables: { '--atr-surface-muted': 'url(https://evil.example/x.png)' } })).toBeNull();
    expect(bootAppearanceOf({ colorScheme: 'dark', variables: { '--atr-surface-muted': 'red; color: red' } })).toBeNull();
  });

  it('is remembered locally and read back on the next page load', () => {
    const env = new FakeEnvironment();
    expect(readBootAppearance(env)).toBeNull();
    writeBootAppearance(env, { colorScheme: 'dark', background: '#141922' });
    expect(env.localStorage?.getItem(StorageKeys.bootAppearance)).toBe('{"colorScheme":"dark","background":"#141922"}');
    expect(readBootAppearance(env)).toEqual({ colorScheme: 'dark', background: '#141922' });
  });

  it('ignores what is kept when it is not a boot appearance', () => {
    const env = new FakeEnvironment();
    for (const text of ['not json', 'null', '{"colorScheme":"sepia","background":"#000"}', '{"colorScheme":"dark","background":"expression(alert(1))"}', '{"colorScheme":"dark"}']) {
      env.localStorage?.setItem(StorageKeys.bootAppearance, text);
      expect(readBootAppearance(env)).toBeNull();
    }
  });

  it('is forgotten with the rest of the storage on sign-out, unlike the locale', async () => {
    const env = new FakeEnvironment();
    writeBootAppearance(env, { colorScheme: 'dark', background: '#141922' });
    env.localStorage?.setItem(StorageKeys.locale, 'de_DE');
    await new SecureStorage(env).clear();
    expect(readBootAppearance(env)).toBeNull();
    expect(env.localStorage?.getItem(StorageKeys.locale)).toBe('de_DE');
  });
});
