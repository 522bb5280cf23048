/**
 * @module-tag postgres
 *
 * How many SQL statements each call that reads or writes the database runs
 * (docs/PERFORMANCE.md, "Statements per call"): the caller's organisation
 * is remembered per session, a path is resolved once per call in one
 * query, and a write is recorded in one statement. Counted at the database
 * driver (transaction begin and commit included), so a change that brings
 * back a query per path segment, per call or a second resolution fails here.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAccount, makeUser, signIn } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';
import { VfsClient } from '../helpers/vfs.js';

let t: TestApp;
let alice: VfsClient;
let aliceId: string;
let orgId: string;
let statements: string[] = [];
let jwt: string;

/** Counts every statement the application sends from now on, begin and commit included. */
function countStatements(app: TestApp): void {
  const session = (app.database.db as unknown as { session: { logger: unknown; options: { logger?: unknown }; transaction: (...args: unknown[]) => Promise<unknown> } }).session;
  const logger = { logQuery: (query: string) => statements.push(query) };
  session.logger = logger;
  session.options.logger = logger;
  if (app.database.kind === 'pglite') {
    // PGlite runs begin and commit itself, past the logger.
    const transaction = session.transaction.bind(session);
    session.transaction = async (...args: unknown[]) => {
      statements.push('begin');
      try {
        return await transaction(...args);
      } finally {
        statements.push('commit');
      }
    };
  }
}

/** The statements one call runs, after a warm-up call of the same kind. */
async function measure(call: () => Promise<{ statusCode: number; body: string }>): Promise<string[]> {
  statements = [];
  const res = await call();
  expect(res.statusCode, res.body).toBe(200);
  return statements;
}

/** Statements of the full profile, the notification centre's call and a global search (docs/PERFORMANCE.md, "Statements per call"). */
const PROFILE_STATEMENTS = 3;
const NOTIFICATION_STATEMENTS = 2;
// A search also reads the declared applications the caller's organisation runs (their records, the comments on them and the files attached to them).
const SEARCH_STATEMENTS = 10;
const PROFILE = 'user/me/a+p+acc+ap+t';
const NOTIFICATIONS = 'user/getusernotifications?type=assignments&take=5&skip=0';
const SEARCH = 'search?q=plan';

