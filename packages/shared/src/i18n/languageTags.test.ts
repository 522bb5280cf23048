import { describe, expect, it } from 'vitest';
import { LOCALES } from '../constants.js';
import { languageTag, LOCALE_LANGUAGE_TAGS, textDirection } from './languageTags.js';

describe('language tags', () => {
  it.each(LOCALES)('%s has a valid BCP 47 tag: well-formed, canonical, with a real region if any', (locale) => {
    const tag = languageTag(locale);
    expect(tag).toBe(LOCALE_LANGUAGE_TAGS[locale]);
    expect(Intl.getCanonicalLocales(tag)).toEqual([tag]);
    const { language, region } = new Intl.Locale(tag);
    expect(language).toBe(locale.slice(0, 2));
    if (region) expect(new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' }).of(region)).toBeTruthy();
  });

  it('names English without the made-up region of en_EN, and Chinese as zh-CN', () => {
    expect(languageTag('en_EN')).toBe('en');
    expect(languageTag('zh_CN')).toBe('zh-CN');
  });

  it('canonicalises other names, and falls back to en for nonsense or inherited object members', () => {
    expect(languageTag('pt_br')).toBe('pt-BR');
    expect(languageTag('not a tag!')).toBe('en');
    expect(languageTag('constructor')).toBe('en');
  });

  it('gives the writing direction', () => {
    for (const locale of LOCALES) expect(textDirection(locale)).toBe('ltr');
    expect(textDirection('ar_EG')).toBe('rtl');
    expect(textDirection('he')).toBe('rtl');
  });
});
