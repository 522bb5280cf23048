import type { InferSelectModel } from 'drizzle-orm';
import type { users } from '../db/schema.js';

/** A user row as the services see it. */
export type UserRecord = InferSelectModel<typeof users>;

/** Fields a new user may be created with; the username is stored lower-case. */
export interface NewUser {
  username: string;
  passwordHash?: string | null;
  firstname?: string;
  lastname?: string;
  designation?: string | null;
  email?: string | null;
  country?: string | null;
  dateOfBirth?: string | null;
  managerId?: string | null;
  iconResourceId?: string | null;
  preferences?: Record<string, string>;
  verificationPending?: string | null;
  /** The identity provider whose sign-in creates the user (docs/behaviour/external-sign-in.md#provisioning). */
  externalProvider?: string | null;
}

/** Profile fields that may be changed after creation. */
export type UserPatch = Partial<
  Pick<
    UserRecord,
    | 'firstname'
    | 'lastname'
    | 'designation'
    | 'email'
    | 'country'
    | 'dateOfBirth'
    | 'managerId'
    | 'iconResourceId'
    | 'preferences'
    | 'searchHistory'
    | 'clearedBrowserCache'
    | 'hasLoggedIn'
    | 'verificationPending'
    | 'activeAccountId'
    | 'disabled'
    | 'passwordHash'
  >
>;

/** Persistence of users. Usernames are compared lower-case. */
export interface UserStore {
  create(input: NewUser): Promise<UserRecord>;
  findById(id: string): Promise<UserRecord | null>;
  findByUsername(username: string): Promise<UserRecord | null>;
  /** The one user with this e-mail address, compared case-insensitively; null when none or several have it. */
  findByEmail(email: string): Promise<UserRecord | null>;
  /** Whether any user has this e-mail address (compared case-insensitively). */
  hasEmail(email: string): Promise<boolean>;
  /** Every username (lower-case), without the rest of the records. */
  listUsernames(): Promise<string[]>;
  list(): Promise<UserRecord[]>;
  count(): Promise<number>;
  /** Applies the patch and bumps updated_at; null when the user does not exist. */
  update(id: string, patch: UserPatch): Promise<UserRecord | null>;
  /** Merges the given preferences into the stored ones (same names replaced) and bumps updated_at. */
  mergePreferences(id: string, preferences: Record<string, string>): Promise<UserRecord | null>;
}

/** The one normal form of a username, for storing and looking up. */
export function normalizeUsername(username: string): string {
  return username.trim().toLowerCase();
}
