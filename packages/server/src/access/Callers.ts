import { Remembered, type RememberedOptions } from '../auth/Remembered.js';
import type { SessionEvents } from '../auth/SessionEvents.js';
import { displayName } from '../users/displayName.js';
import type { UserRecord } from '../users/UserStore.js';
import type { AccessStore, CallerFacts } from './AccessStore.js';
import type { Caller } from './Caller.js';

interface CallerEntry {
  userId: string;
  /** The user's active organisation and manager when this was read: a switch is seen at once, even from another process's write. */
  activeAccountId: string | null;
  managerId: string | null;
  facts: CallerFacts;
}

export type CallersOptions = RememberedOptions;

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
  private readonly entries: Remembered<string, CallerEntry>;

  constructor(
    private readonly store: AccessStore,
    options: CallersOptions,
    events: SessionEvents,
    nowMs: () => number = Date.now,
  ) {
    this.entries = new Remembered<string, CallerEntry>(
      options,
      events,
      (event, entries) => {
        if (event.kind === 'session-revoked') return entries.delete(event.sessionId);
        const id = event.userId;
        entries.deleteWhere((r) => r.userId === id || r.facts.manager?.id === id || r.facts.reports.some((p) => p.id === id));
      },
      nowMs,
    );
  }

  /** The caller of a request of this user in this session. */
  async of(user: UserRecord, sessionId: string): Promise<Caller> {
    const remembered = await this.entries.read(
      sessionId,
      async () => ({ userId: user.id, activeAccountId: user.activeAccountId, managerId: user.managerId, facts: await this.store.callerFacts(user.id, user.activeAccountId) }),
      // Read again when the user's record names another organisation or manager (even from another process's write).
      (r) => r.userId === user.id && r.activeAccountId === user.activeAccountId && r.managerId === user.managerId,
    );
    return present(user, sessionId, remembered.facts);
  }
}

function present(user: UserRecord, sessionId: string, facts: CallerFacts): Caller {
  return { userId: user.id, name: displayName(user), sessionId, organisation: facts.organisation, roles: facts.roles, manager: facts.manager, reports: facts.reports };
}
