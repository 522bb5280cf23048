import { useTranslation } from '@atrium/app-kit';
import { useMemo } from 'react';
import type { DisplayContext } from '../model/fields.js';

/** How values read in the user's language, with the people and linked records the answer named. */
export function useDisplay(people: Readonly<Record<string, string>>, links: Readonly<Record<string, string>>): DisplayContext {
  const { t, language } = useTranslation();
  return useMemo(() => ({ locale: language, people, links, yes: t('records.value.yes'), no: t('records.value.no') }), [t, language, people, links]);
}

/** A number in the user's language ("2,134"). */
export function useNumber(): (n: number) => string {
  const { language } = useTranslation();
  return useMemo(() => {
    const format = new Intl.NumberFormat(language.replace('_', '-'));
    return (n: number) => format.format(n);
  }, [language]);
}
