/**
 * Invalidation events of sign-in sessions and users: whatever remembers the
 * outcome of a session check (the SessionCache) subscribes and forgets it.
 * One server process uses LocalSessionEvents; several instances behind one
 * database would use a shared implementation of the same interface
 * (PostgreSQL LISTEN/NOTIFY or Redis pub/sub), see docs/ARCHITECTURE.md.
 */
export type SessionEvent =
  /** One session ended (logout, refresh-token reuse). */
  | { kind: 'session-revoked'; sessionId: string }
  /** Every session of a user ended (password reset, disabled user, operator). */
  | { kind: 'user-sessions-revoked'; userId: string }
  /** A user's record changed (profile, preferences, active account, disabled flag, password). */
  | { kind: 'user-changed'; userId: string };

export type SessionEventListener = (event: SessionEvent) => void;

/** Publish/subscribe of session events. */
export interface SessionEvents {
  /** Tells every subscriber, of this process and, for a shared implementation, of the others. */
  publish(event: SessionEvent): void;
  /** Returns the function that unsubscribes. */
  subscribe(listener: SessionEventListener): () => void;
}

/** Events within this process: delivered synchronously, before publish() returns. */
export class LocalSessionEvents implements SessionEvents {
  private readonly listeners = new Set<SessionEventListener>();

  publish(event: SessionEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  subscribe(listener: SessionEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
