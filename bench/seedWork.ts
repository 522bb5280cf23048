/**
 * Fills a stopped Atrium server (demo data written) with work for
 * bench/work.bench.ts: colleagues in Northwind Trading, 100,000 tasks over
 * them, the demo applications and every colour (the demo user with
 * thousands, assigned and followed, some snoozed), comments on them, and
 * 100,000 files with text for a share of them, in the demo user's home,
 * the organisations' shared folders and other users' homes. Rows are
 * written a thousand per statement as JSON records; a text file's words
 * are indexed as a write would index them. Statistics renewed at the end,
 * as the stores do after many inserts.
 *
 *   DATA_DIR=... node --import tsx bench/seedWork.ts
 *
 * BENCH_WORK_TASKS (default 100000), BENCH_WORK_FILES (default 100000),
 * BENCH_DATABASE_URL. Prints one JSON line: the counts and the seconds it took.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import { acquireDataLock, createStores, openDatabase, type Db } from '@atrium/server';

const TASKS = Number(process.env.BENCH_WORK_TASKS ?? 100_000);
const FILES = Number(process.env.BENCH_WORK_FILES ?? 100_000);
/** Colleagues added to Northwind Trading. */
const COLLEAGUES = 300;
/** Tasks assigned to the demo user, and tasks of others the demo user follows. */
const DEMO_ASSIGNED = 5000;
const DEMO_FOLLOWED = 2000;
/** One task in this many gets a comment. */
const COMMENT_EVERY = 3;
/** One file in this many is a text file with words. */
const TEXT_EVERY = 4;
/** The word found in a few places only: the rare search of bench/work.bench.ts. */
const RARE_WORD = 'zanzibar';

const WORDS = ['supplier', 'audit', 'budget', 'contract', 'warehouse', 'invoice', 'forecast', 'training', 'policy', 'customer', 'shipment', 'inventory', 'review', 'quality', 'safety'];
const PLACES = ['Oslo', 'Lyon', 'Ljubljana', 'Hanoi', 'Shanghai', 'Munich', 'Bergen', 'Porto'];
const FIRST = ['Anna', 'Ben', 'Chloe', 'David', 'Elif', 'Femi', 'Greta', 'Hugo', 'Ines', 'Jonas', 'Kaja', 'Luca', 'Mira', 'Nils', 'Oskar', 'Petra'];
const LAST = ['Berg', 'Costa', 'Dahl', 'Eriksen', 'Fischer', 'Garcia', 'Horvat', 'Ivanova', 'Jensen', 'Kovac', 'Larsen', 'Moreau', 'Nguyen', 'Olsen', 'Novak'];
const DESIGNATIONS = ['Supplier Manager', 'Quality Engineer', 'Buyer', 'Warehouse Supervisor', 'Accountant', 'Sales Representative', 'Safety Officer', 'Analyst'];

const pick = <T>(list: readonly T[], i: number): T => list[i % list.length]!;
/** A sentence of the vocabulary, different for each i. */
const sentence = (i: number) =>
  `The ${pick(WORDS, i)} ${pick(WORDS, i * 7 + 3)} for ${pick(PLACES, i * 3)} needs a ${pick(WORDS, i * 5 + 1)} check before the ${pick(WORDS, i * 11 + 2)} meeting.`;

/**
 * INSERTs of JSON records, a thousand a statement: `columns` name the
 * records' fields with their SQL types; `into` the table's columns and
 * what is selected for them, when they are not the fields themselves.
 */
