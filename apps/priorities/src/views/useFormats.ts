import { useTranslation } from '@atrium/app-kit';
import { languageTag } from '@atrium/shared';
import { useMemo } from 'react';

/** Dates and numbers in the user's language (Intl), as the list shows them. */
export interface Formats {
  /** An ISO time as a date and time ('12 Mar 2027, 14:30'); '' when it is none. */
  date(iso: string | null): string;
  /** A count with the language's grouping ('2,345'). */
  number(n: number): string;
}

export function useFormats(): Formats {
  const { language } = useTranslation();
  const tag = languageTag(language);
  return useMemo(() => {
    const dates = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' });
    const numbers = new Intl.NumberFormat(tag);
    return {
      date: (iso) => {
        const time = iso === null ? Number.NaN : Date.parse(iso);
        return Number.isNaN(time) ? '' : dates.format(time);
      },
      number: (n) => numbers.format(n),
    };
  }, [tag]);
}
