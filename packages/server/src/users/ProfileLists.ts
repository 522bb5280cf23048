import type { AccountRecord, AccountStore } from '../accounts/AccountStore.js';
import type { AppRecord, AppStore } from '../apps/AppStore.js';
import { Remembered, type RememberedOptions } from '../auth/Remembered.js';
import type { SessionEvents } from '../auth/SessionEvents.js';
import type { DeclarationStore } from '../declarations/DeclarationStore.js';

/** What the full profile lists beside the user's own record. */
export interface ProfileListsOf {
  memberOf: AccountRecord[];
  granted: AppRecord[];
  /** Names of the applications the user hid. */
  blacklisted: string[];
  /** By organisation of the user, the names of the declared applications it runs. */
  running: Map<string, Set<string>>;
}

export type ProfileListsOptions = RememberedOptions;

/**
 * The lists of a user's full profile (docs/ARCHITECTURE.md, "The full
 * profile"): their organisations, the applications granted to them, those
 * they hid and the declared applications each of their organisations runs. Read in one turn of the database, remembered per user for
 * `ttlSeconds` and forgotten at once on this process's events of that user
 * (a membership, a grant, a hidden application, a changed record). A change
 * made by another process (the command line) is seen at most `ttlSeconds`
 * later, as the caller's roles are.
 */
export class ProfileLists {
  private readonly entries: Remembered<string, ProfileListsOf>;

  constructor(
    private readonly accounts: Pick<AccountStore, 'listForUser'>,
    private readonly apps: Pick<AppStore, 'listGranted' | 'listBlacklisted'>,
    private readonly declarations: Pick<DeclarationStore, 'runningInOrganisationsOf'>,
    options: ProfileListsOptions,
    events: SessionEvents,
    nowMs: () => number = Date.now,
  ) {
    this.entries = new Remembered<string, ProfileListsOf>(
      options,
      events,
      (event, entries) => {
        if (event.kind !== 'session-revoked') entries.delete(event.userId);
      },
      nowMs,
    );
  }

  of(userId: string): Promise<ProfileListsOf> {
    return this.entries.read(userId, async () => {
      const [memberOf, granted, blacklisted, running] = await Promise.all([
        this.accounts.listForUser(userId),
        this.apps.listGranted(userId),
        this.apps.listBlacklisted(userId),
        this.declarations.runningInOrganisationsOf(userId),
      ]);
      return { memberOf, granted, blacklisted, running };
    });
  }
}
