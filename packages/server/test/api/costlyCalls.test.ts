/**
 * @module-tag embedded-only
 *
 * The per-user limits on costly calls (docs/SECURITY.md, "Costly calls"):
 * global search, the filesystem's search, large folder listings,
 * lists of records and dashboards' queries that read the database (those
 * answered from the cache are free). A user
 * past their number of calls at once, or past their rate, is answered 429
 * with Retry-After and the retry time in the envelope, while another user's
 * calls go on; the rate's window passes with the clock.
 *
 * Calls are held inside the server (the search service waits for the test)
 * rather than timed, so "at once" means exactly that.
 */
import { Messages } from '@atrium/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UserRecord } from '../../src/users/UserStore.js';
import { LARGE_LISTING_ENTRIES } from '../../src/vfs/VfsService.js';
import { TestClock } from '../helpers/clock.js';
import { DatasetsApi, deskDeclaration } from '../helpers/datasets.js';
import { makeAccount, makeUser, signIn } from '../helpers/factories.js';
import { bearer, expectClientErrorEnvelope } from '../helpers/http.js';
import { installDeclaration, LEAVE_DECLARATION, RecordsApi } from '../helpers/records.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';
import { VfsClient } from '../helpers/vfs.js';

const PER_USER = 2;
const RATE = 5;
const WINDOW = 60;

/** Calls the test holds inside the server until it lets them go. */
class Held {
  private readonly waiting: Array<() => void> = [];
  /** Calls that have reached the held work. */
  entered = 0;

  /** Work that waits for `release`. */
  readonly work = async <T>(result: () => Promise<T>): Promise<T> => {
    this.entered++;
    await new Promise<void>((resolve) => this.waiting.push(resolve));
    return result();
  };

  release(): void {
    for (const go of this.waiting.splice(0)) go();
  }

