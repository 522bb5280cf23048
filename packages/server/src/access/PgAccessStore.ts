import crypto from 'node:crypto';
import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { accounts, apps, roles, users } from '../db/schema.js';
import { displayName } from '../users/displayName.js';
import type { AccessStore, CallerFacts, RoleGrant, RoleRecord } from './AccessStore.js';
import type { Person } from './Caller.js';

type Row = Record<string, unknown>;
interface NamedUser {
  id: string;
  firstname: string;
  lastname: string;
  username: string;
}

async function rowsOf(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/** A json value as the driver returns it: parsed by node-postgres and PGlite alike, text only from an older driver. */
function json<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

const person = (u: NamedUser): Person => ({ id: u.id, name: displayName(u) });
const namedUser = (alias: string) => sql.raw(`json_build_object('id', ${alias}.id, 'firstname', ${alias}.firstname, 'lastname', ${alias}.lastname, 'username', ${alias}.username)`);

export class PgAccessStore implements AccessStore {
  constructor(private readonly db: Db) {}

  async callerFacts(userId: string, accountId: string | null): Promise<CallerFacts> {
    // One statement: the organisation only through a membership, the roles in it, the manager and the enabled reports.
    const [row] = await rowsOf(
      this.db,
      sql`select a.id as account_id, a.name as account_name,
        (select coalesce(json_agg(json_build_object('role', r.role, 'app', ap.name) order by ap.name nulls first, r.role), '[]'::json)
           from roles r left join apps ap on ap.id = r.app_id
          where r.user_id = ${userId} and r.account_id = a.id) as roles,
        (select ${namedUser('m')} from users me join users m on m.id = me.manager_id where me.id = ${userId}) as manager,
        (select coalesce(json_agg(${namedUser('u')} order by u.firstname, u.lastname, u.username), '[]'::json)
           from users u where u.manager_id = ${userId} and not u.disabled) as reports
      from (select 1) as one
      left join memberships ms on ms.user_id = ${userId} and ms.account_id = ${accountId}
      left join accounts a on a.id = ms.account_id`,
    );
    const grants = json<Array<{ role: string; app: string | null }>>(row?.roles ?? []);
    const organisation: string[] = [];
    const byApp: Record<string, string[]> = {};
    for (const g of grants) {
      if (g.app === null) organisation.push(g.role);
      else (byApp[g.app] ??= []).push(g.role);
    }
    const manager = json<NamedUser | null>(row?.manager ?? null);
    return {
      organisation: row?.account_id ? { id: String(row.account_id), name: String(row.account_name) } : null,
      roles: { organisation, apps: byApp },
      manager: manager ? person(manager) : null,
      reports: json<NamedUser[]>(row?.reports ?? []).map(person),
    };
  }

  async grantRole(grant: RoleGrant): Promise<boolean> {
    const inserted = await this.db
      .insert(roles)
      .values({ id: crypto.randomUUID(), ...grant })
      .onConflictDoNothing()
      .returning({ id: roles.id });
    return inserted.length > 0;
  }

  async revokeRole(grant: RoleGrant): Promise<boolean> {
    const deleted = await this.db
      .delete(roles)
      .where(and(eq(roles.userId, grant.userId), eq(roles.accountId, grant.accountId), grant.appId === null ? isNull(roles.appId) : eq(roles.appId, grant.appId), eq(roles.role, grant.role)))
      .returning({ id: roles.id });
    return deleted.length > 0;
  }

  async listRoles(filter: { userId?: string; accountId?: string }): Promise<RoleRecord[]> {
    const conditions = [filter.userId ? eq(roles.userId, filter.userId) : undefined, filter.accountId ? eq(roles.accountId, filter.accountId) : undefined];
    return this.db
      .select({
        userId: roles.userId,
        username: users.username,
        accountId: roles.accountId,
        organisation: accounts.name,
        appId: roles.appId,
        app: apps.name,
        role: roles.role,
        createdAt: roles.createdAt,
      })
      .from(roles)
      .innerJoin(users, eq(users.id, roles.userId))
      .innerJoin(accounts, eq(accounts.id, roles.accountId))
      .leftJoin(apps, eq(apps.id, roles.appId))
      .where(and(...conditions))
      .orderBy(asc(accounts.name), asc(users.username), sql`${apps.name} nulls first`, asc(roles.role));
  }
}
