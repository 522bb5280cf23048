import crypto from 'node:crypto';
import type { DashboardSharing } from '@atrium/shared/dashboards';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { dashboardAlerts, dashboards, homeBlocks } from '../db/schema.js';
import { displayName } from '../users/displayName.js';
import type { DashboardAudience, DashboardStore, HomeBlock, KpiAlertRow, MemberRow, NewDashboard, StoredDashboard } from './DashboardStore.js';

type Row = Record<string, unknown>;

async function rowsOf(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/** A json value as the driver returns it: parsed by node-postgres and PGlite alike. */
function json<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

function sharingOf(row: Row): DashboardSharing {
  if (row.sharing === 'organisation') return { kind: 'organisation' };
  if (row.sharing === 'role') return { kind: 'role', app: String(row.sharing_app), role: String(row.sharing_role) };
  return { kind: 'private' };
}

function columnsOf(sharing: DashboardSharing) {
  return { sharing: sharing.kind, sharingApp: sharing.kind === 'role' ? sharing.app : null, sharingRole: sharing.kind === 'role' ? sharing.role : null };
}

function dashboardOf(row: Row): StoredDashboard {
  const owner = row.owner_id ? { firstname: String(row.firstname ?? ''), lastname: String(row.lastname ?? ''), username: String(row.username ?? '') } : null;
  return {
    id: String(row.id),
    accountId: String(row.account_id),
    ownerId: row.owner_id ? String(row.owner_id) : null,
    ownerName: owner ? displayName(owner) : null,
    sharing: sharingOf(row),
    definition: json<Record<string, unknown>>(row.definition),
    version: Number(row.version),
    createdAt: new Date(row.created_at as string),
    updatedAt: new Date(row.updated_at as string),
  };
}

/** The dashboards' columns with their owner's names, and the title they sort by (a plain text, or the English of a text per locale). */
const SELECT = sql`select d.id, d.account_id, d.owner_id, d.sharing, d.sharing_app, d.sharing_role, d.definition, d.version, d.created_at, d.updated_at,
    u.firstname, u.lastname, u.username
  from dashboards d left join users u on u.id = d.owner_id`;
const BY_TITLE = sql`order by lower(case when jsonb_typeof(d.definition->'title') = 'string' then d.definition->>'title' else d.definition->'title'->>'en_EN' end), d.id`;

export class PgDashboardStore implements DashboardStore {
  constructor(private readonly db: Db) {}

  async create(input: NewDashboard): Promise<StoredDashboard> {
    const id = crypto.randomUUID();
    await this.db.insert(dashboards).values({ id, accountId: input.accountId, ownerId: input.ownerId, definition: input.definition, ...columnsOf(input.sharing) });
    return (await this.find(input.accountId, id))!;
  }

  async find(accountId: string, id: string): Promise<StoredDashboard | null> {
    const [row] = await rowsOf(this.db, sql`${SELECT} where d.account_id = ${accountId} and d.id = ${id}`);
    return row ? dashboardOf(row) : null;
  }

  async visible({ accountId, userId, roles }: DashboardAudience): Promise<StoredDashboard[]> {
    const held = JSON.stringify(roles);
    const rows = await rowsOf(
      this.db,
      sql`${SELECT} where d.account_id = ${accountId} and (d.owner_id = ${userId} or d.sharing = 'organisation'
        or (d.sharing = 'role' and exists (select 1 from jsonb_array_elements(${held}::jsonb) r where r->>'app' = d.sharing_app and r->>'role' = d.sharing_role)))
        ${BY_TITLE}`,
    );
    return rows.map(dashboardOf);
  }

  async listForAccount(accountId: string): Promise<StoredDashboard[]> {
    return (await rowsOf(this.db, sql`${SELECT} where d.account_id = ${accountId} ${BY_TITLE}`)).map(dashboardOf);
  }

  async update(accountId: string, id: string, version: number, change: { definition: Record<string, unknown>; sharing: DashboardSharing }): Promise<StoredDashboard | null> {
    const updated = await this.db
      .update(dashboards)
      .set({ definition: change.definition, ...columnsOf(change.sharing), version: sql`${dashboards.version} + 1`, updatedAt: sql`now()` })
      .where(and(eq(dashboards.accountId, accountId), eq(dashboards.id, id), eq(dashboards.version, version)))
      .returning({ id: dashboards.id });
    return updated.length === 0 ? null : this.find(accountId, id);
  }

  async remove(accountId: string, id: string): Promise<boolean> {
    const removed = await this.db
      .delete(dashboards)
      .where(and(eq(dashboards.accountId, accountId), eq(dashboards.id, id)))
      .returning({ id: dashboards.id });
    return removed.length > 0;
  }

  async homeBlocks(accountId: string, userId: string): Promise<{ user: HomeBlock | null; organisation: HomeBlock | null }> {
    const rows = await this.db
      .select()
      .from(homeBlocks)
      .where(and(eq(homeBlocks.accountId, accountId), sql`(${homeBlocks.userId} = ${userId} or ${homeBlocks.userId} is null)`));
    const block = (row: (typeof rows)[number] | undefined): HomeBlock | null =>
      row ? { accountId: row.accountId, userId: row.userId, type: row.type === 'dashboard' ? 'dashboard' : 'html', html: row.html, dashboardId: row.dashboardId, updatedAt: row.updatedAt } : null;
    return { user: block(rows.find((r) => r.userId === userId)), organisation: block(rows.find((r) => r.userId === null)) };
  }

  async setHome(block: Omit<HomeBlock, 'updatedAt'>): Promise<void> {
    const values = { type: block.type, html: block.html, dashboardId: block.dashboardId, updatedAt: sql`now()` };
    // One row per organisation and user (the organisation's with no user: unique with nulls not distinct).
    await this.db
      .insert(homeBlocks)
      .values({ id: crypto.randomUUID(), accountId: block.accountId, userId: block.userId, ...values })
      .onConflictDoUpdate({ target: [homeBlocks.accountId, homeBlocks.userId], set: values });
  }

  async clearHome(accountId: string, userId: string | null): Promise<boolean> {
    const removed = await this.db
      .delete(homeBlocks)
      .where(and(eq(homeBlocks.accountId, accountId), userId === null ? isNull(homeBlocks.userId) : eq(homeBlocks.userId, userId)))
      .returning({ id: homeBlocks.id });
    return removed.length > 0;
  }

  async recordAlertColour(dashboardId: string, widgetId: string, colour: string, at: Date): Promise<boolean> {
    // The update re-reads a row another evaluation changed meanwhile (its lock), so only one of two sees the colour differ.
    const changed = await this.db
      .update(dashboardAlerts)
      .set({ colour, changedAt: at })
      .where(and(eq(dashboardAlerts.dashboardId, dashboardId), eq(dashboardAlerts.widgetId, widgetId), sql`${dashboardAlerts.colour} <> ${colour}`))
      .returning({ id: dashboardAlerts.dashboardId });
    if (changed.length > 0) return true;
    const inserted = await this.db.insert(dashboardAlerts).values({ dashboardId, widgetId, colour, changedAt: at }).onConflictDoNothing().returning({ id: dashboardAlerts.dashboardId });
    return inserted.length > 0;
  }

  async setAlertTask(dashboardId: string, widgetId: string, taskId: string): Promise<void> {
    await this.db
      .update(dashboardAlerts)
      .set({ taskId })
      .where(and(eq(dashboardAlerts.dashboardId, dashboardId), eq(dashboardAlerts.widgetId, widgetId)));
  }

  async alerts(dashboardId: string): Promise<KpiAlertRow[]> {
    const rows = await this.db.select().from(dashboardAlerts).where(eq(dashboardAlerts.dashboardId, dashboardId)).orderBy(dashboardAlerts.widgetId);
    return rows.map((r) => ({ dashboardId: r.dashboardId, widgetId: r.widgetId, colour: r.colour, changedAt: r.changedAt, taskId: r.taskId }));
  }

  async members(accountId: string): Promise<MemberRow[]> {
    const rows = await rowsOf(
      this.db,
      sql`select u.id, u.firstname, u.lastname, u.username from memberships m join users u on u.id = m.user_id
        where m.account_id = ${accountId} and not u.disabled`,
    );
    return byName(rows);
  }

  async roleHolders(accountId: string, app: string, role: string): Promise<MemberRow[]> {
    const rows = await rowsOf(
      this.db,
      sql`select distinct u.id, u.firstname, u.lastname, u.username from roles r
        join apps a on a.id = r.app_id
        join memberships m on m.user_id = r.user_id and m.account_id = r.account_id
        join users u on u.id = r.user_id
        where r.account_id = ${accountId} and a.name = ${app} and r.role = ${role} and not u.disabled`,
    );
    return byName(rows);
  }
}

/** Members with their display names, by name (then id). */
function byName(rows: Row[]): MemberRow[] {
  return rows
    .map((r) => ({ id: String(r.id), name: displayName({ firstname: String(r.firstname ?? ''), lastname: String(r.lastname ?? ''), username: String(r.username ?? '') }) }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}
