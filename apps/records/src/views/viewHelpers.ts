import { useTranslation, type TFunction } from '@atrium/app-kit';
import { languageTag } from '@atrium/shared';
import { useMemo } from 'react';
import { refusalKey, type Refusal } from '../model/refusal.js';
import type { ValueContext } from '../model/valueText.js';

/**
 * A refusal in the user's language: a records refusal by its code (the
 * application's `records.error.*` texts, the server's English when a text is
 * missing), a comment too long, the server out of reach, or any other failure.
 */
export function refusalText(refusal: Refusal, t: TFunction): string {
  if (refusal.code === 'tooLong') return t('records.timeline.comment.tooLong', refusal.params);
  const key = refusalKey(refusal);
  if (key !== null) return t(key, { ...refusal.params, defaultValue: refusal.message });
  return t(refusal.status === null ? 'records.error.unreachable' : 'records.error.other', { defaultValue: refusal.message });
}

/** What values are shown with in the user's language, with these people's and linked records' names. */
export function useValueContext(people: Readonly<Record<string, string>>, links: Readonly<Record<string, string>> = {}): ValueContext {
  const { t, language } = useTranslation();
  return useMemo(() => ({ locale: language, t, people, links }), [language, t, people, links]);
}

/** The BCP 47 tag of the user's language, for Intl. */
export function useLanguageTag(): string {
  return languageTag(useTranslation().language);
}
