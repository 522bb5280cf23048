import { rygRange, RYG_STATUSES, type RygStatus, type TaskKind, type TaskSort } from '@atrium/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { TableStatistics } from '../db/TableStatistics.js';
import { highlightWords, lexemeTsQuery, prefixQueryText, searchWords, trimSnippet } from '../db/fullText.js';
import { commentReader, taskComments, taskFollowers, tasks } from '../db/schema.js';
import type {
  CommentMatch,
  NewTask,
  OperatorTaskQuery,
  TaskCommentRow,
  TaskPageQuery,
  TaskPatch,
  TaskRecord,
  TaskRow,
  TaskStore,
  TaskView,
  TaskViewCounts,
  TaskViewer,
} from './TaskStore.js';

type Row = Record<string, unknown>;

/** A user id nobody has: rows read for no one in particular follow nothing. */
const NOBODY = '00000000-0000-0000-0000-000000000000';

async function rowsOf(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

const at = (time: Date | number) => sql`${new Date(time).toISOString()}::timestamptz`;
const date = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));
const dateOrNull = (value: unknown): Date | null => (value === null || value === undefined ? null : date(value));
const textOrNull = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

/** Tasks written in one statement (well below the database's limit on parameters). */
const INSERT_BATCH = 500;

/** A user's shown name in SQL, as ProfileService's displayName: first and last name, else the username. */
const personName = (alias: string) =>
  sql.raw(`coalesce(nullif(concat_ws(' ', nullif(${alias}.firstname, ''), nullif(${alias}.lastname, '')), ''), ${alias}.username)`);

/**
 * The end dates of a colour as a condition on `t.end_date`, from the shared
 * rygRange: the filters, the counts and rygStatus of the answers can never
 * disagree (docs/behaviour/work.md#colours).
 */
export function colourCondition(colour: RygStatus, now: Date, yellowWindowMs: number): SQL {
  const range = rygRange(colour, now.getTime(), yellowWindowMs);
  if (range.none) return sql`t.end_date is null`;
  const parts = [sql`t.end_date is not null`];
  if (range.from !== null) parts.push(sql`t.end_date >= ${at(range.from)}`);
  if (range.to !== null) parts.push(sql`t.end_date < ${at(range.to)}`);
  return sql.join(parts, sql` and `);
}

/** The tasks of a view (docs/behaviour/work.md#views), on the alias `t`. */
function viewCondition(view: TaskView): SQL {
  const base = sql`t.account_id = ${view.accountId} and t.status = 'open'`;
  const now = at(view.now);
  switch (view.type) {
    case 'assignments':
      return sql`${base} and t.assignee_id = ${view.userId} and (t.snoozed_till is null or t.snoozed_till <= ${now})`;
    case 'snoozed':
      return sql`${base} and t.assignee_id = ${view.userId} and t.snoozed_till > ${now}`;
    case 'followups':
      // The followed ids first, then those tasks by primary key: with `in (...)` the planner read every task of the organisation.
      return sql`${base} and t.assignee_id <> ${view.userId} and t.id = any (array(select f.task_id from ${taskFollowers} f where f.user_id = ${view.userId}))`;
  }
}

/**
 * The order of a page. By status, the colours go RED, YELLOW, GREEN, BLUE,
 * which is also the order of end dates (undated last), so ascending status
 * is ascending end date; descending status reverses the colours and keeps
 * each colour's tasks soonest first.
 */
function orderOf(sort: TaskSort, order: 'asc' | 'desc', now: Date, yellowWindowMs: number): SQL {
  if (sort === 'status' && order === 'desc') {
    const rank = sql.join(
      [sql`case`, ...RYG_STATUSES.slice(0, 3).map((colour, i) => sql`when ${colourCondition(colour, now, yellowWindowMs)} then ${sql.raw(String(i))}`), sql`else 3 end`],
      sql` `,
    );
    return sql`${rank} desc, t.end_date asc nulls last, t.name asc, t.id asc`;
  }
  if (order === 'desc') return sql`t.end_date desc nulls last, t.name asc, t.id asc`;
  return sql`t.end_date asc nulls last, t.name asc, t.id asc`;
}

