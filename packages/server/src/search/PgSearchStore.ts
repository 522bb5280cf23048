import { SEARCH_COUNT_CAP } from '@atrium/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { FRAGMENT_HEADLINE_OPTIONS, headline, prefixQueryText } from '../db/fullText.js';
import { fileNameDocument, fileNameStem, memberships, recordComments, records, userSearchDocument, users, vfsContents, vfsNodes } from '../db/schema.js';
import type { RecordSearchSql } from '../records/queryBuilder.js';
import { displayName } from '../users/displayName.js';
import { instanceLexeme, quotedLexeme } from '../vfs/contentText.js';
import { RECORDS_MOUNT } from '../vfs/mounts.js';
import type { AppCandidate, AppHit, FileHit, RecordCommentHit, RecordFileHit, RecordHit, SearchInstance, SearchPage, SearchStore, SearchTerms, UserHit } from './SearchStore.js';

type Row = Record<string, unknown>;

async function rowsOf(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/** Every word of the terms, each the beginning of a word of the document ('budg' finds 'budget'). */
const prefixQuery = (terms: SearchTerms) => sql`to_tsquery('simple'::regconfig, ${prefixQueryText(terms.words)})`;
/** Every word of the terms as a whole word of the document (of its words of one weight): these rank before matches of beginnings only. */
const exactQuery = (terms: SearchTerms, weight: '' | 'A' | 'B' = '') =>
  sql`to_tsquery('simple'::regconfig, ${terms.words.map((w) => `'${w.replace(/\\/g, '\\\\').replace(/'/g, "''")}'${weight === '' ? '' : `:${weight}`}`).join(' & ')})`;

const dateOf = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));

/**
 * One statement per kind: the matches `m` (with what they are ordered by),
 * their number, and the page joined to it. `m` is read twice, so the
 * database computes it once.
 */
function paged(matches: SQL, order: SQL, take: number, skip: number): SQL {
  return sql`with m as (${matches})
    select n.total, p.* from (select count(*)::int as total from m) n
    left join lateral (select * from m order by ${order} limit ${take} offset ${skip}) p on true
    order by ${order}`;
}

/** The rows of `paged` without the empty row of a page past the end. */
function pageOf<T>(rows: Row[], item: (row: Row) => T): SearchPage<T> {
  return { count: Number(rows[0]?.total ?? 0), items: rows.filter((r) => r.id !== null && r.id !== undefined).map(item) };
}

/** The search queries over PGlite or PostgreSQL (docs/behaviour/search.md#ranking). */
export class PgSearchStore implements SearchStore {
  constructor(private readonly db: Db) {}

  async apps(candidates: readonly AppCandidate[], terms: SearchTerms, take: number, skip: number): Promise<SearchPage<AppHit>> {
    if (candidates.length === 0) return { count: 0, items: [] };
    // The few applications a user may see are given as one JSON parameter and ranked like the rest.
    const document = sql`(setweight(to_tsvector('simple'::regconfig, a.title), 'A') || setweight(to_tsvector('simple'::regconfig, translate(a.name, '._-', '   ')), 'A')
      || setweight(to_tsvector('simple'::regconfig, a.category), 'B') || setweight(to_tsvector('simple'::regconfig, a.other_titles), 'C'))`;
    // Each application's words computed once (`offset 0`), for the match, the tiers and the rank.
    const matches = sql`select d.name as id, d.name, d.title, d.category,
        (lower(d.title) = ${terms.phrase} or lower(d.name) = ${terms.phrase}) as equal,
        d.document @@ ${exactQuery(terms)} as exact, ts_rank(d.document, ${prefixQuery(terms)}) as rank
      from (
        select a.name, a.title, a.category, ${document} as document
        from jsonb_to_recordset(${JSON.stringify(candidates.map((c) => ({ name: c.name, title: c.title, category: c.category, other_titles: c.otherTitles })))}::jsonb)
          as a(name text, title text, category text, other_titles text)
        offset 0
      ) d
      where d.document @@ ${prefixQuery(terms)}`;
    const rows = await rowsOf(this.db, paged(matches, sql`equal desc, exact desc, rank desc, lower(title), name`, take, skip));
    return pageOf(rows, (r) => ({ name: String(r.name), title: String(r.title), category: String(r.category) }));
  }

