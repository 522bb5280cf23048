import type { ExternalRoles } from '@atrium/shared';
import type { UserRecord } from '../users/UserStore.js';
import { ExpiringCache } from './ExpiringCache.js';
import type { SessionEvent, SessionEvents } from './SessionEvents.js';
import type { ActiveSession } from './SessionStore.js';

/** What a session check needs to know of an open session. */
export interface OpenSession {
  user: UserRecord;
  /** The roles of an external sign-in; null for the built-in form. */
  roles: ExternalRoles | null;
}

export interface SessionCacheOptions {
  /** Seconds an answer of the database is reused; 0 turns the cache off. */
  ttlSeconds: number;
  /** Most sessions held; past that the oldest entry goes first. */
  maxEntries: number;
}

/**
 * The answer to "is this session open, and who is its user?" remembered for
 * a few seconds, so that an authenticated call needs no database query.
 * Entries are forgotten at once on the events of this process (logout,
 * password reset, reuse detection, any change to the user's record); a
 * change made by another process is seen at most `ttlSeconds` later. An
 * entry never outlives its session's own end. See docs/ARCHITECTURE.md.
 */
export class SessionCache {
  private readonly entries: ExpiringCache<string, OpenSession>;
  /** Bumped by every invalidation: a database answer read before one is not stored. */
  private generation = 0;

  constructor(
    private readonly options: SessionCacheOptions,
    events: SessionEvents,
    private readonly nowMs: () => number = Date.now,
  ) {
    this.entries = new ExpiringCache(options.ttlSeconds > 0 ? options.maxEntries : 0, nowMs);
    events.subscribe((event) => this.forget(event));
  }

  /** An open session's user and roles, if remembered. */
  get(sessionId: string): OpenSession | undefined {
    return this.entries.get(sessionId);
  }

  /** To be taken before reading the database; hand it to `set` with the answer. */
  snapshot(): number {
    return this.generation;
  }

  /**
   * Remembers an open session read from the database, unless something was
   * invalidated since `snapshot` was taken (the answer may predate it).
   */
  set(sessionId: string, active: ActiveSession, snapshot: number): void {
    if (snapshot !== this.generation) return;
    const until = Math.min(this.nowMs() + this.options.ttlSeconds * 1000, active.expiresAt.getTime());
    this.entries.set(sessionId, { user: active.user, roles: active.roles }, until);
  }

  /** Sessions held (expired ones not yet met included). */
  get size(): number {
    return this.entries.size;
  }

  private forget(event: SessionEvent): void {
    this.generation++;
    if (event.kind === 'session-revoked') this.entries.delete(event.sessionId);
    else this.entries.deleteWhere((open) => open.user.id === event.userId);
  }
}
