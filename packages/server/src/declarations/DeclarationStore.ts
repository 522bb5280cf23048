import type { AppDeclaration, Entity } from '@atrium/shared/apps';
import type { CountQuery } from './upgradePlan.js';

/** A declared application as one organisation runs it. */
export interface InstalledApp {
  /** The catalogue entry's id. */
  appId: string;
  name: string;
  /** The id of the declaration version installed. */
  declarationId: string;
  version: string;
  declaration: AppDeclaration;
  installedAt: Date;
  updatedAt: Date;
}

/** One version of a declaration as it was installed. */
export interface DeclarationVersion {
  id: string;
  appId: string;
  version: string;
  declaration: AppDeclaration;
  installedAt: Date;
}

/**
 * Persistence of declared applications (docs/APPLICATIONS.md, "Declaring an
 * application"): every declaration installed, kept by version, and which one
 * each organisation runs. The declaration stored is the checked one (its
 * defaults filled in); it is read back without checking again.
 */
export interface DeclarationStore {
  /** Keeps a declaration of a catalogue entry; returns its version record. */
  addVersion(appId: string, declaration: AppDeclaration): Promise<DeclarationVersion>;
  /** Makes an organisation run a version (an install, or an upgrade of what it ran). */
  setInstalled(appId: string, accountId: string, declarationId: string): Promise<void>;
  /** The declaration an organisation runs of the application of that name, or null when it runs none. */
  installed(accountId: string, appName: string): Promise<InstalledApp | null>;
  /** Every declared application an organisation runs, by name. */
  installedFor(accountId: string): Promise<InstalledApp[]>;
  /** The names of the declared applications each organisation of a user runs (organisation id -> names). */
  runningInOrganisationsOf(userId: string): Promise<Map<string, Set<string>>>;
  /** Each organisation that runs an application, with the version it runs. */
  installsOf(appId: string): Promise<Array<{ accountId: string; declarationId: string; version: string }>>;
  /** Every version kept of an application, oldest first. */
  versions(appId: string): Promise<DeclarationVersion[]>;
  /** How many of an organisation's records of the application each query is about (deleted ones included). */
  countRecords(accountId: string, appId: string, queries: readonly CountQuery[]): Promise<number[]>;
  /** For each field, how many live records of the organisation's application share their (non-empty) value of it with another (upgradeData.ts countShared). */
  countShared(accountId: string, appId: string, fields: ReadonlyArray<{ entity: string; field: string }>): Promise<number[]>;
  /** Computes again the stored title and search words of an entity's records by its declaration as it now is (upgradeData.ts recomputeText); returns how many changed. */
  recomputeText(accountId: string, appId: string, entityKey: string, entity: Entity): Promise<number>;
  /**
   * Removes what an upgrade loses (upgradePlan.ts): an entity's records are
   * deleted; other values are taken out of each record, with its version
   * raised and a history row. `removed(q)`: the field or column is gone from
   * the new declaration (else its type changed). `retitled`: the entities
   * whose records get their titles and search words by the new declaration
   * in the same write. Answers the records touched and how many of them got
   * other texts.
   */
  removeValues(accountId: string, appId: string, queries: readonly CountQuery[], removed: (q: CountQuery) => boolean, retitled?: ReadonlyMap<string, Entity>): Promise<{ touched: number; retitled: number }>;
}
