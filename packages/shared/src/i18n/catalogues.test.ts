import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '../constants.js';
import { PASSWORD_RULE_MESSAGES } from '../rules/password.js';
import { catalogues, flattenCatalogue, loadCatalogue, loadDesktopCatalogue, loadExternalCatalogue, loadWorkCatalogue } from './index.js';

const english = flattenCatalogue(catalogues.en_EN);
/** Keys whose text is the same in every language (names and symbols, not words: 'v{{version}}'). */
const untranslatable = new Set(['app.name', 'login.version', 'documentTitle.page']);
/** Keys whose English text is also the right word in some languages, with those languages. */
const sameWordIn: Record<string, readonly Locale[]> = {
  // 'OK' is the usual button label in German, French and Norwegian too.
  'dialog.button.ok': ['de_DE', 'fr_FR', 'nb_NO'],
  // German file lists head their first column 'Name'.
  'dialog.file.columns.name': ['de_DE'],
  // 'Application' is the French word as well.
  'dialog.defaultApplication.application': ['fr_FR'],
  // German says 'Details' for the error alert's technical details too.
  'dialog.alert.disclosure': ['de_DE'],
  // 'Applications' and 'Collaboration' are French words too; Norwegian calls the bar a 'Panel'.
  'panel.appMenu.open': ['fr_FR'],
  'panel.appMenu.category.collaboration': ['fr_FR'],
  'panel.label': ['nb_NO'],
  // 'Documents' is the French word too.
  'vfs.mount.documents': ['fr_FR'],
  // A role in an application reads '{{role}} in {{app}}' in German as well.
  'panel.profile.appRole': ['de_DE'],
  // Keys as the keyboards of each language print them: most print these in English (German and French have their own).
  'shortcuts.key.ctrl': ['fr_FR', 'nb_NO', 'sl_SI', 'vi_VN', 'zh_CN'],
  'shortcuts.key.alt': ['de_DE', 'fr_FR', 'nb_NO', 'sl_SI', 'vi_VN', 'zh_CN'],
  'shortcuts.key.shift': ['sl_SI', 'vi_VN', 'zh_CN'],
  'shortcuts.key.meta': ['de_DE', 'nb_NO', 'sl_SI', 'vi_VN', 'zh_CN'],
  'shortcuts.key.escape': ['de_DE', 'nb_NO', 'sl_SI', 'vi_VN', 'zh_CN'],
  'shortcuts.key.enter': ['nb_NO', 'sl_SI', 'vi_VN', 'zh_CN'],
  'shortcuts.key.tab': ['de_DE', 'fr_FR', 'nb_NO', 'sl_SI', 'vi_VN', 'zh_CN'],
  'shortcuts.key.backspace': ['vi_VN', 'zh_CN'],
  'shortcuts.key.delete': ['nb_NO', 'sl_SI', 'vi_VN', 'zh_CN'],
  'shortcuts.key.home': ['nb_NO', 'sl_SI', 'vi_VN', 'zh_CN'],
  'shortcuts.key.end': ['nb_NO', 'sl_SI', 'vi_VN', 'zh_CN'],
  'shortcuts.key.pageup': ['sl_SI', 'vi_VN', 'zh_CN'],
  'shortcuts.key.pagedown': ['sl_SI', 'vi_VN', 'zh_CN'],
};

describe('locale catalogues', () => {
  it.each(LOCALES)('%s has exactly the keys of en_EN', (locale) => {
    expect(Object.keys(flattenCatalogue(catalogues[locale])).sort()).toEqual(Object.keys(english).sort());
  });

  it.each(LOCALES.filter((l) => l !== 'en_EN'))('%s is translated, not copied English', (locale) => {
    const texts = flattenCatalogue(catalogues[locale]);
    const copied = Object.keys(english).filter((k) => !untranslatable.has(k) && !sameWordIn[k]?.includes(locale) && texts[k] === english[k] && !/^[A-Z][a-z]+ \{\{\w+\}\}$/.test(english[k] ?? ''));
    expect(copied).toEqual([]);
  });

  it.each(LOCALES)('%s keeps every interpolation placeholder of en_EN', (locale) => {
    const texts = flattenCatalogue(catalogues[locale]);
    for (const [key, text] of Object.entries(english)) {
      const placeholders = text.match(/\{\{\w+\}\}/g) ?? [];
      for (const p of placeholders) expect(texts[key], `${locale} ${key}`).toContain(p);
    }
  });

  it.each(LOCALES)("%s: the login page's, the desktop's, the work items' and the identity provider's parts make the whole catalogue, without a key in two", async (locale) => {
    const [login, desktop, work, external] = await Promise.all([loadCatalogue(locale), loadDesktopCatalogue(locale), loadWorkCatalogue(locale), loadExternalCatalogue(locale)]);
    expect(Object.keys(login).filter((key) => key in desktop || key in work || key in external)).toEqual([]);
    expect(Object.keys(desktop).filter((key) => key in work || key in external)).toEqual([]);
    expect(Object.keys(work).filter((key) => key in external)).toEqual([]);
    expect({ ...login, ...desktop, ...work, ...external }).toEqual(catalogues[locale]);
  });

  it("keeps the desktop's and the identity provider's texts out of the login page's part", async () => {
    const login = await loadCatalogue('en_EN');
    for (const block of ['panel', 'window', 'dialog', 'command', 'vfs', 'fileSearch', 'external']) expect(login).not.toHaveProperty(block);
  });

  it('uses the password rule texts of the shared rules in English', () => {
    for (const [rule, text] of Object.entries(PASSWORD_RULE_MESSAGES)) {
      expect(english[`password.${rule}`]).toBe(text);
    }
  });
});
