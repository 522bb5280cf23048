import type { PackageMetadata } from '@atrium/shared';
import { PackageFolderError, parseStoredMetadata, readPackageFolder } from './packageMetadata.js';
import type { PackageRecord, PackageStore } from './PackageStore.js';

/** A package as the operator sees it in a listing. */
export interface ListedPackage {
  name: string;
  /** Null for a registered package whose stored metadata no longer validates. */
  metadata: PackageMetadata | null;
  builtin: boolean;
  /** Built-in packages are always enabled. */
  enabled: boolean;
  registeredAt: Date | null;
  updatedAt: Date | null;
}

/**
 * The operator's management of registered packages (the `atrium package`
 * commands): registering a folder of PACKAGES_DIR (again: an upgrade),
 * unregistering, enabling, disabling and listing.
 */
export class PackageRegistry {
  constructor(
    private readonly store: PackageStore,
    /** The built-in packages, read on first use (a bad built-in metadata.json throws). */
    private readonly builtins: () => readonly PackageMetadata[],
    private readonly packagesDir: string,
  ) {}

  /** Registers PACKAGES_DIR/<folder>; throws PackageFolderError when it cannot be. */
  async register(folder: string): Promise<{ metadata: PackageMetadata; upgraded: boolean; record: PackageRecord }> {
    if (this.builtins().some((p) => p.name === folder)) {
      throw new PackageFolderError(`'${folder}' is the name of a built-in package; give the package another name.`);
    }
    const metadata = await readPackageFolder(this.packagesDir, folder);
    const { record, created } = await this.store.save(metadata.name, metadata);
    return { metadata, upgraded: !created, record };
  }

  unregister(name: string): Promise<boolean> {
    return this.store.remove(name);
  }

  setEnabled(name: string, enabled: boolean): Promise<PackageRecord | null> {
    return this.store.setEnabled(name, enabled);
  }

  /** Whether a name is that of a built-in package. */
  isBuiltin(name: string): boolean {
    return this.builtins().some((p) => p.name === name);
  }

  /** Built-in packages first, then the registered ones by name. */
  async list(): Promise<ListedPackage[]> {
    const builtins = this.builtins().map((metadata) => ({ name: metadata.name, metadata, builtin: true, enabled: true, registeredAt: null, updatedAt: null }));
    const registered = (await this.store.list()).map((r) => ({
      name: r.name,
      metadata: parseStoredMetadata(r.metadata),
      builtin: false,
      enabled: r.enabled,
      registeredAt: r.registeredAt,
      updatedAt: r.updatedAt,
    }));
    return [...builtins, ...registered];
  }
}
