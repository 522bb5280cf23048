/**
 * @module-tag postgres
 *
 * Absences and delegation (docs/behaviour/workflows.md#delegation): each
 * user plans their own absences in their active organisation, refused
 * clearly when the dates or the delegate are wrong; while absent, a user's
 * work goes to their delegate, through absent delegates to a present one.
 */
import crypto from 'node:crypto';
import { AbsenceMessages, type AbsenceDto } from '@atrium/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRecord } from '../../src/users/UserStore.js';
import { TestClock } from '../helpers/clock.js';
import { makeAccount, makeUser, signIn } from '../helpers/factories.js';
import { bearer } from '../helpers/http.js';
import { expectRefusal } from '../helpers/tasks.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';

const DAY_MS = 86_400_000;

describe(`absences on ${databaseKind}`, () => {
  const clock = new TestClock();
  let t: TestApp;
  let accountId: string;
  let ada: UserRecord;
  let bob: UserRecord;
  let carol: UserRecord;
  let dave: UserRecord;
  let erin: UserRecord;
  let outsider: UserRecord;
  const jwts = new Map<string, string>();

  /** A day `offset` days from the clock's today, YYYY-MM-DD. */
  const day = (offset: number) => new Date(clock.now().getTime() + offset * DAY_MS).toISOString().slice(0, 10);
  const call = (user: UserRecord, method: 'GET' | 'POST' | 'DELETE', path = '', payload?: object): Promise<LightMyRequestResponse> =>
    t.app.inject({ method, url: `${t.config.apiPrefix}/users/me/absences${path}`, headers: bearer(jwts.get(user.id)!), ...(payload ? { payload } : {}) });
  const add = async (user: UserRecord, startsOn: string, endsOn: string, delegate: UserRecord): Promise<AbsenceDto> => {
    const res = await call(user, 'POST', '', { startsOn, endsOn, delegate: delegate.id });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ data: AbsenceDto }>().data;
  };
  const list = async (user: UserRecord): Promise<AbsenceDto[]> => {
    const res = await call(user, 'GET');
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: AbsenceDto[] }>().data;
  };

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    const { stores } = t.services;
    const team = await makeAccount(stores);
    const other = await makeAccount(stores);
    accountId = team.id;
    const made = await Promise.all(['Ada', 'Bob', 'Carol', 'Dave', 'Erin'].map((firstname) => makeUser(stores, t.hasher, { firstname, lastname: 'Team', accounts: [team.id] })));
    [ada, bob, carol, dave, erin] = made as [UserRecord, UserRecord, UserRecord, UserRecord, UserRecord];
    outsider = await makeUser(stores, t.hasher, { firstname: 'Olga', accounts: [other.id] });
    for (const user of [ada, bob, carol, dave, erin, outsider]) jwts.set(user.id, (await signIn(t.app, t.config.wrapperPrefix, user.username)).jwt);
  });
  afterAll(() => t.close());

  it('adds, lists with the delegate by name, and removes the caller’s own absences', async () => {
    const absence = await add(ada, day(10), day(12), bob);
    expect(absence).toMatchObject({ startsOn: day(10), endsOn: day(12), delegate: { id: bob.id, name: 'Bob Team' } });
    const single = await add(ada, day(20), day(20), carol);
    expect((await list(ada)).map((a) => a.id)).toEqual([absence.id, single.id]);
    // Nobody else sees them, nor removes them.
    expect(await list(bob)).toEqual([]);
    expectRefusal(await call(bob, 'DELETE', `/${absence.id}`), 404, 'absences.notFound', AbsenceMessages.notFound);
    expect((await call(ada, 'DELETE', `/${absence.id}`)).statusCode).toBe(200);
    expectRefusal(await call(ada, 'DELETE', `/${absence.id}`), 404, 'absences.notFound');
    expect((await list(ada)).map((a) => a.id)).toEqual([single.id]);
    expect((await call(ada, 'DELETE', `/${single.id}`)).statusCode).toBe(200);
  });

  it('refuses dates that do not exist, an end before the start, more than a year and an overlap', async () => {
    const refused = (startsOn: string, endsOn: string, delegate = bob) => call(carol, 'POST', '', { startsOn, endsOn, delegate: delegate.id });
    expectRefusal(await refused('2030-02-30', '2030-03-02'), 400, 'absences.invalidDate', AbsenceMessages.invalidDate);
    expectRefusal(await refused('2030-01-01', '2030-13-01'), 400, 'absences.invalidDate');
    expectRefusal(await refused('tomorrow', '2030-01-02'), 400, 'request.invalid');
    expectRefusal(await refused('2030-01-05', '2030-01-04'), 400, 'absences.endBeforeStart', AbsenceMessages.endBeforeStart);
    expectRefusal(await refused('2030-01-01', '2031-01-02'), 400, 'absences.tooLong', AbsenceMessages.tooLong);
    await add(carol, '2030-01-01', '2030-12-31', bob);
    expectRefusal(await refused('2030-12-31', '2031-01-10'), 409, 'absences.overlaps', AbsenceMessages.overlaps);
    expectRefusal(await refused('2029-12-20', '2030-01-01'), 409, 'absences.overlaps');
    await add(carol, '2031-01-01', '2031-01-01', bob);
    expect((await list(carol)).map((a) => [a.startsOn, a.endsOn])).toEqual([
      ['2030-01-01', '2030-12-31'],
      ['2031-01-01', '2031-01-01'],
    ]);
  });

  it('refuses a delegate from another organisation, an unknown one, and the caller themselves', async () => {
    const refused = (delegate: string) => call(dave, 'POST', '', { startsOn: day(1), endsOn: day(2), delegate });
    expectRefusal(await refused(outsider.id), 400, 'absences.delegateNotMember', AbsenceMessages.delegateNotMember);
    expectRefusal(await refused('00000000-0000-4000-8000-000000000000'), 400, 'absences.delegateNotMember');
    expectRefusal(await refused(dave.id), 400, 'absences.delegateSelf', AbsenceMessages.delegateSelf);
    expectRefusal(await refused('bob'), 400, 'request.invalid');
    expect(await list(dave)).toEqual([]);
  });

  it('no longer lists an absence that ended more than 30 days ago', async () => {
    const past = await add(erin, day(-40), day(-31), ada);
    const recent = await add(erin, day(-30), day(-25), ada);
    expect((await list(erin)).map((a) => a.id)).toEqual([recent.id]);
    expect(past.id).not.toBe(recent.id);
  });

  describe('delegation', () => {
    let users: UserRecord[];
    const absences = () => t.services.absences;
    /** An absence stored as it is (the rules of the call are checked above), today included. */
    const away = (user: UserRecord, delegate: UserRecord, from = -1, to = 1) =>
      t.services.stores.absences.insertUnlessOverlapping({ id: crypto.randomUUID(), userId: user.id, accountId, startsOn: day(from), endsOn: day(to), delegateId: delegate.id });

    beforeAll(async () => {
      const { stores } = t.services;
      users = await Promise.all(['P', 'Q', 'R', 'S', 'T', 'U'].map((firstname) => makeUser(stores, t.hasher, { firstname, accounts: [accountId] })));
    });

    it('gives an absent user’s work to their delegate, and a present user’s to themselves', async () => {
      const [p, q, r] = users as [UserRecord, UserRecord, UserRecord];
      await away(p, q, 0, 2);
      expect(await absences().substitute(accountId, [p.id, r.id], clock.now())).toEqual([
        { userId: q.id, delegatedFrom: p.id },
        { userId: r.id, delegatedFrom: null },
      ]);
      // Before and after the absence (both days included), the work stays.
      expect(await absences().substitute(accountId, [p.id], new Date(clock.now().getTime() - DAY_MS))).toEqual([{ userId: p.id, delegatedFrom: null }]);
      expect(await absences().delegateFor(accountId, p.id, new Date(clock.now().getTime() + 2 * DAY_MS))).toEqual({ userId: q.id, delegatedFrom: p.id });
      expect(await absences().delegateFor(accountId, p.id, new Date(clock.now().getTime() + 3 * DAY_MS))).toEqual({ userId: p.id, delegatedFrom: null });
    });

    it('follows absent delegates up to three, never round in a circle; otherwise the absent user keeps the work', async () => {
      const [, q, r, s, t2, u] = users as [UserRecord, UserRecord, UserRecord, UserRecord, UserRecord, UserRecord];
      // q (absent, above) delegated to by p: q is away too, to r, who is away to s.
      await away(q, r);
      await away(r, s);
      expect(await absences().delegateFor(accountId, users[0]!.id, clock.now())).toEqual({ userId: s.id, delegatedFrom: users[0]!.id });
      // s away to t: p -> q -> r -> s -> t is four delegates: p keeps the work; q's three reach t.
      await away(s, t2);
      expect(await absences().delegateFor(accountId, users[0]!.id, clock.now())).toEqual({ userId: users[0]!.id, delegatedFrom: null });
      expect(await absences().delegateFor(accountId, q.id, clock.now())).toEqual({ userId: t2.id, delegatedFrom: q.id });
      // A circle: t away to u, u away to t.
      await away(t2, u);
      await away(u, t2);
      expect(await absences().substitute(accountId, [t2.id, u.id], clock.now())).toEqual([
        { userId: t2.id, delegatedFrom: null },
        { userId: u.id, delegatedFrom: null },
      ]);
    });

    it('skips a delegate who has left the organisation', async () => {
      const { stores } = t.services;
      const [v, w] = await Promise.all(['V', 'W'].map((firstname) => makeUser(stores, t.hasher, { firstname, accounts: [accountId] })));
      await away(v!, w!);
      expect(await absences().delegateFor(accountId, v!.id, clock.now())).toEqual({ userId: w!.id, delegatedFrom: v!.id });
      await stores.users.update(w!.id, { disabled: true });
      expect(await absences().delegateFor(accountId, v!.id, clock.now())).toEqual({ userId: v!.id, delegatedFrom: null });
    });
  });
});
