/**
 * @module-tag postgres
 *
 * Work given to someone who may not read the record otherwise
 * (docs/behaviour/workflows.md#the-engine): a manager away for the day has
 * a delegate who sees only their own requests; the request waiting for the
 * manager goes to the delegate, who may open it (read and comment, the
 * fields their grants show, nothing to change) and approve it. Once the
 * work is done, the record is out of the delegate's reach again; a
 * colleague without work on it never reads it.
 */
import type { TaskItem } from '@atrium/shared';
import { checkDeclaration, type AppDeclarationInput, type RecordDetail } from '@atrium/shared/apps';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRecord } from '../../src/users/UserStore.js';
import { makeAccount, makeUser, signIn } from '../helpers/factories.js';
import { data, installDeclaration, RecordsApi } from '../helpers/records.js';
import { TaskApi } from '../helpers/tasks.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';

const label = (en: string) => ({ en_EN: en });

/** Time off: each person sees their own requests; their manager decides. */
const TIME_OFF: AppDeclarationInput = {
  name: 'TimeOff',
  version: '1.0.0',
  label: label('Time off'),
  category: 'employee center',
  roles: { approver: { label: label('Approver') } },
  entities: {
    request: {
      label: label('Request'),
      pluralLabel: label('Requests'),
      naming: { series: 'TO-{#####}' },
      titleField: 'subject',
      ownerField: 'employee',
      fields: {
        subject: { type: 'text', label: label('Subject'), required: true },
        employee: { type: 'user', label: label('Employee'), default: 'me' },
        salaryNote: { type: 'text', label: label('Salary note') },
        status: { type: 'choice', label: label('Status'), choices: ['requested', 'approved', 'rejected'].map((value) => ({ value, label: label(value) })) },
      },
      rights: {
        everyone: { actions: ['read', 'create', 'update', 'comment'], scope: 'own', hiddenFields: ['salaryNote'] },
        approver: { actions: ['read', 'update', 'comment'], scope: 'reports' },
      },
      workflow: {
        field: 'status',
        initial: 'requested',
        states: {
          requested: { label: label('Requested'), assignee: { managerOf: 'owner' }, approval: 'any' },
          approved: { label: label('Approved') },
          rejected: { label: label('Rejected') },
        },
        transitions: {
          approve: { action: label('Approve'), from: ['requested'], to: 'approved', who: ['assignee', { role: 'approver' }], decision: 'approve' },
          reject: { action: label('Reject'), from: ['requested'], to: 'rejected', who: ['assignee', { role: 'approver' }], decision: 'reject' },
        },
      },
    },
  },
};

type Who = 'manager' | 'employee' | 'delegate' | 'colleague';

describe(`work on a record out of the worker's scope, on ${databaseKind}`, () => {
  let t: TestApp;
  const user = {} as Record<Who, UserRecord>;
  const api = {} as Record<Who, RecordsApi>;
  const tasks = {} as Record<Who, TaskApi>;
  const work = async (who: Who): Promise<TaskItem[]> => (await tasks[who].notifications({ take: 50 })).data.flatMap((g) => g.data);

  beforeAll(async () => {
    t = await createTestApp();
    const { stores } = t.services;
    const org = await makeAccount(stores);
    const suffix = org.id.slice(0, 6);
    user.manager = await makeUser(stores, t.hasher, { accounts: [org.id], firstname: 'Mona', lastname: 'Manager', username: `mona-${suffix}` });
    user.employee = await makeUser(stores, t.hasher, { accounts: [org.id], firstname: 'Emil', lastname: 'Staff', username: `emil-${suffix}`, managerId: user.manager.id });
    user.delegate = await makeUser(stores, t.hasher, { accounts: [org.id], firstname: 'Dora', lastname: 'Deputy', username: `dora-${suffix}`, managerId: user.manager.id });
    user.colleague = await makeUser(stores, t.hasher, { accounts: [org.id], firstname: 'Carl', lastname: 'Staff', username: `carl-${suffix}`, managerId: user.manager.id });
    expect(checkDeclaration(TIME_OFF)).toMatchObject({ ok: true });
    const app = await installDeclaration(stores, TIME_OFF, [org.id], Object.values(user).map((u) => u.id));
    await stores.access.grantRole({ userId: user.manager.id, accountId: org.id, appId: app.id, role: 'approver' });
    const today = new Date().toISOString().slice(0, 10);
    await stores.absences.insertUnlessOverlapping({ id: crypto.randomUUID(), userId: user.manager.id, accountId: org.id, startsOn: today, endsOn: today, delegateId: user.delegate.id });
    for (const who of Object.keys(user) as Who[]) {
      const { jwt } = await signIn(t.app, t.config.wrapperPrefix, user[who].username);
      api[who] = new RecordsApi(t, jwt, 'TimeOff');
      tasks[who] = new TaskApi(t, jwt);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it('lets the delegate of an absent manager open the request given to them and approve it, and no one else', async () => {
    const created = await api.employee.created({ subject: 'Long weekend' }, 'request');
    // A field the employee's grant hides, which their manager fills in.
    const record = data<RecordDetail>(await api.manager.update(created.record.name, created.record.version, { salaryNote: 'unpaid' }), 200).record;
    const given = (await work('delegate')).find((task) => task.record === record.name);
    expect(given).toMatchObject({ kind: 'approval', delegated_from: { id: user.manager.id, name: 'Mona Manager' } });

    // The delegate reads it as their own grants show such a request (the hidden field hidden), may comment and change nothing.
    const seen = await api.delegate.detail(record.name);
    expect(seen.record.values.subject).toBe('Long weekend');
    expect(seen.record.values).not.toHaveProperty('salaryNote');
    expect(seen.rights).toMatchObject({ update: false, delete: false, comment: true });
    expect(seen.workflow!.transitions.map((step) => step.key)).toEqual(['approve', 'reject']);
    expect((await api.delegate.update(record.name, record.version, { subject: 'Longer weekend' })).statusCode).toBe(403);
    // A colleague without work on it does not find it.
    expect((await api.colleague.get(record.name)).statusCode).toBe(404);

    const approved = data<RecordDetail>(await api.delegate.request('POST', `TimeOff/record/${record.name}/transition`, { transition: 'approve', version: seen.record.version }), 200);
    expect(approved.workflow).toMatchObject({ state: 'approved', approval: null });
    expect((await work('delegate')).some((task) => task.record === record.name)).toBe(false);
    // The work done, the request is out of the delegate's reach again.
    expect((await api.delegate.get(record.name)).statusCode).toBe(404);
    expect((await api.employee.detail(record.name)).record.values.status).toBe('approved');
  });
});
