/**
 * Who makes a request (docs/ARCHITECTURE.md, "The caller"): the user, the
 * session, the active organisation, the user's roles in it, their manager
 * and direct reports. Built by `Callers` for every authenticated request.
 */

/** A colleague named in the caller: their id and display name. */
export interface Person {
  id: string;
  name: string;
}

/** A user's roles in one organisation (docs/behaviour/roles.md). */
export interface Roles {
  /** Organisation-wide roles, sorted. */
  organisation: readonly string[];
  /** Roles per application of the catalogue, by the application's name; each list sorted. */
  apps: Readonly<Record<string, readonly string[]>>;
}

/** The caller of an authenticated request (`request.caller`). */
export interface Caller {
  userId: string;
  /** The display name ("Firstname Lastname", else the username). */
  name: string;
  sessionId: string;
  /** The active organisation while the user still belongs to it, else null. */
  organisation: { id: string; name: string } | null;
  /** Roles in the active organisation (none without one). */
  roles: Roles;
  manager: Person | null;
  /** Enabled users whose manager is the caller, by name. */
  reports: readonly Person[];
}

/** No roles at all. */
export const NO_ROLES: Roles = Object.freeze({ organisation: Object.freeze([]), apps: Object.freeze({}) });