  async users(callerId: string, terms: SearchTerms, take: number, skip: number): Promise<SearchPage<UserHit>> {
    const document = userSearchDocument(users);
    // Each person's words computed once for the tiers and the rank (`offset 0` keeps the planner from writing the
    // expression out again in each: a fifth less time).
    const matches = sql`select u.id, u.firstname, u.lastname, u.username, u.designation, u.email,
        (lower(u.firstname || ' ' || u.lastname) = ${terms.phrase} or u.username = ${terms.phrase} or lower(coalesce(u.email, '')) = ${terms.phrase}) as equal,
        u.document @@ ${exactQuery(terms)} as exact, ts_rank(u.document, ${prefixQuery(terms)}) as rank
      from (
        select ${users.id} as id, ${users.firstname} as firstname, ${users.lastname} as lastname, ${users.username} as username,
          ${users.designation} as designation, ${users.email} as email, ${document} as document
        from ${users}
        where not ${users.disabled} and ${document} @@ ${prefixQuery(terms)}
          and ${users.id} in (select m.user_id from ${memberships} m where m.account_id in (select own.account_id from ${memberships} own where own.user_id = ${callerId}))
        offset 0
      ) u`;
    const rows = await rowsOf(this.db, paged(matches, sql`equal desc, exact desc, rank desc, lower(firstname), lower(lastname), username, id`, take, skip));
    return pageOf(rows, (r) => ({
      id: String(r.id),
      firstname: String(r.firstname),
      lastname: String(r.lastname),
      username: String(r.username),
      designation: r.designation === null || r.designation === undefined ? null : String(r.designation),
      email: r.email === null || r.email === undefined ? null : String(r.email),
    }));
  }

