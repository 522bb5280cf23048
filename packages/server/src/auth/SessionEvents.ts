import type { EventBus } from '../events/EventBus.js';

/**
 * Invalidation events of sign-in sessions and users: whatever remembers the
 * outcome of a session check (the SessionCache) subscribes and forgets it.
 * Within one process: LocalSessionEvents; across servers: BusSessionEvents,
 * over the event bus (docs/DEPLOYMENT.md, "The event bus").
 */
export type SessionEvent =
  /** Events may have been missed (the bus connection came back): whatever was remembered is forgotten. */
  | { kind: 'resync' }
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

/** The bus topic of session events. */
export const SESSION_TOPIC = 'sessions';

/** Longest id a session event carries (uuids and the like). */
const MAX_ID = 128;

/** A session event from another server, checked: null when it is none. */
export function parseSessionEvent(payload: unknown): SessionEvent | null {
  if (!payload || typeof payload !== 'object') return null;
  const { kind, sessionId, userId } = payload as { kind?: unknown; sessionId?: unknown; userId?: unknown };
  const id = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= MAX_ID;
  if (kind === 'session-revoked' && id(sessionId)) return { kind, sessionId };
  if ((kind === 'user-sessions-revoked' || kind === 'user-changed') && id(userId)) return { kind, userId };
  return null;
}

/** Session events of every server on one event bus; a resync of the bus is a 'resync' event. */
export class BusSessionEvents implements SessionEvents {
  constructor(private readonly bus: EventBus) {}

  publish(event: SessionEvent): void {
    this.bus.publish(SESSION_TOPIC, event);
  }

  subscribe(listener: SessionEventListener): () => void {
    const stopMessages = this.bus.subscribe(SESSION_TOPIC, (payload) => {
      const event = parseSessionEvent(payload);
      if (event) listener(event);
    });
    const stopResync = this.bus.onResync(() => listener({ kind: 'resync' }));
    return () => {
      stopMessages();
      stopResync();
    };
  }
}