/** A call of the versioned API as Alice. */
const api = (url: string) => t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/${url}`, headers: { authorization: `Bearer ${jwt}` } });

beforeAll(async () => {
  t = await createTestApp();
  const org = await makeAccount(t.services.stores, `Statements ${crypto.randomBytes(2).toString('hex')}`);
  const user = await makeUser(t.services.stores, t.hasher, { accounts: [org.id] });
  aliceId = user.id;
  orgId = org.id;
  jwt = (await signIn(t.app, t.config.wrapperPrefix, user.username)).jwt;
  alice = new VfsClient(t, jwt);
  expect((await alice.post('mkdir', { path: 'home:/Projects' })).statusCode).toBe(200);
  expect((await alice.post('mkdir', { path: 'home:/Projects/2026' })).statusCode).toBe(200);
  expect((await alice.write('home:/Projects/2026/plan.txt', 'x'.repeat(4096))).statusCode).toBe(200);
  // A new folder: on the embedded database every remembered walk is forgotten, plan.txt's too, so the first read walks.
  expect((await alice.post('mkdir', { path: 'home:/Projects/Archive' })).statusCode).toBe(200);
  // The first call of a session fills what is remembered for it.
  expect((await alice.get('stat', { path: 'home:/Projects' })).statusCode).toBe(200);
  for (const url of [PROFILE, NOTIFICATIONS, SEARCH]) expect((await api(url)).statusCode).toBe(200);
  countStatements(t);
});
afterAll(() => t.close());

describe(`statements per filesystem call (${databaseKind})`, () => {
  const counts: Record<string, number> = {};
  afterAll(() => console.log(`statements per call (${databaseKind}): ${JSON.stringify(counts)}`));

  it('reads a file three folders deep with one query', async () => {
    const run = await measure(() => alice.read('home:/Projects/2026/plan.txt'));
    counts.readfile = run.length;
    expect(run).toHaveLength(1);
    // Again: on the embedded database the walked path is remembered until an entry changes (RememberedPaths).
    counts.readfileAgain = (await measure(() => alice.read('home:/Projects/2026/plan.txt'))).length;
    expect(counts.readfileAgain).toBe(databaseKind === 'pglite' ? 0 : 1);
  });

  it('stats and checks existence with one query each, whatever the depth', async () => {
    counts.stat = (await measure(() => alice.get('stat', { path: 'home:/Projects/2026' }))).length;
    counts.exists = (await measure(() => alice.get('exists', { path: 'home:/Projects/2026/missing.txt' }))).length;
    expect(counts.stat).toBe(1);
    expect(counts.exists).toBe(1);
  });

  it('lists a folder with two queries (resolve, then its entries)', async () => {
    counts.readdir = (await measure(() => alice.get('readdir', { path: 'home:/Projects/2026' }))).length;
    expect(counts.readdir).toBeLessThanOrEqual(2);
  });

  it('touches a new and an existing file with one statement in a folder walked before (two where nothing is remembered)', async () => {
    counts.touchNew = (await measure(() => alice.post('touch', { path: 'home:/Projects/2026/new.txt' }))).length;
    counts.touchExisting = (await measure(() => alice.post('touch', { path: 'home:/Projects/2026/new.txt' }))).length;
    // Only the folder is walked: whether the name is new or taken, the one statement that records it finds out.
    const expected = databaseKind === 'pglite' ? 1 : 2;
    expect(counts.touchNew).toBe(expected);
    expect(counts.touchExisting).toBe(expected);
  });

  it('writes a new file and replaces one with three statements: the path resolved once, the used space read, one statement recording it', async () => {
    const fresh = await measure(() => alice.write('home:/Projects/2026/fresh.txt', 'y'.repeat(4096)));
    const replace = await measure(() => alice.write('home:/Projects/2026/plan.txt', 'z'.repeat(4096)));
    const again = await measure(() => alice.write('home:/Projects/2026/fresh.txt', 'w'.repeat(4096)));
    counts.writefileNew = fresh.length;
    counts.writefileReplace = replace.length;
    counts.writefileAgain = again.length;
    const walks = (run: string[]) => run.filter((s) => /with recursive walk/i.test(s)).length;
    const usageReads = (run: string[]) => run.filter((s) => /^select .* from "vfs_usage"/is.test(s)).length;
    for (const run of [fresh, replace, again]) {
      expect(run.filter((s) => /^begin/i.test(s))).toHaveLength(0);
      expect(walks(run)).toBeLessThanOrEqual(1);
      expect(usageReads(run)).toBeLessThanOrEqual(1);
      expect(run).toHaveLength(1 + walks(run) + usageReads(run));
    }
    expect([walks(fresh), usageReads(fresh)]).toEqual([1, 1]);
    // On the embedded database a new file and a file's new content keep what is remembered (RememberedPaths): the
    // walks of plan.txt (read before) and fresh.txt (written just before), and the owner's used space, which each
    // recorded write adds to. Each write after the first is one statement.
    const remembered = databaseKind === 'pglite' ? [0, 0] : [1, 1];
    expect([walks(replace), usageReads(replace)]).toEqual(remembered);
    expect([walks(again), usageReads(again)]).toEqual(remembered);
    expect((await alice.read('home:/Projects/2026/plan.txt')).body).toBe('z'.repeat(4096));
    expect((await alice.read('home:/Projects/2026/fresh.txt')).body).toBe('w'.repeat(4096));
  });

  it('keeps the remembered used space equal to the recorded one across writes, replacements and deletions', async () => {
    const recorded = async () => t.services.stores.vfs.usage(aliceId);
    const inDatabase = async () => Number(((await t.database.db.execute(sql`select bytes from vfs_usage where user_id = ${aliceId}::uuid`)) as unknown as { rows: Array<{ bytes: string | number }> }).rows[0]?.bytes ?? 0);
    await alice.write('home:/Projects/2026/sizes.txt', 'a'.repeat(1000));
    expect(await recorded()).toBe(await inDatabase());
    await alice.write('home:/Projects/2026/sizes.txt', 'b'.repeat(10));
    expect(await recorded()).toBe(await inDatabase());
    await alice.post('unlink', { path: 'home:/Projects/2026/sizes.txt' });
    expect(await recorded()).toBe(await inDatabase());
    await alice.write('home:/Projects/2026/sizes.txt', 'c'.repeat(300));
    expect(await recorded()).toBe(await inDatabase());
  });

  it('answers the full profile, the notification centre and a global search with a bounded number of statements', async () => {
    counts.profile = (await measure(() => api(PROFILE))).length;
    counts.notifications = (await measure(() => api(NOTIFICATIONS))).length;
    const search = await measure(() => api(SEARCH));
    // On PostgreSQL a costly call is also counted against the user's rate that every server shares (CostlyCalls).
    const rateCounts = search.filter((statement) => /rate_limit_hits/.test(statement));
    expect(rateCounts).toHaveLength(databaseKind === 'postgres' ? 1 : 0);
    counts.search = search.length - rateCounts.length;
    expect(counts.profile).toBeLessThanOrEqual(PROFILE_STATEMENTS);
    expect(counts.notifications).toBeLessThanOrEqual(NOTIFICATION_STATEMENTS);
    expect(counts.search).toBeLessThanOrEqual(SEARCH_STATEMENTS);
    // Asked again at once, the profile's lists and the centre's answer are remembered (ProfileLists, NotificationAnswers).
    expect(await measure(() => api(PROFILE))).toEqual([]);
    expect(await measure(() => api(NOTIFICATIONS))).toEqual([]);
  });
});

describe(`the remembered organisation of a session (${databaseKind})`, () => {
  const sharedLabel = async () => (await alice.mountpoints()).json<{ data: Array<{ name: string; label: string }> }>().data.find((m) => m.name === 'shared')?.label;

  it('follows a switch of organisation and a membership removed at the next call', async () => {
    const other = await makeAccount(t.services.stores, `Other ${crypto.randomBytes(2).toString('hex')}`);
    await t.services.stores.accounts.addMember(other.id, aliceId);
    expect((await alice.write('shared:/mine.txt', 'first organisation')).statusCode).toBe(200);

    await t.services.stores.users.update(aliceId, { activeAccountId: other.id });
    expect(await sharedLabel()).toBe(`Shared – ${other.name}`);
    expect((await alice.get('exists', { path: 'shared:/mine.txt' })).json<{ data: boolean }>().data).toBe(false);

    await t.services.stores.users.update(aliceId, { activeAccountId: orgId });
    expect((await alice.get('exists', { path: 'shared:/mine.txt' })).json<{ data: boolean }>().data).toBe(true);

    await t.services.stores.accounts.removeMember(orgId, aliceId);
    expect(await sharedLabel()).toBeUndefined();
    const refused = await alice.get('exists', { path: 'shared:/mine.txt' });
    expect(refused.statusCode).toBe(404);
  });
});
