import type { AccessStore, RoleGrant } from '../access/AccessStore.js';
import type { AccountStore } from '../accounts/AccountStore.js';
import type { AppStore } from '../apps/AppStore.js';
import type { Stores } from '../stores.js';
import type { NewUser, UserPatch, UserRecord, UserStore } from '../users/UserStore.js';
import type { SessionEvents } from './SessionEvents.js';
import type { ActiveSession, ConsumeResult, NewSession, RevokeReason, SessionRecord, SessionStore, SuccessorToken } from './SessionStore.js';

/**
 * The stores as the services use them: every write that ends a session or
 * changes a user's record publishes its event once the database has it, so
 * that no cached session check outlives the change. Whoever writes through
 * these stores (a route, a service, a test) cannot forget to invalidate.
 */
export function withSessionEvents(stores: Stores, events: SessionEvents): Stores {
  return {
    ...stores,
    users: new PublishingUserStore(stores.users, events),
    sessions: new PublishingSessionStore(stores.sessions, events),
    accounts: withMembershipEvents(stores.accounts, events),
    access: withRoleEvents(stores.access, events),
    apps: withGrantEvents(stores.apps, events),
  };
}

/** An application granted, revoked or hidden changes the user's profile (its lists are remembered: ProfileLists). */
function withGrantEvents(inner: AppStore, events: SessionEvents): AppStore {
  const published = async <T>(userId: string, write: Promise<T>): Promise<T> => {
    try {
      return await write;
    } finally {
      events.publish({ kind: 'user-changed', userId });
    }
  };
  return Object.assign(Object.create(inner) as AppStore, {
    grant: (userId: string, appId: string) => published(userId, inner.grant(userId, appId)),
    revoke: (userId: string, appId: string) => published(userId, inner.revoke(userId, appId)),
    blacklist: (userId: string, appName: string) => published(userId, inner.blacklist(userId, appName)),
  });
}

/** A membership added or removed changes what the user's sessions may reach (their organisation's files). */
function withMembershipEvents(inner: AccountStore, events: SessionEvents): AccountStore {
  return Object.assign(Object.create(inner) as AccountStore, {
    async addMember(accountId: string, userId: string) {
      try {
        await inner.addMember(accountId, userId);
      } finally {
        events.publish({ kind: 'user-changed', userId });
      }
    },
    async removeMember(accountId: string, userId: string) {
      try {
        await inner.removeMember(accountId, userId);
      } finally {
        events.publish({ kind: 'user-changed', userId });
      }
    },
  });
}

/** A role granted or revoked changes what the user's sessions may do (the caller's roles). */
function withRoleEvents(inner: AccessStore, events: SessionEvents): AccessStore {
  return Object.assign(Object.create(inner) as AccessStore, {
    async grantRole(grant: RoleGrant) {
      try {
        return await inner.grantRole(grant);
      } finally {
        events.publish({ kind: 'user-changed', userId: grant.userId });
      }
    },
    async revokeRole(grant: RoleGrant) {
      try {
        return await inner.revokeRole(grant);
      } finally {
        events.publish({ kind: 'user-changed', userId: grant.userId });
      }
    },
  });
}

class PublishingUserStore implements UserStore {
  constructor(
    private readonly inner: UserStore,
    private readonly events: SessionEvents,
  ) {}

  create(input: NewUser): Promise<UserRecord> {
    return this.inner.create(input);
  }

  findById(id: string): Promise<UserRecord | null> {
    return this.inner.findById(id);
  }

  findByUsername(username: string): Promise<UserRecord | null> {
    return this.inner.findByUsername(username);
  }

  findByEmail(email: string): Promise<UserRecord | null> {
    return this.inner.findByEmail(email);
  }

  hasEmail(email: string): Promise<boolean> {
    return this.inner.hasEmail(email);
  }

  listUsernames(): Promise<string[]> {
    return this.inner.listUsernames();
  }

  list(): Promise<UserRecord[]> {
    return this.inner.list();
  }

  count(): Promise<number> {
    return this.inner.count();
  }

  async update(id: string, patch: UserPatch): Promise<UserRecord | null> {
    try {
      return await this.inner.update(id, patch);
    } finally {
      this.events.publish({ kind: 'user-changed', userId: id });
    }
  }

  async mergePreferences(id: string, preferences: Record<string, string>): Promise<UserRecord | null> {
    try {
      return await this.inner.mergePreferences(id, preferences);
    } finally {
      this.events.publish({ kind: 'user-changed', userId: id });
    }
  }
}

class PublishingSessionStore implements SessionStore {
  constructor(
    private readonly inner: SessionStore,
    private readonly events: SessionEvents,
  ) {}

  createSession(input: NewSession): Promise<SessionRecord> {
    return this.inner.createSession(input);
  }

  findSession(id: string): Promise<SessionRecord | null> {
    return this.inner.findSession(id);
  }

  findActiveSession(sessionId: string, now: Date): Promise<ActiveSession | null> {
    return this.inner.findActiveSession(sessionId, now);
  }

  findActiveUser(sessionId: string, now: Date): Promise<UserRecord | null> {
    return this.inner.findActiveUser(sessionId, now);
  }

  addRefreshToken(sessionId: string, tokenHash: string, expiresAt: Date): Promise<void> {
    return this.inner.addRefreshToken(sessionId, tokenHash, expiresAt);
  }

  consumeRefreshToken(tokenHash: string, now: Date, successor: SuccessorToken): Promise<ConsumeResult> {
    return this.inner.consumeRefreshToken(tokenHash, now, successor);
  }

  findRefreshTokenSession(tokenHash: string): Promise<string | null> {
    return this.inner.findRefreshTokenSession(tokenHash);
  }

  touch(sessionId: string, now: Date): Promise<void> {
    return this.inner.touch(sessionId, now);
  }

  async revokeSession(sessionId: string, reason: RevokeReason): Promise<void> {
    try {
      await this.inner.revokeSession(sessionId, reason);
    } finally {
      this.events.publish({ kind: 'session-revoked', sessionId });
    }
  }

  async revokeAllForUser(userId: string, reason: RevokeReason): Promise<number> {
    try {
      return await this.inner.revokeAllForUser(userId, reason);
    } finally {
      this.events.publish({ kind: 'user-sessions-revoked', userId });
    }
  }

  purge(before: Date): Promise<number> {
    return this.inner.purge(before);
  }
}
