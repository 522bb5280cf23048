import type { Application } from '@atrium/sdk';
import { languageTag, LOCALE_NATIVE_NAMES, LOCALES, type Locale } from '@atrium/shared';
import { useId, useState, type JSX } from 'react';
import { useTranslation } from '@atrium/app-kit';
import { SettingGroup } from '../SettingGroup.js';
import { useSetting } from '../useSetting.js';

/** The interface language: the seven locales by their own names. */
export function LanguageSection({ app }: { app: Application }): JSX.Element {
  const { t, language } = useTranslation();
  // Subscribed for the lock; the language itself is the desktop's (setLocale keeps the setting).
  const setting = useSetting<Locale | null>(app.desktop.settings, 'locale');
  const name = useId();
  const [error, setError] = useState<string | null>(null);
  // The choice shows at once; the language follows when its texts have loaded.
  const [pending, setPending] = useState<Locale | null>(null);
  const current = pending ?? ((LOCALES as readonly string[]).includes(language) ? language : app.desktop.locale);
  const choose = (locale: Locale) => {
    setError(null);
    setPending(locale);
    app.desktop
      .setLocale(locale)
      .catch((problem: unknown) => setError(problem instanceof Error ? problem.message : String(problem)))
      .finally(() => setPending(null));
  };
  return (
    <SettingGroup legend={t('preferences.language.legend')} locked={setting.locked} error={error} testId="preferences.language">
      <div className="prf-options prf-options--columns">
        {LOCALES.map((locale) => (
          <label key={locale} className="prf-option prf-option--card" lang={languageTag(locale)}>
            <input type="radio" name={name} value={locale} checked={current === locale} onChange={() => choose(locale)} data-testid={`preferences.language.${locale}`} />
            <span>{LOCALE_NATIVE_NAMES[locale]}</span>
          </label>
        ))}
      </div>
    </SettingGroup>
  );
}