  /** Waits (on the event loop, not a clock) until `count` calls have reached the held work. */
  async until(count: number): Promise<void> {
    for (let i = 0; this.entered < count; i++) {
      if (i > 10_000) throw new Error(`only ${this.entered} of ${count} calls arrived`);
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

function expectRefused(res: LightMyRequestResponse): number {
  expectClientErrorEnvelope(res, 429);
  const body = res.json<{ message: string; code: string; retryAfter: number }>();
  expect(body.message).toBe(Messages.tooManyRequests);
  expect(body.code).toBe('request.rate-limited');
  expect(Number.isInteger(body.retryAfter) && body.retryAfter >= 1).toBe(true);
  expect(res.headers['retry-after']).toBe(String(body.retryAfter));
  return body.retryAfter;
}

describe(`costly calls on ${databaseKind}`, () => {
  let t: TestApp;
  const clock = new TestClock();
  let alice: UserRecord;
  let aliceJwt: string;
  let bobJwt: string;
  const held = new Held();

  const search = (jwt: string, q = 'report') => t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/search`, query: { q }, headers: bearer(jwt) });

  beforeAll(async () => {
    t = await createTestApp({
      now: clock.now,
      env: { COSTLY_CALLS_PER_USER: String(PER_USER), COSTLY_CALLS_RATE: String(RATE), COSTLY_CALLS_WINDOW: String(WINDOW), COSTLY_CALLS_CONCURRENCY: '10' },
    });
    const account = await makeAccount(t.services.stores);
    alice = await makeUser(t.services.stores, t.hasher, { accounts: [account.id] });
    const bob = await makeUser(t.services.stores, t.hasher, { accounts: [account.id] });
    aliceJwt = (await signIn(t.app, t.config.wrapperPrefix, alice.username)).jwt;
    bobJwt = (await signIn(t.app, t.config.wrapperPrefix, bob.username)).jwt;
  });
  afterAll(() => t.close());
  afterEach(() => {
    held.release();
    vi.restoreAllMocks();
    // Each test starts with a fresh window.
    clock.advanceSeconds(WINDOW + 1);
  });

  /** Alice's searches wait inside the server until released; everyone else's run. */
  function holdAlicesSearches(): void {
    const search = t.services.search.search.bind(t.services.search);
    vi.spyOn(t.services.search, 'search').mockImplementation((caller, query) => (caller.userId === alice.id ? held.work(() => search(caller, query)) : search(caller, query)));
  }

  it(`refuses a user's search beyond ${PER_USER} at once with 429 and Retry-After, while another user's search is answered`, async () => {
    holdAlicesSearches();
    held.entered = 0;
    const running = Array.from({ length: PER_USER }, () => search(aliceJwt));
    await held.until(PER_USER);
    const refused = await search(aliceJwt);
    expectRefused(refused);
    const other = await search(bobJwt);
    expect(other.statusCode, other.body).toBe(200);

    held.release();
    for (const res of await Promise.all(running)) expect(res.statusCode, res.body).toBe(200);
    // Her calls ended: she may search again.
    vi.restoreAllMocks();
    expect((await search(aliceJwt)).statusCode).toBe(200);
  });

  it("counts the filesystem's search and large listings among the same calls", async () => {
    holdAlicesSearches();
    held.entered = 0;
    const running = Array.from({ length: PER_USER }, () => search(aliceJwt));
    await held.until(PER_USER);
    const files = new VfsClient(t, aliceJwt);
    expectRefused(await files.post('search', { root: 'home:/', pattern: '*report*' }));
    // A small folder's listing is not a costly call.
    const small = await files.get('readdir', { path: 'home:/' });
    expect(small.statusCode, small.body).toBe(200);
    held.release();
    await Promise.all(running);
  });

  it("counts a list of records, its CSV export and an import among the same calls, while reading one record is not one", async () => {
    await installDeclaration(t.services.stores, LEAVE_DECLARATION, [alice.activeAccountId!], [alice.id]);
    const records = new RecordsApi(t, aliceJwt);
    const { record } = await records.created({ subject: 'Held' });
    holdAlicesSearches();
    held.entered = 0;
    const running = Array.from({ length: PER_USER }, () => search(aliceJwt));
    await held.until(PER_USER);
    expectRefused(await records.query());
    // A list's CSV export and an import too.
    expectRefused(await records.request('GET', 'Leave/request/export.csv'));
    expectRefused(await records.request('POST', 'Leave/request/import?dryRun=1', { csv: 'Subject\r\nHeld too\r\n' }));
    expect((await records.get(record.name)).statusCode).toBe(200);
    held.release();
    await Promise.all(running);
    expect((await records.query()).statusCode).toBe(200);
  });

  it(`refuses a folder listing of more than ${LARGE_LISTING_ENTRIES} entries beyond the user's calls at once`, async () => {
    const files = new VfsClient(t, aliceJwt);
    expect((await files.post('mkdir', { path: 'home:/Many' })).statusCode).toBe(200);
    const folder = await t.services.stores.vfs.root('home', alice.id);
    const many = (await t.services.stores.vfs.children(folder.id, 10)).find((n) => n.name === 'Many')!;
    await t.services.stores.vfs.insertMany(
      Array.from({ length: LARGE_LISTING_ENTRIES + 1 }, (_, i) => ({
        id: crypto.randomUUID(),
        mount: many.mount,
        scope: many.scope,
        parentId: many.id,
        name: `file-${i}.txt`,
        isDirectory: false,
        mime: 'text/plain',
        size: 0,
        blobKey: null,
        sha256: null,
        ownerId: alice.id,
        accountId: many.accountId,
        createdAt: new Date(),
        modifiedAt: new Date(),
      })),
    );
    const listed = await files.get('readdir', { path: 'home:/Many' });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json<{ data: unknown[] }>().data).toHaveLength(LARGE_LISTING_ENTRIES + 1);

    holdAlicesSearches();
    held.entered = 0;
    const running = Array.from({ length: PER_USER }, () => search(aliceJwt));
    await held.until(PER_USER);
    expectRefused(await files.get('readdir', { path: 'home:/Many' }));
    held.release();
    await Promise.all(running);
  });

  it(`refuses a user's calls past ${RATE} within ${WINDOW} s until the window has passed, with the seconds left`, async () => {
    for (let i = 0; i < RATE; i++) expect((await search(aliceJwt)).statusCode).toBe(200);
    clock.advanceSeconds(20);
    const refused = await search(aliceJwt);
    expect(expectRefused(refused)).toBe(WINDOW - 20);
    // Another user has their own window.
    expect((await search(bobJwt)).statusCode).toBe(200);
    clock.advanceSeconds(WINDOW - 20 - 1);
    expectRefused(await search(aliceJwt));
    clock.advanceSeconds(1);
    expect((await search(aliceJwt)).statusCode).toBe(200);
  });

  it(`answers a dashboard's identical queries from the cache however often it is opened, while queries that read the database count ${RATE} a window`, async () => {
    await installDeclaration(t.services.stores, deskDeclaration(), [alice.activeAccountId!], [alice.id]);
    const figures = new DatasetsApi(t, aliceJwt);
    const widget = { app: 'Desk', dataset: 'tickets', measures: ['count'], dimensions: ['service'] };
    // The same dashboard opened again and again: its figures are read once, then remembered.
    for (let i = 0; i < 4 * RATE; i++) {
      const res = await figures.ask(widget);
      expect(res.statusCode, res.body).toBe(200);
    }
    // Every other query reads the database: the first one and these make the rate.
    for (let limit = 1; limit < RATE; limit++) expect((await figures.ask({ ...widget, limit })).statusCode).toBe(200);
    expectRefused(await figures.ask({ ...widget, limit: RATE }));
    // Past the rate, the remembered figures are still answered, and a query naming no dataset is refused for what it is.
    expect((await figures.ask(widget)).statusCode).toBe(200);
    expect((await figures.ask({ ...widget, dataset: 'nothing' })).statusCode).toBe(400);
    clock.advanceSeconds(WINDOW);
    expect((await figures.ask({ ...widget, limit: RATE })).statusCode).toBe(200);
  });

  it('answers an ordinary call of a user at their limit', async () => {
    for (let i = 0; i < RATE; i++) await search(aliceJwt);
    expectRefused(await search(aliceJwt));
    const me = await t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/user/me`, headers: bearer(aliceJwt) });
    expect(me.statusCode).toBe(200);
  });
});
