import { useTranslation, type TFunction } from '@atrium/app-kit';
import { languageTag } from '@atrium/shared';
import { useMemo } from 'react';
import { COMMENT_TOO_LONG, type Refusal } from '../model/refusal.js';
import type { ValueContext } from '../model/valueText.js';
import { workflowFailureText } from './workflow/workflowText.js';

/** A refusal in the user's language: a comment too long, else as the form says failures (a step's refusal too: workflowFailureText). */
export function refusalText(refusal: Refusal, t: TFunction): string {
  return refusal.code === COMMENT_TOO_LONG ? t('records.timeline.comment.tooLong', refusal.params) : workflowFailureText(t, refusal);
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

/** A number in the user's language ("2,134"). */
export function useNumber(): (n: number) => string {
  const tag = useLanguageTag();
  return useMemo(() => {
    const format = new Intl.NumberFormat(tag);
    return (n: number) => format.format(n);
  }, [tag]);
}