/** The columns of a task row as `viewer` sees it, over `t` (tasks), `a` (assignee) and `c` (creator). */
const rowColumns = (viewerId: string) => sql`t.id, t.account_id, t.app_uuid, t.app_name, t.name, t.assignee_id, t.creator_id, t.end_date, t.status, t.snoozed_till, t.record,
  t.record_id, t.entry_id, t.kind, t.delegated_from, t.escalate_at, t.escalates, t.created_at, t.updated_at,
  ${personName('a')} as assignee_name, coalesce(${personName('c')}, '') as creator_name,
  (select ${personName('d')} from users d where d.id = t.delegated_from) as delegated_from_name,
  (select count(*)::int from ${taskComments} tc where tc.task_id = t.id) as comment_count,
  exists (select 1 from ${taskFollowers} f where f.task_id = t.id and f.user_id = ${viewerId}) as following`;

function toRecord(r: Row): TaskRecord {
  return {
    id: String(r.id),
    accountId: String(r.account_id),
    appUuid: String(r.app_uuid),
    appName: String(r.app_name),
    name: String(r.name),
    assigneeId: String(r.assignee_id),
    creatorId: r.creator_id === null ? null : String(r.creator_id),
    endDate: dateOrNull(r.end_date),
    status: r.status === 'done' ? 'done' : 'open',
    snoozedTill: dateOrNull(r.snoozed_till),
    record: textOrNull(r.record),
    recordId: textOrNull(r.record_id),
    entryId: textOrNull(r.entry_id),
    kind: textOrNull(r.kind) as TaskKind | null,
    delegatedFrom: textOrNull(r.delegated_from),
    escalateAt: dateOrNull(r.escalate_at),
    escalates: textOrNull(r.escalates),
    createdAt: date(r.created_at),
    updatedAt: date(r.updated_at),
  };
}

function toRow(r: Row): TaskRow {
  return {
    ...toRecord(r),
    assigneeName: String(r.assignee_name),
    creatorName: String(r.creator_name),
    delegatedFromName: textOrNull(r.delegated_from_name),
    commentCount: Number(r.comment_count),
    following: r.following === true,
  };
}

function toComment(r: Row): TaskCommentRow {
  return {
    id: String(r.id),
    taskId: String(r.task_id),
    authorId: r.author_id === null ? null : String(r.author_id),
    authorName: String(r.author_name ?? ''),
    text: String(r.text),
    createdAt: date(r.created_at),
  };
}

export class PgTaskStore implements TaskStore {
  private readonly statistics: TableStatistics;

  constructor(
    private readonly db: Db,
    statistics?: TableStatistics,
  ) {
    this.statistics = statistics ?? new TableStatistics(db, [tasks, taskFollowers, taskComments].map((table) => sql`analyze ${table}`));
  }

  async analyze(): Promise<void> {
    await this.statistics.analyze();
  }

  /** Counts written rows (TableStatistics). */
  private inserted(rows: number): void {
    this.statistics.written(rows);
  }

  async insert(task: NewTask, followers: readonly string[]): Promise<TaskRecord> {
    const record = await this.db.transaction(async (tx) => {
      const [row] = await tx.insert(tasks).values({ ...task, status: 'open', snoozedTill: null }).returning();
      const unique = [...new Set(followers)];
      if (unique.length > 0) await tx.insert(taskFollowers).values(unique.map((userId) => ({ taskId: task.id, userId }))).onConflictDoNothing();
      return row!;
    });
    this.inserted(1 + followers.length);
    return record as TaskRecord;
  }

  async insertMany(list: readonly NewTask[]): Promise<TaskRecord[]> {
    const out: TaskRecord[] = [];
    for (let i = 0; i < list.length; i += INSERT_BATCH) {
      const rows = await this.db
        .insert(tasks)
        .values(list.slice(i, i + INSERT_BATCH).map((task) => ({ ...task, status: 'open' as const, snoozedTill: null })))
        .returning();
      out.push(...(rows as TaskRecord[]));
    }
    this.inserted(list.length);
    return out;
  }

