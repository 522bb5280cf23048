import type { ExternalRoles } from '@atrium/shared';
import type { UserRecord } from '../users/UserStore.js';
import { Remembered, type RememberedOptions } from './Remembered.js';
import type { SessionEvents } from './SessionEvents.js';
import type { ActiveSession } from './SessionStore.js';

/** What a session check needs to know of an open session. */
export interface OpenSession {
  user: UserRecord;
  /** The roles of an external sign-in; null for the built-in form. */
  roles: ExternalRoles | null;
}

export type SessionCacheOptions = RememberedOptions;

/**
 * The answer to "is this session open, and who is its user?" remembered for
 * a few seconds, so that an authenticated call needs no database query.
 * Entries are forgotten at once on the events of this process (logout,
 * password reset, reuse detection, any change to the user's record); a
 * change made by another process is seen at most `ttlSeconds` later. An
 * entry never outlives its session's own end. See docs/ARCHITECTURE.md.
 */
export class SessionCache {
  private readonly entries: Remembered<string, OpenSession>;

  constructor(options: SessionCacheOptions, events: SessionEvents, nowMs: () => number = Date.now) {
    this.entries = new Remembered<string, OpenSession>(
      options,
      events,
      (event, entries) => {
        if (event.kind === 'session-revoked') entries.delete(event.sessionId);
        else entries.deleteWhere((open) => open.user.id === event.userId);
      },
      nowMs,
    );
  }

  /** An open session's user and roles, if remembered. */
  get(sessionId: string): OpenSession | undefined {
    return this.entries.get(sessionId);
  }

  /** To be taken before reading the database; hand it to `set` with the answer. */
  snapshot(): number {
    return this.entries.snapshot();
  }

  /**
   * Remembers an open session read from the database, unless something was
   * invalidated since `snapshot` was taken (the answer may predate it).
   */
  set(sessionId: string, active: ActiveSession, snapshot: number): void {
    this.entries.set(sessionId, { user: active.user, roles: active.roles }, snapshot, active.expiresAt.getTime());
  }

  /** Sessions held (expired ones not yet met included). */
  get size(): number {
    return this.entries.size;
  }
}
