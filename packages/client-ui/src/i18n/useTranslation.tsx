import { TextSourceProvider, useTextSource } from '@atrium/app-kit';
import type { TranslateOptions, Translator } from '@atrium/client-core';
import { useMemo, type JSX, type ReactNode } from 'react';
import { useObservable } from '../hooks/useObservable.js';

/** Gives the views below it the translator of client-core's createI18n: the desktop's views and the apps' (the app kit's useTranslation) alike. */
export function I18nProvider({ i18n, children }: { i18n: Translator; children?: ReactNode }): JSX.Element {
  return <TextSourceProvider source={i18n}>{children}</TextSourceProvider>;
}

/** A text by key, with its `{{name}}` placeholders filled (Translator.t). */
export type TFunction = (key: string, options?: TranslateOptions) => string;

/**
 * The translate function and the translator of the nearest I18nProvider.
 * The view re-renders when the language changes (or texts are added), and
 * `t` is then a new function, so values memoised on it follow the language.
 */
export function useTranslation(): { t: TFunction; i18n: Translator } {
  // The desktop's views are always under an I18nProvider: the source is client-core's Translator.
  const i18n = useTextSource() as Translator;
  const state = useObservable(i18n);
  // `state` is the dependency that matters: a new t for each language and set of texts.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const t = useMemo<TFunction>(() => (key, options) => i18n.t(key, options), [i18n, state]);
  return { t, i18n };
}
