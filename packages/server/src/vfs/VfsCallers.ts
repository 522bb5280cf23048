import { ExpiringCache } from '../auth/ExpiringCache.js';
import type { SessionEvent, SessionEvents } from '../auth/SessionEvents.js';
import type { AccountStore } from '../accounts/AccountStore.js';
import type { UserRecord } from '../users/UserStore.js';
import type { VfsCaller } from './VfsService.js';

interface Remembered {
  userId: string;
  /** The user's active organisation when this was read: a switch is seen at once, even from another process's write. */
  activeAccountId: string | null;
  account: VfsCaller['account'];
}

export interface VfsCallersOptions {
  /** Seconds an answer is reused; 0 turns remembering off. */
  ttlSeconds: number;
  maxEntries: number;
}

/**
 * The caller of a filesystem call: the user, the session and the active
 * organisation when the user still belongs to it (docs/ARCHITECTURE.md,
 * "Files"). The organisation part takes two queries, so it is remembered
 * per session for a few seconds and forgotten at once on the session events
 * of this process: sign-out, a changed user (switching organisation), a
 * membership added or removed. A change made by another process (the
 * command line) is seen at most `ttlSeconds` later.
 */
export class VfsCallers {
  private readonly entries: ExpiringCache<string, Remembered>;
  private generation = 0;

  constructor(
    private readonly accounts: AccountStore,
    private readonly options: VfsCallersOptions,
    events: SessionEvents,
    private readonly nowMs: () => number = Date.now,
  ) {
    this.entries = new ExpiringCache(options.ttlSeconds > 0 ? options.maxEntries : 0, nowMs);
    events.subscribe((event) => this.forget(event));
  }

  async of(user: UserRecord, sessionId: string): Promise<VfsCaller> {
    const remembered = this.entries.get(sessionId);
    if (remembered && remembered.userId === user.id && remembered.activeAccountId === user.activeAccountId) {
      return { userId: user.id, sessionId, account: remembered.account };
    }
    const generation = this.generation;
    const accountId = user.activeAccountId;
    const found = accountId && (await this.accounts.isMember(user.id, accountId)) ? await this.accounts.findById(accountId) : null;
    const account = found ? { id: found.id, name: found.name } : null;
    if (generation === this.generation) {
      this.entries.set(sessionId, { userId: user.id, activeAccountId: accountId, account }, this.nowMs() + this.options.ttlSeconds * 1000);
    }
    return { userId: user.id, sessionId, account };
  }

  private forget(event: SessionEvent): void {
    this.generation++;
    if (event.kind === 'session-revoked') this.entries.delete(event.sessionId);
    else this.entries.deleteWhere((r) => r.userId === event.userId);
  }
}