  /**
   * Two tiers: files whose name matches (the name equal to the text first,
   * then whole words, then by name), then files whose text only matches
   * (whole words first, then the words' weight in the text, then by id).
   *
   * At most SEARCH_COUNT_CAP + 1 matches are read (docs/behaviour/search.md#many-matches):
   * the files whose name is the text (by their own index, however many
   * others match), then whole-word matches of names, then names matched by
   * beginnings only, then texts likewise, each in the order the index
   * yields them, until there are enough; those are ranked. One more than
   * the cap tells that there are more.
   *
   * Names first, in one statement; the texts in a second one only when the
   * names are fewer than that (a common word of names costs one statement).
   */
  async files(instances: readonly SearchInstance[], terms: SearchTerms, take: number, skip: number): Promise<SearchPage<FileHit>> {
    if (instances.length === 0) return { count: 0, items: [] };
    const inInstances = sql`(n.mount, n.scope) in (${sql.join(
      instances.map((i) => sql`(${i.mount}, ${i.scope})`),
      sql`, `,
    )})`;
    const prefix = prefixQuery(terms);
    const exact = exactQuery(terms);
    const nameDocument = fileNameDocument(sql`n.name`);
    const enough = SEARCH_COUNT_CAP + 1;
    // The results a page may show: the first SEARCH_COUNT_CAP of the ranking.
    const limit = Math.max(0, Math.min(take, SEARCH_COUNT_CAP - skip));
    const columns = sql`n.id, n.mount, n.name, n.mime, n.size`;
    const names = await rowsOf(
      this.db,
      sql`with equal as materialized (
          select ${columns} from ${vfsNodes} n
          where ${fileNameStem(sql`n.name`)} in (${terms.phrase}, ${fileNameStem(sql`${terms.phrase}::text`)}) and ${inInstances} and not n.is_directory
          limit ${enough}
        ),
        whole as materialized (
          select ${columns} from ${vfsNodes} n where ${nameDocument} @@ ${exact} and ${inInstances} and not n.is_directory limit ${enough}
        ),
        part as materialized (
          select ${columns} from ${vfsNodes} n where ${nameDocument} @@ ${prefix} and not (${nameDocument} @@ ${exact}) and ${inInstances} and not n.is_directory
          limit greatest(0, ${enough} - (select count(*) from whole))
        ),
        -- Each name once, in its best tier: equal to the text (compared here, out of the planner's reach: the trigram index
        -- of names would find every similar one), whole words, beginnings (whole and part never share a name).
        equal_names as materialized (select n.*, 0 as tier from equal n where ${terms.phrase} in (lower(n.name), ${fileNameStem(sql`n.name`)})),
        names as materialized (
          select * from equal_names
          union all select *, 1 from whole where id not in (select id from equal_names)
          union all select *, 2 from part where id not in (select id from equal_names)
        )
        select c.total, p.* from (select count(*)::int as total from names) c
        left join lateral (
          select h.id, h.mount, h.name, h.mime, h.size from names h order by h.tier, lower(h.name), h.id limit ${limit} offset ${skip}
        ) p on true`,
    );
    const nameCount = Number(names[0]?.total ?? 0);
    const items: FileHit[] = names
      .filter((r) => r.id !== null && r.id !== undefined)
      .map((r) => ({ id: String(r.id), mount: String(r.mount), name: String(r.name), mime: String(r.mime), size: Number(r.size), inName: true }));
    let count = nameCount;
    if (nameCount < enough) {
      const texts = await this.texts(instances, terms, enough - nameCount, limit - items.length, Math.max(0, skip - nameCount));
      count += texts.count;
      items.push(...texts.items);
    }
    return count > SEARCH_COUNT_CAP ? { count: SEARCH_COUNT_CAP, capped: true, items } : { count, items };
  }

