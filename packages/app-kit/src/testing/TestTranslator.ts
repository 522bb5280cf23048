import type { Locale, TranslationLoader, TranslationTexts } from '@atrium/sdk';
import { DEFAULT_LOCALE, loadCatalogue, loadDesktopCatalogue, loadWorkCatalogue } from '@atrium/shared';
import type { TextSource, TranslateOptions } from '../useTranslation.js';

type Catalogue = { [key: string]: string | Catalogue };

/** Merges texts into a catalogue (nested objects merged, texts replaced). */
function merge(into: Catalogue, texts: TranslationTexts): void {
  for (const [key, value] of Object.entries(texts)) {
    if (typeof value === 'string') into[key] = value;
    else {
      const inner = into[key];
      const node: Catalogue = typeof inner === 'object' ? inner : (into[key] = {});
      merge(node, value);
    }
  }
}

/** The text of a dotted key in a catalogue, when there is one. */
function lookup(catalogue: Catalogue | undefined, key: string): string | undefined {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || !Object.hasOwn(node, part)) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * The texts of the views in an application's tests: the product's
 * catalogues (login, desktop and work parts) of the current locale over
 * English, plus the texts the app adds (its loaders run as the desktop runs
 * them: for the current locale, and before a switch). `{{name}}`
 * placeholders are filled; a key without text gives its defaultValue or
 * itself, as on the desktop.
 */
export class TestTranslator implements TextSource {
  #language: Locale;
  #revision = 0;
  readonly #catalogues = new Map<string, Catalogue>();
  readonly #loaders: Array<{ language: string; loader: TranslationLoader; done: boolean }> = [];
  readonly #listeners = new Set<() => void>();
  /** The locales whose product catalogues are in. */
  readonly #productLoaded = new Set<Locale>();

  private constructor(language: Locale) {
    this.#language = language;
  }

  /** A translator in a locale, with the product's catalogues of it and of English loaded. */
  static async create(locale: Locale = DEFAULT_LOCALE): Promise<TestTranslator> {
    const translator = new TestTranslator(locale);
    await translator.#loadProduct(DEFAULT_LOCALE);
    await translator.#loadProduct(locale);
    return translator;
  }

  get language(): Locale {
    return this.#language;
  }

  getState = (): unknown => `${this.#language} ${this.#revision}`;

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  };

  readonly t = (key: string, options: TranslateOptions = {}): string => {
    const text = lookup(this.#catalogues.get(this.#language), key) ?? lookup(this.#catalogues.get(DEFAULT_LOCALE), key);
    if (text === undefined) return options.defaultValue ?? key;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in options ? String(options[name]) : whole));
  };

  /** What Desktop.addTranslations does: texts added at once, loaders run for the current locale (and English) now. */
  async addTranslations(texts: Partial<Record<Locale, TranslationTexts | TranslationLoader>>): Promise<void> {
    for (const [language, given] of Object.entries(texts)) {
      if (given === undefined) continue;
      if (typeof given === 'function') this.#loaders.push({ language, loader: given, done: false });
      else this.#add(language, given);
    }
    await this.#runLoaders(this.#language);
    this.#changed();
  }

  /** Switches the locale as the desktop does: its texts (the product's and the apps') are loaded first. */
  async setLocale(locale: Locale): Promise<void> {
    await this.#loadProduct(locale);
    await this.#runLoaders(locale);
    this.#language = locale;
    this.#changed();
  }

  async #loadProduct(locale: Locale): Promise<void> {
    if (this.#productLoaded.has(locale)) return;
    const parts = await Promise.all([loadCatalogue(locale), loadDesktopCatalogue(locale), loadWorkCatalogue(locale)]);
    for (const part of parts) this.#add(locale, part as unknown as TranslationTexts);
    this.#productLoaded.add(locale);
  }

  async #runLoaders(language: string): Promise<void> {
    for (const entry of this.#loaders) {
      if (entry.done || (entry.language !== language && entry.language !== DEFAULT_LOCALE)) continue;
      entry.done = true;
      this.#add(entry.language, await entry.loader());
    }
  }

  #add(language: string, texts: TranslationTexts): void {
    if (!this.#catalogues.has(language)) this.#catalogues.set(language, {});
    merge(this.#catalogues.get(language)!, texts);
  }

  #changed(): void {
    this.#revision++;
    for (const listener of [...this.#listeners]) listener();
  }
}
