import type { Person, Roles } from './Caller.js';

/** What the database says of a caller, read in one statement. */
export interface CallerFacts {
  /** The organisation asked for, when the user belongs to it. */
  organisation: { id: string; name: string } | null;
  roles: Roles;
  manager: Person | null;
  reports: Person[];
}

/** A granted role, with the names an operator reads. */
export interface RoleRecord {
  userId: string;
  username: string;
  accountId: string;
  organisation: string;
  /** Null for an organisation-wide role. */
  appId: string | null;
  app: string | null;
  role: string;
  createdAt: Date;
}

/** Which role, of whom, where: `appId` null for an organisation-wide role. */
export interface RoleGrant {
  userId: string;
  accountId: string;
  appId: string | null;
  role: string;
}

/** Persistence of roles and the one read of a caller's facts. */
export interface AccessStore {
  /**
   * The caller's organisation (when `accountId` names one the user belongs
   * to), their roles in it, their manager and enabled direct reports: one statement.
   */
  callerFacts(userId: string, accountId: string | null): Promise<CallerFacts>;
  /** Grants a role; false when it was already granted. */
  grantRole(grant: RoleGrant): Promise<boolean>;
  /** Revokes a role; false when it was not granted. */
  revokeRole(grant: RoleGrant): Promise<boolean>;
  /** Granted roles, filtered by user and/or organisation; by organisation, user, application (organisation-wide first), role. */
  listRoles(filter: { userId?: string; accountId?: string }): Promise<RoleRecord[]>;
}
