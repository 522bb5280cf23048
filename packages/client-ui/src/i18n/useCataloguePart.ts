import { useEffect } from 'react';
import { useTranslation } from './useTranslation.js';

/**
 * Whether a part of the catalogues (the desktop's texts) is loaded for the
 * current language; starts loading it if not. The view re-renders when it
 * has arrived (Translator.loadPart).
 */
export function useCataloguePart(part: string): boolean {
  const { i18n } = useTranslation();
  const ready = i18n.hasPart(part);
  useEffect(() => {
    if (ready) return;
    i18n.loadPart(part).catch((error: unknown) => console.error(`The texts '${part}' could not be loaded.`, error));
  }, [i18n, part, ready]);
  return ready;
}
