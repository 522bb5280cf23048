import { LOCALES, type Locale } from '../constants.js';

/** Flattens nested texts into dotted keys (`login.error.empty`) and their texts. */
function flatten(texts: object, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(texts)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[path] = value;
    else Object.assign(out, flatten(value as object, path));
  }
  return out;
}

/** Exceptions to the rule that every language translates every English text. */
export interface TranslationExceptions {
  /** Keys whose text is the same in every language (names and symbols, not words: 'v{{version}}'). */
  untranslatable?: ReadonlySet<string>;
  /** Keys whose English text is also the right word in some languages, with those languages. */
  sameWordIn?: Readonly<Record<string, readonly Locale[]>>;
}

/**
 * What is wrong with texts given for the seven locales (the product's
 * catalogues, or an application's own texts: docs/APPLICATIONS.md, "Texts"),
 * one sentence per problem: a locale missing, a key missing or extra against
 * English, a text copied from English (not translated), or a `{{name}}`
 * placeholder of the English text missing. An empty list means all is well.
 * A short English text made of one word and a placeholder ('Ln {{line}}')
 * may stay as it is.
 */
export function translationProblems(texts: Partial<Record<Locale, object>>, exceptions: TranslationExceptions = {}): string[] {
  const problems: string[] = [];
  const english = flatten(texts.en_EN ?? {});
  if (!texts.en_EN) problems.push('en_EN: missing');
  for (const locale of LOCALES.filter((l) => l !== 'en_EN')) {
    const given = texts[locale];
    if (!given) {
      problems.push(`${locale}: missing`);
      continue;
    }
    const own = flatten(given);
    for (const key of Object.keys(english)) if (!(key in own)) problems.push(`${locale}: ${key} is missing`);
    for (const key of Object.keys(own)) if (!(key in english)) problems.push(`${locale}: ${key} is not an English key`);
    for (const [key, text] of Object.entries(english)) {
      const translated = own[key];
      if (translated === undefined) continue;
      const copied =
        translated === text && !exceptions.untranslatable?.has(key) && !exceptions.sameWordIn?.[key]?.includes(locale) && !/^[A-Z][a-z]+ \{\{\w+\}\}$/.test(text);
      if (copied) problems.push(`${locale}: ${key} is English ('${text}')`);
      for (const placeholder of text.match(/\{\{\w+\}\}/g) ?? []) {
        if (!translated.includes(placeholder)) problems.push(`${locale}: ${key} lacks ${placeholder}`);
      }
    }
  }
  return problems;
}