async function insertRecords(
  db: Db,
  table: string,
  columns: Record<string, string>,
  rows: Array<Record<string, unknown>>,
  into?: { columns: string[]; select: string },
): Promise<void> {
  const names = Object.keys(columns);
  const spec = names.map((name) => `${name} ${columns[name]}`).join(', ');
  for (let i = 0; i < rows.length; i += 1000) {
    // Generated text only (no user input): quotes doubled inside the literal.
    const json = JSON.stringify(rows.slice(i, i + 1000)).replace(/'/g, "''");
    await db.execute(`insert into ${table} (${(into?.columns ?? names).join(', ')}) select ${into?.select ?? names.join(', ')} from json_to_recordset('${json}'::json) as r(${spec})`);
  }
}

const started = performance.now();
const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('usage: DATA_DIR=... node --import tsx bench/seedWork.ts');
const lock = await acquireDataLock(dataDir);
const database = await openDatabase(process.env.BENCH_DATABASE_URL ? { url: process.env.BENCH_DATABASE_URL } : { dir: path.join(dataDir, 'pgdata') });
try {
  const db = database.db;
  const stores = createStores(db, dataDir);
  const accounts = await stores.accounts.list();
  const northwind = accounts.find((a) => a.name === 'Northwind Trading')!;
  const contoso = accounts.find((a) => a.name === 'Contoso Health')!;
  const byName = async (username: string) => {
    const user = await stores.users.findByUsername(username);
    if (!user) throw new Error(`no demo user ${username}: the demo data must be written first`);
    return user;
  };
  const demo = await byName('demo');
  const olivia = await byName('olivia');
  const liam = await byName('liam');
  const sofia = await byName('sofia');
  const apps = (await stores.apps.list()).filter((a) => a.type === 'application');
  const now = Date.now();
  const day = 86_400_000;

  // Colleagues: users of Northwind Trading, found by their names and designations.
  const colleagues: string[] = [];
  const userRows: Array<Record<string, unknown>> = [];
  for (let i = 0; i < COLLEAGUES; i++) {
    const id = crypto.randomUUID();
    colleagues.push(id);
    userRows.push({ id, username: `colleague${i}`, firstname: pick(FIRST, i), lastname: pick(LAST, i * 7), designation: pick(DESIGNATIONS, i), email: `colleague${i}@northwind.example`, active_account_id: northwind.id });
  }
  await insertRecords(db, 'users', { id: 'uuid', username: 'text', firstname: 'text', lastname: 'text', designation: 'text', email: 'text', active_account_id: 'uuid' }, userRows);
  await insertRecords(db, 'memberships', { user_id: 'uuid', account_id: 'uuid' }, colleagues.map((id) => ({ user_id: id, account_id: northwind.id })));
  const northwindPeople = [olivia.id, liam.id, demo.id, ...colleagues];

  // Tasks: the demo user's first, then everybody else's; every colour (RED overdue, YELLOW within 48 h, GREEN later, BLUE undated).
  const taskRows: Array<Record<string, unknown>> = [];
  const followerRows: Array<Record<string, unknown>> = [];
  const commentRows: Array<Record<string, unknown>> = [];
  for (let i = 0; i < TASKS; i++) {
    const id = crypto.randomUUID();
    const demoTask = i < DEMO_ASSIGNED;
    const inContoso = !demoTask && i % 10 === 0;
    const assignee = demoTask ? demo.id : inContoso ? sofia.id : pick(northwindPeople.filter((p) => p !== demo.id), i);
    const creator = inContoso ? sofia.id : pick(northwindPeople, i * 13 + 5);
    const app = pick(apps, i * 3 + 1);
    const colour = i % 4;
    const end = colour === 3 ? null : new Date(now + (colour === 0 ? -((i % 30) + 1) * day : colour === 1 ? ((i % 40) + 1) * 3600_000 : ((i % 60) + 3) * day));
    const snoozed = colour === 2 && i % 10 === 2 ? new Date(now + 2 * day).toISOString() : null;
    const created = new Date(now - ((i % 90) + 1) * day).toISOString();
    taskRows.push({
      id,
      account_id: inContoso ? contoso.id : northwind.id,
      app_uuid: app.id,
      app_name: app.name,
      name: `${pick(['Check', 'Prepare', 'Review', 'Approve', 'Update'], i)} the ${pick(WORDS, i * 7)} ${pick(WORDS, i * 3 + 4)} for ${pick(PLACES, i)} #${i}`,
      assignee_id: assignee,
      creator_id: creator,
      end_date: end?.toISOString() ?? null,
      status: i % 25 === 24 ? 'done' : 'open',
      snoozed_till: snoozed,
      created_at: created,
      updated_at: created,
    });
    followerRows.push({ task_id: id, user_id: creator });
    if (!demoTask && !inContoso && i % Math.ceil(TASKS / DEMO_FOLLOWED) === 1 && creator !== demo.id && assignee !== demo.id) followerRows.push({ task_id: id, user_id: demo.id });
    if (i % COMMENT_EVERY === 0) {
      const rare = i % 20_000 === 0 ? ` The ${RARE_WORD} shipment is late.` : '';
      commentRows.push({ id: crypto.randomUUID(), task_id: id, author_id: creator, text: `${sentence(i)}${rare}`, created_at: created });
    }
  }
  await insertRecords(
    db,
    'tasks',
    {
      id: 'uuid',
      account_id: 'uuid',
      app_uuid: 'uuid',
      app_name: 'text',
      name: 'text',
      assignee_id: 'uuid',
      creator_id: 'uuid',
      end_date: 'timestamptz',
      status: 'text',
      snoozed_till: 'timestamptz',
      created_at: 'timestamptz',
      updated_at: 'timestamptz',
    },
    taskRows,
  );
  await insertRecords(db, 'task_followers', { task_id: 'uuid', user_id: 'uuid' }, followerRows);
  await insertRecords(db, 'task_comments', { id: 'uuid', task_id: 'uuid', author_id: 'uuid', text: 'text', created_at: 'timestamptz' }, commentRows);

  // Files: 40% in the demo user's home, 30% in Northwind's shared folder (both searched by the demo user), 30% where the
  // demo user may not look (Olivia's and Liam's homes, Contoso's shared folder), in folders of 500.
  const places = [
    { mount: 'home', scope: demo.id, owner: demo.id, account: northwind.id, share: 0.4 },
    { mount: 'shared', scope: northwind.id, owner: null, account: northwind.id, share: 0.3 },
    { mount: 'home', scope: olivia.id, owner: olivia.id, account: northwind.id, share: 0.1 },
    { mount: 'home', scope: liam.id, owner: liam.id, account: northwind.id, share: 0.1 },
    { mount: 'shared', scope: contoso.id, owner: null, account: contoso.id, share: 0.1 },
  ];
  // The texts: a few dozen distinct ones, each stored once in the blob store and shared by the files that hold it.
  const texts = await Promise.all(
    Array.from({ length: 41 }, async (_, k) => {
      const text = `${sentence(k)}\n${sentence(k + 17)}\n${k === 40 ? `Meet at the ${RARE_WORD} office.\n` : ''}${sentence(k + 29)}\n`;
      return { text, blob: await stores.vfsBlobs.write(Readable.from([Buffer.from(text)])) };
    }),
  );
  const EMPTY_SHA256 = crypto.createHash('sha256').digest('hex');
  const nodeRows: Array<Record<string, unknown>> = [];
  const contentRows: Array<Record<string, unknown>> = [];
  const at = new Date(now).toISOString();
  let n = 0;
  for (const place of places) {
    const root = await stores.vfs.root(place.mount, place.scope);
    const count = Math.round(FILES * place.share);
    let folder = '';
    for (let i = 0; i < count; i++, n++) {
      if (i % 500 === 0) {
        folder = crypto.randomUUID();
        nodeRows.push({ id: folder, mount: place.mount, scope: place.scope, parent_id: root.id, name: `work-${String(i / 500).padStart(3, '0')}`, is_directory: true, mime: 'inode/directory', size: 0, blob_key: null, sha256: null, owner_id: place.owner, account_id: place.account, created_at: at, modified_at: at });
      }
      const id = crypto.randomUUID();
      // The rare word: in the text of two files, in the names of four others.
      const text = n % 50_000 === 4 ? texts[40]! : n % TEXT_EVERY === 0 ? texts[n % 40]! : null;
      const rare = n % 25_000 === 7;
      const name = `${pick(WORDS, n)}-${pick(PLACES, n * 3)}-${rare ? `${RARE_WORD}-` : ''}${n}.${text ? 'txt' : 'pdf'}`;
      nodeRows.push({
        id,
        mount: place.mount,
        scope: place.scope,
        parent_id: folder,
        name,
        is_directory: false,
        mime: text ? 'text/plain' : 'application/pdf',
        size: text ? text.blob.size : 0,
        blob_key: text ? text.blob.key : null,
        sha256: text ? text.blob.sha256 : EMPTY_SHA256,
        owner_id: place.owner,
        account_id: place.account,
        created_at: at,
        modified_at: at,
      });
      if (text) contentRows.push({ node_id: id, words: [...new Set(text.text.toLowerCase().match(/[\p{L}\p{N}\p{M}]+/gu))].join(' '), text: text.text, mount: place.mount, scope: place.scope });
    }
  }
  await insertRecords(
    db,
    'vfs_nodes',
    {
      id: 'uuid',
      mount: 'text',
      scope: 'text',
      parent_id: 'uuid',
      name: 'text',
      is_directory: 'boolean',
      mime: 'text',
      size: 'bigint',
      blob_key: 'uuid',
      sha256: 'text',
      owner_id: 'uuid',
      account_id: 'uuid',
      created_at: 'timestamptz',
      modified_at: 'timestamptz',
    },
    nodeRows,
  );
  // The document as the server writes it: the distinct words and the word of the file's mount instance (server vfs/contentText.ts).
  await insertRecords(db, 'vfs_contents', { node_id: 'uuid', words: 'text', text: 'text', mount: 'text', scope: 'text' }, contentRows, {
    columns: ['node_id', 'document', 'text'],
    select: `node_id, strip(to_tsvector('simple'::regconfig, words)) || ('''#' || mount || ':' || scope || '''')::tsvector, text`,
  });
  await db.execute('analyze');
  console.log(
    JSON.stringify({
      users: COLLEAGUES,
      tasks: taskRows.length,
      demoAssigned: DEMO_ASSIGNED,
      followers: followerRows.length,
      comments: commentRows.length,
      files: nodeRows.filter((r) => !r.is_directory).length,
      textFiles: contentRows.length,
      seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
    }),
  );
} finally {
  await database.close();
  lock.release();
}
