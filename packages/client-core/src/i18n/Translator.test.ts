import { describe, expect, it, vi } from 'vitest';
import { catalogues, flattenCatalogue, LOCALES } from '@atrium/shared';
import { Translator } from './Translator.js';

/** A Translator with the engine fetched when `engine` says so: both must answer alike. */
async function ready(i18n: Translator, engine: boolean): Promise<Translator> {
  if (engine) await i18n.loadEngine();
  return i18n;
}

function make(): Translator {
  return new Translator({
    language: 'de_DE',
    fallback: 'en_EN',
    catalogues: {
      en_EN: { login: { title: 'Sign in', welcome: 'Welcome, {{name}}', only: 'Only in English' }, count: '{{n}} of {{total}}' },
      de_DE: { login: { title: 'Anmelden', welcome: 'Willkommen, {{ name }}' } },
    },
  });
}

describe.each([false, true])('Translator (engine fetched: %s)', (engine) => {
  const translator = (): Promise<Translator> => ready(make(), engine);

  it("finds a dotted key in the current language's catalogue", async () => {
    expect((await translator()).t('login.title')).toBe('Anmelden');
  });

  it('falls back to the fallback language, then to the default value, then to the key', async () => {
    const i18n = await translator();
    expect(i18n.t('login.only')).toBe('Only in English');
    expect(i18n.t('dialog.button.maybe', { defaultValue: 'maybe' })).toBe('maybe');
    expect(i18n.t('no.such.key')).toBe('no.such.key');
  });

  it('gives the key for a key that names a group of texts, or a built-in member of objects', async () => {
    const i18n = await translator();
    expect(i18n.t('login')).toBe('login');
    for (const key of ['constructor', 'toString', 'login.__proto__', 'login.title.length']) expect(i18n.t(key)).toBe(key);
  });

  it('fills placeholders with their values, without escaping, leaving unknown ones as they are', async () => {
    const i18n = await translator();
    expect(i18n.t('login.welcome', { name: '<Ada>' })).toBe('Willkommen, <Ada>');
    expect(i18n.t('count', { n: 2 })).toBe('2 of {{total}}');
    expect(i18n.t('count', { n: null, total: 0 })).toBe(' of 0');
    expect(i18n.t('login.welcome')).toBe('Willkommen, {{ name }}');
  });

  it('switches the language and tells its subscribers', async () => {
    const i18n = await translator();
    const listener = vi.fn();
    i18n.subscribe(listener);
    i18n.changeLanguage('en_EN');
    expect(i18n.language).toBe('en_EN');
    expect(i18n.t('login.title')).toBe('Sign in');
    expect(listener).toHaveBeenCalledTimes(1);
    i18n.changeLanguage('en_EN');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('merges added texts into a catalogue and tells its subscribers', async () => {
    const i18n = await translator();
    const listener = vi.fn();
    i18n.subscribe(listener);
    i18n.addTexts('de_DE', { login: { only: 'Nur hier' }, devtools: { title: 'Entwickler' } });
    expect(i18n.t('login.title')).toBe('Anmelden');
    expect(i18n.t('login.only')).toBe('Nur hier');
    expect(i18n.t('devtools.title')).toBe('Entwickler');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("adds an application's texts to several languages at once, those not loaded yet too, with the fallback's for a missing key", async () => {
    const i18n = await translator();
    const listener = vi.fn();
    i18n.subscribe(listener);
    i18n.addTranslations({
      en_EN: { notes: { title: 'Notes', empty: 'No notes yet' } },
      de_DE: { notes: { title: 'Notizen' } },
      fr_FR: { notes: { title: 'Notes', empty: 'Aucune note' } },
    });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(i18n.t('notes.title')).toBe('Notizen');
    expect(i18n.t('notes.empty')).toBe('No notes yet');
    expect(i18n.t('login.title')).toBe('Anmelden');
    i18n.addTexts('fr_FR', { login: { title: 'Connexion' } });
    i18n.changeLanguage('fr_FR');
    expect(i18n.t('notes.empty')).toBe('Aucune note');
    expect(i18n.t('login.title')).toBe('Connexion');
  });

  it('keeps its own copy of the catalogues it is given', async () => {
    const english = { greeting: { hello: 'Hello' } };
    const i18n = await ready(new Translator({ language: 'en_EN', fallback: 'en_EN', catalogues: { en_EN: english } }), engine);
    i18n.addTexts('en_EN', { greeting: { hello: 'Hi' } });
    expect(english.greeting.hello).toBe('Hello');
    expect(i18n.t('greeting.hello')).toBe('Hi');
  });

  it("chooses plural forms by the language's own rules", async () => {
    const i18n = await ready(
      new Translator({
      language: 'sl_SI',
      fallback: 'en_EN',
      catalogues: {
        en_EN: { tasks_one: '{{count}} task', tasks_other: '{{count}} tasks' },
        sl_SI: { tasks_one: '{{count}} naloga', tasks_two: '{{count}} nalogi', tasks_few: '{{count}} naloge', tasks_other: '{{count}} nalog' },
      },
      }),
      engine,
    );
    expect([1, 2, 3, 5].map((count) => i18n.t('tasks', { count }))).toEqual(['1 naloga', '2 nalogi', '3 naloge', '5 nalog']);
    i18n.changeLanguage('en_EN');
    expect([1, 2].map((count) => i18n.t('tasks', { count }))).toEqual(['1 task', '2 tasks']);
  });

  it('keeps the texts added before the engine arrived, and answers alike after', async () => {
    const i18n = make();
    i18n.addTexts('de_DE', { later: 'Später, {{name}}' });
    const before = [i18n.t('later', { name: 'Ada' }), i18n.t('login.only'), i18n.t('login.welcome', { name: 'Ada' })];
    await ready(i18n, engine);
    expect([i18n.t('later', { name: 'Ada' }), i18n.t('login.only'), i18n.t('login.welcome', { name: 'Ada' })]).toEqual(before);
  });
});

describe('Translator engine', () => {
  it('answers the texts that need more than placeholders and plural forms: nesting and formatting', async () => {
    const i18n = new Translator({ language: 'en_EN', fallback: 'en_EN', catalogues: { en_EN: { title: 'Sign in', nested: '$t(title) now', big: '{{n, number}} files' } } });
    await i18n.loadEngine();
    expect(i18n.t('nested')).toBe('Sign in now');
    expect(i18n.t('big', { n: 1234567 })).toBe('1,234,567 files');
  });

  it('is fetched with the first further part of the catalogues, and the views are told', async () => {
    const i18n = new Translator({ language: 'en_EN', fallback: 'en_EN', catalogues: { en_EN: { a: 'A' } }, parts: { desktop: () => Promise.resolve({ b: 'B {{n}}' }) } });
    const listener = vi.fn();
    i18n.subscribe(listener);
    expect(i18n.engineLoaded).toBe(false);
    await i18n.loadPart('desktop');
    expect(i18n.engineLoaded).toBe(true);
    expect(i18n.t('b', { n: 2 })).toBe('B 2');
    expect(listener).toHaveBeenCalled();
  });
});

describe("the product's catalogues", () => {
  it.each(LOCALES)('are answered alike with the engine and before it has arrived, in %s', async (locale) => {
    const make = (): Translator => new Translator({ language: locale, fallback: 'en_EN', catalogues: { en_EN: catalogues.en_EN, [locale]: catalogues[locale] } });
    const bare = make();
    const full = await ready(make(), true);
    const texts = flattenCatalogue(catalogues[locale]);
    for (const [key, text] of Object.entries(texts)) {
      const values = Object.fromEntries([...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map(([, name]) => [name!, `<${name!}>`]));
      expect(bare.t(key, values), key).toBe(full.t(key, values));
    }
    expect(Object.keys(texts).length).toBeGreaterThan(400);
  });
});
