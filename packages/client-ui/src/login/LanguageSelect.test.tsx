import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAtrium } from '../testing/renderAtrium.js';

afterEach(cleanup);

describe('language widget', () => {
  it('is hidden when the site offers no languages', async () => {
    await renderAtrium({ site: { translateLanguages: [] } });
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('offers the site languages by their own names', async () => {
    await renderAtrium({ site: { translateLanguages: ['en_EN', 'de_DE', 'zh_CN'] } });
    const select = screen.getByRole('combobox', { name: 'Language' }) as HTMLSelectElement;
    expect([...select.options].map((o) => [o.value, o.textContent])).toEqual([
      ['en_EN', 'English'],
      ['de_DE', 'Deutsch'],
      ['zh_CN', '中文'],
    ]);
    // Each name is marked with its language as a valid tag, for screen readers.
    expect([...select.options].map((o) => o.lang)).toEqual(['en', 'de-DE', 'zh-CN']);
    expect(select.value).toBe('en_EN');
  });

  it('always offers the language in use', async () => {
    await renderAtrium({ site: { translateLanguages: ['fr_FR'] } });
    const select = screen.getByRole('combobox') as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(['en_EN', 'fr_FR']);
  });

  it('switches the interface language and remembers it', async () => {
    const test = await renderAtrium();
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'de_DE' } });
    await screen.findByText('Willkommen bei Atrium');
    expect(screen.getByLabelText('Benutzername')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Anmelden' })).toBeTruthy();
    expect((screen.getByRole('combobox') as HTMLSelectElement).value).toBe('de_DE');
    expect(test.language()).toBe('de_DE');
    expect(document.documentElement.lang).toBe('de-DE');
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'zh_CN' } });
    await screen.findByText('欢迎使用 Atrium');
  });
});
