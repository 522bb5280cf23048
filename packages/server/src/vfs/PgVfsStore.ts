import crypto from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { DIRECTORY_MIME } from '@atrium/shared';
import type { Db } from '../db/database.js';
import { TableStatistics } from '../db/TableStatistics.js';
import { vfsContents, vfsNodes, vfsUsage } from '../db/schema.js';
import { instanceLexeme, quotedLexeme } from './contentText.js';
import type { NewVfsNode, NodeContent, VfsNodeRecord, VfsSearchQuery, VfsStore } from './VfsStore.js';

/** Rows of a raw query, whichever driver ran it. */
/** How many names in order a search looks at before it asks the trigram index (see search). */
const SEARCH_WINDOW = 5000;

async function rowsOf(db: Db, query: SQL): Promise<Array<Record<string, unknown>>> {
  const result = (await db.execute(query)) as unknown as { rows: Array<Record<string, unknown>> };
  return result.rows;
}

/** The ids of a node and every node below it. */
const subtreeIds = (id: string) =>
  sql`(with recursive t(id) as (select ${id}::uuid union all select n.id from ${vfsNodes} n join t on n.parent_id = t.id) select id from t)`;

/** The word of a mount instance as a content document's part (contentText.ts instanceLexeme). */
const instanceVector = (mount: string, scope: string) => sql`${quotedLexeme(instanceLexeme(mount, scope))}::tsvector`;
/** The same, read from an existing node. */
const nodeInstanceVector = (id: string) => sql`(select ('''#' || n.mount || ':' || n.scope || '''')::tsvector from ${vfsNodes} n where n.id = ${id})`;
/** A document with its mount instance's word replaced (words of instances are the only ones that begin with '#'). */
const withInstance = (document: SQL, vector: SQL) =>
  sql`ts_delete(${document}, array(select u.lexeme from unnest(${document}) u where u.lexeme like '#%')) || ${vector}`;

/** A JSON value as either driver returns it (PGlite parses it, node-postgres too; text when cast). */
function fromJson(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : value;
}

/** A node from its row as JSON (`row_to_json`, `json_agg`). */
function nodeOfJson(c: Record<string, unknown>): VfsNodeRecord {
  return {
    id: c.id as string,
    mount: c.mount as string,
    scope: c.scope as string,
    parentId: c.parent_id as string | null,
    name: c.name as string,
    isDirectory: c.is_directory as boolean,
    mime: c.mime as string,
    size: Number(c.size),
    blobKey: c.blob_key as string | null,
    sha256: c.sha256 as string | null,
    ownerId: c.owner_id as string | null,
    accountId: c.account_id as string | null,
    createdAt: new Date(c.created_at as string),
    modifiedAt: new Date(c.modified_at as string),
  };
}

/**
 * A WITH part that adds `delta` to an owner's used space unless that takes
 * it past `quota` (a shrink always passes), returning a row when it did;
 * `from` gates it (a CTE that must have a row).
 */
const usageWrite = (owner: string, delta: number, quota: number, from: SQL = sql`(select 1) g`) =>
  sql`usage as (insert into ${vfsUsage} (user_id, bytes) select ${owner}::uuid, ${delta}::bigint from ${from} where ${delta}::bigint <= ${quota}::bigint
      on conflict (user_id) do update set bytes = ${vfsUsage}.bytes + excluded.bytes
      where excluded.bytes <= 0 or ${vfsUsage}.bytes + excluded.bytes <= ${quota}::bigint returning bytes)`;

export class PgVfsStore implements VfsStore {
  private readonly statistics: TableStatistics;

  constructor(
    private readonly db: Db,
    statistics?: TableStatistics,
  ) {
    this.statistics = statistics ?? new TableStatistics(db, [sql`analyze ${vfsNodes}, ${vfsContents}`]);
  }

  /**
   * Renews the planner's statistics of the entries table (and of the words
   * of their contents, written with them). PGlite has no
   * autovacuum, so without this the planner never learns the table grew and
   * scans it instead of using the name indexes (docs/PERFORMANCE.md, "Files").
   */
  async analyze(): Promise<void> {
    await this.statistics.analyze();
  }

  /** Counts inserted rows (TableStatistics). */
  private inserted(rows: number): void {
    this.statistics.written(rows);
  }

