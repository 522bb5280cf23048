// @module-tag postgres
/**
 * Dashboards' figures (docs/behaviour/dashboards.md#queries): the datasets a
 * user may query, every measure and filter over the facts, sorting, limits
 * and truncation, drills to detail, the caller's row scope (never a record
 * they may not read), fields hidden to them refused, queries that try to be
 * SQL staying data, the short cache forgotten when records change,
 * statements out of time, and the roll-ups answering as the facts do.
 */
import { DATASET_ROW_CAPS, DatasetQuery, type DatasetResult } from '@atrium/shared/dashboards';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Caller } from '../../src/access/Caller.js';
import { DatasetService } from '../../src/datasets/DatasetService.js';
import { DatasetTimeout, type QueryLimits } from '../../src/datasets/DatasetStore.js';
import { PgDatasetStore } from '../../src/datasets/PgDatasetStore.js';
import type { UserRecord } from '../../src/users/UserStore.js';
import { DatasetsApi, deskDeclaration } from '../helpers/datasets.js';
import { makeAccount, makeUser, signIn } from '../helpers/factories.js';
import { installDeclaration, RecordsApi } from '../helpers/records.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';

interface Ticket {
  subject: string;
  service: string | null;
  opened: string | null;
  hours: number | null;
  cost: number | null;
  urgent: boolean | null;
  agent: string;
  stars: number | null;
}

