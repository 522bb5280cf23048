import type { AccountRecord, AccountStore } from '../accounts/AccountStore.js';
import type { AppRecord, AppStore } from '../apps/AppStore.js';
import { ExpiringCache } from '../auth/ExpiringCache.js';
import type { SessionEvent, SessionEvents } from '../auth/SessionEvents.js';

/** What the full profile lists beside the user's own record. */
export interface ProfileListsOf {
  memberOf: AccountRecord[];
  granted: AppRecord[];
  /** Names of the applications the user hid. */
  blacklisted: string[];
}

export interface ProfileListsOptions {
  /** Seconds the lists are reused; 0 turns remembering off. */
  ttlSeconds: number;
  maxEntries: number;
}

/**
 * The lists of a user's full profile (docs/ARCHITECTURE.md, "The full
 * profile"): their organisations, the applications granted to them and those
 * they hid. Read in one turn of the database, remembered per user for
 * `ttlSeconds` and forgotten at once on this process's events of that user
 * (a membership, a grant, a hidden application, a changed record). A change
 * made by another process (the command line) is seen at most `ttlSeconds`
 * later, as the caller's roles are.
 */
export class ProfileLists {
  private readonly entries: ExpiringCache<string, ProfileListsOf>;
  private generation = 0;

  constructor(
    private readonly accounts: Pick<AccountStore, 'listForUser'>,
    private readonly apps: Pick<AppStore, 'listGranted' | 'listBlacklisted'>,
    private readonly options: ProfileListsOptions,
    events: SessionEvents,
    private readonly nowMs: () => number = Date.now,
  ) {
    this.entries = new ExpiringCache(options.ttlSeconds > 0 ? options.maxEntries : 0, nowMs);
    events.subscribe((event) => this.forget(event));
  }

  async of(userId: string): Promise<ProfileListsOf> {
    const remembered = this.entries.get(userId);
    if (remembered) return remembered;
    const generation = this.generation;
    const [memberOf, granted, blacklisted] = await Promise.all([this.accounts.listForUser(userId), this.apps.listGranted(userId), this.apps.listBlacklisted(userId)]);
    const lists = { memberOf, granted, blacklisted };
    // An event while reading may have made this answer stale: then it is used once, not remembered.
    if (generation === this.generation) this.entries.set(userId, lists, this.nowMs() + this.options.ttlSeconds * 1000);
    return lists;
  }

  private forget(event: SessionEvent): void {
    this.generation++;
    if (event.kind === 'user-changed' || event.kind === 'user-sessions-revoked') this.entries.delete(event.userId);
  }
}
