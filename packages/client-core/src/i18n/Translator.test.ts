import { describe, expect, it, vi } from 'vitest';
import { Translator } from './Translator.js';

function translator(): Translator {
  return new Translator({
    language: 'de_DE',
    fallback: 'en_EN',
    catalogues: {
      en_EN: { login: { title: 'Sign in', welcome: 'Welcome, {{name}}', only: 'Only in English' }, count: '{{n}} of {{total}}' },
      de_DE: { login: { title: 'Anmelden', welcome: 'Willkommen, {{ name }}' } },
    },
  });
}

describe('Translator', () => {
  it("finds a dotted key in the current language's catalogue", () => {
    expect(translator().t('login.title')).toBe('Anmelden');
  });

  it('falls back to the fallback language, then to the default value, then to the key', () => {
    const i18n = translator();
    expect(i18n.t('login.only')).toBe('Only in English');
    expect(i18n.t('dialog.button.maybe', { defaultValue: 'maybe' })).toBe('maybe');
    expect(i18n.t('no.such.key')).toBe('no.such.key');
  });

  it('gives the key for a key that names a group of texts, or a built-in member of objects', () => {
    const i18n = translator();
    expect(i18n.t('login')).toBe('login');
    for (const key of ['constructor', 'toString', 'login.__proto__', 'login.title.length']) expect(i18n.t(key)).toBe(key);
  });

  it('fills placeholders with their values, without escaping, leaving unknown ones as they are', () => {
    const i18n = translator();
    expect(i18n.t('login.welcome', { name: '<Ada>' })).toBe('Willkommen, <Ada>');
    expect(i18n.t('count', { n: 2 })).toBe('2 of {{total}}');
    expect(i18n.t('count', { n: null, total: 0 })).toBe(' of 0');
    expect(i18n.t('login.welcome')).toBe('Willkommen, {{ name }}');
  });

  it('switches the language and tells its subscribers', () => {
    const i18n = translator();
    const listener = vi.fn();
    i18n.subscribe(listener);
    i18n.changeLanguage('en_EN');
    expect(i18n.language).toBe('en_EN');
    expect(i18n.t('login.title')).toBe('Sign in');
    expect(listener).toHaveBeenCalledTimes(1);
    i18n.changeLanguage('en_EN');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('merges added texts into a catalogue and tells its subscribers', () => {
    const i18n = translator();
    const listener = vi.fn();
    i18n.subscribe(listener);
    i18n.addTexts('de_DE', { login: { only: 'Nur hier' }, devtools: { title: 'Entwickler' } });
    expect(i18n.t('login.title')).toBe('Anmelden');
    expect(i18n.t('login.only')).toBe('Nur hier');
    expect(i18n.t('devtools.title')).toBe('Entwickler');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("adds an application's texts to several languages at once, those not loaded yet too, with the fallback's for a missing key", () => {
    const i18n = translator();
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

  it('keeps its own copy of the catalogues it is given', () => {
    const english = { greeting: { hello: 'Hello' } };
    const i18n = new Translator({ language: 'en_EN', fallback: 'en_EN', catalogues: { en_EN: english } });
    i18n.addTexts('en_EN', { greeting: { hello: 'Hi' } });
    expect(english.greeting.hello).toBe('Hello');
    expect(i18n.t('greeting.hello')).toBe('Hi');
  });

  it("chooses plural forms by the language's own rules", () => {
    const i18n = new Translator({
      language: 'sl_SI',
      fallback: 'en_EN',
      catalogues: {
        en_EN: { tasks_one: '{{count}} task', tasks_other: '{{count}} tasks' },
        sl_SI: { tasks_one: '{{count}} naloga', tasks_two: '{{count}} nalogi', tasks_few: '{{count}} naloge', tasks_other: '{{count}} nalog' },
      },
    });
    expect([1, 2, 3, 5].map((count) => i18n.t('tasks', { count }))).toEqual(['1 naloga', '2 nalogi', '3 naloge', '5 nalog']);
    i18n.changeLanguage('en_EN');
    expect([1, 2].map((count) => i18n.t('tasks', { count }))).toEqual(['1 task', '2 tasks']);
  });
});
