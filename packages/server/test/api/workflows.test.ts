/**
 * @module-tag postgres
 *
 * The workflow engine (docs/behaviour/workflows.md#the-engine): a new
 * record's first state, transitions and who may take them, approvals (one
 * of the manager, then 2 of 3 role holders), a locked state, `editable`,
 * conditions and required fields, round robin, the work each state gives
 * in the assignees' notification centres, reassigning, "waiting for me",
 * the bulk write, and two transitions taken at once.
 */
import type { TaskItem } from '@atrium/shared';
import { checkDeclaration, type AppDeclarationInput, type RecordDetail, type RecordImportResult, type RecordPage } from '@atrium/shared/apps';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRecord } from '../../src/users/UserStore.js';
import { addBusinessHours, type BusinessCalendar } from '../../src/workflows/businessTime.js';
import { makeAccount, makeUser, signIn } from '../helpers/factories.js';
import { data, installDeclaration, RecordsApi } from '../helpers/records.js';
import { TaskApi } from '../helpers/tasks.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';

const label = (en: string, de?: string) => ({ en_EN: en, ...(de ? { de_DE: de } : {}) });
const STATES = ['draft', 'submitted', 'review', 'approved', 'paid', 'rejected'];

/** Expense claims: the employee submits, their manager approves, then 2 of the finance team, then a clerk (in turn) pays. */
const EXPENSES: AppDeclarationInput = {
  name: 'Expenses',
  version: '1.0.0',
  label: label('Expenses'),
  category: 'employee center',
  roles: { finance: { label: label('Finance') }, clerk: { label: label('Clerk') } },
  entities: {
    claim: {
      label: label('Expense claim'),
      pluralLabel: label('Expense claims'),
      naming: { series: 'EX-{#####}' },
      titleField: 'subject',
      ownerField: 'employee',
      fields: {
        subject: { type: 'text', label: label('Subject'), required: true },
        employee: { type: 'user', label: label('Employee'), default: 'me' },
        status: { type: 'choice', label: label('Status'), choices: STATES.map((value) => ({ value, label: label(value) })) },
        amount: { type: 'number', label: label('Amount') },
        receipt: { type: 'text', label: label('Receipt') },
        note: { type: 'text', label: label('Note') },
      },
      rights: { everyone: { actions: ['read', 'create', 'update', 'comment', 'import'], scope: 'organisation' }, finance: { actions: ['read', 'delete'], scope: 'organisation' } },
      workflow: {
        field: 'status',
        initial: 'draft',
        reassign: ['finance'],
        states: {
          draft: { label: label('Draft') },
          submitted: { label: label('Approve', 'Genehmigen'), assignee: { managerOf: 'owner' }, approval: 'any', due: { businessHours: 8 }, escalateAfterHours: 4, notify: [{ role: 'finance' }, 'owner'] },
          review: { label: label('Review'), assignee: { role: 'finance', pick: 'all' }, approval: { count: 2 }, editable: { finance: ['note'] } },
          approved: { label: label('Pay'), assignee: { role: 'clerk', pick: 'roundRobin' }, set: { note: 'Approved' } },
          paid: { label: label('Paid'), locked: true },
          rejected: { label: label('Rejected'), locked: true },
        },
        transitions: {
          submit: { action: label('Submit'), from: ['draft'], to: 'submitted', who: ['owner'], selfApproval: true, requires: ['amount'] },
          approve: { action: label('Approve'), from: ['submitted'], to: 'review', who: ['assignee'], decision: 'approve' },
          reject: { action: label('Reject'), from: ['submitted'], to: 'rejected', who: ['assignee'], decision: 'reject', comment: 'required' },
          financeApprove: { action: label('Approve'), from: ['review'], to: 'approved', who: [{ role: 'finance' }], decision: 'approve' },
          financeReject: { action: label('Reject'), from: ['review'], to: 'rejected', who: [{ role: 'finance' }], decision: 'reject' },
          pay: { action: label('Pay'), from: ['approved'], to: 'paid', who: ['assignee'], requires: ['receipt'], condition: { field: 'amount', op: 'gt', value: 0 } },
        },
      },
    },
  },
};

type Who = 'emp' | 'mgr' | 'fin1' | 'fin2' | 'fin3' | 'clerk1' | 'clerk2' | 'other';