  /**
   * Files of the instances found only by their text (their name does not
   * match), at most `room` of them (whole words first), and the page of
   * them; the index of texts is always used (a scan of every text costs far
   * more than the planner believes when the words are rare). The texts'
   * documents carry the word of their mount instance: the rights are
   * checked in the texts found, never by a join to every entry.
   */
  private async texts(instances: readonly SearchInstance[], terms: SearchTerms, room: number, take: number, skip: number): Promise<SearchPage<FileHit>> {
    const prefix = prefixQuery(terms);
    const exact = exactQuery(terms);
    // The rights in each text found by its words: asked of the index beside a rare word, the instances' words (each in
    // thousands of texts) would cost more than reading the few texts found.
    const readable = sql`${instances.map((i) => quotedLexeme(instanceLexeme(i.mount, i.scope))).join(' | ')}::tsquery`;
    // `is true` keeps these out of the index scan; one test per text, as a long text's document is read (and unpacked)
    // again for every test.
    const wholeFilter = sql`(c.document @@ ${readable}) is true`;
    const partFilter = sql`(c.document @@ (!!${exact} && ${readable})) is true`;
    // Not found by name (the first statement's names, complete when this runs): neither the words nor the whole text.
    const onlyText = sql`not (${fileNameDocument(sql`n.name`)} @@ ${prefix}) and not (${terms.phrase} in (lower(n.name), ${fileNameStem(sql`n.name`)}))`;
    // The limits outside the CTEs: planned for all their rows, each reads the index of texts (a limit inside would have
    // the planner walk every text in key order hoping for an early match); read only as far as the limits ask.
    const statement = sql`with whole_all as materialized (
          select c.node_id as id, c.document, 0 as tier from ${vfsContents} c join ${vfsNodes} n on n.id = c.node_id
          where c.document @@ ${exact} and ${wholeFilter} and ${onlyText}
        ),
        part_all as materialized (
          select c.node_id as id, c.document, 1 as tier from ${vfsContents} c join ${vfsNodes} n on n.id = c.node_id
          where c.document @@ ${prefix} and ${partFilter} and ${onlyText}
        ),
        whole as (select * from whole_all limit ${room}),
        texts as materialized (
          select * from whole union all (select * from part_all limit greatest(0, ${room} - (select count(*) from whole)))
        )
        select c.total, p.* from (select count(*)::int as total from texts) c
        left join lateral (
          select n.id, n.mount, n.name, n.mime, n.size
          from (select t.id, t.tier, ts_rank(t.document, ${prefix}, 1) as rank from texts t order by t.tier, rank desc, t.id limit ${take} offset ${skip}) t
          join ${vfsNodes} n on n.id = t.id order by t.tier, t.rank desc, t.id
        ) p on true`;
    const rows = await this.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return rowsOf(tx as unknown as Db, statement);
    });
    return pageOf(rows, (r) => ({ id: String(r.id), mount: String(r.mount), name: String(r.name), mime: String(r.mime), size: Number(r.size), inName: false }));
  }

  /**
   * One part per entity searched (its matches, with where the caller sees
   * the title and the searchable fields), ranked by tiers as the other
   * kinds: the title equal to the text, every word whole in a part seen,
   * then ts_rank weighing only the parts seen (the title before the
   * searchable fields), then by the title shown and the name.
   */
  async records(targets: readonly RecordSearchSql[], terms: SearchTerms, take: number, skip: number): Promise<SearchPage<RecordHit>> {
    if (targets.length === 0) return { count: 0, items: [] };
    const exact = exactQuery(terms);
    // The matches of every entity searched, those with every word whole (in any part) or the others, as the index yields them.
    const found = (whole: boolean) =>
      sql.join(
        targets.map(
          (t, i) => sql`select ${i}::int as target, ${records.id} as id, ${records.name} as name, ${records.title} as title, ${records.searchText} as search_text,
            ${records.search} as document, (${t.titleSeen}) as title_seen, (${t.searchableSeen}) as searchable_seen
            from ${records} where ${t.matches} and ${whole ? sql`` : sql`not `}(${records.search} @@ ${exact})`,
        ),
        sql` union all `,
      );
    const enough = SEARCH_COUNT_CAP + 1;
    // The results a page may show: the first SEARCH_COUNT_CAP of the ranking.
    const limit = Math.max(0, Math.min(take, SEARCH_COUNT_CAP - skip));
    const weights = sql`array[0, 0, case when f.searchable_seen then 0.4 else 0 end, case when f.title_seen then 1 else 0 end]::float4[]`;
    const whole = sql`((f.title_seen and f.searchable_seen and f.document @@ ${exact}) or (f.title_seen and f.document @@ ${exactQuery(terms, 'A')})
      or (f.searchable_seen and f.document @@ ${exactQuery(terms, 'B')}))`;
    const order = sql`equal desc, exact desc, rank desc, lower(shown), name, id`;
    // At most SEARCH_COUNT_CAP + 1 matches are read (docs/behaviour/search.md#many-matches): those with every word whole
    // first, then the others; those are ranked. A title equal to the text ranks first among them; past the cap it may not be
    // among those read (looking for it there would read every whole match: about 16 times the cost of one common word in
    // 100,000 records, bench/recordSearch.bench.ts).
    const rows = await rowsOf(
      this.db,
      sql`with whole_found as materialized (select * from (${found(true)}) w limit ${enough}),
        part_found as materialized (select * from (${found(false)}) p limit greatest(0, ${enough} - (select count(*) from whole_found))),
        m as materialized (
          select f.target, f.id, f.name, f.title, f.search_text, f.title_seen, f.searchable_seen,
            case when f.title_seen then f.title else f.name end as shown,
            (f.title_seen and lower(f.title) = ${terms.phrase}) as equal, ${whole} as exact, ts_rank(${weights}, f.document, ${prefixQuery(terms)}) as rank
          from (select * from whole_found union all select * from part_found) f
        )
        select n.total, p.* from (select count(*)::int as total from m) n
        left join lateral (
          select mm.*, r.data, r.owner_id from (select * from m order by ${order} limit ${limit} offset ${skip}) mm join ${records} r on r.id = mm.id
        ) p on true
        order by ${order}`,
    );
    const count = Number(rows[0]?.total ?? 0);
    const page = pageOf(rows, (r) => ({
      target: Number(r.target),
      id: String(r.id),
      name: String(r.name),
      title: String(r.title),
      titleSeen: r.title_seen === true,
      searchText: String(r.search_text ?? ''),
      searchableSeen: r.searchable_seen === true,
      data: (typeof r.data === 'string' ? JSON.parse(r.data) : (r.data ?? {})) as Record<string, unknown>,
      ownerId: r.owner_id === null || r.owner_id === undefined ? null : String(r.owner_id),
    }));
    return count > SEARCH_COUNT_CAP ? { count: SEARCH_COUNT_CAP, capped: true, items: page.items } : page;
  }

  async recordComments(targets: readonly RecordSearchSql[], terms: SearchTerms, take: number, skip: number): Promise<SearchPage<RecordCommentHit>> {
    if (targets.length === 0) return { count: 0, items: [] };
    const query = prefixQuery(terms);
    // Each entity's readable records joined to the comments the index finds: only the caller's are read and counted.
    const found = sql.join(
      targets.map(
        (t, i) => sql`select ${i}::int as target, c.id, (${t.titleSeen}) as title_seen, ts_rank(c.search, ${query}) as rank, c.created_at
          from ${recordComments} c join ${records} on ${records.id} = c.record_id
          where c.search @@ ${query} and ${t.readable}`,
      ),
      sql` union all `,
    );
    const rows = await rowsOf(
      this.db,
      sql`with m as materialized (${found})
        select n.total, p.* from (select count(*)::int as total from m) n
        left join lateral (
          select mm.target, mm.id, mm.title_seen, mm.rank, mm.created_at, r.name as record_name, r.title as record_title,
            c.text, c.author_id, u.username, u.firstname, u.lastname
          from (select * from m order by rank desc, created_at desc, id asc limit ${take} offset ${skip}) mm
          join ${recordComments} c on c.id = mm.id join ${records} r on r.id = c.record_id left join ${users} u on u.id = c.author_id
        ) p on true
        order by p.rank desc, p.created_at desc, p.id asc`,
    );
    return pageOf(rows, (r) => ({
      target: Number(r.target),
      id: String(r.id),
      recordName: String(r.record_name),
      recordTitle: String(r.record_title),
      titleSeen: r.title_seen === true,
      author: {
        id: r.author_id === null || r.author_id === undefined ? '' : String(r.author_id),
        name: r.username === null || r.username === undefined ? '' : displayName({ username: String(r.username), firstname: String(r.firstname ?? ''), lastname: String(r.lastname ?? '') }),
      },
      text: String(r.text),
      createdAt: dateOf(r.created_at),
    }));
  }

  /**
   * The organisation's files of the records' mountpoint found by name or
   * text (the index of names, and the index of texts with the mount
   * instance's word: each read through its own index), each kept only
   * where one of the entities' file fields the caller sees on a record
   * they may read holds it (its id in the field's value): the record's
   * folder gives its name, its value proves the file is its own.
   */
  async recordFiles(accountId: string, targets: readonly RecordSearchSql[], terms: SearchTerms, take: number, skip: number): Promise<SearchPage<RecordFileHit>> {
    const withFiles = targets.map((t, i) => ({ t, i })).filter(({ t }) => t.files.length > 0);
    if (withFiles.length === 0) return { count: 0, items: [] };
    const prefix = prefixQuery(terms);
    const exact = exactQuery(terms);
    const nameDocument = fileNameDocument(sql`n.name`);
    const instance = quotedLexeme(instanceLexeme(RECORDS_MOUNT, accountId));
    // The name equal to the text, whole words of the name, beginnings (a name equal to the text has every word of it: found
    // by the index of names as the others); then the text only.
    const tier = sql`case when ${terms.phrase} in (lower(n.name), ${fileNameStem(sql`n.name`)}) then 0 when ${nameDocument} @@ ${exact} then 1 else 2 end`;
    const held = (key: string) => sql`(${records.data} -> ${key}::text) @> jsonb_build_array(jsonb_build_object('id', f.id::text))`;
    const onRecords = sql.join(
      withFiles.map(
        // Each file's record looked up by its folder's name (one index lookup a file, `limit 1` keeps it so), so that the
        // first files kept end the reading.
        ({ t, i }) => sql`select ${i}::int as target, f.id, f.name, f.mime, f.size, f.tier, r.record_name, r.record_title, r.title_seen
          from found f cross join lateral (
            select ${records.name} as record_name, ${records.title} as record_title, (${t.titleSeen}) as title_seen from ${records}
            where ${records.name} = (select folder.name from ${vfsNodes} folder where folder.id = f.parent_id) and ${t.readable} and (${sql.join(
              t.files.map((file) => sql`(${file.seen} and ${held(file.key)})`),
              sql` or `,
            )})
            limit 1
          ) r`,
      ),
      sql` union all `,
    );
    const enough = SEARCH_COUNT_CAP + 1;
    const limit = Math.max(0, Math.min(take, SEARCH_COUNT_CAP - skip));
    const rows = await rowsOf(
      this.db,
      // Read as far as the files kept need (not materialised): the names, then the texts of files whose name does not match.
      sql`with found as not materialized (
          select n.id, n.name, n.mime, n.size, n.parent_id, ${tier} as tier
          from ${vfsNodes} n
          where ${nameDocument} @@ ${prefix} and n.mount = ${RECORDS_MOUNT} and n.scope = ${accountId} and not n.is_directory
          union all
          select n.id, n.name, n.mime, n.size, n.parent_id, 3 as tier
          from ${vfsContents} c join ${vfsNodes} n on n.id = c.node_id
          where c.document @@ (${prefix} && ${instance}::tsquery) and n.mount = ${RECORDS_MOUNT} and n.scope = ${accountId} and not (${nameDocument} @@ ${prefix})
        ),
        m as materialized (select * from (${onRecords}) h limit ${enough})
        select c.total, p.* from (select count(*)::int as total from m) c
        left join lateral (select * from m order by tier, lower(name), record_name, id limit ${limit} offset ${skip}) p on true
        order by p.tier, lower(p.name), p.record_name, p.id`,
    );
    const page = pageOf(rows, (r) => ({
      target: Number(r.target),
      id: String(r.id),
      mount: RECORDS_MOUNT,
      name: String(r.name),
      mime: String(r.mime),
      size: Number(r.size),
      inName: Number(r.tier) < 3,
      recordName: String(r.record_name),
      recordTitle: String(r.record_title),
      titleSeen: r.title_seen === true,
    }));
    return page.count > SEARCH_COUNT_CAP ? { count: SEARCH_COUNT_CAP, capped: true, items: page.items } : page;
  }

  async contentSnippets(ids: readonly string[], terms: SearchTerms): Promise<Map<string, string>> {
    const snippets = new Map<string, string>();
    if (ids.length === 0) return snippets;
    const rows = await rowsOf(
      this.db,
      sql`select c.node_id, ${headline(sql`c.text`, prefixQuery(terms), FRAGMENT_HEADLINE_OPTIONS)} as snippet from ${vfsContents} c
        where c.node_id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
    );
    for (const row of rows) snippets.set(String(row.node_id), String(row.snippet));
    return snippets;
  }
}
