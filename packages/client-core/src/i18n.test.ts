import { describe, expect, it } from 'vitest';
import { createTranslator, pickLocale } from './i18n.js';

describe('pickLocale', () => {
  it('matches a browser language with region to the supported locale', () => {
    expect(pickLocale(['de-DE', 'en-US'])).toBe('de_DE');
  });
  it('falls back to the same language in another region', () => {
    expect(pickLocale(['fr-CA'])).toBe('fr_FR');
    expect(pickLocale(['nb'])).toBe('nb_NO');
  });
  it('uses en_EN when nothing matches', () => {
    expect(pickLocale(['ja-JP'])).toBe('en_EN');
    expect(pickLocale([])).toBe('en_EN');
  });
});

describe('createTranslator', () => {
  it('translates and interpolates', () => {
    expect(createTranslator('de_DE')('start.version', { version: '1.2' })).toBe('Version 1.2');
    expect(createTranslator('zh_CN')('login.error.failed')).toBe('登录失败');
  });
  it('returns the key for an unknown text rather than failing', () => {
    expect(createTranslator('en_EN')('no.such.key')).toBe('no.such.key');
  });
});
