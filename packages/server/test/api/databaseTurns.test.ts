/**
 * @module-tag embedded-only
 *
 * One slow kind of call cannot hold the embedded database for everyone
 * (docs/PERFORMANCE.md, "The embedded database"): while searches of many
 * users keep its one connection busy, a profile call's statements take
 * their turns ahead of the searches' waiting ones. Counted in turns of the
 * connection, not in time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workClass, type WorkClass } from '../../src/db/DatabaseTurns.js';
import { makeAccount, makeUser, signIn } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';

let t: TestApp;
const jwts: string[] = [];
/** A user who does not search: their profile's lists are not read before the profile call. */
let reader = '';
/** The class of each unit of work, in the order it got the connection. */
const started: WorkClass[] = [];

const get = (jwt: string, url: string) => t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/${url}`, headers: { authorization: `Bearer ${jwt}` } });

/** Lets the event loop go round until `ready` holds (no clock involved). */
async function until(ready: () => boolean): Promise<void> {
  for (let i = 0; i < 10_000 && !ready(); i++) await new Promise((resolve) => setImmediate(resolve));
  expect(ready()).toBe(true);
}

beforeAll(async () => {
  t = await createTestApp({ env: { COSTLY_CALLS_CONCURRENCY: '8' } });
  const org = await makeAccount(t.services.stores);
  for (let i = 0; i < 4; i++) {
    const user = await makeUser(t.services.stores, t.hasher, { accounts: [org.id] });
    jwts.push((await signIn(t.app, t.config.wrapperPrefix, user.username)).jwt);
  }
  const other = await makeUser(t.services.stores, t.hasher, { accounts: [org.id] });
  reader = (await signIn(t.app, t.config.wrapperPrefix, other.username)).jwt;
  const turns = t.database.turns;
  if (turns) {
    const run = turns.run.bind(turns);
    turns.run = ((work: () => Promise<unknown>, kind: WorkClass = workClass()) =>
      run(() => {
        started.push(kind);
        return work();
      }, kind)) as typeof turns.run;
  }
});
afterAll(() => t.close());

describe.skipIf(databaseKind !== 'pglite')('turns on the embedded database', () => {
  it('answers a profile call before the search statements waiting for the connection', async () => {
    const turns = t.database.turns!;
    // A first call of each session fills what is remembered of it (the session, the caller; a search also the
    // searcher's profile lists), so that later ones start with their own work; the reader's profile lists are not read
    // yet (ProfileLists), so the profile call queries.
    for (const jwt of jwts) expect((await get(jwt, 'search?q=report')).statusCode).toBe(200);
    expect((await get(reader, 'user/me')).statusCode).toBe(200);
    // A long search statement holds the connection meanwhile.
    let release!: () => void;
    const holding = turns.run(() => new Promise<void>((resolve) => (release = resolve)), 'costly');
    // Each user's four searches at once: the eight that run each queue a statement behind it.
    const searches = jwts.flatMap((jwt) => Array.from({ length: 4 }, () => get(jwt, 'search?q=report')));
    await until(() => turns.stats().costly >= 8);
    const profile = get(reader, 'user/me/a+p+acc+ap+t');
    await until(() => turns.stats().ordinary >= 1);
    const before = started.length;
    release();
    await holding;
    const answer = await profile;
    expect(answer.statusCode, answer.body).toBe(200);
    const during = started.slice(before);
    // Had they taken turns in arrival order, the eight waiting search statements would have run first.
    expect(during.filter((kind) => kind === 'costly').length).toBeLessThanOrEqual(1);
    expect(during.filter((kind) => kind === 'ordinary').length).toBeGreaterThanOrEqual(3);
    const answered = await Promise.all(searches);
    expect(answered.map((r) => r.statusCode)).toEqual(searches.map(() => 200));
  });
});
