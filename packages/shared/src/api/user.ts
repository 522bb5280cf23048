import * as z from 'zod/mini';

/** 0 or 1, as a number or its string form. */
const Flag = z.pipe(z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]), z.transform(Number));

/** User preferences a user may change (docs/behaviour/profile.md#preferences: Greetingmessage controls the greeting). */
export const UserPreferencesBody = z.strictObject({
  Greetingmessage: z.enum(['true', 'false']),
});

/** PUT v1 /user/{id}: the fields a user may change on their own record; at least one. */
export const UpdateUserBody = z
  .strictObject({
    cleared_browser_cache: z.optional(Flag),
    /** Merged into the stored preferences. */
    preferences: z.optional(UserPreferencesBody),
  })
  .check(z.refine((b) => b.cleared_browser_cache !== undefined || b.preferences !== undefined, 'give cleared_browser_cache or preferences'));
export type UpdateUserBody = z.infer<typeof UpdateUserBody>;

/** POST v1 user/switchaccount. */
export const SwitchAccountBody = z.strictObject({
  accountId: z.uuid(),
});
export type SwitchAccountBody = z.infer<typeof SwitchAccountBody>;

/** Path parameter of the user routes. */
export const UserIdParams = z.strictObject({ id: z.uuid() });

/** Account entry of the profile's accounts list. */
export interface ProfileAccount {
  accountId: string;
  name: string;
}

/** Preferences of the active account as the profile carries them. */
export interface AccountPreferences {
  theme: string | null;
  favicon: string | null;
  privacyPolicy: string | null;
  loginURL: string | null;
  footerText: string | null;
  /** The same text under the name front ends built on the OS.js client read (docs/COMPATIBILITY.md#profile). */
  footer: string | null;
  logo: string | null;
}

/** App entry of the profile (docs/behaviour/profile.md#profile). start_options is a JSON string. */
export interface ProfileApp {
  name: string;
  uuid: string;
  category: string;
  is_base_app: boolean;
  type: string;
  app_type: number;
  start_options: string;
}

/** The profile (docs/behaviour/profile.md#profile) returned by GET user/me/a+p+acc+ap+t. */
export interface Profile {
  id: string;
  username: string;
  firstname: string;
  lastname: string;
  name: string;
  designation: string | null;
  icon: string | null;
  date_of_birth: string | null;
  email: string | null;
  country: string | null;
  accountId: string;
  accounts: ProfileAccount[];
  active_account: { name: string; preferences: AccountPreferences };
  apps: ProfileApp[];
  preferences: Record<string, string>;
  blackListedApps: Record<string, boolean>;
  cleared_browser_cache: 0 | 1;
  timestamp: number;
  search_history: string;
  /** The user's roles in the active organisation (docs/behaviour/roles.md). */
  roles: ProfileRoles;
}

/** Roles of the profile: organisation-wide ones, and per application of the catalogue by its name; each list sorted. */
export interface ProfileRoles {
  organisation: string[];
  apps: Record<string, string[]>;
}

/** GET v1 /user/me. */
export interface CurrentUser {
  id: string;
  username: string;
  cleared_browser_cache: 0 | 1;
  search_history: string;
}

/** GET user/{id}/detail (docs/behaviour/profile.md#user-detail). */
export interface UserDetail {
  name: string;
  designation: string | null;
  username: string;
  email: string | null;
  icon: string | null;
  manager_name: string | null;
  country: string | null;
}

/** GET v1 /user/me/hasLoggedIn. */
export interface HasLoggedIn {
  has_logged_in: 0 | 1;
  verification_pending: string | null;
}
