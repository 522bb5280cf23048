import type { AppRecord, AppStore, NewApp } from '../apps/AppStore.js';
import type { PackageRecord, PackageStore } from './PackageStore.js';

export interface RememberedCatalogueOptions {
  /** Seconds a list is reused; 0 turns remembering off. */
  ttlSeconds: number;
}

/**
 * One list read from the database, reused until `ttlSeconds` have passed
 * or `forget` is called. A read that started before a `forget` is answered
 * but not kept, so a write is never hidden by a read it raced with.
 */
class RememberedList<T> {
  private value: { list: T[]; until: number } | null = null;
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly nowMs: () => number,
  ) {}

  async read(load: () => Promise<T[]>): Promise<T[]> {
    if (this.value && this.nowMs() < this.value.until) return this.value.list;
    const generation = this.generation;
    const list = await load();
    if (generation === this.generation && this.ttlMs > 0) this.value = { list, until: this.nowMs() + this.ttlMs };
    return list;
  }

  forget(): void {
    this.generation++;
    this.value = null;
  }
}

/**
 * The application catalogue and the registered packages as the services
 * read them (docs/ARCHITECTURE.md, "Remembered answers of the busiest
 * calls"): every visibility check (the manifest, application sockets and
 * settings, tasks, global search) asks for both, and they change only when
 * an operator installs or registers something. Each list is remembered for
 * `ttlSeconds` and forgotten at once by a write through these stores; a
 * change made by another process (the command line beside a server on
 * PostgreSQL) is seen at most `ttlSeconds` later, as the caller's roles are.
 */
export function withRememberedCatalogue<S extends { apps: AppStore; packages: PackageStore }>(stores: S, options: RememberedCatalogueOptions, nowMs: () => number = Date.now): S {
  const ttlMs = options.ttlSeconds * 1000;
  const catalogue = new RememberedList<AppRecord>(ttlMs, nowMs);
  const registered = new RememberedList<PackageRecord>(ttlMs, nowMs);
  const apps = stores.apps;
  const packages = stores.packages;
  /** A write, after which the list is read again (forgotten before and after: a read it raced with is not kept). */
  const writing = async <T>(list: RememberedList<unknown>, write: () => Promise<T>): Promise<T> => {
    list.forget();
    try {
      return await write();
    } finally {
      list.forget();
    }
  };
  return {
    ...stores,
    apps: Object.assign(Object.create(apps) as AppStore, {
      list: () => catalogue.read(() => apps.list()),
      create: (input: NewApp) => writing(catalogue, () => apps.create(input)),
    }),
    packages: Object.assign(Object.create(packages) as PackageStore, {
      list: () => registered.read(() => packages.list()),
      save: (name: string, metadata: Record<string, unknown>) => writing(registered, () => packages.save(name, metadata)),
      remove: (name: string) => writing(registered, () => packages.remove(name)),
      setEnabled: (name: string, enabled: boolean) => writing(registered, () => packages.setEnabled(name, enabled)),
    }),
  };
}
