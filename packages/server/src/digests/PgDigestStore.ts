import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { userDigests } from '../db/schema.js';
import type { CatalogueTitles } from '@atrium/shared';
import type { DigestAppTitle, DigestChange, DigestStore, DigestTask, DueSlot, DueUser } from './DigestStore.js';

type Row = Record<string, unknown>;

async function rowsOf(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

const at = (time: Date) => sql`${time.toISOString()}::timestamptz`;
const date = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));
const dateOrNull = (value: unknown): Date | null => (value === null || value === undefined ? null : date(value));
const json = (value: unknown): unknown => (typeof value === 'string' ? (JSON.parse(value) as unknown) : value);
const idList = (ids: readonly string[]) => sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `);

export class PgDigestStore implements DigestStore {
  constructor(private readonly db: Db) {}

  async digestZones(): Promise<string[]> {
    const rows = await rowsOf(
      this.db,
      sql`select distinct coalesce(z.value #>> '{}', 'UTC') as zone
        from user_settings s
        left join user_settings z on z.user_id = s.user_id and z.key = 'digest.timeZone'
        where s.key = 'digest.hour' and jsonb_typeof(s.value) = 'number'`,
    );
    return rows.map((r) => String(r.zone));
  }

  async dueUsers(slots: readonly DueSlot[], afterId: string | null, limit: number): Promise<DueUser[]> {
    if (slots.length === 0) return [];
    const after = afterId === null ? sql`true` : sql`s.user_id > ${afterId}::uuid`;
    // Each zone's users whose hour has come there and who were not considered since its day began.
    const due = sql.join(
      slots.map(
        (slot) =>
          sql`(coalesce(z.value #>> '{}', 'UTC') = ${slot.timeZone} and s.value::text::numeric <= ${slot.hour} and (d.last_run_at is null or d.last_run_at < ${at(slot.dayStart)}))`,
      ),
      sql` or `,
    );
    const rows = await rowsOf(
      this.db,
      sql`select u.id, u.email, coalesce(nullif(concat_ws(' ', nullif(u.firstname, ''), nullif(u.lastname, '')), ''), u.username) as name,
          l.value::text as locale, d.last_run_at
        from user_settings s
        join users u on u.id = s.user_id and not u.disabled
        left join user_digests d on d.user_id = s.user_id
        left join user_settings l on l.user_id = s.user_id and l.key = 'locale'
        left join user_settings z on z.user_id = s.user_id and z.key = 'digest.timeZone'
        where s.key = 'digest.hour' and jsonb_typeof(s.value) = 'number' and (${due}) and ${after}
        order by s.user_id limit ${limit}`,
    );
    return rows.map((r) => ({
      userId: String(r.id),
      email: r.email === null || r.email === undefined || r.email === '' ? null : String(r.email),
      name: String(r.name),
      locale: r.locale === null || r.locale === undefined ? null : json(r.locale),
      lastRunAt: dateOrNull(r.last_run_at),
    }));
  }

  async openTasks(userIds: readonly string[], now: Date, perUser: number): Promise<DigestTask[]> {
    if (userIds.length === 0) return [];
    const rows = await rowsOf(
      this.db,
      sql`select assignee_id, name, app_name, app_title, app_titles, end_date, total from (
          select t.assignee_id, t.name, t.app_name, a.title as app_title, a.titles as app_titles, t.end_date, count(*) over (partition by t.assignee_id) as total,
            row_number() over (partition by t.assignee_id order by t.end_date asc nulls last, t.created_at, t.id) as n
          from tasks t
          left join apps a on a.id = t.app_uuid
          where t.assignee_id in (${idList(userIds)}) and t.status = 'open' and t.kind is distinct from 'follow' and (t.snoozed_till is null or t.snoozed_till <= ${at(now)})
        ) x where n <= ${perUser} order by assignee_id, n`,
    );
    return rows.map((r) => ({ assigneeId: String(r.assignee_id), name: String(r.name), appName: String(r.app_name), appTitle: appTitleOf(r), endDate: dateOrNull(r.end_date), total: Number(r.total) }));
  }

  async followedChanges(userIds: readonly string[], fallbackSince: Date, perUser: number): Promise<DigestChange[]> {
    if (userIds.length === 0) return [];
    const rows = await rowsOf(
      this.db,
      sql`select * from (
          select f.user_id, r.account_id, a.name as app_name, a.title as app_title, a.titles as app_titles, r.entity, r.name, r.title, r.owner_id, r.data, r.deleted_at, c.changes, c.last_by,
            row_number() over (partition by f.user_id order by c.last_at desc, r.id) as n
          from record_followers f
          left join user_digests d on d.user_id = f.user_id
          cross join lateral (
            select count(*)::int as changes, max(h.at) as last_at, (array_agg(h.user_id order by h.at desc))[1] as last_by
            from record_history h
            where h.record_id = f.record_id and h.at > greatest(f.since, coalesce(d.last_run_at, ${at(fallbackSince)}))
              and h.user_id is not null and h.user_id <> f.user_id
          ) c
          join records r on r.id = f.record_id
          join apps a on a.id = r.app_id
          where f.user_id in (${idList(userIds)}) and c.changes > 0
        ) x where n <= ${perUser} order by user_id, n`,
    );
    return rows.map((r) => ({
      userId: String(r.user_id),
      accountId: String(r.account_id),
      appName: String(r.app_name),
      appTitle: appTitleOf(r),
      entity: String(r.entity),
      name: String(r.name),
      title: String(r.title),
      ownerId: r.owner_id === null ? null : String(r.owner_id),
      data: json(r.data) as Record<string, unknown>,
      deletedAt: dateOrNull(r.deleted_at),
      changes: Number(r.changes),
      lastBy: String(r.last_by),
    }));
  }

  async markConsidered(userIds: readonly string[], sent: readonly string[], when: Date): Promise<void> {
    if (userIds.length === 0) return;
    const sentSet = new Set(sent);
    await this.db
      .insert(userDigests)
      .values(userIds.map((userId) => ({ userId, lastRunAt: when, lastSentAt: sentSet.has(userId) ? when : null })))
      .onConflictDoUpdate({
        target: userDigests.userId,
        set: { lastRunAt: sql`excluded.last_run_at`, lastSentAt: sql`coalesce(excluded.last_sent_at, ${userDigests.lastSentAt})` },
      });
  }
}

/** The catalogue's title of a row's application (its name when the application is gone). */
function appTitleOf(r: Row): DigestAppTitle {
  const titles = r.app_titles === null || r.app_titles === undefined ? {} : (json(r.app_titles) as CatalogueTitles);
  return { title: r.app_title === null || r.app_title === undefined ? String(r.app_name) : String(r.app_title), titles };
}