  async openOfEntry(entryId: string): Promise<TaskRecord[]> {
    const rows = await this.db.select().from(tasks).where(sql`${tasks.entryId} = ${entryId} and ${tasks.status} = 'open'`).orderBy(tasks.createdAt, tasks.id);
    return rows as TaskRecord[];
  }

  async closeOfEntry(entryId: string, at: Date, assigneeId?: string): Promise<TaskRecord[]> {
    const whose = assigneeId === undefined ? sql`` : sql` and ${tasks.assigneeId} = ${assigneeId}`;
    const rows = await this.db
      .update(tasks)
      .set({ status: 'done', snoozedTill: null, escalateAt: null, updatedAt: at })
      .where(sql`${tasks.entryId} = ${entryId} and ${tasks.status} = 'open'${whose}`)
      .returning();
    return rows as TaskRecord[];
  }

  async findRow(id: string, viewerId: string): Promise<TaskRow | null> {
    const [row] = await rowsOf(
      this.db,
      sql`select ${rowColumns(viewerId)} from ${tasks} t join users a on a.id = t.assignee_id left join users c on c.id = t.creator_id where t.id = ${id}`,
    );
    return row ? toRow(row) : null;
  }

  async update(id: string, patch: TaskPatch): Promise<TaskRecord | null> {
    const [row] = await this.db.update(tasks).set(patch).where(sql`${tasks.id} = ${id}`).returning();
    return (row as TaskRecord | undefined) ?? null;
  }

  async followers(taskId: string): Promise<string[]> {
    const rows = await this.db.select({ userId: taskFollowers.userId }).from(taskFollowers).where(sql`${taskFollowers.taskId} = ${taskId}`);
    return rows.map((r) => r.userId);
  }

  async openOfKind(recordId: string, assigneeId: string, kind: TaskKind): Promise<TaskRecord | null> {
    const [row] = await this.db
      .select()
      .from(tasks)
      .where(sql`${tasks.recordId} = ${recordId} and ${tasks.status} = 'open' and ${tasks.assigneeId} = ${assigneeId} and ${tasks.kind} = ${kind}`)
      .orderBy(tasks.createdAt)
      .limit(1);
    return (row as TaskRecord | undefined) ?? null;
  }

  async page(query: TaskPageQuery): Promise<TaskRow[]> {
    if (query.take === 0) return [];
    const where = query.colour ? sql`${viewCondition(query)} and ${colourCondition(query.colour, query.now, query.yellowWindowMs)}` : viewCondition(query);
    const order = orderOf(query.sort, query.order, query.now, query.yellowWindowMs);
    // The page is chosen first; names and comment counts are read for its rows only.
    const rows = await rowsOf(
      this.db,
      sql`select ${rowColumns(query.userId)}
        from (select * from ${tasks} t where ${where} order by ${order} limit ${query.take} offset ${query.skip}) t
        join users a on a.id = t.assignee_id left join users c on c.id = t.creator_id
        order by ${order}`,
    );
    return rows.map(toRow);
  }

  async counts(view: TaskView, colour: RygStatus | null): Promise<TaskViewCounts> {
    const colourOf = (c: RygStatus) => colourCondition(c, view.now, view.yellowWindowMs);
    const rows = await rowsOf(
      this.db,
      sql`select t.app_uuid,
          count(*) filter (where ${colour ? colourOf(colour) : sql`true`})::int as n,
          count(*) filter (where ${colourOf('RED')})::int as red,
          count(*) filter (where ${colourOf('YELLOW')})::int as yellow,
          count(*) filter (where ${colourOf('GREEN')})::int as green,
          count(*) filter (where ${colourOf('BLUE')})::int as blue
        from ${tasks} t where ${viewCondition(view)} group by t.app_uuid`,
    );
    const counts: TaskViewCounts = { red: 0, yellow: 0, green: 0, blue: 0, byApp: new Map() };
    for (const r of rows) {
      counts.red += Number(r.red);
      counts.yellow += Number(r.yellow);
      counts.green += Number(r.green);
      counts.blue += Number(r.blue);
      if (Number(r.n) > 0) counts.byApp.set(String(r.app_uuid), Number(r.n));
    }
    return counts;
  }

