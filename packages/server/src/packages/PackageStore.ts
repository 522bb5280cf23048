import type { InferSelectModel } from 'drizzle-orm';
import type { packages } from '../db/schema.js';

/** A registered package as stored: its metadata is validated again when read. */
export type PackageRecord = InferSelectModel<typeof packages>;

/** Persistence of the packages the operator registered. */
export interface PackageStore {
  /** Stores a package's metadata, replacing that of a package of the same name (an upgrade keeps its enabled flag). */
  save(name: string, metadata: Record<string, unknown>): Promise<{ record: PackageRecord; created: boolean }>;
  findByName(name: string): Promise<PackageRecord | null>;
  /** Every registered package, by name. */
  list(): Promise<PackageRecord[]>;
  /** Returns false when no package has that name. */
  remove(name: string): Promise<boolean>;
  /** Null when no package has that name. */
  setEnabled(name: string, enabled: boolean): Promise<PackageRecord | null>;
}