  async root(mount: string, scope: string): Promise<VfsNodeRecord> {
    const existing = await this.db
      .select()
      .from(vfsNodes)
      .where(and(eq(vfsNodes.mount, mount), eq(vfsNodes.scope, scope), isNull(vfsNodes.parentId)));
    if (existing[0]) return existing[0];
    await this.db
      .insert(vfsNodes)
      .values({ id: crypto.randomUUID(), mount, scope, parentId: null, name: '', isDirectory: true, mime: DIRECTORY_MIME, size: 0 })
      .onConflictDoNothing();
    const [row] = await this.db
      .select()
      .from(vfsNodes)
      .where(and(eq(vfsNodes.mount, mount), eq(vfsNodes.scope, scope), isNull(vfsNodes.parentId)));
    if (!row) throw new Error('root directory could not be created');
    return row;
  }

  async findById(id: string): Promise<VfsNodeRecord | null> {
    const [row] = await this.db.select().from(vfsNodes).where(eq(vfsNodes.id, id));
    return row ?? null;
  }

  async walk(mount: string, scope: string, names: readonly string[]): Promise<VfsNodeRecord[]> {
    const list = names.length === 0 ? sql`array[]::text[]` : sql`array[${sql.join(names.map((n) => sql`${n}`), sql`, `)}]::text[]`;
    const rows = await this.db
      .select()
      .from(vfsNodes)
      .where(
        sql`${vfsNodes.id} in (with recursive walk(id, depth, is_directory) as (
          select id, 0, is_directory from ${vfsNodes} where mount = ${mount} and scope = ${scope} and parent_id is null
          union all
          select n.id, w.depth + 1, n.is_directory from walk w join ${vfsNodes} n on n.parent_id = w.id and n.name = (${list})[w.depth + 1]
          where w.is_directory and w.depth < ${names.length}
        ) select id from walk)`,
      );
    // Root first, then each entry below the one before it (one per level: names are unique in a directory).
    const byParent = new Map(rows.map((r) => [r.parentId, r]));
    const chain: VfsNodeRecord[] = [];
    for (let node = byParent.get(null); node; node = byParent.get(node.id)) chain.push(node);
    return chain;
  }

  async child(parentId: string, name: string): Promise<VfsNodeRecord | null> {
    const [row] = await this.db
      .select()
      .from(vfsNodes)
      .where(and(eq(vfsNodes.parentId, parentId), eq(vfsNodes.name, name)));
    return row ?? null;
  }

  /**
   * One row of JSON rather than a row per entry: a drivers' row-by-row
   * decoding (PGlite's above all) made a listing of 10,000 entries take a
   * quarter of a second; as one JSON value it takes a fifth of that
   * (docs/PERFORMANCE.md, "Files").
   */
  async children(parentId: string, limit: number): Promise<VfsNodeRecord[]> {
    const rows = await rowsOf(
      this.db,
      sql`select coalesce(json_agg(c), '[]'::json) as entries from (
            select id, mount, scope, parent_id, name, is_directory, mime, size, blob_key, sha256, owner_id, account_id, created_at, modified_at
            from ${vfsNodes} where parent_id = ${parentId} order by is_directory desc, name limit ${limit}
          ) c`,
    );
    return (fromJson(rows[0]?.entries) as Array<Record<string, unknown>>).map(nodeOfJson);
  }

  async subtree(id: string): Promise<VfsNodeRecord[]> {
    const rows = await this.db.select().from(vfsNodes).where(sql`${vfsNodes.id} in ${subtreeIds(id)}`);
    // Parents before children: breadth first from the node.
    const byParent = new Map<string, VfsNodeRecord[]>();
    for (const row of rows) if (row.parentId) byParent.set(row.parentId, [...(byParent.get(row.parentId) ?? []), row]);
    const ordered = rows.filter((r) => r.id === id);
    for (let i = 0; i < ordered.length; i++) ordered.push(...(byParent.get(ordered[i]!.id) ?? []));
    return ordered;
  }

  async insert(node: NewVfsNode, content?: NodeContent): Promise<VfsNodeRecord> {
    // The content's row in the same statement (a data-modifying WITH): a write stays one short transaction.
    const db = content ? this.db.with(this.contentWrite(node.id, content, instanceVector(node.mount, node.scope))) : this.db;
    const [row] = await db.insert(vfsNodes).values(node).returning();
    this.inserted(1);
    return row!;
  }

