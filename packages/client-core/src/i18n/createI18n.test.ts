import { describe, expect, it } from 'vitest';
import { StorageKeys } from '../storage/StorageKeys.js';
import { FakeEnvironment } from '../testing/FakeEnvironment.js';
import { createI18n } from './createI18n.js';

describe('createI18n locale choice', () => {
  it('uses the stored locale preference first', async () => {
    const env = new FakeEnvironment();
    env.localStorage?.setItem(StorageKeys.locale, 'fr_FR');
    const { locale, i18n } = await createI18n(env, ['de-DE']);
    expect(locale).toBe('fr_FR');
    expect(i18n.language).toBe('fr_FR');
  });

  it('ignores a stored value that is not a supported locale', async () => {
    const env = new FakeEnvironment();
    env.localStorage?.setItem(StorageKeys.locale, 'xx_XX');
    expect((await createI18n(env, ['de-DE'])).locale).toBe('de_DE');
  });

  it("follows the browser's languages when nothing is stored", async () => {
    expect((await createI18n(new FakeEnvironment(), ['nb', 'en-US'])).locale).toBe('nb_NO');
  });

  it('falls back to en_EN', async () => {
    expect((await createI18n(new FakeEnvironment(), ['ja-JP'])).locale).toBe('en_EN');
  });
});

describe('createI18n translation', () => {
  it('translates dotted keys of the nested catalogues', async () => {
    const { i18n } = await createI18n(new FakeEnvironment(), ['zh-CN']);
    expect(i18n.t('login.error.failed')).toBe('登录失败');
  });

  it('interpolates without HTML-escaping (React escapes)', async () => {
    const { i18n } = await createI18n(new FakeEnvironment(), ['en']);
    expect(i18n.t('about.version', { version: '<1.2>' })).toBe('Version <1.2>');
  });

  it('falls back to the English text for a key a catalogue lacks', async () => {
    const { i18n } = await createI18n(new FakeEnvironment(), ['de-DE']);
    i18n.addTexts('en_EN', { only: { english: 'Only in English' } });
    expect(i18n.t('only.english')).toBe('Only in English');
  });
});

describe('createI18n setLocale', () => {
  it('changes the language and remembers the choice', async () => {
    const env = new FakeEnvironment();
    const runtime = await createI18n(env, ['en-GB']);
    await runtime.setLocale('de_DE');
    expect(runtime.locale).toBe('de_DE');
    expect(runtime.i18n.language).toBe('de_DE');
    expect(runtime.i18n.t('about.version', { version: '2' })).toBe('Version 2');
    expect(env.localStorage?.getItem(StorageKeys.locale)).toBe('de_DE');
    expect((await createI18n(env, ['en-GB'])).locale).toBe('de_DE');
  });

  it('remembers the choice in a cookie when local storage is unavailable', async () => {
    const env = new FakeEnvironment({ localStorage: 'none' });
    await (await createI18n(env, [])).setLocale('vi_VN');
    expect((await createI18n(env, [])).locale).toBe('vi_VN');
  });

  it("keeps an application's texts added before a switch to a language loaded later", async () => {
    const { i18n, setLocale } = await createI18n(new FakeEnvironment(), ['en-GB']);
    i18n.addTranslations({ en_EN: { notes: { title: 'Notes', empty: 'No notes yet' } }, sl_SI: { notes: { title: 'Zapiski' } } });
    expect(i18n.t('notes.title')).toBe('Notes');
    await setLocale('sl_SI');
    expect(i18n.t('notes.title')).toBe('Zapiski');
    expect(i18n.t('notes.empty')).toBe('No notes yet');
    expect(i18n.t('common.retry')).not.toBe('Try again');
  });

  it("loads the desktop's texts only when asked, then with every language switched to", async () => {
    const { i18n, setLocale } = await createI18n(new FakeEnvironment(), ['de-DE'], { desktopTexts: 'with the desktop' });
    expect(i18n.t('common.retry')).toBe('Erneut versuchen');
    expect(i18n.hasPart('desktop')).toBe(false);
    expect(i18n.t('panel.label')).toBe('panel.label');
    await i18n.loadPart('desktop');
    expect(i18n.hasPart('desktop')).toBe(true);
    expect(i18n.t('panel.label')).not.toBe('panel.label');
    await setLocale('fr_FR');
    expect(i18n.hasPart('desktop')).toBe(true);
    expect(i18n.t('panel.label')).toBe('Panneau');
  });

  it('refuses an unsupported locale', async () => {
    const runtime = await createI18n(new FakeEnvironment(), []);
    await expect(runtime.setLocale('xx_XX' as never)).rejects.toThrow("Invalid locale 'xx_XX'");
  });
});
