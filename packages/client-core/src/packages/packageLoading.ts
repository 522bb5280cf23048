import type { PackageManifestEntry } from '@atrium/shared';
import { PackageError } from './PackageError.js';

/** Loads a registered package's files (browserPackageLoader in the page, a fake in tests). */
export interface PackageLoader {
  /** Imports an ES module by address. */
  importModule(url: string): Promise<{ default?: unknown }>;
  /** Adds a style sheet to the page; resolves once loaded. */
  loadStyle(url: string): Promise<void>;
}

/** Package name → dynamic import of a built-in package's entry (the web build makes one chunk each). */
export type BuiltinLoaders = Readonly<Record<string, () => Promise<{ default?: unknown }>>>;

const STYLE = /\.css$/i;
const MODULE = /\.m?js$/i;

/**
 * The default exports of packages, each loaded once. A built-in package
 * comes from its builtin loader; a registered one from its files at the
 * manifest's base address: style sheets first, then the first module.
 * Failures are PackageErrors ('loading' with the failure's text, or
 * 'runtime' when there is nothing to run) and are not cached, so a later
 * attempt tries again.
 */
export class PackageModules {
  readonly #builtins: BuiltinLoaders;
  readonly #loader: PackageLoader;
  readonly #cache = new Map<string, Promise<unknown>>();

  constructor(builtins: BuiltinLoaders, loader: PackageLoader) {
    this.#builtins = builtins;
    this.#loader = loader;
  }

  /** The package's default export. */
  load(entry: PackageManifestEntry): Promise<unknown> {
    let loading = this.#cache.get(entry.name);
    if (!loading) {
      loading = this.#load(entry);
      this.#cache.set(entry.name, loading);
      loading.catch(() => {
        if (this.#cache.get(entry.name) === loading) this.#cache.delete(entry.name);
      });
    }
    return loading;
  }

  /** Whether the package's module has been asked for (and not failed). */
  has(name: string): boolean {
    return this.#cache.has(name);
  }

  async #load(entry: PackageManifestEntry): Promise<unknown> {
    const { name } = entry;
    const builtin = Object.hasOwn(this.#builtins, name) ? this.#builtins[name] : undefined;
    let module: { default?: unknown };
    if (builtin) {
      module = await attempt(name, builtin);
    } else if (entry.builtin) {
      throw new PackageError('loading', name, { reason: 'the package is not part of this build' });
    } else {
      const base = entry.base;
      if (!base) throw new PackageError('loading', name, { reason: 'the manifest gives no address for its files' });
      const styles = entry.files.filter((f) => STYLE.test(f));
      const main = entry.files.find((f) => MODULE.test(f));
      await attempt(name, () => Promise.all(styles.map((f) => this.#loader.loadStyle(`${base}${f}`))));
      if (!main) throw new PackageError('runtime', name);
      module = await attempt(name, () => this.#loader.importModule(`${base}${main}`));
    }
    if (typeof module !== 'object' || module === null || module.default === undefined) throw new PackageError('runtime', name);
    return module.default;
  }
}

async function attempt<T>(name: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof PackageError) throw error;
    throw new PackageError('loading', name, { reason: error instanceof Error ? error.message : String(error), cause: error });
  }
}
