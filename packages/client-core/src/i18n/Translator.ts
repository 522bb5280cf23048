import { createInstance, type i18n as I18next } from 'i18next';
import { Observable } from '../Observable.js';

/** A locale's texts: nested objects of strings, addressed by dotted keys ('login.error.empty'). */
export interface Texts {
  [key: string]: string | Texts;
}

/** Values for a text's `{{name}}` placeholders, and the text to use when no catalogue has the key. */
export interface TranslateOptions {
  defaultValue?: string;
  [name: string]: unknown;
}

export interface TranslatorState {
  language: string;
  /** Counts the texts added, so that views re-render with texts added after they first rendered. */
  revision: number;
}

const NAMESPACE = 'translation';

/** Loads a language's texts of one part of the catalogues (the desktop's). */
export type CataloguePartLoader = (language: string) => Promise<Texts>;

/**
 * The client's translation runtime: an i18next instance over the product's
 * catalogues, seen by the views as an observable model. `t(key, values)`
 * finds a dotted key in the current language's catalogue, else in the
 * fallback language's, else gives `defaultValue` or the key itself, and
 * fills `{{name}}` placeholders (nothing is HTML-escaped: React escapes).
 * Views re-render through `subscribe` when the language changes or texts
 * are added. i18next also brings plural forms and formatting for the texts
 * that need them.
 */
export class Translator extends Observable<TranslatorState> {
  readonly fallback: string;
  readonly #i18next: I18next;
  readonly #parts: Record<string, CataloguePartLoader>;
  /** The parts in use: loaded for every language switched to. */
  readonly #partsInUse = new Set<string>();
  /** The parts loaded, as 'part language'. */
  readonly #partsLoaded = new Set<string>();

  /**
   * `parts` are further parts of the catalogues, loaded when asked for
   * (loadPart): the desktop's texts, which the login page does not need.
   */
  constructor(options: { language: string; fallback: string; catalogues?: Record<string, Texts>; parts?: Record<string, CataloguePartLoader> }) {
    super({ language: options.language, revision: 0 });
    this.fallback = options.fallback;
    this.#parts = { ...options.parts };
    this.#i18next = createInstance();
    const resources = Object.fromEntries(Object.entries(options.catalogues ?? {}).map(([language, texts]) => [language, { [NAMESPACE]: structuredClone(texts) }]));
    // Every catalogue is given up front, so initialisation is synchronous.
    void this.#i18next.init({
      initAsync: false,
      resources,
      lng: options.language,
      fallbackLng: options.fallback,
      // Locale names are 'de_DE', not BCP 47 'de-DE': use exactly the named catalogue (plus the fallback).
      load: 'currentOnly',
      interpolation: { escapeValue: false },
      returnNull: false,
      returnObjects: false,
    });
  }

  /** The current language ('de_DE'). */
  get language(): string {
    return this.getState().language;
  }

  /** The text of a key in the current language, with its placeholders filled. */
  readonly t = (key: string, options?: TranslateOptions): string => {
    if (!this.exists(key, options)) return options?.defaultValue ?? key;
    return String(this.#i18next.t(key, options ?? {}));
  };

  /**
   * Whether a key has a text in the current or the fallback language (for
   * the count given, where the text has plural forms). A key naming a group
   * of texts, or an inherited member such as 'toString', has none.
   */
  exists(key: string, options?: TranslateOptions): boolean {
    if (this.#names(this.language, key) === 'group' || this.#names(this.fallback, key) === 'group') return false;
    return this.#i18next.exists(key, options ?? {});
  }

  /** Adds texts to a language's catalogue (nested objects merged, existing texts replaced). */
  addTexts(language: string, texts: Texts): void {
    this.#i18next.addResourceBundle(language, NAMESPACE, structuredClone(texts), true, true);
    this.setState({ ...this.getState(), revision: this.getState().revision + 1 });
  }

  /**
   * Adds texts to several languages at once (an application's own texts,
   * docs/APPLICATIONS.md "Texts"): each language's are merged into its
   * catalogue, also for a language not loaded yet, so a later switch to it
   * finds them; a key a language lacks falls back to the fallback language's.
   */
  addTranslations(texts: Readonly<Partial<Record<string, Texts>>>): void {
    const given = Object.entries(texts).filter((entry): entry is [string, Texts] => entry[1] !== undefined);
    if (given.length === 0) return;
    for (const [language, own] of given) this.#i18next.addResourceBundle(language, NAMESPACE, structuredClone(own), true, true);
    this.setState({ ...this.getState(), revision: this.getState().revision + 1 });
  }

  /** Adds a part of the catalogues (an application's texts given per language: addAppTranslations); loadPart puts it in use. */
  addPart(part: string, loader: CataloguePartLoader): void {
    this.#parts[part] = loader;
  }

  /** Whether a part of the catalogues is loaded for the current and the fallback language. */
  hasPart(part: string): boolean {
    return this.#partsLoaded.has(`${part} ${this.language}`) && this.#partsLoaded.has(`${part} ${this.fallback}`);
  }

  /** Loads a part of the catalogues for the current and the fallback language; loadParts loads it for a language switched to later. */
  async loadPart(part: string): Promise<void> {
    if (!this.#parts[part]) throw new Error(`No catalogue part '${part}'`);
    this.#partsInUse.add(part);
    await this.loadParts(this.language);
  }

  /** Loads the parts in use for a language and the fallback (before switching to it). */
  async loadParts(language: string): Promise<void> {
    const missing = [...this.#partsInUse].flatMap((part) => [...new Set([this.fallback, language])].map((lang) => [part, lang] as const)).filter(([part, lang]) => !this.#partsLoaded.has(`${part} ${lang}`));
    if (missing.length === 0) return;
    const texts = await Promise.all(missing.map(([part, lang]) => this.#parts[part]!(lang)));
    missing.forEach(([part, lang], i) => {
      this.#i18next.addResourceBundle(lang, NAMESPACE, structuredClone(texts[i]!), true, true);
      this.#partsLoaded.add(`${part} ${lang}`);
    });
    this.setState({ ...this.getState(), revision: this.getState().revision + 1 });
  }

  /** Switches the language (its texts are expected to have been added). */
  changeLanguage(language: string): void {
    if (language === this.language) return;
    void this.#i18next.changeLanguage(language);
    this.setState({ ...this.getState(), language });
  }

  /** What a dotted key names in a language's catalogue (own properties only). */
  #names(language: string, key: string): 'text' | 'group' | 'nothing' {
    let node: unknown = this.#i18next.getResourceBundle(language, NAMESPACE);
    for (const part of key.split('.')) {
      if (node === null || typeof node !== 'object' || !Object.hasOwn(node, part)) return 'nothing';
      node = (node as Record<string, unknown>)[part];
    }
    return typeof node === 'string' ? 'text' : node !== null && typeof node === 'object' ? 'group' : 'nothing';
  }
}