  async comments(taskId: string, limit: number): Promise<TaskCommentRow[]> {
    const rows = await rowsOf(
      this.db,
      sql`select * from (
          select tc.id, tc.task_id, tc.author_id, ${personName('u')} as author_name, tc.text, tc.created_at
          from ${taskComments} tc left join users u on u.id = tc.author_id
          where tc.task_id = ${taskId} order by tc.created_at desc, tc.id desc limit ${limit}
        ) newest order by created_at asc, id asc`,
    );
    return rows.map(toComment);
  }

  async addComment(comment: { id: string; taskId: string; authorId: string; text: string; createdAt: Date }): Promise<TaskCommentRow> {
    await this.db.insert(taskComments).values(comment);
    this.inserted(1);
    const [row] = await rowsOf(
      this.db,
      sql`select tc.id, tc.task_id, tc.author_id, ${personName('u')} as author_name, tc.text, tc.created_at
        from ${taskComments} tc left join users u on u.id = tc.author_id where tc.id = ${comment.id}`,
    );
    return toComment(row!);
  }

  async searchComments(viewer: TaskViewer, text: string, take: number, skip: number): Promise<{ count: number; items: CommentMatch[] }> {
    const words = searchWords(text);
    if (words.length === 0) return { count: 0, items: [] };
    const query = sql`to_tsquery('simple'::regconfig, ${prefixQueryText(words)})`;
    // Each comment's readers word names who sees its task (the assignee, the followers, in the task's organisation), so the
    // index alone finds the viewer's matches; only those are read and counted.
    const reader = lexemeTsQuery(commentReader(viewer.accountId, viewer.userId));
    const rows = await rowsOf(
      this.db,
      // The query written out where it is used, never read from a CTE: as a constant the planner gives the index scan
      // a fixed key, about three times faster on the embedded database.
      sql`with m as materialized (
          select tc.id, ts_rank(tc.search, ${query}) as rank, tc.created_at
          from ${taskComments} tc
          where tc.search @@ ${query} and tc.readers @@ ${reader}
        )
        select n.total, p.* from (select count(*)::int as total from m) n
        left join lateral (
          select tc.id, tc.task_id, t.name as task_name, t.app_name, tc.author_id, ${personName('u')} as author_name, tc.created_at,
            tc.text, mm.rank
          from (select * from m order by rank desc, created_at desc, id asc limit ${take} offset ${skip}) mm
          join ${taskComments} tc on tc.id = mm.id join ${tasks} t on t.id = tc.task_id left join users u on u.id = tc.author_id
        ) p on true
        order by p.rank desc, p.created_at desc, p.id asc`,
    );
    const count = Number(rows[0]?.total ?? 0);
    const items = rows
      .filter((r) => r.id !== null && r.id !== undefined)
      .map((r) => ({
        id: String(r.id),
        taskId: String(r.task_id),
        taskName: String(r.task_name),
        appName: String(r.app_name),
        authorId: r.author_id === null ? null : String(r.author_id),
        authorName: String(r.author_name ?? ''),
        createdAt: date(r.created_at),
        // Marked here rather than by ts_headline (several times dearer in the database); the highlight characters of the
        // comment's own text become spaces (shared api/search.ts): they mark matches only.
        snippet: trimSnippet(highlightWords(String(r.text), words)),
      }));
    return { count, items };
  }

  async listForOperator(query: OperatorTaskQuery): Promise<TaskRow[]> {
    const conditions = [sql`true`];
    if (query.accountId) conditions.push(sql`t.account_id = ${query.accountId}`);
    if (query.assigneeId) conditions.push(sql`t.assignee_id = ${query.assigneeId}`);
    if (!query.all) conditions.push(sql`t.status = 'open'`);
    const rows = await rowsOf(
      this.db,
      sql`select ${rowColumns(NOBODY)}
        from ${tasks} t join users a on a.id = t.assignee_id left join users c on c.id = t.creator_id
        where ${sql.join(conditions, sql` and `)} order by t.end_date asc nulls last, t.name asc, t.id asc limit ${query.limit}`,
    );
    return rows.map(toRow);
  }
}