describe(`workflows on ${databaseKind}`, () => {
  let t: TestApp;
  const user = {} as Record<Who, UserRecord>;
  const api = {} as Record<Who, RecordsApi>;
  const tasks = {} as Record<Who, TaskApi>;

  const transition = (who: Who, name: string, body: Record<string, unknown>): Promise<LightMyRequestResponse> => api[who].request('POST', `Expenses/record/${name}/transition`, body);
  const take = async (who: Who, name: string, key: string, extra: Record<string, unknown> = {}): Promise<RecordDetail> => {
    const { record } = await api[who].detail(name);
    return data<RecordDetail>(await transition(who, name, { transition: key, version: record.version, ...extra }), 200);
  };
  const work = async (who: Who): Promise<TaskItem[]> => (await tasks[who].notifications({ take: 50 })).data.flatMap((g) => g.data);
  const refusal = (res: LightMyRequestResponse) => ({ status: res.statusCode, code: res.json<{ code: string }>().code, fields: res.json<{ fields?: Record<string, { code: string }> }>().fields });

  beforeAll(async () => {
    t = await createTestApp();
    const { stores } = t.services;
    const org = await makeAccount(stores);
    const other = await makeAccount(stores);
    const suffix = org.id.slice(0, 6);
    user.mgr = await makeUser(stores, t.hasher, { accounts: [org.id], firstname: 'Mia', lastname: 'Manager', username: `mgr-${suffix}` });
    user.emp = await makeUser(stores, t.hasher, { accounts: [org.id], firstname: 'Eve', lastname: 'Employee', username: `emp-${suffix}`, managerId: user.mgr.id });
    for (const who of ['fin1', 'fin2', 'fin3', 'clerk1', 'clerk2'] as const) user[who] = await makeUser(stores, t.hasher, { accounts: [org.id], firstname: who, lastname: 'X', username: `${who}-${suffix}`, managerId: user.mgr.id });
    user.other = await makeUser(stores, t.hasher, { accounts: [other.id], username: `other-${suffix}` });
    expect(checkDeclaration(EXPENSES)).toMatchObject({ ok: true });
    const app = await installDeclaration(stores, EXPENSES, [org.id, other.id], Object.values(user).map((u) => u.id));
    for (const who of ['fin1', 'fin2', 'fin3'] as const) await stores.access.grantRole({ userId: user[who].id, accountId: org.id, appId: app.id, role: 'finance' });
    for (const who of ['clerk1', 'clerk2'] as const) await stores.access.grantRole({ userId: user[who].id, accountId: org.id, appId: app.id, role: 'clerk' });
    for (const who of Object.keys(user) as Who[]) {
      const { jwt } = await signIn(t.app, t.config.wrapperPrefix, user[who].username);
      api[who] = new RecordsApi(t, jwt, 'Expenses');
      tasks[who] = new TaskApi(t, jwt);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it('starts a new record in the initial state and refuses any other', async () => {
    const refused = await api.emp.create({ subject: 'Taxi', status: 'paid' }, 'claim');
    expect(refused.statusCode).toBe(400);
    expect(refusal(refused).fields).toEqual({ status: { code: 'workflow' } });
    const created = await api.emp.created({ subject: 'Taxi' }, 'claim');
    expect(created.record.values.status).toBe('draft');
    expect(created.workflow).toMatchObject({ state: 'draft', assignees: [], approval: null, mayReassign: false, dueAt: null });
    // The owner may submit, once the amount is given; nobody else sees the step.
    expect(created.workflow!.transitions).toEqual([expect.objectContaining({ key: 'submit', to: 'submitted', blocked: { condition: false, requires: ['amount'] } })]);
    expect((await api.mgr.detail(created.record.name)).workflow!.transitions).toEqual([]);
    expect(created.rights.readOnlyFields).toContain('status');
  });

  it('starts each record of an import in the initial state, refuses a row in another, and its steps give work', async () => {
    const importOf = async (csv: string) => data<RecordImportResult>(await api.emp.request('POST', 'Expenses/claim/import', { csv }), 200);
    const refused = await importOf('Subject,Amount,Status\nTrain,12,paid\nBus,3,\n');
    expect(refused).toMatchObject({ refused: 1, created: [] });
    expect(refused.rows[0]!.problems).toEqual({ status: { code: 'workflow' } });
    const { created } = await importOf('Subject,Amount\nTrain,12\nBus,3\n');
    expect(created).toHaveLength(2);
    for (const name of created) {
      const detail = await api.emp.detail(name);
      expect(detail.record.values.status).toBe('draft');
      expect(detail.workflow).toMatchObject({ state: 'draft', transitions: [expect.objectContaining({ key: 'submit' })] });
      expect(detail.workflow!.transitions[0]).not.toHaveProperty('blocked');
    }
    await take('emp', created[0]!, 'submit');
    expect((await work('mgr')).filter((task) => task.record === created[0]).map((task) => task.kind)).toEqual(['approval']);
  });

  it('takes a transition only for who may, with its required fields, on the version read', async () => {
    const { record } = await api.emp.created({ subject: 'Hotel' }, 'claim');
    expect(refusal(await transition('mgr', record.name, { transition: 'submit', version: 1 }))).toMatchObject({ status: 403, code: 'records.forbidden' });
    expect(refusal(await transition('emp', record.name, { transition: 'nope', version: 1 }))).toMatchObject({ status: 400, code: 'records.unknownTransition' });
    expect(refusal(await transition('emp', record.name, { transition: 'approve', version: 1 }))).toMatchObject({ status: 409, code: 'records.transitionNotAvailable' });
    expect(refusal(await transition('emp', record.name, { transition: 'submit', version: 1 }))).toMatchObject({ status: 400, code: 'records.invalid', fields: { amount: { code: 'required' } } });
    data(await api.emp.update(record.name, 1, { amount: 120 }), 200);
    expect(refusal(await transition('emp', record.name, { transition: 'submit', version: 1 }))).toMatchObject({ status: 409, code: 'records.conflict' });
    expect(refusal(await transition('other', record.name, { transition: 'submit', version: 2 }))).toMatchObject({ status: 404 });
    const submitted = data<RecordDetail>(await transition('emp', record.name, { transition: 'submit', version: 2 }), 200);
    expect(submitted.record.values.status).toBe('submitted');
    expect(submitted.record.version).toBe(3);
    expect(submitted.workflow).toMatchObject({ state: 'submitted', assignees: [user.mgr.id], approval: { needed: 1, approvers: [{ userId: user.mgr.id, decision: null }] } });
    expect(submitted.people[user.mgr.id]).toBe('Mia Manager');
    // Due in 8 business hours, which is what the manager's task shows.
    expect(Date.parse(submitted.workflow!.dueAt!)).toBeGreaterThan(Date.now());
    const mine = (await work('mgr')).filter((task) => task.record === record.name);
    expect(mine).toEqual([expect.objectContaining({ kind: 'approval', task_name: `Approve ${record.name} · Hotel`, end_date: submitted.workflow!.dueAt, appName: 'Expenses' })]);
    // The finance team is told; the owner, who moved it, is not.
    for (const who of ['fin1', 'fin2', 'fin3'] as const) expect((await work(who)).filter((task) => task.record === record.name).map((task) => task.kind)).toEqual(['notice']);
    expect((await work('emp')).filter((task) => task.record === record.name)).toEqual([]);
  });

  it('refuses direct writes of the state field, of a locked state, and outside a state\'s editable fields', async () => {
    const name = await submitted('Lunch', 30);
    const { record } = await api.emp.detail(name);
    expect(refusal(await api.emp.update(name, record.version, { status: 'paid' }))).toMatchObject({ status: 400, fields: { status: { code: 'workflow' } } });
    await take('mgr', name, 'approve');
    const review = await api.fin1.detail(name);
    expect(refusal(await api.fin1.update(name, review.record.version, { subject: 'Dinner' }))).toMatchObject({ status: 403, code: 'records.readOnlyField' });
    expect(data<RecordDetail>(await api.fin1.update(name, review.record.version, { note: 'checked' }), 200).record.values.note).toBe('checked');
    // Others keep the rights their grants give.
    const again = await api.emp.detail(name);
    data(await api.emp.update(name, again.record.version, { subject: 'Lunch with client' }), 200);
    const rejected = await take('fin1', name, 'financeReject');
    expect(rejected.workflow!.state).toBe('rejected');
    expect(refusal(await api.emp.update(name, rejected.record.version, { subject: 'x' }))).toMatchObject({ status: 403, code: 'records.stateLocked' });
    expect(rejected.workflow!.transitions).toEqual([]);
  });

  it('counts approvals: the manager alone, then 2 of the 3 finance holders; a second decision is refused', async () => {
    const name = await submitted('Flight', 400);
    const { record } = await api.mgr.detail(name);
    expect(refusal(await transition('mgr', name, { transition: 'reject', version: record.version }))).toMatchObject({ status: 400, code: 'records.commentRequired' });
    const review = await take('mgr', name, 'approve');
    expect(review.workflow).toMatchObject({ state: 'review', approval: { needed: 2 } });
    expect(review.workflow!.assignees.sort()).toEqual([user.fin1.id, user.fin2.id, user.fin3.id].sort());
    expect((await work('mgr')).filter((task) => task.record === name)).toEqual([]);
    const first = await take('fin2', name, 'financeApprove', { comment: 'fine by me' });
    expect(first.workflow!.state).toBe('review');
    expect(first.record.version).toBe(review.record.version);
    expect(first.workflow!.approval!.approvers.find((a) => a.userId === user.fin2.id)).toMatchObject({ decision: 'approve', comment: 'fine by me' });
    expect(first.workflow!.approval!.approvers.filter((a) => a.decision === null).map((a) => a.userId).sort()).toEqual([user.fin1.id, user.fin3.id].sort());
    expect((await work('fin2')).filter((task) => task.record === name && task.kind === 'approval')).toEqual([]);
    expect(first.workflow!.transitions.map((tr) => tr.key)).toEqual([]);
    expect(refusal(await transition('fin2', name, { transition: 'financeApprove', version: first.record.version }))).toMatchObject({ status: 409, code: 'records.alreadyDecided' });
    const approved = await take('fin3', name, 'financeApprove');
    expect(approved.workflow!.state).toBe('approved');
    expect(approved.record.values.note).toBe('Approved');
    // fin1's approval work closed with the state.
    expect((await work('fin1')).filter((task) => task.record === name && task.kind === 'approval')).toEqual([]);
    const timeline = await api.emp.timeline(name);
    expect(timeline.filter((e) => e.kind === 'change' && e.action === 'transition').map((e) => e.kind === 'change' && e.detail)).toEqual([
      { transition: 'financeApprove', comment: null, decision: 'approve', onBehalfOf: null },
      { transition: 'financeApprove', comment: 'fine by me', decision: 'approve', onBehalfOf: null },
      { transition: 'approve', comment: null, decision: 'approve', onBehalfOf: null },
      { transition: 'submit', comment: null },
    ]);
  });

  it('refuses self-approval to the record\'s creator', async () => {
    const { record } = await api.fin1.created({ subject: 'Books', amount: 50 }, 'claim');
    await take('fin1', record.name, 'submit');
    await take('mgr', record.name, 'approve');
    const detail = await api.fin1.detail(record.name);
    expect(detail.workflow!.transitions).toEqual([]);
    expect(refusal(await transition('fin1', record.name, { transition: 'financeApprove', version: detail.record.version }))).toMatchObject({ status: 403, code: 'records.selfApproval' });
  });

  it('gives work in turn, checks conditions and required fields, and reassigns', async () => {
    const a = await approvedClaim('Train', 80);
    const b = await approvedClaim('Bus', 0);
    const assignees = [(await api.emp.detail(a)).workflow!.assignees, (await api.emp.detail(b)).workflow!.assignees].flat();
    expect([...assignees].sort()).toEqual([user.clerk1.id, user.clerk2.id].sort());
    const clerkOf = (name: string) => (Object.entries(user).find(([, u]) => u.id === assignees[name === a ? 0 : 1])![0] as Who);
    const payB = await api[clerkOf(b)].detail(b);
    expect(payB.workflow!.transitions).toEqual([expect.objectContaining({ key: 'pay', blocked: { condition: true, requires: ['receipt'] } })]);
    data(await api.emp.update(b, payB.record.version, { receipt: 'R-1' }), 200);
    expect(refusal(await transition(clerkOf(b), b, { transition: 'pay', version: payB.record.version + 1 }))).toMatchObject({ status: 409, code: 'records.conditionUnmet' });
    // Reassigning: only the reassign roles; the work moves with its due time.
    const from = clerkOf(a);
    const to: Who = from === 'clerk1' ? 'clerk2' : 'clerk1';
    expect(refusal(await api.emp.request('POST', `Expenses/record/${a}/reassign`, { from: user[from].id, to: user[to].id }))).toMatchObject({ status: 403 });
    expect(refusal(await api.fin1.request('POST', `Expenses/record/${a}/reassign`, { from: user.emp.id, to: user[to].id }))).toMatchObject({ status: 400, code: 'records.notAssignee' });
    expect(refusal(await api.fin1.request('POST', `Expenses/record/${a}/reassign`, { from: user[from].id, to: user.other.id }))).toMatchObject({ status: 400, code: 'records.reassignNotMember' });
    const moved = data<RecordDetail>(await api.fin1.request('POST', `Expenses/record/${a}/reassign`, { from: user[from].id, to: user[to].id }), 200);
    expect(moved.workflow!.assignees).toEqual([user[to].id]);
    // The history says who gave whose work to whom, by name.
    const [given] = (await api.emp.timeline(a)).filter((e) => e.kind === 'change' && e.action === 'reassign');
    expect(given).toMatchObject({ by: { id: user.fin1.id, name: 'fin1 X' }, detail: { reassigned: { from: { id: user[from].id, name: `${from} X` }, to: { id: user[to].id, name: `${to} X` } } } });
    // The work went; what is left to the one it was taken from is the news of it, as a follower of the record (told once the write is done).
    await t.services.following.drain();
    expect((await work(from)).filter((task) => task.record === a).map((task) => task.kind)).toEqual(['follow']);
    expect((await work(to)).filter((task) => task.record === a).map((task) => task.kind)).toEqual(['work']);
    const paid = await take(to, a, 'pay', { comment: 'paid' }).catch(() => null);
    expect(paid).toBeNull(); // the receipt is still missing
    const withReceipt = await api.emp.detail(a);
    data(await api.emp.update(a, withReceipt.record.version, { receipt: 'R-2' }), 200);
    expect((await take(to, a, 'pay')).workflow!.state).toBe('paid');
    expect((await work(to)).filter((task) => task.record === a)).toEqual([]);
  });

  it("closes a deleted record's work and gives it again once the record is restored", async () => {
    const name = await submitted('Ferry', 40);
    const approvals = async () => (await work('mgr')).filter((task) => task.record === name && task.kind === 'approval');
    expect(await approvals()).toHaveLength(1);
    const { record } = await api.fin1.detail(name);
    expect((await api.fin1.request('DELETE', `Expenses/record/${name}?version=${record.version}`)).statusCode).toBe(200);
    // Nobody keeps a task that opens a record they cannot find.
    expect(await approvals()).toEqual([]);
    const restored = data<RecordDetail>(await api.fin1.request('POST', `Expenses/record/${name}/restore`), 200);
    expect(restored.workflow).toMatchObject({ state: 'submitted', assignees: [user.mgr.id] });
    expect(await approvals()).toHaveLength(1);
    expect((await take('mgr', name, 'approve')).workflow!.state).toBe('review');
  });

  it("counts due times and escalations in the organisation's working days and hours, as its operator sets them", async () => {
    const orgId = user.emp.activeAccountId!;
    const submit = async (subject: string) => {
      const { record } = await api.emp.created({ subject, amount: 10 }, 'claim');
      const { workflow } = await take('emp', record.name, 'submit');
      const task = (await work('mgr')).find((item) => item.record === record.name)!;
      const row = await t.services.stores.tasks.findRow(task.uuid, user.mgr.id);
      return { enteredAt: new Date(workflow!.enteredAt), dueAt: workflow!.dueAt, end: task.end_date, escalateAt: row!.escalateAt };
    };
    try {
      // Around the clock, every day: 8 business hours are 8 hours.
      const always: BusinessCalendar = { timeZone: 'Pacific/Auckland', days: [0, 1, 2, 3, 4, 5, 6], opens: 0, closes: 24 * 60 };
      await t.services.stores.accounts.update(orgId, { businessCalendar: always });
      const first = await submit('Ferry');
      expect(Date.parse(first.dueAt!) - first.enteredAt.getTime()).toBe(8 * 3_600_000);
      expect(first.end).toBe(first.dueAt);
      // Oslo's office hours: the day closes at 16:00 local time, and Monday is not worked.
      const oslo: BusinessCalendar = { timeZone: 'Europe/Oslo', days: [2, 3, 4, 5], opens: 8 * 60, closes: 16 * 60 };
      await t.services.stores.accounts.update(orgId, { businessCalendar: oslo });
      const second = await submit('Tram');
      expect(second.dueAt).toBe(addBusinessHours(second.enteredAt, 8, oslo).toISOString());
      expect(second.dueAt).not.toBe(addBusinessHours(second.enteredAt, 8).toISOString());
      const local = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Oslo', weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(second.dueAt!));
      expect(local).toMatch(/^(Tue|Wed|Thu|Fri) (0[89]|1[0-5]):\d\d$|^(Tue|Wed|Thu|Fri) 16:00$/);
      // Its escalation, four business hours after that, in the same hours.
      expect(second.escalateAt?.toISOString()).toBe(addBusinessHours(new Date(second.dueAt!), 4, oslo).toISOString());
    } finally {
      await t.services.stores.accounts.update(orgId, { businessCalendar: null });
    }
  });

  it('lists the records waiting for the caller', async () => {
    const name = await submitted('Parking', 12);
    const waiting = data<RecordPage>(await api.mgr.query({ waitingForMe: true }, 'claim'), 200);
    expect(waiting.records.map((r) => r.name)).toContain(name);
    for (const r of waiting.records) expect((await api.mgr.detail(r.name)).workflow!.assignees).toContain(user.mgr.id);
    expect(data<RecordPage>(await api.emp.query({ waitingForMe: true }, 'claim'), 200).records).toEqual([]);
  });

  it('lets exactly one of two transitions taken at once move the record', async () => {
    const { record } = await api.emp.created({ subject: 'Race', amount: 5 }, 'claim');
    const answers = await Promise.all([transition('emp', record.name, { transition: 'submit', version: 1 }), transition('emp', record.name, { transition: 'submit', version: 1 })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect((await work('mgr')).filter((task) => task.record === record.name)).toHaveLength(1);
    const after = await api.emp.detail(record.name);
    expect(after.record.version).toBe(2);
  });

  it('enters each record of a bulk write in the state its values hold, with its work', async () => {
    const accountId = user.emp.activeAccountId!;
    const names = await t.services.records.createManyAsOperator({
      accountId,
      app: 'Expenses',
      records: [
        { entity: 'claim', values: { subject: 'Old taxi', employee: user.emp.id, status: 'submitted', amount: 9 }, createdBy: user.emp.id, at: new Date() },
        { entity: 'claim', values: { subject: 'Old hotel', employee: user.emp.id, status: 'paid', amount: 90 }, createdBy: user.emp.id, at: new Date() },
      ],
    });
    expect((await api.mgr.detail(names[0]!)).workflow).toMatchObject({ state: 'submitted', assignees: [user.mgr.id] });
    expect((await work('mgr')).filter((task) => task.record === names[0]).map((task) => task.kind)).toEqual(['approval']);
    expect((await api.mgr.detail(names[1]!)).workflow).toMatchObject({ state: 'paid', assignees: [] });
    expect((await take('mgr', names[0]!, 'approve')).workflow!.state).toBe('review');
  });

  /** A claim of the employee's, submitted: waiting for the manager. */
  async function submitted(subject: string, amount: number): Promise<string> {
    const { record } = await api.emp.created({ subject, amount }, 'claim');
    await take('emp', record.name, 'submit');
    return record.name;
  }

  /** A claim approved by the manager and two of finance: waiting for a clerk. */
  async function approvedClaim(subject: string, amount: number): Promise<string> {
    const name = await submitted(subject, amount);
    await take('mgr', name, 'approve');
    await take('fin1', name, 'financeApprove');
    await take('fin2', name, 'financeApprove');
    return name;
  }
});