  /**
   * A WITH part that records (or with null forgets) what search knows of a
   * file's text: its words and the word of its mount instance (`instance`;
   * by default read from the node, which must exist then).
   */
  private contentWrite(id: string, content: NodeContent | null, instance: SQL = nodeInstanceVector(id)) {
    const statement = content
      ? sql`insert into ${vfsContents} (node_id, document, text) values (${id}, strip(to_tsvector('simple'::regconfig, ${content.words})) || ${instance}, ${content.snippetText})
            on conflict (node_id) do update set document = excluded.document, text = excluded.text`
      : sql`delete from ${vfsContents} where node_id = ${id}`;
    return this.db.$with('content', {}).as(statement);
  }

  async setContent(id: string, content: NodeContent | null): Promise<void> {
    if (!content) {
      await this.db.delete(vfsContents).where(eq(vfsContents.nodeId, id));
      return;
    }
    await this.db.execute(sql`insert into ${vfsContents} (node_id, document, text)
      select ${id}, strip(to_tsvector('simple'::regconfig, ${content.words})) || ${nodeInstanceVector(id)}, ${content.snippetText}
      on conflict (node_id) do update set document = excluded.document, text = excluded.text`);
  }

  async copyContents(pairs: ReadonlyArray<{ from: string; to: string }>, instance: { mount: string; scope: string }): Promise<void> {
    for (let i = 0; i < pairs.length; i += 1000) {
      const batch = pairs.slice(i, i + 1000);
      const from = sql`array[${sql.join(batch.map((p) => sql`${p.from}`), sql`, `)}]::uuid[]`;
      const to = sql`array[${sql.join(batch.map((p) => sql`${p.to}`), sql`, `)}]::uuid[]`;
      await this.db.execute(sql`insert into ${vfsContents} (node_id, document, text)
        select m.copy, ${withInstance(sql`c.document`, instanceVector(instance.mount, instance.scope))}, c.text
        from unnest(${from}, ${to}) as m(original, copy) join ${vfsContents} c on c.node_id = m.original
        on conflict (node_id) do nothing`);
    }
  }

  unindexedFiles(afterId: string | null, maxBytes: number, limit: number): Promise<VfsNodeRecord[]> {
    const mayHaveText = sql`(${vfsNodes.mime} like 'text/%' or ${vfsNodes.mime} like 'application/%json' or ${vfsNodes.mime} like 'application/%xml' or ${vfsNodes.mime} like 'application/%script')`;
    return this.db
      .select()
      .from(vfsNodes)
      .where(
        and(
          eq(vfsNodes.isDirectory, false),
          sql`${vfsNodes.size} between 1 and ${maxBytes}`,
          mayHaveText,
          afterId ? gt(vfsNodes.id, afterId) : undefined,
          sql`not exists (select 1 from ${vfsContents} c where c.node_id = ${vfsNodes.id})`,
        ),
      )
      .orderBy(asc(vfsNodes.id))
      .limit(limit);
  }

  async insertFile(node: NewVfsNode & { createdAt: Date; modifiedAt: Date }, content: NodeContent | null, usage: { owner: string | null; quota: number }): Promise<VfsNodeRecord | 'quota'> {
    // Every part waits on the used space's: past the quota, nothing is written.
    const gate = usage.owner ? sql`usage` : sql`(select 1) g`;
    const parts = [
      ...(usage.owner ? [usageWrite(usage.owner, node.size, usage.quota)] : []),
      sql`n as (insert into ${vfsNodes} (id, mount, scope, parent_id, name, is_directory, mime, size, blob_key, sha256, owner_id, account_id, created_at, modified_at)
          select ${node.id}::uuid, ${node.mount}, ${node.scope}, ${node.parentId}::uuid, ${node.name}, ${node.isDirectory}, ${node.mime}, ${node.size}::bigint,
                 ${node.blobKey}::uuid, ${node.sha256}, ${node.ownerId}::uuid, ${node.accountId}::uuid, ${node.createdAt.toISOString()}::timestamptz, ${node.modifiedAt.toISOString()}::timestamptz
          from ${gate} returning *)`,
      ...(content
        ? [
            sql`content as (insert into ${vfsContents} (node_id, document, text)
                select n.id, strip(to_tsvector('simple'::regconfig, ${content.words})) || ${instanceVector(node.mount, node.scope)}, ${content.snippetText} from n)`,
          ]
        : []),
    ];
    const rows = await rowsOf(this.db, sql`with ${sql.join(parts, sql`, `)} select (select row_to_json(n) from n) as node`);
    const row = fromJson(rows[0]?.node) as Record<string, unknown> | null;
    if (!row) return 'quota';
    this.inserted(1);
    return nodeOfJson(row);
  }

