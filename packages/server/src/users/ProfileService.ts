import { monogramIcon, opensInViewer, type AccountPreferences, type CurrentUser, type HasLoggedIn, type Profile, type ProfileApp, type UpdateUserBody, type UserDetail } from '@atrium/shared';
import { NO_ROLES, type Roles } from '../access/Caller.js';
import { maySeeUser } from '../access/rules.js';
import type { AccountRecord, AccountStore } from '../accounts/AccountStore.js';
import type { AppRecord } from '../apps/AppStore.js';
import { offeredApps } from '../apps/offeredApps.js';
import { displayName } from './displayName.js';
import type { ProfileLists } from './ProfileLists.js';
import type { UserRecord, UserStore } from './UserStore.js';

/** Turns stored ids of resources into the addresses the client loads them from. */
export interface ResourceUrls {
  resource(id: string): string;
  accountLogo(accountId: string): string;
}

/** Builds the user-facing shapes (docs/behaviour/profile.md) from the stores, with the access rules applied. */
export class ProfileService {
  constructor(
    private readonly users: UserStore,
    private readonly accounts: Pick<AccountStore, 'shareAnAccount'>,
    private readonly lists: Pick<ProfileLists, 'of'>,
    private readonly urls: ResourceUrls,
  ) {}

  /** The full profile of GET user/me/a+p+acc+ap+t, with the caller's roles in their active organisation. */
  async profile(user: UserRecord, roles: Roles = NO_ROLES): Promise<Profile> {
    const { memberOf, granted, blacklisted, running } = await this.lists.of(user.id);
    const active = memberOf.find((a) => a.id === user.activeAccountId) ?? memberOf[0];
    const offered = offeredApps(granted, (active && running.get(active.id)) ?? new Set());
    return {
      id: user.id,
      username: user.username,
      firstname: user.firstname,
      lastname: user.lastname,
      name: displayName(user),
      designation: user.designation,
      icon: user.iconResourceId ? this.urls.resource(user.iconResourceId) : null,
      date_of_birth: user.dateOfBirth,
      email: user.email,
      country: user.country,
      accountId: active?.id ?? '',
      accounts: memberOf.map((a) => ({ accountId: a.id, name: a.name })),
      active_account: { name: active?.name ?? '', preferences: active ? this.preferences(active) : emptyPreferences },
      apps: offered.map(presentApp),
      preferences: user.preferences,
      blackListedApps: Object.fromEntries(blacklisted.map((name) => [name, true])),
      cleared_browser_cache: user.clearedBrowserCache ? 1 : 0,
      timestamp: user.updatedAt.getTime(),
      search_history: user.searchHistory,
      roles: { organisation: [...roles.organisation], apps: Object.fromEntries(Object.entries(roles.apps).map(([app, names]) => [app, [...names]])) },
    };
  }

  /** GET v1 /user/me. */
  current(user: UserRecord): CurrentUser {
    return { id: user.id, username: user.username, cleared_browser_cache: user.clearedBrowserCache ? 1 : 0, search_history: user.searchHistory };
  }

  /** PUT v1 /user/{id} on one's own record: the cleared-browser-cache flag and preferences (merged into the stored ones). */
  async updateOwn(user: UserRecord, body: UpdateUserBody): Promise<void> {
    if (body.cleared_browser_cache !== undefined) await this.users.update(user.id, { clearedBrowserCache: body.cleared_browser_cache });
    if (body.preferences !== undefined) await this.users.mergePreferences(user.id, body.preferences);
  }

  /** POST v1 /user/me/updateLoggedIn: the user has seen the first-sign-in welcome. */
  async markLoggedIn(user: UserRecord): Promise<void> {
    await this.users.update(user.id, { hasLoggedIn: 1 });
  }

  /** GET v1 /user/me/hasLoggedIn. */
  hasLoggedIn(user: UserRecord): HasLoggedIn {
    return { has_logged_in: user.hasLoggedIn ? 1 : 0, verification_pending: user.verificationPending };
  }

  /**
   * GET user/{id}/detail: the card of a colleague. Only users who share an
   * organisation with the viewer can be seen; anyone else is "not found".
   */
  async detail(viewer: UserRecord, id: string): Promise<UserDetail | null> {
    const target = id === viewer.id ? viewer : await this.users.findById(id);
    if (!target || target.disabled) return null;
    if (!(await maySeeUser(viewer.id, target.id, () => this.accounts.shareAnAccount(viewer.id, target.id)))) return null;
    const manager = target.managerId ? await this.users.findById(target.managerId) : null;
    return {
      name: displayName(target),
      designation: target.designation,
      username: target.username,
      email: target.email,
      icon: target.iconResourceId ? this.urls.resource(target.iconResourceId) : null,
      manager_name: manager ? displayName(manager) : null,
      country: target.country,
    };
  }

  private preferences(account: AccountRecord): AccountPreferences {
    return {
      theme: account.theme,
      favicon: account.favicon,
      privacyPolicy: account.privacyPolicy,
      loginURL: account.loginUrl,
      footerText: account.footerText,
      footer: account.footerText,
      logo: this.urls.accountLogo(account.id),
    };
  }
}

const emptyPreferences: AccountPreferences = { theme: null, favicon: null, privacyPolicy: null, loginURL: null, footerText: null, footer: null, logo: null };

export { displayName };

/**
 * App entry of the profile (docs/behaviour/profile.md#profile), start_options as the JSON string the client parses;
 * an organisation page's start_options carry its icon, its monogram (docs/behaviour/applications.md#icons-of-organisation-pages).
 */
export function presentApp(app: AppRecord): ProfileApp {
  const page = opensInViewer({ is_base_app: app.isBaseApp, app_type: app.appType });
  return {
    name: app.name,
    uuid: app.id,
    category: app.category,
    is_base_app: app.isBaseApp,
    type: app.type,
    app_type: app.appType,
    start_options: JSON.stringify({
      name: app.name,
      appId: app.id,
      category: app.category,
      title: app.title,
      // The title in other languages (docs/behaviour/applications.md#catalogue-translations), when it has any.
      ...(app.titles && Object.keys(app.titles).length > 0 ? { titles: app.titles } : {}),
      type: app.type,
      ...(app.url ? { url: app.url } : {}),
      // An organisation page's own icon (docs/behaviour/applications.md#icons-of-organisation-pages).
      ...(page ? { icon: monogramIcon(app.name, app.title) } : {}),
    }),
  };
}
