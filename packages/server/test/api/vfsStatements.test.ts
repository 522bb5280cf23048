/**
 * @module-tag postgres
 *
 * How many SQL statements each filesystem call runs (docs/PERFORMANCE.md,
 * "Files"): the caller's organisation is remembered per session, a path is
 * resolved in one query, and a write is one short transaction. Counted at
 * the database driver (transaction begin and commit included), so a change
 * that brings back a query per path segment or per call fails here.
 */
import crypto from 'node:crypto';
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

beforeAll(async () => {
  t = await createTestApp();
  const org = await makeAccount(t.services.stores, `Statements ${crypto.randomBytes(2).toString('hex')}`);
  const user = await makeUser(t.services.stores, t.hasher, { accounts: [org.id] });
  aliceId = user.id;
  orgId = org.id;
  alice = new VfsClient(t, (await signIn(t.app, t.config.wrapperPrefix, user.username)).jwt);
  expect((await alice.post('mkdir', { path: 'home:/Projects' })).statusCode).toBe(200);
  expect((await alice.post('mkdir', { path: 'home:/Projects/2026' })).statusCode).toBe(200);
  expect((await alice.write('home:/Projects/2026/plan.txt', 'x'.repeat(4096))).statusCode).toBe(200);
  // The first call of a session fills what is remembered for it.
  expect((await alice.get('stat', { path: 'home:/Projects' })).statusCode).toBe(200);
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
  });

  it('stats and checks existence with one query each, whatever the depth', async () => {
    counts.stat = (await measure(() => alice.get('stat', { path: 'home:/Projects/2026/plan.txt' }))).length;
    counts.exists = (await measure(() => alice.get('exists', { path: 'home:/Projects/2026/missing.txt' }))).length;
    expect(counts.stat).toBe(1);
    expect(counts.exists).toBe(1);
  });

  it('lists a folder with two queries (resolve, then its entries)', async () => {
    counts.readdir = (await measure(() => alice.get('readdir', { path: 'home:/Projects/2026' }))).length;
    expect(counts.readdir).toBeLessThanOrEqual(2);
  });

  it('touches a new and an existing file with two statements', async () => {
    counts.touchNew = (await measure(() => alice.post('touch', { path: 'home:/Projects/2026/new.txt' }))).length;
    counts.touchExisting = (await measure(() => alice.post('touch', { path: 'home:/Projects/2026/new.txt' }))).length;
    expect(counts.touchNew).toBeLessThanOrEqual(2);
    expect(counts.touchExisting).toBeLessThanOrEqual(2);
  });

  it('writes a new file and replaces one in one short transaction', async () => {
    const fresh = await measure(() => alice.write('home:/Projects/2026/fresh.txt', 'y'.repeat(4096)));
    const replace = await measure(() => alice.write('home:/Projects/2026/plan.txt', 'z'.repeat(4096)));
    counts.writefileNew = fresh.length;
    counts.writefileReplace = replace.length;
    for (const run of [fresh, replace]) {
      expect(run.filter((s) => /^begin/i.test(s))).toHaveLength(1);
      expect(run.length).toBeLessThanOrEqual(7);
    }
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
