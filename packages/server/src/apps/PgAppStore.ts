import crypto from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { appGrants, apps, blacklistedApps } from '../db/schema.js';
import type { CatalogueTitles } from '@atrium/shared';
import type { AppRecord, AppStore, NewApp } from './AppStore.js';

export class PgAppStore implements AppStore {
  constructor(private readonly db: Db) {}

  async create(input: NewApp): Promise<AppRecord> {
    const [row] = await this.db.insert(apps).values({ ...input, id: crypto.randomUUID() }).returning();
    return row!;
  }

  async findByName(name: string): Promise<AppRecord | null> {
    const [row] = await this.db.select().from(apps).where(eq(apps.name, name)).limit(1);
    return row ?? null;
  }

  async setTitles(appId: string, titles: CatalogueTitles): Promise<AppRecord | null> {
    const [row] = await this.db.update(apps).set({ titles }).where(eq(apps.id, appId)).returning();
    return row ?? null;
  }

  async setDescription(appId: string, description: { title: string; titles: CatalogueTitles; category: string }): Promise<AppRecord | null> {
    const [row] = await this.db.update(apps).set(description).where(eq(apps.id, appId)).returning();
    return row ?? null;
  }

  list(): Promise<AppRecord[]> {
    return this.db.select().from(apps).orderBy(asc(apps.category), asc(apps.title));
  }

  async grant(userId: string, appId: string): Promise<void> {
    await this.db.insert(appGrants).values({ userId, appId }).onConflictDoNothing();
  }

  async revoke(userId: string, appId: string): Promise<boolean> {
    const rows = await this.db
      .delete(appGrants)
      .where(and(eq(appGrants.userId, userId), eq(appGrants.appId, appId)))
      .returning({ appId: appGrants.appId });
    return rows.length > 0;
  }

  async listGranted(userId: string): Promise<AppRecord[]> {
    const rows = await this.db
      .select({ app: apps })
      .from(appGrants)
      .innerJoin(apps, eq(apps.id, appGrants.appId))
      .where(eq(appGrants.userId, userId))
      .orderBy(asc(apps.category), asc(apps.title));
    return rows.map((r) => r.app);
  }

  async blacklist(userId: string, appName: string): Promise<void> {
    await this.db.insert(blacklistedApps).values({ userId, appName }).onConflictDoNothing();
  }

  async listBlacklisted(userId: string): Promise<string[]> {
    const rows = await this.db.select({ name: blacklistedApps.appName }).from(blacklistedApps).where(eq(blacklistedApps.userId, userId));
    return rows.map((r) => r.name);
  }
}
