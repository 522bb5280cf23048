/**
 * @module-tag postgres
 *
 * The records of declared applications through the API
 * (docs/behaviour/records.md): create, read, list, update, delete and
 * restore; names by series; each field's problem; versions and conflicts;
 * and what a user outside a record's scope gets.
 */
import crypto from 'node:crypto';
import type { RecordDetail, RecordProblemsEnvelope } from '@atrium/shared/apps';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRecord } from '../../src/users/UserStore.js';
import { makeAccount, makeUser, signIn } from '../helpers/factories.js';
import { data, installDeclaration, LEAVE_DECLARATION, RecordsApi } from '../helpers/records.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';

const year = new Date().toISOString().slice(0, 4);

describe(`records on ${databaseKind}`, () => {
  let t: TestApp;
  let ada: UserRecord;
  let bob: UserRecord;
  let carl: UserRecord;
  let dave: UserRecord;
  /** hr: everything on every request. */
  let adaApi: RecordsApi;
  /** everyone: his own requests. */
  let bobApi: RecordsApi;
  /** Bob's manager: his reports' requests. */
  let carlApi: RecordsApi;
  /** everyone, another member: his own only. */
  let daveApi: RecordsApi;
  /** A member of another organisation, which does not run the application. */
  let erinApi: RecordsApi;

  beforeAll(async () => {
    t = await createTestApp();
    const { stores } = t.services;
    const org = await makeAccount(stores);
    const other = await makeAccount(stores);
    ada = await makeUser(stores, t.hasher, { accounts: [org.id], firstname: 'Ada', lastname: 'Hart' });
    carl = await makeUser(stores, t.hasher, { accounts: [org.id], firstname: 'Carl', lastname: 'Boss' });
    bob = await makeUser(stores, t.hasher, { accounts: [org.id], firstname: 'Bob', lastname: 'Novak', managerId: carl.id });
    dave = await makeUser(stores, t.hasher, { accounts: [org.id], firstname: 'Dave', lastname: 'Else' });
    const erin = await makeUser(stores, t.hasher, { accounts: [other.id], firstname: 'Erin', lastname: 'Far' });
    const app = await installDeclaration(stores, LEAVE_DECLARATION, [org.id], [ada.id, bob.id, carl.id, dave.id, erin.id]);
    await stores.access.grantRole({ userId: ada.id, accountId: org.id, appId: app.id, role: 'hr' });
    await stores.access.grantRole({ userId: carl.id, accountId: org.id, appId: app.id, role: 'manager' });
    const jwt = async (u: UserRecord) => (await signIn(t.app, t.config.wrapperPrefix, u.username)).jwt;
    [adaApi, bobApi, carlApi, daveApi, erinApi] = (await Promise.all([ada, bob, carl, dave, erin].map(async (u) => new RecordsApi(t, await jwt(u))))) as [RecordsApi, RecordsApi, RecordsApi, RecordsApi, RecordsApi];
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates, reads, lists, updates, deletes and restores a record', async () => {
    const created = await bobApi.created({ subject: 'Summer holiday', start: '2026-07-06', end: '2026-07-10', note: 'Lake Bled' });
    const { record } = created;
    expect(record.name).toMatch(new RegExp(`^LR-${year}-\\d{5}$`));
    expect(record).toMatchObject({ app: 'Leave', entity: 'request', title: 'Summer holiday', version: 1, colour: 'BLUE', owner: { id: bob.id, name: 'Bob Novak' }, createdBy: { id: bob.id, name: 'Bob Novak' } });
    // Defaults, and the computed days between start and end.
    expect(record.values).toMatchObject({ employee: bob.id, kind: 'annual', days: 5, approved: null });
    expect(created.rights).toEqual({ update: true, delete: false, comment: true, readOnlyFields: ['approved'] });
    expect(created.people[bob.id]).toBe('Bob Novak');

    expect((await bobApi.detail(record.name)).record).toEqual(record);
    const listed = await bobApi.list({ search: 'bled' });
    expect(listed.records.map((r) => r.name)).toContain(record.name);

    const updated = data<{ record: typeof record }>(await bobApi.update(record.name, 1, { kind: 'sick' }), 200).record;
    expect(updated).toMatchObject({ version: 2, colour: 'RED', values: { kind: 'sick', subject: 'Summer holiday' } });

    // Bob may not delete; his manager may.
    expect((await bobApi.remove(record.name, 2)).statusCode).toBe(403);
    expect((await carlApi.remove(record.name, 2)).statusCode).toBe(200);
    expect((await bobApi.get(record.name)).statusCode).toBe(404);
    expect((await bobApi.list()).records.map((r) => r.name)).not.toContain(record.name);
    const deleted = await carlApi.list({ deleted: true });
    expect(deleted.records.find((r) => r.name === record.name)?.deletedAt).toBeDefined();
    expect((await bobApi.query({ deleted: true })).statusCode).toBe(403);

    const restored = data<{ record: typeof record }>(await carlApi.restore(record.name), 200).record;
    expect(restored).toMatchObject({ version: 4 });
    expect(restored.deletedAt).toBeUndefined();
    expect((await carlApi.restore(record.name)).json()).toMatchObject({ code: 'records.notDeleted' });
    expect((await bobApi.detail(record.name)).record.version).toBe(4);
  });

  it('names records by the series, one number after the other', async () => {
    const org = (await t.services.stores.accounts.create({ name: 'Series Org' })).id;
    const user = await makeUser(t.services.stores, t.hasher, { accounts: [org] });
    await installDeclaration(t.services.stores, LEAVE_DECLARATION, [org], [user.id]);
    const api = new RecordsApi(t, (await signIn(t.app, t.config.wrapperPrefix, user.username)).jwt);
    const first = await api.created({ subject: 'One' });
    const second = await api.created({ subject: 'Two' });
    expect([first.record.name, second.record.name]).toEqual([`LR-${year}-00001`, `LR-${year}-00002`]);
    // Made at once, each gets a number of its own.
    const together = await Promise.all(['A', 'B', 'C', 'D'].map((subject) => api.created({ subject })));
    expect(together.map((d) => d.record.name).sort()).toEqual([3, 4, 5, 6].map((n) => `LR-${year}-0000${n}`));
  });

  it('writes a record for an operator, checked and named as any other, owned by its owner field', async () => {
    const accountId = bob.activeAccountId!;
    const name = await t.services.records.createAsOperator({ accountId, app: 'Leave', entity: 'request', values: { subject: 'Imported', employee: bob.id, approved: true }, createdBy: ada.id, at: new Date('2025-03-04T10:00:00Z') });
    expect(name).toMatch(/^LR-2025-\d{5}$/);
    // Bob owns it (the owner field), and sees the value read-only to him.
    expect((await bobApi.detail(name)).record).toMatchObject({ createdAt: '2025-03-04T10:00:00.000Z', createdBy: { name: 'Ada Hart' }, owner: { id: bob.id }, values: { approved: true } });
    await expect(t.services.records.createAsOperator({ accountId, app: 'Leave', entity: 'request', values: { employee: dave.id.replace(/^./, 'f') }, createdBy: ada.id })).rejects.toMatchObject({
      code: 'records.invalid',
      fields: { subject: { code: 'required' } },
    });
  });

  it('names each field whose value is wrong, and writes nothing', async () => {
    const before = (await adaApi.list()).total;
    const res = await bobApi.create({ subject: '  ', start: '2026-02-30', days: 3, salary: 'lots', nope: 1 });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'records.readOnlyField', params: { field: 'days' } });

    const invalid = await bobApi.create({ subject: '', start: '2026-02-30', note: 42, nope: 1, employee: crypto.randomUUID() });
    expect(invalid.statusCode).toBe(400);
    const envelope = invalid.json<RecordProblemsEnvelope>();
    expect(envelope.code).toBe('records.invalid');
    expect(envelope.fields).toMatchObject({ subject: { code: 'required' }, start: { code: 'date' }, note: { code: 'type' }, nope: { code: 'unknownField' }, employee: { code: 'user' } });
    expect((await adaApi.list()).total).toBe(before);
  });

  it('refuses a link to a record that does not exist, and shows the title of one that does', async () => {
    await adaApi.created({ code: 'OPS', title: 'Operations' }, 'team');
    const res = await bobApi.create({ subject: 'Linked', team: 'NOPE' });
    expect(res.json<RecordProblemsEnvelope>().fields).toEqual({ team: { code: 'link' } });
    const linked = await bobApi.created({ subject: 'Linked', team: 'OPS' });
    expect(linked.links).toEqual({ OPS: 'Operations' });
    // A team is named by its code: a second one of that code is refused.
    expect((await adaApi.create({ code: 'OPS', title: 'Again' }, 'team')).json<RecordProblemsEnvelope>().fields).toEqual({ code: { code: 'unique' } });
    // Two at once: one is named so, the other is told the name is taken.
    const race = await Promise.all([adaApi.create({ code: 'HR', title: 'People' }, 'team'), adaApi.create({ code: 'HR', title: 'Humans' }, 'team')]);
    expect(race.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(race.find((r) => r.statusCode === 400)!.json<RecordProblemsEnvelope>().fields).toEqual({ code: { code: 'unique' } });
  });

  it('refuses a value a unique field already has in another live record', async () => {
    await adaApi.created({ subject: 'First', code: 'U-1' });
    const res = await adaApi.create({ subject: 'Second', code: 'U-1' });
    expect(res.statusCode).toBe(400);
    expect(res.json<RecordProblemsEnvelope>().fields).toEqual({ code: { code: 'unique' } });
  });

  it('refuses a change of a field that is read-only to the caller, and of a declared read-only one', async () => {
    const { record } = await bobApi.created({ subject: 'Read-only' });
    expect((await bobApi.update(record.name, 1, { approved: true })).json()).toMatchObject({ code: 'records.readOnlyField', params: { field: 'approved' } });
    expect((await adaApi.update(record.name, 1, { reference: 'X' })).json()).toMatchObject({ code: 'records.readOnlyField', params: { field: 'reference' } });
    // Sent unchanged (a form sends every field), they are no change.
    expect((await bobApi.update(record.name, 1, { approved: null, subject: 'Read-only, renamed' })).statusCode).toBe(200);
    expect((await adaApi.update(record.name, 2, { approved: true })).statusCode).toBe(200);
  });

  it('refuses a new record a value of a field read-only to its creator, unless it is the default', async () => {
    const refused = await bobApi.create({ subject: 'Approved by myself', approved: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'records.readOnlyField', params: { field: 'approved' } });
    expect((await bobApi.created({ subject: 'Left to HR', approved: null })).record.values.approved).toBeNull();
    // HR's grant lets them set it.
    expect((await adaApi.created({ subject: 'Approved by HR', employee: bob.id, approved: true })).record.values.approved).toBe(true);
  });

  it('refuses a change that would take the record out of the writer’s reach, and lets a broader grant make it', async () => {
    const { record } = await bobApi.created({ subject: 'Hand over' });
    // Bob changes his own requests: giving this one to Dave would lose it to him.
    const refused = await bobApi.update(record.name, 1, { employee: dave.id, note: 'yours now' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'records.outOfScope', message: 'After this change you could no longer change this record, so it was not saved.' });
    expect((await bobApi.detail(record.name)).record).toMatchObject({ version: 1, owner: { id: bob.id }, values: { note: null } });
    // His manager changes his reports' requests and his own: he may take it, not give it to Dave.
    expect((await carlApi.update(record.name, 1, { employee: dave.id })).json()).toMatchObject({ code: 'records.outOfScope' });
    // HR changes every request: it goes to Dave.
    expect(data<RecordDetail>(await adaApi.update(record.name, 1, { employee: dave.id }), 200).record.owner).toMatchObject({ id: dave.id });
    expect((await daveApi.detail(record.name)).record.version).toBe(2);
  });

  it('refuses a change made on an older version, naming who changed the record since', async () => {
    const { record } = await bobApi.created({ subject: 'Versions' });
    expect((await adaApi.update(record.name, 1, { note: 'hr was here' })).statusCode).toBe(200);
    const res = await bobApi.update(record.name, 1, { note: 'bob too' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'records.conflict',
      params: { user: 'Ada Hart', version: '2' },
      message: 'Ada Hart changed this record meanwhile (version 2). Reload it to see their change, then make yours again.',
    });
    expect((await carlApi.remove(record.name, 1)).statusCode).toBe(409);
    expect((await bobApi.detail(record.name)).record.values.note).toBe('hr was here');
  });

  it('lets exactly one of two changes made at once on the same version win', async () => {
    const { record } = await bobApi.created({ subject: 'Race' });
    const answers = await Promise.all([bobApi.update(record.name, 1, { note: 'bob' }), adaApi.update(record.name, 1, { note: 'ada' })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.statusCode === 200)!.json<{ data: { record: { values: { note: string } } } }>().data.record.values.note;
    const after = await bobApi.detail(record.name);
    expect(after.record).toMatchObject({ version: 2, values: { note: winner } });
    expect((await bobApi.timeline(record.name)).filter((e) => e.kind === 'change' && e.action === 'update')).toHaveLength(1);
  });

  it('answers a record outside the caller’s scope exactly as one that does not exist', async () => {
    const { record } = await bobApi.created({ subject: 'Private', note: 'only bob' });
    const missing = await daveApi.get('LR-1900-99999');
    for (const res of [await daveApi.get(record.name), await daveApi.update(record.name, 1, { note: 'x' }), await daveApi.remove(record.name, 1), await daveApi.comment(record.name, 'hi'), await daveApi.timelineOf(record.name)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(missing.json());
    }
    expect((await daveApi.list()).records.map((r) => r.name)).not.toContain(record.name);
    expect((await daveApi.list({ search: 'private' })).total).toBe(0);
    // His manager sees it; someone of another organisation has no such application.
    expect((await carlApi.detail(record.name)).record.values.note).toBe('only bob');
    expect((await erinApi.get(record.name)).json()).toMatchObject({ code: 'records.appNotFound' });
    expect((await erinApi.query()).statusCode).toBe(404);
    expect((await bobApi.query({}, 'nothing')).json()).toMatchObject({ code: 'records.entityNotFound' });
  });

  it('never answers a field hidden to the caller', async () => {
    const { record } = await bobApi.created({ subject: 'Pay' });
    expect((await bobApi.create({ subject: 'Pay', salary: 1 })).json()).toMatchObject({ code: 'records.readOnlyField', params: { field: 'salary' } });
    expect((await adaApi.update(record.name, 1, { salary: 98765.43 })).statusCode).toBe(200);
    expect((await adaApi.detail(record.name)).record.values.salary).toBe(98765.43);
    const answers = [
      await bobApi.get(record.name),
      await carlApi.get(record.name),
      await bobApi.query(),
      await carlApi.query({ limit: 200 }),
      await bobApi.timelineOf(record.name),
      await bobApi.update(record.name, 2, { note: 'changed' }),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBeLessThan(300);
      expect(res.body).not.toContain('98765');
      expect(res.body).not.toContain('"salary"');
    }
    // The declaration Bob gets has no such field; his rights say it is hidden.
    const [leave] = data<Array<{ declaration: { entities: { request: { fields: object } } }; rights: { request: { hiddenFields: string[] } } }>>(await bobApi.request('GET', 'apps'), 200);
    expect(Object.keys(leave!.declaration.entities.request.fields)).not.toContain('salary');
    expect(leave!.rights.request.hiddenFields).toEqual(['salary']);
    expect((await bobApi.update(record.name, 3, { salary: 1 })).json()).toMatchObject({ code: 'records.readOnlyField', params: { field: 'salary' } });
  });

  it('shows a record by its name where its title is made of a field hidden to the caller, in answers and in mentions', async () => {
    const label = (en: string) => ({ en_EN: en });
    await installDeclaration(t.services.stores, {
      name: 'Payroll',
      version: '1',
      label: label('Payroll'),
      category: 'employee center',
      entities: {
        slip: {
          label: label('Slip'),
          pluralLabel: label('Slips'),
          naming: { series: 'PS-{####}' },
          titleField: 'secret',
          fields: { secret: { type: 'text', label: label('Secret') } },
          rights: { everyone: { actions: ['read', 'create', 'comment'], hiddenFields: ['secret'] }, hr: { actions: ['read', 'create', 'comment'] } },
        },
      },
    }, [bob.activeAccountId!], [ada.id, bob.id]);
    await t.services.stores.access.grantRole({ userId: ada.id, accountId: bob.activeAccountId!, appId: (await t.services.stores.apps.findByName('Payroll'))!.id, role: 'hr' });
    const hr = new RecordsApi(t, adaApi.jwt, 'Payroll');
    const staff = new RecordsApi(t, bobApi.jwt, 'Payroll');
    const { record } = await hr.created({ secret: 'Bonus 7777' }, 'slip');
    expect(record.title).toBe('Bonus 7777');
    const seen = await staff.get(record.name);
    expect(seen.json<{ data: { record: { title: string } } }>().data.record.title).toBe(record.name);
    expect(seen.body).not.toContain('7777');
    expect((await staff.query({}, 'slip')).body).not.toContain('7777');
    expect((await hr.comment(record.name, `@${bob.username} see this`)).statusCode).toBe(201);
    const tasks = (await t.services.tasks.listForOperator({ accountId: bob.activeAccountId!, assigneeId: bob.id, all: false, limit: 100 })).map((task) => task.task_name);
    expect(tasks).toContain(`Ada Hart mentioned you on ${record.name}`);
  });

  it('lists the declared applications the caller has, with their rights', async () => {
    const apps = data<Array<{ declaration: { name: string; entities: Record<string, unknown> }; rights: Record<string, { actions: string[]; lockedOnCreate: string[] }> }>>(await bobApi.request('GET', 'apps'), 200);
    expect(apps.map((a) => a.declaration.name)).toContain('Leave');
    expect(apps.find((a) => a.declaration.name === 'Leave')!.rights.request!.actions).toEqual(['read', 'create', 'update', 'comment']);
    // Bob files his own requests with 'approved' read-only and the salary hidden: a new request's form shows neither as his to set.
    expect(apps.find((a) => a.declaration.name === 'Leave')!.rights.request!.lockedOnCreate).toEqual(['salary', 'approved']);
    // The team entity he may only read: no field of a new team is his to set.
    expect(apps.find((a) => a.declaration.name === 'Leave')!.rights.team!.lockedOnCreate).toEqual(['code', 'title']);
    // Ada, in HR, creates requests with every field.
    const adaApps = data<Array<{ declaration: { name: string }; rights: Record<string, { lockedOnCreate: string[] }> }>>(await adaApi.request('GET', 'apps'), 200);
    expect(adaApps.find((a) => a.declaration.name === 'Leave')!.rights.request!.lockedOnCreate).toEqual([]);
    expect(data<unknown[]>(await erinApi.request('GET', 'apps'), 200)).toEqual([]);
  });
});