  async replaceFile(
    expected: { id: string; parentId: string; name: string; blobKey: string | null; ownerId: string | null },
    patch: { size: number; blobKey: string | null; sha256: string; mime: string; modifiedAt: Date },
    content: NodeContent | null,
    usage: { delta: number; quota: number },
  ): Promise<VfsNodeRecord | 'stale' | 'quota'> {
    // The entry as resolved (same place, same content, same owner), locked; the used space and the rest wait on it.
    const parts = [
      sql`target as (select id from ${vfsNodes} where id = ${expected.id}::uuid and parent_id = ${expected.parentId}::uuid and name = ${expected.name}
          and blob_key is not distinct from ${expected.blobKey}::uuid and owner_id is not distinct from ${expected.ownerId}::uuid for update)`,
      ...(expected.ownerId ? [usageWrite(expected.ownerId, usage.delta, usage.quota, sql`target`)] : []),
    ];
    const gate = expected.ownerId ? sql`usage` : sql`target`;
    parts.push(
      sql`n as (update ${vfsNodes} set size = ${patch.size}::bigint, blob_key = ${patch.blobKey}::uuid, sha256 = ${patch.sha256}, mime = ${patch.mime},
          modified_at = ${patch.modifiedAt.toISOString()}::timestamptz where id = (select id from target) and exists (select 1 from ${gate}) returning *)`,
      content
        ? sql`content as (insert into ${vfsContents} (node_id, document, text)
              select n.id, strip(to_tsvector('simple'::regconfig, ${content.words})) || ('''#' || n.mount || ':' || n.scope || '''')::tsvector, ${content.snippetText} from n
              on conflict (node_id) do update set document = excluded.document, text = excluded.text)`
        : sql`content as (delete from ${vfsContents} where node_id = (select id from n))`,
    );
    const rows = await rowsOf(
      this.db,
      sql`with ${sql.join(parts, sql`, `)} select (select count(*) from target)::int as found, (select row_to_json(n) from n) as node`,
    );
    const row = fromJson(rows[0]?.node) as Record<string, unknown> | null;
    if (row) return nodeOfJson(row);
    return Number(rows[0]?.found ?? 0) === 0 ? 'stale' : 'quota';
  }

  async insertOrTouch(node: NewVfsNode): Promise<VfsNodeRecord> {
    const [row] = await this.db
      .insert(vfsNodes)
      .values(node)
      .onConflictDoUpdate({ target: [vfsNodes.parentId, vfsNodes.name], set: { modifiedAt: sql`excluded.modified_at` } })
      .returning();
    this.inserted(1);
    return row!;
  }

  async insertMany(nodes: NewVfsNode[]): Promise<void> {
    for (let i = 0; i < nodes.length; i += 1000) {
      const batch = nodes.slice(i, i + 1000);
      await this.db.insert(vfsNodes).values(batch);
      this.inserted(batch.length);
    }
  }

  async update(id: string, patch: Partial<Omit<VfsNodeRecord, 'id' | 'createdAt'>>, content?: NodeContent | null): Promise<VfsNodeRecord> {
    const db = content === undefined ? this.db : this.db.with(this.contentWrite(id, content));
    const [row] = await db.update(vfsNodes).set(patch).where(eq(vfsNodes.id, id)).returning();
    if (!row) throw new Error(`no entry ${id}`);
    return row;
  }

  async move(id: string, to: { parentId: string; name: string; mount: string; scope: string; modifiedAt: Date }): Promise<VfsNodeRecord> {
    const moved = await this.update(id, to);
    // The documents of the texts moved to another mount instance take its word, in the same statement.
    const vector = instanceVector(to.mount, to.scope);
    const contents = this.db.$with('contents', {}).as(
      sql`update ${vfsContents} c set document = ${withInstance(sql`c.document`, vector)}
          where c.node_id in ${subtreeIds(id)} and not (c.document @@ ${quotedLexeme(instanceLexeme(to.mount, to.scope))}::tsquery)`,
    );
    await this.db
      .with(contents)
      .update(vfsNodes)
      .set({ mount: to.mount, scope: to.scope })
      .where(and(sql`${vfsNodes.id} in ${subtreeIds(id)}`, sql`(${vfsNodes.mount} <> ${to.mount} or ${vfsNodes.scope} <> ${to.scope})`));
    return moved;
  }

  async remove(id: string): Promise<void> {
    await this.db.delete(vfsNodes).where(eq(vfsNodes.id, id));
  }

