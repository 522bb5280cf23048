import { Translator } from '@atrium/client-core';
import { act, render, screen } from '@testing-library/react';
import { useMemo, type JSX } from 'react';
import { describe, expect, it } from 'vitest';
import { I18nProvider, useTranslation } from './useTranslation.js';

function Title(): JSX.Element {
  const { t, i18n } = useTranslation();
  const memoised = useMemo(() => t('title'), [t]);
  return (
    <h1 lang={i18n.language}>
      {t('greeting', { name: 'Ada' })} / {memoised}
    </h1>
  );
}

describe('useTranslation', () => {
  it('renders the texts of the current language and follows a change of language', async () => {
    const i18n = new Translator({
      language: 'en_EN',
      fallback: 'en_EN',
      catalogues: { en_EN: { greeting: 'Hello, {{name}}', title: 'Desktop' }, fr_FR: { greeting: 'Bonjour, {{name}}', title: 'Bureau' } },
    });
    render(
      <I18nProvider i18n={i18n}>
        <Title />
      </I18nProvider>,
    );
    expect(screen.getByRole('heading').textContent).toBe('Hello, Ada / Desktop');
    await act(async () => i18n.changeLanguage('fr_FR'));
    expect(screen.getByRole('heading').textContent).toBe('Bonjour, Ada / Bureau');
    expect(screen.getByRole('heading').getAttribute('lang')).toBe('fr_FR');
  });

  it('says what is missing when no provider is above it', () => {
    expect(() => render(<Title />)).toThrow(/needs a TextSourceProvider/);
  });
});
