import { languageTag, LOCALE_NATIVE_NAMES, LOCALES, type Locale } from '@atrium/shared';
import { useId, type ChangeEvent, type JSX } from 'react';
import { useTranslation } from '../i18n/useTranslation.js';
import { useAtrium } from '../AtriumContext.js';
import { GlobeIcon } from '@atrium/app-kit';

const isLocale = (value: string): value is Locale => (LOCALES as readonly string[]).includes(value);

/**
 * The language widget of the login page: the site's translate languages by
 * their own names ('Deutsch', '中文'). Hidden when the site offers none.
 */
export function LanguageSelect(): JSX.Element | null {
  const { t, i18n } = useTranslation();
  const { site, chooseLocale } = useAtrium();
  const id = useId();
  if (site.translateLanguages.length === 0) return null;
  const current = isLocale(i18n.language) ? i18n.language : null;
  // The language in use is always offered, so the widget never claims another one.
  const options = current && !site.translateLanguages.includes(current) ? [current, ...site.translateLanguages] : [...site.translateLanguages];
  const handleChange = (event: ChangeEvent<HTMLSelectElement>) => {
    const next = event.target.value;
    if (isLocale(next)) void chooseLocale(next);
  };
  return (
    <div className="atr-language">
      <label htmlFor={id} className="atr-visually-hidden">
        {t('login.language')}
      </label>
      <GlobeIcon className="atr-language__icon" />
      <select id={id} className="atr-language__select" value={current ?? options[0]} onChange={handleChange} data-testid="login.language">
        {options.map((locale) => (
          <option key={locale} value={locale} lang={languageTag(locale)}>
            {LOCALE_NATIVE_NAMES[locale]}
          </option>
        ))}
      </select>
    </div>
  );
}
