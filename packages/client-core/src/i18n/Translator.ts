import { fillPlaceholders, languageTag } from '@atrium/shared';
import type { i18n as I18next } from 'i18next';
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

/** Merges texts into a catalogue: nested objects merged, texts replaced (the catalogue is changed, the texts are copied). */
function merge(into: Texts, texts: Texts): void {
  for (const [key, value] of Object.entries(texts)) {
    if (typeof value === 'string') into[key] = value;
    else {
      const inner = Object.hasOwn(into, key) ? into[key] : undefined;
      const node: Texts = typeof inner === 'object' ? inner : (into[key] = {});
      merge(node, value);
    }
  }
}

/** What only the engine does: nesting ('$t(key)'), formatted placeholders ('{{n, number}}'), a context, ordinal plural forms. */
function needsEngine(text: string, options?: TranslateOptions): boolean {
  return text.includes('$t(') || /\{\{[^}]*,[^}]*\}\}/.test(text) || (options !== undefined && ('context' in options || 'ordinal' in options));
}

/** What a dotted key names in a catalogue (own properties only): its text, a group of texts, or nothing. */
function find(catalogue: Texts | undefined, key: string): string | 'group' | undefined {
  let node: string | Texts | undefined = catalogue;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node !== 'object' || !Object.hasOwn(node, part)) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : node === undefined ? undefined : 'group';
}

/**
 * The client's translation runtime, seen by the views as an observable
 * model. `t(key, values)` finds a dotted key in the current language's
 * catalogue, else in the fallback language's, else gives `defaultValue` or
 * the key itself, chooses the plural form for a `count` by the language's
 * rules (`key_one`, `key_few`, `key_other`…) and fills `{{name}}`
 * placeholders (nothing is HTML-escaped: React escapes). Views re-render
 * through `subscribe` when the language changes or texts are added.
 *
 * The catalogues are kept here, and this class answers what nearly every
 * text needs (a lookup, placeholders, plural forms) itself, the way
 * i18next does and several times faster. The i18next engine answers the
 * texts that need more (nesting, formatting, a context): it is not in the
 * login page's bytes but fetched with the first further part of the
 * catalogues (loadPart, when the login page is idle or the desktop starts)
 * or by loadEngine (docs/PERFORMANCE.md, "Bytes on the wire").
 */
