import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { desktopSessions } from '../db/schema.js';
import type { DesktopSessionStore } from './DesktopSessionStore.js';

/**
 * The value travels as JSON text both ways (`::text`, `::jsonb`), so what
 * comes back is exactly what was written, whatever the driver parses.
 */
export class PgDesktopSessionStore implements DesktopSessionStore {
  constructor(private readonly db: Db) {}

  async find(userId: string): Promise<unknown> {
    const [row] = await this.db
      .select({ json: sql<string>`${desktopSessions.data}::text` })
      .from(desktopSessions)
      .where(eq(desktopSessions.userId, userId));
    return row ? (JSON.parse(row.json) as unknown) : null;
  }

  async save(userId: string, data: unknown): Promise<void> {
    const json = sql`${JSON.stringify(data)}::jsonb`;
    await this.db
      .insert(desktopSessions)
      .values({ userId, data: json })
      .onConflictDoUpdate({ target: desktopSessions.userId, set: { data: json, updatedAt: new Date() } });
  }

  async remove(userId: string): Promise<void> {
    await this.db.delete(desktopSessions).where(eq(desktopSessions.userId, userId));
  }
}
