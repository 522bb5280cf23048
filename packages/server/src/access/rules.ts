/**
 * The rights of a caller, as pure functions (access/README.md). Every
 * service asks here rather than restating a rule; later rules (row scopes,
 * field rights) join this file's neighbours.
 */
import { isPackageVisible, type VisibilitySubject } from '@atrium/shared';
import type { Caller } from './Caller.js';

/** Whether the caller acts in this organisation (their active one, which they still belong to). */
export function actsIn(caller: Caller, accountId: string): boolean {
  return caller.organisation?.id === accountId;
}

/** Whether the caller has an organisation-wide role in their active organisation. */
export function hasOrgRole(caller: Caller, role: string): boolean {
  return caller.roles.organisation.includes(role);
}

/** Whether the caller has a role in an application, in their active organisation. */
export function hasAppRole(caller: Caller, app: string, role: string): boolean {
  return Object.hasOwn(caller.roles.apps, app) && (caller.roles.apps[app]?.includes(role) ?? false);
}

/** Whether the user is a direct report of the caller. */
export function isManagerOf(caller: Caller, userId: string): boolean {
  return caller.reports.some((p) => p.id === userId);
}

/** Whether the caller may change this user's record: their own only (docs/behaviour/profile.md). */
export function mayChangeUser(caller: Pick<Caller, 'userId'>, userId: string): boolean {
  return caller.userId === userId;
}

/**
 * Whether a user may see another's card: their own, or a colleague's, one
 * who shares an organisation with them (docs/behaviour/profile.md); anyone
 * else is "not found". `shareAnOrganisation` is asked only for another user.
 */
export async function maySeeUser(viewerId: string, userId: string, shareAnOrganisation: () => Promise<boolean>): Promise<boolean> {
  return viewerId === userId || (await shareAnOrganisation());
}

/** What one user may see of the packages, computed once for several checks. */
export interface AppAccess {
  /** The visibility rule for a package (docs/behaviour/applications.md#visibility). */
  canSee(pkg: VisibilitySubject): boolean;
  /**
   * Whether the user may use the application of that name (its socket, its
   * settings, its work items): the rule applied to its package, or, for a
   * catalogue app without a package, to an application of that name.
   */
  canUseApp(name: string): boolean;
}

/**
 * The visibility rule over the packages installed (built-in and enabled
 * registered ones, by name) and the names of the applications granted to
 * the user.
 */
export function appAccess(installed: ReadonlyMap<string, VisibilitySubject>, granted: ReadonlySet<string>): AppAccess {
  const canSee = (pkg: VisibilitySubject) => isPackageVisible(pkg, granted);
  return { canSee, canUseApp: (name) => canSee(installed.get(name) ?? { name, type: 'application' }) };
}

/**
 * The organisation-wide role of an organisation's administrators
 * (docs/behaviour/roles.md#administrators): they may change and remove
 * every dashboard of the organisation they see.
 */
export const ORG_ADMIN_ROLE = 'admin';

/** Whether the caller administers their active organisation. */
export function isOrgAdmin(caller: Caller): boolean {
  return hasOrgRole(caller, ORG_ADMIN_ROLE);
}