export class Translator extends Observable<TranslatorState> {
  readonly fallback: string;
  /** Every language's texts, as added. */
  readonly #catalogues = new Map<string, Texts>();
  #engine: I18next | null = null;
  #engineLoading: Promise<void> | null = null;
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
    for (const [language, texts] of Object.entries(options.catalogues ?? {})) this.#merge(language, texts);
  }

  /** The current language ('de_DE'). */
  get language(): string {
    return this.getState().language;
  }

  /** Whether the i18next engine answers the texts (loadEngine has finished). */
  get engineLoaded(): boolean {
    return this.#engine !== null;
  }

  /** The text of a key in the current language, with its placeholders filled. */
  readonly t = (key: string, options?: TranslateOptions): string => {
    if (!this.exists(key, options)) return options?.defaultValue ?? key;
    const text = this.#text(this.language, key, options) ?? this.#text(this.fallback, key, options);
    if (this.#engine && (text === undefined || needsEngine(text, options))) return String(this.#engine.t(key, options ?? {}));
    return fillPlaceholders(text ?? key, options);
  };

  /**
   * Whether a key has a text in the current or the fallback language (for
   * the count given, where the text has plural forms). A key naming a group
   * of texts, or an inherited member such as 'toString', has none.
   */
  exists(key: string, options?: TranslateOptions): boolean {
    if (find(this.#catalogues.get(this.language), key) === 'group' || find(this.#catalogues.get(this.fallback), key) === 'group') return false;
    if ((this.#text(this.language, key, options) ?? this.#text(this.fallback, key, options)) !== undefined) return true;
    return this.#engine?.exists(key, options ?? {}) ?? false;
  }

  /** Adds texts to a language's catalogue (nested objects merged, existing texts replaced). */
  addTexts(language: string, texts: Texts): void {
    this.#merge(language, texts);
    this.#revise();
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
    for (const [language, own] of given) this.#merge(language, own);
    this.#revise();
  }

  /** Adds a part of the catalogues (an application's texts given per language: addAppTranslations); loadPart puts it in use. */
  addPart(part: string, loader: CataloguePartLoader): void {
    this.#parts[part] = loader;
  }

  /** Whether a part of the catalogues is loaded for the current and the fallback language. */
  hasPart(part: string): boolean {
    return this.#partsLoaded.has(`${part} ${this.language}`) && this.#partsLoaded.has(`${part} ${this.fallback}`);
  }

  /** Loads a part of the catalogues for the current and the fallback language (and the engine); loadParts loads it for a language switched to later. */
  async loadPart(part: string): Promise<void> {
    if (!this.#parts[part]) throw new Error(`No catalogue part '${part}'`);
    this.#partsInUse.add(part);
    await Promise.all([this.loadEngine(), this.loadParts(this.language)]);
  }

  /** Loads the parts in use for a language and the fallback (before switching to it). */
  async loadParts(language: string): Promise<void> {
    const missing = [...this.#partsInUse].flatMap((part) => [...new Set([this.fallback, language])].map((lang) => [part, lang] as const)).filter(([part, lang]) => !this.#partsLoaded.has(`${part} ${lang}`));
    if (missing.length === 0) return;
    const texts = await Promise.all(missing.map(([part, lang]) => this.#parts[part]!(lang)));
    missing.forEach(([part, lang], i) => {
      this.#merge(lang, texts[i]!);
      this.#partsLoaded.add(`${part} ${lang}`);
    });
    this.#revise();
  }

  /**
   * Fetches the i18next engine, once, and hands it the catalogues: from then
   * on it answers. A failed fetch (the network) can be tried again.
   */
  loadEngine(): Promise<void> {
    this.#engineLoading ??= import('i18next').then(
      ({ createInstance }) => {
        const engine = createInstance();
        const resources = Object.fromEntries([...this.#catalogues].map(([language, texts]) => [language, { [NAMESPACE]: structuredClone(texts) }]));
        // Every catalogue is given up front, so initialisation is synchronous.
        void engine.init({
          initAsync: false,
          resources,
          lng: this.language,
          fallbackLng: this.fallback,
          // Locale names are 'de_DE', not BCP 47 'de-DE': use exactly the named catalogue (plus the fallback).
          load: 'currentOnly',
          interpolation: { escapeValue: false },
          returnNull: false,
          returnObjects: false,
        });
        this.#engine = engine;
        this.#revise();
      },
      (error: unknown) => {
        this.#engineLoading = null;
        throw error;
      },
    );
    return this.#engineLoading;
  }

  /** Switches the language (its texts are expected to have been added). */
  changeLanguage(language: string): void {
    if (language === this.language) return;
    void this.#engine?.changeLanguage(language);
    this.setState({ ...this.getState(), language });
  }

  /** Merges texts into a language's catalogue, and the engine's. */
  #merge(language: string, texts: Texts): void {
    let catalogue = this.#catalogues.get(language);
    if (!catalogue) this.#catalogues.set(language, (catalogue = {}));
    merge(catalogue, texts);
    this.#engine?.addResourceBundle(language, NAMESPACE, structuredClone(texts), true, true);
  }

  #revise(): void {
    this.setState({ ...this.getState(), revision: this.getState().revision + 1 });
  }

  /**
   * A key's text in a language, without the engine: for a `count`, the
   * plural form the language's rules choose ('key_zero' for 0 when there
   * is one), else the key's own text, as i18next picks them.
   */
  #text(language: string, key: string, options?: TranslateOptions): string | undefined {
    const catalogue = this.#catalogues.get(language);
    const count = options?.count;
    if (typeof count === 'number') {
      const forms = [count === 0 ? `${key}_zero` : null, `${key}_${new Intl.PluralRules(languageTag(language)).select(count)}`];
      for (const form of forms) {
        const text = form === null ? undefined : find(catalogue, form);
        if (text !== undefined && text !== 'group') return text;
      }
    }
    const text = find(catalogue, key);
    return text === 'group' ? undefined : text;
  }
}
