import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LoginForm } from './auth.js';
import { checkSetting } from './settings.js';
import { hasUnstorableText, isStorableJson, text, toStorableText } from './text.js';

describe('storable text', () => {
  it.each([
    ['a NUL', 'ad\u0000min'],
    ['a lone high surrogate', 'x\ud800'],
    ['a lone low surrogate', '\udc00x'],
    ['a high surrogate followed by another high one', '\ud800\ud800\udc00'],
  ])('refuses %s', (_what, value) => {
    expect(hasUnstorableText(value)).toBe(true);
    expect(text().safeParse(value).success).toBe(false);
  });

  it('accepts any well-formed text without NUL, astral characters included', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (value) => {
        fc.pre(!value.includes('\u0000'));
        expect(hasUnstorableText(value)).toBe(false);
      }),
    );
    expect(hasUnstorableText('Ωmega 😀 中文')).toBe(false);
  });

  it('agrees with the platform: it refuses exactly NUL and what cannot be encoded as UTF-8', () => {
    const encodable = (value: string) => {
      try {
        encodeURIComponent(value); // throws on an unpaired surrogate
        return true;
      } catch {
        return false;
      }
    };
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (value) => {
        expect(hasUnstorableText(value)).toBe(value.includes('\u0000') || !encodable(value));
      }),
    );
  });

  it('replaces unstorable characters when text is kept rather than refused', () => {
    expect(toStorableText('a\u0000b\ud800c')).toBe('a\ufffdb\ufffdc');
    expect(toStorableText('😀')).toBe('😀');
  });

  it('checks every string and key of a JSON value, however deep', () => {
    expect(isStorableJson({ a: ['x', { b: 'y' }] })).toBe(true);
    expect(isStorableJson({ a: ['x', { b: 'y\u0000' }] })).toBe(false);
    expect(isStorableJson({ ['k\ud800']: 1 })).toBe(false);
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(isStorableJson(deep)).toBe(false);
  });

  it('makes the sign-in form refuse a NUL in the username', () => {
    const parsed = LoginForm.safeParse({ username: 'demo\u0000', password: 'x' });
    expect(parsed.success).toBe(false);
  });
});

describe('checkSetting', () => {
  it.each(['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf'])('calls %s an unknown setting', (key) => {
    const result = checkSetting(key, 'x');
    expect(result).toEqual({ ok: false, problem: { kind: 'unknown', key, message: `Unknown setting '${key}'` } });
  });

  it('refuses a value holding a NUL or a lone surrogate, in desktop and application settings', () => {
    expect(checkSetting('desktop.theme', 'Vis\u0000ion')).toMatchObject({ ok: false, problem: { kind: 'invalid' } });
    expect(checkSetting('app.Notes', { note: 'x\ud800' })).toMatchObject({ ok: false, problem: { kind: 'invalid' } });
    expect(checkSetting('app.Notes', { note: 'fine 😀' })).toEqual({ ok: true, value: { note: 'fine 😀' } });
  });
});
