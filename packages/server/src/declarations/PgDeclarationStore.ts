import crypto from 'node:crypto';
import type { AppDeclaration, Entity } from '@atrium/shared/apps';
import { and, asc, eq } from 'drizzle-orm';
import { syncDatasetDefs } from '../datasets/PgDatasetStore.js';
import type { Db } from '../db/database.js';
import { appDeclarations, appInstalls, apps, memberships } from '../db/schema.js';
import type { DeclarationStore, DeclarationVersion, InstalledApp } from './DeclarationStore.js';
import { countAffected, countShared, recomputeText, removeValues } from './upgradeData.js';
import type { CountQuery } from './upgradePlan.js';

const installedColumns = {
  appId: apps.id,
  name: apps.name,
  declarationId: appDeclarations.id,
  version: appDeclarations.version,
  declaration: appDeclarations.declaration,
  installedAt: appInstalls.installedAt,
  updatedAt: appInstalls.updatedAt,
};

type InstalledRow = Omit<InstalledApp, 'declaration'> & { declaration: Record<string, unknown> };
const toInstalled = (row: InstalledRow): InstalledApp => ({ ...row, declaration: row.declaration as unknown as AppDeclaration });
const toVersion = (row: typeof appDeclarations.$inferSelect): DeclarationVersion => ({ ...row, declaration: row.declaration as unknown as AppDeclaration });

export class PgDeclarationStore implements DeclarationStore {
  constructor(private readonly db: Db) {}

  async addVersion(appId: string, declaration: AppDeclaration): Promise<DeclarationVersion> {
    const [row] = await this.db
      .insert(appDeclarations)
      .values({ id: crypto.randomUUID(), appId, version: declaration.version, declaration: declaration as unknown as Record<string, unknown> })
      .returning();
    return toVersion(row!);
  }

  async setInstalled(appId: string, accountId: string, declarationId: string): Promise<void> {
    await this.db
      .insert(appInstalls)
      .values({ appId, accountId, declarationId })
      .onConflictDoUpdate({ target: [appInstalls.appId, appInstalls.accountId], set: { declarationId, updatedAt: new Date() } });
    // The organisation's datasets follow the declaration it now runs (datasets/README.md).
    const [version] = await this.db.select({ declaration: appDeclarations.declaration }).from(appDeclarations).where(eq(appDeclarations.id, declarationId)).limit(1);
    if (version) await syncDatasetDefs(this.db, accountId, appId, version.declaration as unknown as AppDeclaration);
  }

  async installed(accountId: string, appName: string): Promise<InstalledApp | null> {
    const [row] = await this.db
      .select(installedColumns)
      .from(appInstalls)
      .innerJoin(apps, eq(apps.id, appInstalls.appId))
      .innerJoin(appDeclarations, eq(appDeclarations.id, appInstalls.declarationId))
      .where(and(eq(appInstalls.accountId, accountId), eq(apps.name, appName)))
      .limit(1);
    return row ? toInstalled(row) : null;
  }

  async installedFor(accountId: string): Promise<InstalledApp[]> {
    const rows = await this.db
      .select(installedColumns)
      .from(appInstalls)
      .innerJoin(apps, eq(apps.id, appInstalls.appId))
      .innerJoin(appDeclarations, eq(appDeclarations.id, appInstalls.declarationId))
      .where(eq(appInstalls.accountId, accountId))
      .orderBy(asc(apps.name));
    return rows.map(toInstalled);
  }

  async runningInOrganisationsOf(userId: string): Promise<Map<string, Set<string>>> {
    const rows = await this.db
      .select({ accountId: appInstalls.accountId, name: apps.name })
      .from(appInstalls)
      .innerJoin(apps, eq(apps.id, appInstalls.appId))
      .innerJoin(memberships, and(eq(memberships.accountId, appInstalls.accountId), eq(memberships.userId, userId)));
    const out = new Map<string, Set<string>>();
    for (const row of rows) (out.get(row.accountId) ?? out.set(row.accountId, new Set()).get(row.accountId)!).add(row.name);
    return out;
  }

  installsOf(appId: string): Promise<Array<{ accountId: string; declarationId: string; version: string }>> {
    return this.db
      .select({ accountId: appInstalls.accountId, declarationId: appInstalls.declarationId, version: appDeclarations.version })
      .from(appInstalls)
      .innerJoin(appDeclarations, eq(appDeclarations.id, appInstalls.declarationId))
      .where(eq(appInstalls.appId, appId));
  }

  async versions(appId: string): Promise<DeclarationVersion[]> {
    const rows = await this.db.select().from(appDeclarations).where(eq(appDeclarations.appId, appId)).orderBy(asc(appDeclarations.installedAt));
    return rows.map(toVersion);
  }

  countRecords(accountId: string, appId: string, queries: readonly CountQuery[]): Promise<number[]> {
    return countAffected(this.db, accountId, appId, queries);
  }

  countShared(accountId: string, appId: string, fields: ReadonlyArray<{ entity: string; field: string }>): Promise<number[]> {
    return countShared(this.db, accountId, appId, fields);
  }

  recomputeText(accountId: string, appId: string, entityKey: string, entity: Entity): Promise<number> {
    return recomputeText(this.db, accountId, appId, entityKey, entity);
  }

  removeValues(accountId: string, appId: string, queries: readonly CountQuery[], removed: (q: CountQuery) => boolean, retitled?: ReadonlyMap<string, Entity>): Promise<{ touched: number; retitled: number }> {
    return removeValues(this.db, accountId, appId, queries, removed, retitled);
  }
}