/** The seeded tickets, by agent: `who` is filled in once the users exist. */
function seed(who: { ada: string; bob: string; dan: string }): Ticket[] {
  const services = ['mail', 'web', 'phone', null];
  const agents = [who.bob, who.dan, who.ada];
  return Array.from({ length: 24 }, (_, i) => ({
    subject: `Ticket ${String(i).padStart(2, '0')}`,
    service: services[i % 4]!,
    opened: i % 7 === 6 ? null : `2026-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}T10:00:00.000Z`,
    hours: i % 5 === 4 ? null : i + 0.5,
    cost: i % 3 === 0 ? null : i * 10,
    urgent: i % 3 === 0 ? null : i % 2 === 0,
    agent: agents[i % 3]!,
    stars: (i % 5) + 1,
  }));
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe(`dataset queries on ${databaseKind}`, () => {
  let t: TestApp;
  let ada: UserRecord;
  let bob: UserRecord;
  let carl: UserRecord;
  let dan: UserRecord;
  let erin: UserRecord;
  let frank: UserRecord;
  let tickets: Ticket[];
  let orgId: string;
  const api: Record<string, DatasetsApi> = {};
  const records: Record<string, RecordsApi> = {};

  beforeAll(async () => {
    t = await createTestApp({ env: { COSTLY_CALLS_RATE: '1000000', COSTLY_CALLS_PER_USER: '1000' } });
    const { stores } = t.services;
    const org = await makeAccount(stores, 'Northwind Trading');
    const other = await makeAccount(stores, 'Contoso');
    orgId = org.id;
    ada = await makeUser(stores, t.hasher, { accounts: [org.id], firstname: 'Ada', lastname: 'Hart' });
    carl = await makeUser(stores, t.hasher, { accounts: [org.id], firstname: 'Carl', lastname: 'Berg' });
    bob = await makeUser(stores, t.hasher, { accounts: [org.id], firstname: 'Bob', lastname: 'Novak', managerId: carl.id });
    dan = await makeUser(stores, t.hasher, { accounts: [org.id], firstname: 'Dan', lastname: 'Moe', managerId: carl.id });
    erin = await makeUser(stores, t.hasher, { accounts: [org.id], firstname: 'Erin', lastname: 'Sky' });
    frank = await makeUser(stores, t.hasher, { accounts: [org.id], firstname: 'Frank', lastname: 'Nil' });
    const outsider = await makeUser(stores, t.hasher, { accounts: [other.id], firstname: 'Olga', lastname: 'Far' });
    const app = await installDeclaration(stores, deskDeclaration(), [org.id], [ada.id, bob.id, carl.id, dan.id, erin.id, outsider.id]);
    await stores.access.grantRole({ userId: ada.id, accountId: org.id, appId: app.id, role: 'lead' });
    await stores.access.grantRole({ userId: carl.id, accountId: org.id, appId: app.id, role: 'manager' });
    await stores.access.grantRole({ userId: erin.id, accountId: org.id, appId: app.id, role: 'auditor' });
    for (const user of [ada, bob, carl, dan, erin, frank, outsider]) {
      const jwt = (await signIn(t.app, t.config.wrapperPrefix, user.username)).jwt;
      api[user.firstname!] = new DatasetsApi(t, jwt);
      records[user.firstname!] = new RecordsApi(t, jwt, 'Desk');
    }
    await records.Ada!.created({ code: 'OPS', title: 'Operations' }, 'team');
    tickets = seed({ ada: ada.id, bob: bob.id, dan: dan.id });
    await t.services.records.createManyAsOperator({
      accountId: org.id,
      app: 'Desk',
      records: tickets.map((ticket, i) => ({ entity: 'ticket', values: { ...ticket, team: i % 2 ? 'OPS' : null }, createdBy: ada.id, at: new Date(Date.UTC(2026, 0, 1 + i)) })),
    });
  });
  afterAll(async () => {
    await t.close();
  });

  /** A result's rows as objects by column key. */
  const objects = (result: DatasetResult) => result.rows.map((row) => Object.fromEntries(result.columns.map((c, i) => [c.key, row[i]])));

  it('lists the datasets a user may query, without what reads a field hidden to them', async () => {
    const lead = await api.Ada!.datasets();
    expect(lead.map((d) => d.key).sort()).toEqual(['budgets', 'tickets']);
    const leadTickets = lead.find((d) => d.key === 'tickets')!;
    expect(leadTickets).toMatchObject({ app: 'Desk', entity: 'ticket', time: 'opened', hierarchies: [{ key: 'time', levels: ['year', 'quarter', 'month'] }] });
    expect(leadTickets.measures.find((m) => m.key === 'cost')).toMatchObject({ currency: 'EUR' });
    expect(leadTickets.dimensions.find((d) => d.key === 'service')).toMatchObject({ type: 'choice', choices: [{ value: 'mail', colour: 'blue' }, { value: 'web' }, { value: 'phone' }] });
    expect(leadTickets.dimensions.find((d) => d.key === 'month')).toMatchObject({ type: 'datePart', part: 'month' });
    // Bob may not read budgets, nor see the cost: neither the cost nor the ratio reading it.
    const own = await api.Bob!.datasets('Desk');
    expect(own.map((d) => d.key)).toEqual(['tickets']);
    expect(own[0]!.measures.map((m) => m.key)).not.toContain('cost');
    expect(own[0]!.measures.map((m) => m.key)).not.toContain('costPerHour');
    expect(await api.Frank!.datasets()).toEqual([]);
    expect(await api.Olga!.datasets()).toEqual([]);
    expect(await api.Ada!.datasets('Other')).toEqual([]);
  });

  it('computes every measure by a dimension: count, sum, average, least, most, distinct count and ratios', async () => {
    const result = await api.Ada!.query({ dimensions: ['service'], measures: ['count', 'hours', 'avgHours', 'minHours', 'maxHours', 'cost', 'agents', 'hoursPerTicket'] });
    const ratios = await api.Ada!.query({ dimensions: ['service'], measures: ['costPerHour'] });
    expect(result.columns.map((c) => [c.key, c.kind, c.type])).toEqual([
      ['service', 'dimension', 'choice'],
      ...['count', 'hours', 'avgHours', 'minHours', 'maxHours', 'cost', 'agents', 'hoursPerTicket'].map((k) => [k, 'measure', 'number']),
    ]);
    // Dimensions ascending by default, records without a value last.
    expect(result.rows.map((r) => r[0])).toEqual(['mail', 'phone', 'web', null]);
    expect(ratios.rows.map((r) => r[0])).toEqual(['mail', 'phone', 'web', null]);
    for (const [i, row] of objects(result).entries()) {
      const group = tickets.filter((x) => x.service === row.service);
      const hours = group.map((x) => x.hours).filter((h): h is number => h !== null);
      const cost = sum(group.map((x) => x.cost ?? 0));
      expect(row.count).toBe(group.length);
      expect(row.hours).toBeCloseTo(sum(hours));
      expect(row.avgHours).toBeCloseTo(sum(hours) / hours.length);
      expect(row.minHours).toBe(Math.min(...hours));
      expect(row.maxHours).toBe(Math.max(...hours));
      expect(row.cost).toBe(group.some((x) => x.cost !== null) ? cost : null);
      expect(row.agents).toBe(new Set(group.map((x) => x.agent)).size);
      expect(row.hoursPerTicket).toBeCloseTo(sum(hours) / group.length);
      expect(ratios.rows[i]![1]).toBeCloseTo((cost / sum(hours)) * 100);
    }
    expect(result.truncated).toBe(false);
    expect(Date.parse(result.readAt)).not.toBeNaN();
  });

  it('groups by date parts, yes/no, ratings, people and links, naming the people and linked records shown', async () => {
    const byMonth = objects(await api.Ada!.query({ dimensions: ['quarter', 'month'], measures: ['count'] }));
    expect(byMonth[0]).toEqual({ quarter: '2026-Q1', month: '2026-01', count: tickets.filter((x) => x.opened?.startsWith('2026-01')).length });
    expect(byMonth.at(-1)).toEqual({ quarter: null, month: null, count: tickets.filter((x) => x.opened === null).length });
    const byWeek = await api.Ada!.query({ dimensions: ['week'], measures: ['count'], filters: [{ dimension: 'day', op: 'eq', value: '2026-01-01' }] });
    expect(byWeek.rows).toEqual([['2026-W01', 1]]);
    const flags = objects(await api.Ada!.query({ dimensions: ['urgent', 'stars'], measures: ['count'], filters: [{ dimension: 'urgent', op: 'eq', value: true }, { dimension: 'stars', op: 'eq', value: 3 }] }));
    expect(flags).toEqual([{ urgent: 'true', stars: '3', count: tickets.filter((x) => x.urgent === true && x.stars === 3).length }]);
    const people = await api.Ada!.query({ dimensions: ['agent', 'owner', 'team'], measures: ['count'] });
    expect(people.people).toEqual({ [ada.id]: 'Ada Hart', [bob.id]: 'Bob Novak', [dan.id]: 'Dan Moe' });
    expect(people.links).toEqual({ OPS: 'Operations' });
    expect(objects(people).every((r) => r.agent === r.owner)).toBe(true);
    expect(people.columns.map((c) => c.type)).toEqual(['user', 'user', 'link', 'number']);
    const created = await api.Ada!.query({ dimensions: ['created'], measures: ['count'] });
    expect(created.rows).toEqual([['2026-01', 24]]);
  });

  it("carries the labels of the choices in its rows, in every locale, so that no choice is shown by its value", async () => {
    const byService = await api.Ada!.query({ dimensions: ['service'], measures: ['count'] });
    expect(byService.rows.map((r) => r[0])).toEqual(['mail', 'phone', 'web', null]);
    expect(byService.choices).toEqual({ service: { mail: { en_EN: 'Mail' }, phone: { en_EN: 'Phone' }, web: { en_EN: 'Web' } } });
    // Only the choices the rows hold; records too; none for other columns.
    const mail = await api.Ada!.query({ detail: true, dimensions: ['service', 'agent'], filters: [{ dimension: 'service', op: 'eq', value: 'mail' }] });
    expect(mail.choices).toEqual({ service: { mail: { en_EN: 'Mail' } } });
    expect((await api.Ada!.query({ dimensions: ['agent'], measures: ['count'] })).choices).toEqual({});
  });

  it('filters by every operation, and a time range over the time field', async () => {
    const count = async (filters: unknown[]) => (await api.Ada!.query({ measures: ['count'], filters: filters as never })).rows[0]![0];
    const of = (test: (x: Ticket) => boolean) => tickets.filter(test).length;
    expect(await count([{ dimension: 'service', op: 'eq', value: 'mail' }])).toBe(of((x) => x.service === 'mail'));
    expect(await count([{ dimension: 'service', op: 'ne', value: 'mail' }])).toBe(of((x) => x.service !== 'mail'));
    expect(await count([{ dimension: 'service', op: 'in', value: ['mail', 'web'] }])).toBe(of((x) => x.service === 'mail' || x.service === 'web'));
    expect(await count([{ dimension: 'service', op: 'in', value: ['mail', null] }])).toBe(of((x) => x.service === 'mail' || x.service === null));
    expect(await count([{ dimension: 'service', op: 'notIn', value: ['mail', 'web'] }])).toBe(of((x) => x.service !== 'mail' && x.service !== 'web'));
    expect(await count([{ dimension: 'month', op: 'lt', value: '2026-03' }])).toBe(of((x) => x.opened !== null && x.opened < '2026-03'));
    expect(await count([{ dimension: 'month', op: 'lte', value: '2026-03' }])).toBe(of((x) => x.opened !== null && x.opened.slice(0, 7) <= '2026-03'));
    expect(await count([{ dimension: 'month', op: 'gt', value: '2026-10' }])).toBe(of((x) => x.opened !== null && x.opened.slice(0, 7) > '2026-10'));
    expect(await count([{ dimension: 'month', op: 'gte', value: '2026-10' }])).toBe(of((x) => x.opened !== null && x.opened.slice(0, 7) >= '2026-10'));
    expect(await count([{ dimension: 'urgent', op: 'empty' }])).toBe(of((x) => x.urgent === null));
    expect(await count([{ dimension: 'urgent', op: 'notEmpty' }])).toBe(of((x) => x.urgent !== null));
    expect(await count([{ dimension: 'service', op: 'eq', value: null }])).toBe(of((x) => x.service === null));
    expect(await count([{ dimension: 'service', op: 'eq', value: 'mail' }, { dimension: 'agent', op: 'eq', value: bob.id }])).toBe(of((x) => x.service === 'mail' && x.agent === bob.id));
    const ranged = await api.Ada!.query({ measures: ['count'], range: { from: '2026-02-01', to: '2026-04-30' } });
    expect(ranged.rows[0]![0]).toBe(of((x) => x.opened !== null && x.opened >= '2026-02-01' && x.opened.slice(0, 10) <= '2026-04-30'));
    // A filter's value of the wrong shape is refused with the dimension named.
    const res = await api.Ada!.ask({ app: 'Desk', dataset: 'tickets', filters: [{ dimension: 'month', op: 'lt', value: ['2026-01'] }] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'datasets.badFilter', message: expect.stringContaining('month') });
    const badRange = await api.Ada!.ask({ app: 'Desk', dataset: 'tickets', range: { from: '2026-02-30' } });
    expect([badRange.statusCode, badRange.json().code]).toEqual([400, 'datasets.badRange']);
  });

  it('answers from the roll-up exactly as from the facts: whole months, the days at a range\'s edges, every scope', async () => {
    const { stores } = t.services;
    const deps = { stores, canSeeApp: async () => true, onRecordChange: () => () => undefined, cacheTtl: 0, queryTimeout: 60_000, cancellable: false };
    const rolled = new DatasetService(deps);
    const facts = new DatasetService({ ...deps, rollups: false });
    const person = (u: UserRecord) => ({ id: u.id, name: u.firstname! });
    const caller = (u: UserRecord, roles: string[], reports: UserRecord[] = []): Caller => ({ userId: u.id, name: u.firstname!, sessionId: 's', organisation: { id: orgId, name: 'Northwind Trading' }, roles: { organisation: [], apps: { Desk: roles } }, manager: null, reports: reports.map(person) });
    const callers = [caller(ada, ['lead']), caller(bob, []), caller(carl, ['manager'], [bob, dan]), caller(erin, ['auditor'])];
    const ranges = [undefined, { from: '2026-02-01', to: '2026-04-30' }, { from: '2026-02-10', to: '2026-06-03' }, { from: '2026-03-15' }, { to: '2026-05-20' }, { from: '2026-03-02', to: '2026-03-30' }, { from: '2026-01-31', to: '2026-03-01' }];
    const shapes = [
      { dimensions: ['service'], measures: ['count', 'hours', 'avgHours', 'hoursPerTicket'] },
      { dimensions: ['month', 'agent'], measures: ['count', 'avgHours'] },
      { dimensions: [], measures: ['count'], filters: [{ dimension: 'service', op: 'in', value: ['mail', null] }] },
      { dimensions: ['urgent'], measures: [] },
    ];
    const spy = vi.spyOn(stores.datasets, 'run');
    let fromRollups = 0;
    for (const who of callers) {
      for (const range of ranges) {
        for (const shape of shapes) {
          const query = DatasetQuery.parse({ app: 'Desk', dataset: 'tickets', ...shape, ...(range ? { range } : {}) });
          const a = await rolled.query(who, query);
          fromRollups += String(new PgDialect().sqlToQuery(spy.mock.lastCall![0]).sql).includes('dataset_rollups') ? 1 : 0;
          const b = await facts.query(who, query);
          const round = (r: DatasetResult) => r.rows.map((row) => row.map((v) => (typeof v === 'number' ? Math.round(v * 1e9) / 1e9 : v)));
          expect({ who: who.name, range, shape, rows: round(a) }).toEqual({ who: who.name, range, shape, rows: round(b) });
        }
      }
    }
    spy.mockRestore();
    // Every query but the auditor's (a scope over the records' values) and those inside one month read the roll-up.
    expect(fromRollups).toBe(3 * 6 * 4);
  });

  it('sorts by measures and dimensions, answers at most the limit and says when more matched', async () => {
    const sorted = objects(await api.Ada!.query({ dimensions: ['stars'], measures: ['hours'], sort: [{ by: 'hours', direction: 'desc' }] }));
    expect(sorted.map((r) => r.hours)).toEqual([...sorted.map((r) => r.hours as number)].sort((a, b) => b - a));
    const desc = await api.Ada!.query({ dimensions: ['service'], measures: ['count'], sort: [{ by: 'service', direction: 'desc' }] });
    expect(desc.rows.map((r) => r[0])).toEqual(['web', 'phone', 'mail', null]);
    const limited = await api.Ada!.query({ dimensions: ['subject'], measures: ['count'], limit: 5 });
    expect(limited.rows.map((r) => r[0])).toEqual(['Ticket 00', 'Ticket 01', 'Ticket 02', 'Ticket 03', 'Ticket 04']);
    expect(limited.truncated).toBe(true);
    const all = await api.Ada!.query({ dimensions: ['subject'], measures: ['count'], limit: 24 });
    expect([all.rows.length, all.truncated]).toEqual([24, false]);
    const badSort = await api.Ada!.ask({ app: 'Desk', dataset: 'tickets', dimensions: ['service'], sort: [{ by: 'hours' }] });
    expect([badSort.statusCode, badSort.json().code]).toEqual([400, 'datasets.badSort']);
    // A limit beyond the cap is refused by the query's schema.
    expect((await api.Ada!.ask({ app: 'Desk', dataset: 'tickets', limit: DATASET_ROW_CAPS.aggregated + 1 })).statusCode).toBe(400);
  });

  it('drills to detail: the records with their name, title and the dimensions asked, within the scope', async () => {
    const detail = await api.Ada!.query({ detail: true, dimensions: ['service'], filters: [{ dimension: 'service', op: 'eq', value: 'web' }], limit: 3 });
    expect(detail.columns.map((c) => [c.key, c.kind, c.type])).toEqual([
      ['name', 'record', 'name'],
      ['title', 'record', 'title'],
      ['service', 'dimension', 'choice'],
    ]);
    expect(detail.rows).toEqual([
      ['T-00002', 'Ticket 01', 'web'],
      ['T-00006', 'Ticket 05', 'web'],
      ['T-00010', 'Ticket 09', 'web'],
    ]);
    expect(detail.truncated).toBe(true);
    const own = await api.Bob!.query({ detail: true });
    expect(own.rows).toHaveLength(tickets.filter((x) => x.agent === bob.id).length);
  });

  it('counts only the records each user may read, as their lists do', async () => {
    for (const name of ['Ada', 'Bob', 'Carl', 'Dan', 'Erin']) {
      const listed = await records[name]!.list({}, 'ticket');
      const counted = await api[name]!.query({ measures: ['count'] });
      expect([name, counted.rows[0]![0]]).toEqual([name, listed.total]);
      const byService = objects(await api[name]!.query({ dimensions: ['service'], measures: ['count'] }));
      for (const row of byService) {
        const page = await records[name]!.list({ filters: [{ field: 'service', op: row.service === null ? 'empty' : 'eq', ...(row.service === null ? {} : { value: row.service }) }] } as never, 'ticket');
        expect([name, row.service, row.count]).toEqual([name, row.service, page.total]);
      }
    }
    // The auditor's scope is a condition over the records' values: mail only.
    expect(objects(await api.Erin!.query({ dimensions: ['service'], measures: ['count'] })).map((r) => r.service)).toEqual(['mail']);
  });

  it('refuses what a user may not see or read, and names what does not exist', async () => {
    const refused = async (user: string, query: Record<string, unknown>, status: number, code: string, named: string) => {
      const res = await api[user]!.ask({ app: 'Desk', dataset: 'tickets', ...query });
      expect([res.statusCode, res.json().code]).toEqual([status, code]);
      expect(res.json().message).toContain(named);
    };
    await refused('Bob', { measures: ['cost'] }, 403, 'datasets.hiddenField', 'cost');
    await refused('Carl', { measures: ['costPerHour'] }, 403, 'datasets.hiddenField', 'cost');
    await refused('Bob', { dataset: 'budgets' }, 403, 'datasets.forbidden', 'budgets');
    await refused('Ada', { dataset: 'nothing' }, 400, 'datasets.unknownDataset', 'nothing');
    await refused('Ada', { app: 'Nowhere' }, 400, 'datasets.unknownApp', 'Nowhere');
    await refused('Frank', {}, 400, 'datasets.unknownApp', 'Desk');
    await refused('Olga', {}, 400, 'datasets.unknownApp', 'Desk');
    await refused('Ada', { dimensions: ['colour'] }, 400, 'datasets.unknownDimension', 'colour');
    await refused('Ada', { measures: ['profit'] }, 400, 'datasets.unknownMeasure', 'profit');
    await refused('Ada', { filters: [{ dimension: 'hours', op: 'eq', value: 1 }] }, 400, 'datasets.unknownDimension', 'hours');
    // The lead sees the cost.
    expect((await api.Ada!.query({ measures: ['cost'] })).rows[0]![0]).toBe(sum(tickets.map((x) => x.cost ?? 0)));
  });

  it('keeps SQL out: keys that are not keys are refused, values stay values', async () => {
    const attempts: Array<Record<string, unknown>> = [
      { app: "Desk'; drop table records; --", dataset: 'tickets' },
      { app: 'Desk', dataset: 'tickets"; select 1' },
      { app: 'Desk', dataset: 'tickets', measures: ['count) from records; --'] },
      { app: 'Desk', dataset: 'tickets', dimensions: ['service, d2'] },
      { app: 'Desk', dataset: 'tickets', filters: [{ dimension: "service' or '1'='1", op: 'eq', value: 'x' }] },
      { app: 'Desk', dataset: 'tickets', filters: [{ dimension: 'service', op: 'eq; delete', value: 'x' }] },
      { app: 'Desk', dataset: 'tickets', sort: [{ by: 'service', direction: 'asc; drop table records' }] },
      { app: 'Desk', dataset: 'tickets', sort: [{ by: '1; select pg_sleep(10)' }] },
      { app: 'Desk', dataset: 'tickets', range: { from: "2026-01-01' or true --" } },
      { app: 'Desk', dataset: 'tickets', limit: '1; drop table records' },
      { app: 'Desk', dataset: 'tickets', detail: 'true; --' },
    ];
    for (const attempt of attempts) expect([JSON.stringify(attempt), (await api.Ada!.ask(attempt)).statusCode]).toEqual([JSON.stringify(attempt), 400]);
    for (const value of ["mail' or '1'='1", "x'); delete from dataset_facts; --", '\\', "'"]) {
      for (const op of ['eq', 'ne', 'lt', 'in'] as const) {
        const result = await api.Ada!.query({ measures: ['count'], filters: [{ dimension: 'service', op, value: op === 'in' ? [value] : value }] });
        const expected = op === 'eq' || op === 'in' ? 0 : op === 'ne' ? tickets.length : tickets.filter((x) => x.service !== null && x.service < value).length;
        expect([value, op, result.rows[0]![0]]).toEqual([value, op, expected]);
      }
    }
    expect((await api.Ada!.query({ measures: ['count'] })).rows[0]![0]).toBe(tickets.length);
  });

  it('answers an identical query from the short cache until a record of the entity changes', async () => {
    const first = await api.Ada!.query({ dimensions: ['service'], measures: ['count'] });
    const again = await api.Ada!.query({ dimensions: ['service'], measures: ['count'] });
    expect(again).toEqual(first);
    // Another user's scope is another answer.
    const bobs = await api.Bob!.query({ dimensions: ['service'], measures: ['count'] });
    expect(sum(bobs.rows.map((r) => r[1] as number))).toBe(tickets.filter((x) => x.agent === bob.id).length);
    await records.Ada!.created({ subject: 'New', service: 'mail', agent: ada.id }, 'ticket');
    const after = await api.Ada!.query({ dimensions: ['service'], measures: ['count'] });
    expect(after.readAt >= first.readAt).toBe(true);
    expect(objects(after).find((r) => r.service === 'mail')!.count).toBe((objects(first).find((r) => r.service === 'mail')!.count as number) + 1);
    // A change of another entity leaves the answer remembered.
    const remembered = await api.Ada!.query({ dimensions: ['service'], measures: ['count'] });
    await records.Ada!.created({ code: 'WEB', title: 'Web team' }, 'team');
    expect(await api.Ada!.query({ dimensions: ['service'], measures: ['count'] })).toEqual(remembered);
    // A change made through another server (here written behind the service's back) is heard on the event bus.
    await t.services.db.execute(sql`update records set data = jsonb_set(data, '{service}', '"web"') where name = 'T-00001'`);
    expect(await api.Ada!.query({ dimensions: ['service'], measures: ['count'] })).toEqual(remembered);
    await t.services.records.changedElsewhere({ accountId: orgId, app: 'Desk', entity: 'ticket', names: ['T-00001'], byId: ada.id });
    const heard = objects(await api.Ada!.query({ dimensions: ['service'], measures: ['count'] }));
    expect(heard.find((r) => r.service === 'web')!.count).toBe((objects(remembered).find((r) => r.service === 'web')!.count as number) + 1);
  });

  it('stops a statement out of time with a clear text, and a cancelled one, on PostgreSQL', async () => {
    const store = new PgDatasetStore(t.services.db);
    if (databaseKind === 'postgres') {
      await expect(store.run(sql`select pg_sleep(5)`, { timeoutMs: 50 })).rejects.toEqual(new DatasetTimeout(false));
      const closed = new AbortController();
      const running = store.run(sql`select pg_sleep(5)`, { timeoutMs: 60_000, signal: closed.signal, cancelRunning: true });
      setTimeout(() => closed.abort(), 100);
      await expect(running).rejects.toEqual(new DatasetTimeout(true));
    } else {
      // The embedded database enforces no statement_timeout (datasets/README.md): the statement runs to its end.
      expect(await store.run(sql`select 1 as c0`, { timeoutMs: 1 })).toEqual([{ c0: 1 }]);
    }
    // However the store says it, the caller reads the product's text and may try again.
    const run = t.services.stores.datasets.run.bind(t.services.stores.datasets);
    t.services.stores.datasets.run = () => Promise.reject(new DatasetTimeout(false));
    try {
      const res = await api.Ada!.ask({ app: 'Desk', dataset: 'tickets', measures: ['hours'], filters: [{ dimension: 'stars', op: 'eq', value: 2 }] });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'datasets.timeout', message: 'The figures took too long to compute and were stopped. Narrow the filters or the time range, then try again.' });
    } finally {
      t.services.stores.datasets.run = run;
    }
  });

  /** Sends a query on a real connection and closes it once the server has begun: the caller gives up, as the dashboard's Cancel does. */
  async function askAndLeave(jwt: string, dimension: string, begun: Promise<void>): Promise<void> {
    if (!t.app.server.listening) await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const request = http.request({ host: '127.0.0.1', port, method: 'POST', path: `${t.config.apiPrefix}/datasets/query`, headers: { authorization: `Bearer ${jwt}`, 'content-type': 'application/json' } });
    request.on('error', () => undefined);
    request.end(JSON.stringify({ app: 'Desk', dataset: 'tickets', measures: ['count'], dimensions: [dimension] }));
    await begun;
    request.destroy();
  }

  it('stops the work of a query whose caller gave up: a statement not begun is not run, one under way is cancelled on PostgreSQL', async () => {
    const jwt = (await signIn(t.app, t.config.wrapperPrefix, ada.username)).jwt;
    const store = t.services.stores.datasets;
    const run = store.run.bind(store);
    let begin: () => void = () => undefined;
    const begun = new Promise<void>((resolve) => (begin = resolve));
    let outcome: Promise<unknown> = Promise.resolve();
    // The statement's turn comes only once the caller has gone (it waited behind others), then it is run as usual.
    store.run = (statement: SQL, limits: QueryLimits) => {
      const gone = new Promise<void>((resolve) => limits.signal?.addEventListener('abort', () => resolve(), { once: true }));
      begin();
      outcome = gone.then(() => run(statement, limits)).catch((e: unknown) => e);
      return outcome.then(() => []);
    };
    try {
      await askAndLeave(jwt, 'urgent', begun);
      expect(await outcome).toEqual(new DatasetTimeout(true));
      if (databaseKind !== 'postgres') return;
      // On PostgreSQL a statement under way when the caller leaves is cancelled from another connection.
      const started = new Promise<void>((resolve) => (begin = resolve));
      store.run = (_statement: SQL, limits: QueryLimits) => {
        outcome = run(sql`select pg_sleep(30) as c0`, limits).catch((e: unknown) => e);
        void waitForSleep().then(() => begin());
        return outcome.then(() => []);
      };
      // Another query: the first one's answer (none) is remembered.
      await askAndLeave(jwt, 'stars', started);
      expect(await outcome).toEqual(new DatasetTimeout(true));
      expect(await sleeping()).toBe(0);
    } finally {
      store.run = run;
    }
  });

  /** The statements of this test sleeping on the database now. */
  async function sleeping(): Promise<number> {
    const { rows } = (await t.services.db.execute(sql`select count(*)::int as n from pg_stat_activity where state = 'active' and query like '%pg_sleep(30)%' and pid <> pg_backend_pid()`)) as unknown as { rows: Array<{ n: number }> };
    return rows[0]!.n;
  }

  /** Waits until the sleeping statement runs on the database. */
  async function waitForSleep(): Promise<void> {
    while ((await sleeping()) === 0) await new Promise((resolve) => setTimeout(resolve, 20));
  }
});

