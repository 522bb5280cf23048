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

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;
const hasOwn = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);

/** Copies `from` into `into`, nested objects merged, strings replaced. */
function merge(into: Texts, from: Texts): void {
  for (const key of Object.keys(from)) {
    const value = from[key]!;
    const current = hasOwn(into, key) ? into[key] : undefined;
    if (typeof value === 'object' && typeof current === 'object') merge(current, value);
    else into[key] = typeof value === 'object' ? structuredClone(value) : value;
  }
}

/**
 * The client's translation runtime: the catalogues of the loaded locales,
 * the current language, and `t(key, values)`, which finds a dotted key in the
 * current language's catalogue, else in the fallback language's, else gives
 * `defaultValue` or the key itself, and replaces each `{{name}}` with its
 * value (unknown names stay as they are; nothing is HTML-escaped: React
 * escapes). Views re-render through `subscribe` when the language changes.
 * It does only what the product's catalogues use: no plural forms, no
 * formatting, no namespaces (see docs/PERFORMANCE.md for why it is not a
 * library).
 */
export class Translator extends Observable<TranslatorState> {
  readonly fallback: string;
  readonly #catalogues = new Map<string, Texts>();

  constructor(options: { language: string; fallback: string; catalogues?: Record<string, Texts> }) {
    super({ language: options.language, revision: 0 });
    this.fallback = options.fallback;
    for (const [language, texts] of Object.entries(options.catalogues ?? {})) this.#catalogueOf(language, texts);
  }

  /** The current language ('de_DE'). */
  get language(): string {
    return this.getState().language;
  }

  /** The text of a key in the current language, with its placeholders filled. */
  readonly t = (key: string, options?: TranslateOptions): string => {
    const text = this.#lookup(this.language, key) ?? this.#lookup(this.fallback, key) ?? options?.defaultValue ?? key;
    if (!options || !text.includes('{{')) return text;
    return text.replace(PLACEHOLDER, (placeholder, name: string) => {
      if (!hasOwn(options, name)) return placeholder;
      const value = options[name];
      return value === undefined ? placeholder : value === null ? '' : String(value);
    });
  };

  /** Whether a key has a text in the current or the fallback language. */
  exists(key: string): boolean {
    return this.#lookup(this.language, key) !== undefined || this.#lookup(this.fallback, key) !== undefined;
  }

  /** Adds texts to a language's catalogue (nested objects merged, existing texts replaced). */
  addTexts(language: string, texts: Texts): void {
    const catalogue = this.#catalogues.get(language);
    if (catalogue) merge(catalogue, texts);
    else this.#catalogueOf(language, texts);
    this.setState({ ...this.getState(), revision: this.getState().revision + 1 });
  }

  /** Switches the language (its texts are expected to have been added). */
  changeLanguage(language: string): void {
    if (language === this.language) return;
    this.setState({ ...this.getState(), language });
  }

  #catalogueOf(language: string, texts: Texts): void {
    const catalogue: Texts = {};
    merge(catalogue, texts);
    this.#catalogues.set(language, catalogue);
  }

  #lookup(language: string, key: string): string | undefined {
    let node: string | Texts | undefined = this.#catalogues.get(language);
    for (const part of key.split('.')) {
      if (node === undefined || typeof node === 'string' || !hasOwn(node, part)) return undefined;
      node = node[part];
    }
    return typeof node === 'string' ? node : undefined;
  }
}
