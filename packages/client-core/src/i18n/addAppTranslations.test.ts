import { describe, expect, it, vi } from 'vitest';
import { addAppTranslations } from './addAppTranslations.js';
import { Translator } from './Translator.js';

function translator(): Translator {
  return new Translator({ language: 'de_DE', fallback: 'en_EN', catalogues: { en_EN: { login: { title: 'Sign in' } }, de_DE: { login: { title: 'Anmelden' } } } });
}

describe('addAppTranslations', () => {
  it("loads an application's texts given as loaders only for the languages in use, and before a switch", async () => {
    const i18n = translator();
    const loads: string[] = [];
    const loader = (language: string, title: string) => () => {
      loads.push(language);
      return Promise.resolve({ notes: { title } });
    };
    await addAppTranslations(i18n, { en_EN: { notes: { title: 'Notes', empty: 'No notes yet' } }, de_DE: loader('de_DE', 'Notizen'), fr_FR: loader('fr_FR', 'Carnet') });
    expect(loads).toEqual(['de_DE']);
    expect(i18n.t('notes.title')).toBe('Notizen');
    expect(i18n.t('notes.empty')).toBe('No notes yet');
    await i18n.loadParts('fr_FR');
    await i18n.loadParts('fr_FR');
    i18n.changeLanguage('fr_FR');
    expect(loads).toEqual(['de_DE', 'fr_FR']);
    expect(i18n.t('notes.title')).toBe('Carnet');
  });

  it('switches language with the English texts of an application whose loader failed', async () => {
    const i18n = translator();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await addAppTranslations(i18n, { en_EN: { notes: { title: 'Notes' } }, fr_FR: () => Promise.reject(new Error('offline')) });
    await i18n.loadParts('fr_FR');
    i18n.changeLanguage('fr_FR');
    expect(i18n.t('notes.title')).toBe('Notes');
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});
