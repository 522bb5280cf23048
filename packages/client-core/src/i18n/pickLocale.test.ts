import { describe, expect, it } from 'vitest';
import { pickLocale } from './pickLocale.js';

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
