import { LOCALES } from '@atrium/shared';
import { describe, expect, it } from 'vitest';
import { DEVTOOLS_TEXTS } from './devtoolsTexts.js';

const flatten = (texts: object, prefix = ''): Record<string, string> =>
  Object.entries(texts).reduce<Record<string, string>>((out, [key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? { ...out, [path]: value } : { ...out, ...flatten(value as object, path) };
  }, {});

const english = flatten(DEVTOOLS_TEXTS.en_EN);

describe('developer entry texts', () => {
  it.each(LOCALES.filter((l) => l !== 'en_EN'))('%s is translated, not copied English', (locale) => {
    const texts = flatten(DEVTOOLS_TEXTS[locale]);
    expect(Object.keys(texts).sort()).toEqual(Object.keys(english).sort());
    expect(Object.keys(english).filter((k) => texts[k] === english[k])).toEqual([]);
    for (const [key, text] of Object.entries(english)) for (const p of text.match(/\{\{\w+\}\}/g) ?? []) expect(texts[key], `${locale} ${key}`).toContain(p);
  });
});
