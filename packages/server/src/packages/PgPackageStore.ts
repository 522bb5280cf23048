import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { packages } from '../db/schema.js';
import type { PackageRecord, PackageStore } from './PackageStore.js';

export class PgPackageStore implements PackageStore {
  constructor(private readonly db: Db) {}

  async save(name: string, metadata: Record<string, unknown>): Promise<{ record: PackageRecord; created: boolean }> {
    const existing = await this.findByName(name);
    const [row] = await this.db
      .insert(packages)
      .values({ name, metadata })
      .onConflictDoUpdate({ target: packages.name, set: { metadata, updatedAt: new Date() } })
      .returning();
    return { record: row!, created: existing === null };
  }

  async findByName(name: string): Promise<PackageRecord | null> {
    const [row] = await this.db.select().from(packages).where(eq(packages.name, name)).limit(1);
    return row ?? null;
  }

  list(): Promise<PackageRecord[]> {
    return this.db.select().from(packages).orderBy(asc(packages.name));
  }

  async remove(name: string): Promise<boolean> {
    const rows = await this.db.delete(packages).where(eq(packages.name, name)).returning({ name: packages.name });
    return rows.length > 0;
  }

  async setEnabled(name: string, enabled: boolean): Promise<PackageRecord | null> {
    const [row] = await this.db.update(packages).set({ enabled }).where(eq(packages.name, name)).returning();
    return row ?? null;
  }
}