  async addUsage(userId: string, delta: number): Promise<number> {
    const [row] = await this.db
      .insert(vfsUsage)
      .values({ userId, bytes: delta })
      .onConflictDoUpdate({ target: vfsUsage.userId, set: { bytes: sql`${vfsUsage.bytes} + excluded.bytes` } })
      .returning({ bytes: vfsUsage.bytes });
    return row?.bytes ?? 0;
  }

  async usage(userId: string): Promise<number> {
    const [row] = await this.db.select({ bytes: vfsUsage.bytes }).from(vfsUsage).where(eq(vfsUsage.userId, userId));
    return row?.bytes ?? 0;
  }

  async search({ mount, scope, underId, like, limit }: VfsSearchQuery): Promise<VfsNodeRecord[]> {
    const inScope = [eq(vfsNodes.mount, mount), eq(vfsNodes.scope, scope), sql`${vfsNodes.parentId} is not null`];
    if (underId) {
      inScope.push(
        sql`${vfsNodes.parentId} in (with recursive d(id) as (select ${underId}::uuid union all select n.id from ${vfsNodes} n join d on n.parent_id = d.id where n.is_directory) select id from d)`,
      );
    }
    const matches = sql`lower(${vfsNodes.name}) like ${like} escape '\\'`;
    // A pattern most names match ('*.txt'): its first matches are among the first names in order, read from the
    // (mount, scope, name, id) index without looking at the rest. The first SEARCH_WINDOW names of the scope in
    // order hold the first matches of all when they hold `limit` of them.
    const window = this.db
      .select()
      .from(vfsNodes)
      .where(and(...inScope))
      .orderBy(asc(vfsNodes.name), asc(vfsNodes.id))
      .limit(SEARCH_WINDOW)
      .as('window');
    const early = await this.db
      .select()
      .from(window)
      .where(sql`lower(${window.name}) like ${like} escape '\\'`)
      .orderBy(asc(window.name), asc(window.id))
      .limit(limit);
    if (early.length >= limit) return early;
    // A rarer pattern: the trigram index finds the few, which are sorted.
    return this.db
      .select()
      .from(vfsNodes)
      .where(and(...inScope, matches))
      .orderBy(asc(vfsNodes.name), asc(vfsNodes.id))
      .limit(limit);
  }

  async pathsOf(ids: string[]): Promise<Map<string, string>> {
    const paths = new Map<string, string>();
    if (ids.length === 0) return paths;
    // Up the tree in one statement: each level a primary-key lookup of its entries' parents (`lateral` keeps the planner
    // from joining the whole table at a level, as a plain recursive join made PGlite scan it at every level; `union`
    // drops the folders met twice and ends the walk whatever the data).
    const rows = await rowsOf(
      this.db,
      sql`with recursive up(id, parent_id, name) as (
          select n.id, n.parent_id, n.name from ${vfsNodes} n where n.id in (${sql.join(
            [...new Set(ids)].map((id) => sql`${id}::uuid`),
            sql`, `,
          )})
          union
          select p.id, p.parent_id, p.name from up cross join lateral (select n.id, n.parent_id, n.name from ${vfsNodes} n where n.id = up.parent_id) p
        )
        select id, parent_id, name from up`,
    );
    const known = new Map<string, { parentId: string | null; name: string }>();
    for (const row of rows) known.set(String(row.id), { parentId: row.parent_id === null ? null : String(row.parent_id), name: String(row.name) });
    for (const id of ids) {
      const names: string[] = [];
      // The root (no parent) has no name in the path.
      for (let node = known.get(id); node && node.parentId !== null; node = known.get(node.parentId)) names.unshift(node.name);
      paths.set(id, `/${names.join('/')}`);
    }
    return paths;
  }

  async referencedBlobKeys(keys: string[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (let i = 0; i < keys.length; i += 1000) {
      const rows = await this.db
        .select({ key: vfsNodes.blobKey })
        .from(vfsNodes)
        .where(inArray(vfsNodes.blobKey, keys.slice(i, i + 1000)));
      for (const row of rows) if (row.key) found.add(row.key);
    }
    return found;
  }

  async blobHashes(keys: string[]): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    for (let i = 0; i < keys.length; i += 1000) {
      const rows = await this.db
        .select({ key: vfsNodes.blobKey, sha256: vfsNodes.sha256 })
        .from(vfsNodes)
        .where(inArray(vfsNodes.blobKey, keys.slice(i, i + 1000)));
      for (const row of rows) if (row.key && row.sha256) found.set(row.key, row.sha256);
    }
    return found;
  }

  transaction<T>(work: (store: VfsStore) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new PgVfsStore(tx as unknown as Db, this.statistics)));
  }
}
