import { languageTag, textDirection } from '@atrium/shared';
import { useEffect } from 'react';
import { useTranslation } from './i18n/useTranslation.js';
import { useAtrium } from './AtriumContext.js';

/**
 * Keeps `<html lang>` and `dir` in step with the interface language: a valid
 * BCP 47 tag ('en', 'de-DE', 'zh-CN'; the locale names are not tags), so that
 * screen readers pick the right voice and browsers the right fonts.
 */
export function useDocumentLanguage(): void {
  const { i18n } = useTranslation();
  useEffect(() => {
    const root = document.documentElement;
    root.lang = languageTag(i18n.language);
    root.dir = textDirection(i18n.language);
  }, [i18n.language]);
}

/**
 * The page's title, the only place that sets it: '<page> – <site>' in the
 * interface language ('Sign in – Atrium'), the site's title alone for null.
 * undefined leaves the title to a screen further in (the desktop names the
 * focused window).
 */
export function useDocumentTitle(page: string | null | undefined): void {
  const { t } = useTranslation();
  const { site } = useAtrium();
  const title = page === undefined ? undefined : page ? t('documentTitle.page', { page, site: site.title }) : site.title;
  useEffect(() => {
    if (title !== undefined) document.title = title;
  }, [title]);
}
