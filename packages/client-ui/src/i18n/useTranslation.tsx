import { TextSourceProvider } from '@atrium/app-kit';
import type { TranslateOptions, Translator } from '@atrium/client-core';
import { createContext, useContext, useMemo, type JSX, type ReactNode } from 'react';
import { useObservable } from '../hooks/useObservable.js';

const TranslatorContext = createContext<Translator | null>(null);

/** Gives the views below it the translator of client-core's createI18n; the apps' views (the app kit's useTranslation) see it as their text source. */
export function I18nProvider({ i18n, children }: { i18n: Translator; children?: ReactNode }): JSX.Element {
  return (
    <TranslatorContext.Provider value={i18n}>
      <TextSourceProvider source={i18n}>{children}</TextSourceProvider>
    </TranslatorContext.Provider>
  );
}

/** A text by key, with its `{{name}}` placeholders filled (Translator.t). */
export type TFunction = (key: string, options?: TranslateOptions) => string;

/**
 * The translate function and the translator of the nearest I18nProvider.
 * The view re-renders when the language changes (or texts are added), and
 * `t` is then a new function, so values memoised on it follow the language.
 */
export function useTranslation(): { t: TFunction; i18n: Translator } {
  const i18n = useContext(TranslatorContext);
  if (!i18n) throw new Error('useTranslation needs an I18nProvider above it');
  const state = useObservable(i18n);
  // `state` is the dependency that matters: a new t for each language and set of texts.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const t = useMemo<TFunction>(() => (key, options) => i18n.t(key, options), [i18n, state]);
  return { t, i18n };
}
