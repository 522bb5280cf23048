import { languageTag, type TaskItem } from '@atrium/shared';
import { useMemo } from 'react';
import { useDesktop } from '../desktop/DesktopContext.js';
import { useObservable } from '../hooks/useObservable.js';
import { useTranslation } from '../i18n/useTranslation.js';

/** Dates and times in the user's language (Intl), e.g. '12 Mar 2026, 14:30'. */
export function useDateFormat(): (iso: string | number) => string {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(languageTag(language), { dateStyle: 'medium', timeStyle: 'short' });
    return (value: string | number) => format.format(typeof value === 'number' ? value : Date.parse(value));
  }, [language]);
}

/** An application's title as the application menu shows it (a package's in the user's language, an organisation page's), or its name. */
export function useAppTitle(): (appName: string) => string {
  const { entries } = useObservable(useDesktop().appMenu);
  return (appName) => entries.find((entry) => entry.name === appName)?.title ?? appName;
}

/** The text of a refusal: the catalogue's text of its code (`tasks.<key>` → work.errors.<key>) when it has one, else the server's text. */
export function useProblemText(): (problem: { code: string | null; message: string } | null) => string {
  const { t, i18n } = useTranslation();
  return (problem) => {
    if (!problem) return '';
    const key = problem.code?.startsWith('tasks.') ? `work.errors.${problem.code.slice('tasks.'.length)}` : null;
    return key && i18n.exists(key) ? t(key) : problem.message;
  };
}

/** The task's colour as a class suffix. */
export const colourClass = (task: Pick<TaskItem, 'rygStatus'>): string => task.rygStatus.toLowerCase();
