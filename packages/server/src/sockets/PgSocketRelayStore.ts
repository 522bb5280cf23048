import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { socketRelays } from '../db/schema.js';
import type { SocketRelay, SocketRelayStore } from './SocketRelayStore.js';

export class PgSocketRelayStore implements SocketRelayStore {
  constructor(private readonly db: Db) {}

  async add(relay: SocketRelay): Promise<void> {
    await this.db.insert(socketRelays).values(relay);
  }

  async find(id: string): Promise<SocketRelay | null> {
    const [row] = await this.db
      .select({ id: socketRelays.id, userId: socketRelays.userId, path: socketRelays.path, app: socketRelays.app, sender: socketRelays.sender, body: socketRelays.body })
      .from(socketRelays)
      .where(eq(socketRelays.id, id));
    return row ?? null;
  }

  async purgeOlderThan(seconds: number): Promise<number> {
    // The database's clock wrote created_at: servers whose clocks differ agree on what is old.
    const rows = await this.db
      .delete(socketRelays)
      .where(lt(socketRelays.createdAt, sql`now() - make_interval(secs => ${seconds})`))
      .returning({ id: socketRelays.id });
    return rows.length;
  }
}
