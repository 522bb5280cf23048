import { createContext, useContext, useMemo, type JSX, type ReactNode } from 'react';
import { useModel, type Store } from './useModel.js';

/** Values for a text's `{{name}}` placeholders, and the text to use when no catalogue has the key. */
export interface TranslateOptions {
  defaultValue?: string;
  [name: string]: unknown;
}

/** A text by key in the current language, with its `{{name}}` placeholders filled. */
export type TFunction = (key: string, options?: TranslateOptions) => string;

/**
 * Where the views' texts come from: the desktop's translator (its catalogues
 * and the apps' own texts), observed so that views follow a language switch.
 */
export interface TextSource extends Store<unknown> {
  readonly language: string;
  t(key: string, options?: TranslateOptions): string;
}

const TextSourceContext = createContext<TextSource | null>(null);

/** Gives the views below it their texts (the desktop puts one around every app window). */
export function TextSourceProvider({ source, children }: { source: TextSource; children?: ReactNode }): JSX.Element {
  return <TextSourceContext.Provider value={source}>{children}</TextSourceContext.Provider>;
}

/** The text source of the nearest TextSourceProvider (the desktop's translator). */
export function useTextSource(): TextSource {
  const source = useContext(TextSourceContext);
  if (!source) throw new Error('useTranslation needs a TextSourceProvider above it');
  return source;
}

/**
 * The translate function and the current language. The view re-renders
 * when the language changes or texts are added (an app's own texts loaded
 * for a new language), and `t` is then a new function, so values memoised
 * on it follow the language.
 */
export function useTranslation(): { t: TFunction; language: string } {
  const source = useTextSource();
  const state = useModel(source);
  // `state` is the dependency that matters: a new t for each language and set of texts.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const t = useMemo<TFunction>(() => (key, options) => source.t(key, options), [source, state]);
  return { t, language: source.language };
}
