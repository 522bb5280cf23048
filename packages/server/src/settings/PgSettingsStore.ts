import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { userSettings } from '../db/schema.js';
import type { SettingChange, SettingsStore } from './SettingsStore.js';

/**
 * Values travel as JSON text both ways (`::text`, `::jsonb`), so a stored
 * string such as "true" comes back a string, whatever the driver parses.
 */
export class PgSettingsStore implements SettingsStore {
  constructor(private readonly db: Db) {}

  async list(userId: string): Promise<Record<string, unknown>> {
    const rows = await this.db
      .select({ key: userSettings.key, json: sql<string>`${userSettings.value}::text` })
      .from(userSettings)
      .where(eq(userSettings.userId, userId));
    return Object.fromEntries(rows.map((r) => [r.key, JSON.parse(r.json) as unknown]));
  }

  async apply(userId: string, changes: readonly SettingChange[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      for (const { key, value } of changes) {
        if (value === null) {
          await tx.delete(userSettings).where(and(eq(userSettings.userId, userId), eq(userSettings.key, key)));
          continue;
        }
        const json = sql`${JSON.stringify(value)}::jsonb`;
        await tx
          .insert(userSettings)
          .values({ userId, key, value: json })
          .onConflictDoUpdate({ target: [userSettings.userId, userSettings.key], set: { value: json, updatedAt: new Date() } });
      }
    });
  }
}
