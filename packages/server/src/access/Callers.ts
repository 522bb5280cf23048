import { ExpiringCache } from '../auth/ExpiringCache.js';
import type { SessionEvent, SessionEvents } from '../auth/SessionEvents.js';
import { displayName } from '../users/displayName.js';
import type { UserRecord } from '../users/UserStore.js';
import type { AccessStore, CallerFacts } from './AccessStore.js';
import type { Caller } from './Caller.js';

interface Remembered {
  userId: string;
  /** The user's active organisation and manager when this was read: a switch is seen at once, even from another process's write. */
  activeAccountId: string | null;
  managerId: string | null;
  facts: CallerFacts;
}

export interface CallersOptions {
  /** Seconds an answer is reused; 0 turns remembering off. */
  ttlSeconds: number;
  maxEntries: number;
}

/**
 * The caller of every authenticated request (docs/ARCHITECTURE.md, "The
 * caller"): the user's facts (organisation, roles, manager, reports) are one
 * statement, remembered per session for a few seconds and forgotten at once
 * on this process's session events: sign-out, a changed user (switching
 * organisation, a role granted or revoked, a membership added or removed),
 * and a change of a user who is the caller's manager or report. The user's
 * record itself comes with the session check, so a switch of organisation
 * is seen even before the event arrives. A change made by another process
 * (the command line) is seen at most `ttlSeconds` later.
 */
export class Callers {
  private readonly entries: ExpiringCache<string, Remembered>;
  private generation = 0;

  constructor(
    private readonly store: AccessStore,
    private readonly options: CallersOptions,
    events: SessionEvents,
    private readonly nowMs: () => number = Date.now,
  ) {
    this.entries = new ExpiringCache(options.ttlSeconds > 0 ? options.maxEntries : 0, nowMs);
    events.subscribe((event) => this.forget(event));
  }

  /** The caller of a request of this user in this session. */
  async of(user: UserRecord, sessionId: string): Promise<Caller> {
    const remembered = this.entries.get(sessionId);
    if (remembered && remembered.userId === user.id && remembered.activeAccountId === user.activeAccountId && remembered.managerId === user.managerId) {
      return present(user, sessionId, remembered.facts);
    }
    const generation = this.generation;
    const facts = await this.store.callerFacts(user.id, user.activeAccountId);
    // An event while reading may have made this answer stale: then it is used once, not remembered.
    if (generation === this.generation) {
      this.entries.set(sessionId, { userId: user.id, activeAccountId: user.activeAccountId, managerId: user.managerId, facts }, this.nowMs() + this.options.ttlSeconds * 1000);
    }
    return present(user, sessionId, facts);
  }

  private forget(event: SessionEvent): void {
    this.generation++;
    if (event.kind === 'session-revoked') {
      this.entries.delete(event.sessionId);
      return;
    }
    const id = event.userId;
    this.entries.deleteWhere((r) => r.userId === id || r.facts.manager?.id === id || r.facts.reports.some((p) => p.id === id));
  }
}

function present(user: UserRecord, sessionId: string, facts: CallerFacts): Caller {
  return { userId: user.id, name: displayName(user), sessionId, organisation: facts.organisation, roles: facts.roles, manager: facts.manager, reports: facts.reports };
}
