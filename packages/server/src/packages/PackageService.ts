import path from 'node:path';
import { isPackageVisible, type PackageManifestEntry, type PackageMetadata, type VisibilitySubject } from '@atrium/shared';
import { appAccess, type AppAccess } from '../access/rules.js';
import type { AppStore } from '../apps/AppStore.js';
import type { Log } from '../logger.js';
import type { UserStore } from '../users/UserStore.js';
import { contentTypeOf, resolvePackageFile, type PackageFile } from './packageFiles.js';
import { parseStoredMetadata } from './packageMetadata.js';
import type { PackageRecord, PackageStore } from './PackageStore.js';
import type { PackageUrlSigner } from './PackageUrlSigner.js';

/** A file of a registered package, ready to be sent. */
export interface ServedPackageFile extends PackageFile {
  contentType: string;
}

/** What one user may see (the rule: access/rules.ts). */
export type PackageAccess = AppAccess;

export interface PackageServiceDeps {
  builtins: readonly PackageMetadata[];
  store: PackageStore;
  apps: AppStore;
  /** The applications granted to a user (remembered with the profile's lists when given; else read from `apps`). */
  granted?: (userId: string) => Promise<readonly { name: string }[]>;
  users: UserStore;
  signer: PackageUrlSigner;
  /** Folder of the registered packages (PACKAGES_DIR). */
  packagesDir: string;
  log: Log;
}

/**
 * The packages a user sees (docs/behaviour/applications.md#visibility) and the files of registered packages. The
 * one place of the visibility rule on the server: the manifest, package
 * files, application sockets and application settings all ask here.
 */
export class PackageService {
  /** Each stored record's metadata, checked once (the store's lists are remembered: RememberedCatalogue.ts). */
  private readonly parsed = new WeakMap<PackageRecord, PackageMetadata | null>();

  constructor(private readonly deps: PackageServiceDeps) {}

  /** The built-in packages of the repository. */
  get builtins(): readonly PackageMetadata[] {
    return this.deps.builtins;
  }

  /** The enabled registered packages whose metadata is valid, by name; a built-in package of the same name wins. */
  async enabledRegistered(): Promise<PackageMetadata[]> {
    const builtinNames = new Set(this.deps.builtins.map((p) => p.name));
    const result: PackageMetadata[] = [];
    for (const record of await this.deps.store.list()) {
      if (!record.enabled || builtinNames.has(record.name)) continue;
      let metadata = this.parsed.get(record);
      if (metadata === undefined) {
        metadata = this.parse(record.name, record.metadata);
        this.parsed.set(record, metadata);
      }
      if (metadata) result.push(metadata);
    }
    return result;
  }

  /** The names of the user's profile apps (the applications granted to them). */
  async profileAppNames(userId: string): Promise<Set<string>> {
    const granted = this.deps.granted ? await this.deps.granted(userId) : await this.deps.apps.listGranted(userId);
    return new Set(granted.map((a) => a.name));
  }

  /** The user's view of the packages, for several checks at once. */
  async accessFor(userId: string): Promise<PackageAccess> {
    const [names, registered] = await Promise.all([this.profileAppNames(userId), this.enabledRegistered()]);
    return appAccess(new Map<string, VisibilitySubject>([...this.deps.builtins, ...registered].map((p) => [p.name, p])), names);
  }

  /** Whether the user may use the application of that name (see PackageAccess.canUseApp). */
  async isAppVisible(userId: string, name: string): Promise<boolean> {
    return (await this.accessFor(userId)).canUseApp(name);
  }

  /**
   * GET {api}/packages/manifest: the packages visible to the user, built-in
   * first; registered ones with the signed base address of their files.
   */
  async manifest(userId: string): Promise<PackageManifestEntry[]> {
    const [names, registered] = await Promise.all([this.profileAppNames(userId), this.enabledRegistered()]);
    const builtins = this.deps.builtins.filter((p) => isPackageVisible(p, names)).map((p) => ({ ...p, builtin: true, base: null }));
    const others = registered
      .filter((p) => isPackageVisible(p, names))
      .map((p) => ({ ...p, builtin: false, base: `/packages/${this.deps.signer.sign(userId, p.name)}/${p.name}/` }));
    return [...builtins, ...others];
  }

  /**
   * A file of a registered package for GET /packages/:token/:name/*, or null:
   * the token must be genuine and unexpired for that package, the package
   * registered and enabled, its user enabled and still allowed to see it,
   * and the path inside the package folder.
   */
  async openFile(token: string, name: string, relative: string): Promise<ServedPackageFile | null> {
    const userId = this.deps.signer.verify(token, name);
    if (!userId || this.deps.builtins.some((p) => p.name === name)) return null;
    const [record, user, names] = await Promise.all([this.deps.store.findByName(name), this.deps.users.findById(userId), this.profileAppNames(userId)]);
    if (!record?.enabled || !user || user.disabled) return null;
    const metadata = this.parse(name, record.metadata);
    if (!metadata || !isPackageVisible(metadata, names)) return null;
    const file = await resolvePackageFile(path.join(this.deps.packagesDir, name), relative);
    return file ? { ...file, contentType: contentTypeOf(file.path) } : null;
  }

  private parse(name: string, json: unknown): PackageMetadata | null {
    const metadata = parseStoredMetadata(json);
    if (!metadata || metadata.name !== name) {
      this.deps.log.warn({ event: 'package.invalid', name }, 'stored package metadata is no longer valid: package ignored (register it again)');
      return null;
    }
    return metadata;
  }
}
