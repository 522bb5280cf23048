import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '../constants.js';
import { translationProblems } from './translations.js';

/** Texts of an application in every locale: English, and each other locale's own words. */
function texts(overrides: Partial<Record<Locale, object>> = {}): Partial<Record<Locale, object>> {
  const all: Partial<Record<Locale, object>> = {};
  for (const locale of LOCALES) all[locale] = locale === 'en_EN' ? { demo: { open: 'Open {{name}}', close: 'Close' } } : { demo: { open: `${locale} {{name}}`, close: `${locale} close` } };
  return { ...all, ...overrides };
}

describe('translationProblems', () => {
  it('finds nothing wrong with texts translated in every locale', () => {
    expect(translationProblems(texts())).toEqual([]);
  });

  it('names a missing locale, a missing or extra key, a copied English text and a lost placeholder', () => {
    const problems = translationProblems(
      texts({
        de_DE: undefined,
        fr_FR: { demo: { open: 'Ouvrir {{name}}' } },
        nb_NO: { demo: { open: 'Åpne {{name}}', close: 'Lukk', extra: 'Mer' } },
        sl_SI: { demo: { open: 'Odpri {{name}}', close: 'Close' } },
        vi_VN: { demo: { open: 'Mở tệp', close: 'Đóng' } },
      }),
    );
    expect(problems).toEqual([
      'de_DE: missing',
      'fr_FR: demo.close is missing',
      'nb_NO: demo.extra is not an English key',
      "sl_SI: demo.close is English ('Close')",
      'vi_VN: demo.open lacks {{name}}',
    ]);
  });

  it('accepts the same text where the exceptions say it is right', () => {
    const same = texts({ de_DE: { demo: { open: 'Open {{name}}', close: 'Close' } } });
    expect(translationProblems(same, { sameWordIn: { 'demo.close': ['de_DE'] } })).toEqual([]);
    expect(translationProblems(same, { untranslatable: new Set(['demo.close']) })).toEqual([]);
    expect(translationProblems(same)).toEqual(["de_DE: demo.close is English ('Close')"]);
  });
});
