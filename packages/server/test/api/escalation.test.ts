/**
 * @module-tag postgres
 *
 * Escalation (docs/behaviour/workflows.md#escalation): an open task whose
 * escalation time has passed gives its assignee's manager (their delegate
 * while the manager is away) a task of kind 'escalation', due at once, in
 * the manager's language, once; before that time, nothing happens.
 */
import crypto from 'node:crypto';
import type { TaskItem } from '@atrium/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { records as recordRows, workflowEntries } from '../../src/db/schema.js';
import type { TaskChange } from '../../src/tasks/TaskService.js';
import type { NewTask, TaskRecord } from '../../src/tasks/TaskStore.js';
import type { UserRecord } from '../../src/users/UserStore.js';
import { TestClock } from '../helpers/clock.js';
import { makeAccount, makeUser, signIn } from '../helpers/factories.js';
import { installDeclaration, LEAVE_DECLARATION, RecordsApi } from '../helpers/records.js';
import { TaskApi } from '../helpers/tasks.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';

const HOUR_MS = 3_600_000;

describe(`escalation of overdue tasks on ${databaseKind}`, () => {
  const clock = new TestClock();
  let t: TestApp;
  let accountId: string;
  let appId: string;
  let olivia: UserRecord;
  let liam: UserRecord;
  let dana: UserRecord;
  let noah: UserRecord;
  let loner: UserRecord;
  const changes: TaskChange[] = [];

  /** An open task of liam's (or another's) due an hour ago, escalating `hours` from now. */
  async function overdue(name: string, hours: number, assignee = liam, extra: Partial<NewTask> = {}): Promise<TaskRecord> {
    const now = clock.now();
    return t.services.stores.tasks.insert(
      {
        id: crypto.randomUUID(),
        accountId,
        appUuid: appId,
        appName: 'Leave',
        name,
        assigneeId: assignee.id,
        creatorId: null,
        endDate: new Date(now.getTime() - HOUR_MS),
        kind: 'work',
        escalateAt: new Date(now.getTime() + hours * HOUR_MS),
        createdAt: now,
        updatedAt: now,
        ...extra,
      },
      [],
    );
  }
  const escalationsOf = async (user: UserRecord): Promise<TaskItem[]> => {
    const api = new TaskApi(t, (await signIn(t.app, t.config.wrapperPrefix, user.username)).jwt);
    return (await api.notifications({ take: 100 })).data.flatMap((g) => g.data).filter((task) => task.kind === 'escalation');
  };

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    const { stores } = t.services;
    const team = await makeAccount(stores);
    accountId = team.id;
    olivia = await makeUser(stores, t.hasher, { firstname: 'Olivia', lastname: 'Manager', accounts: [team.id] });
    dana = await makeUser(stores, t.hasher, { firstname: 'Dana', lastname: 'Deputy', accounts: [team.id] });
    noah = await makeUser(stores, t.hasher, { firstname: 'Noah', lastname: 'Newcomer', accounts: [team.id], managerId: dana.id });
    liam = await makeUser(stores, t.hasher, { firstname: 'Liam', lastname: 'Worker', accounts: [team.id], managerId: olivia.id });
    loner = await makeUser(stores, t.hasher, { firstname: 'Lone', lastname: 'Wolf', accounts: [team.id] });
    const app = await installDeclaration(stores, LEAVE_DECLARATION, [team.id], [olivia.id, liam.id, dana.id, noah.id, loner.id]);
    appId = app.id;
    t.services.tasks.onChange((change) => changes.push(change));
  });
  afterAll(() => t.close());

  it('escalates a task once its escalation time has passed, to the manager, once only', async () => {
    const task = await overdue('Approve the budget', 2);
    expect(await t.services.escalations.run()).toEqual([]);
    clock.advanceMs(HOUR_MS);
    expect(await t.services.escalations.run()).toEqual([]);
    clock.advanceMs(HOUR_MS);
    changes.length = 0;
    const [id] = await t.services.escalations.run();
    expect(id).toBeDefined();
    const [escalation] = (await escalationsOf(olivia)).filter((e) => e.uuid === id);
    expect(escalation).toMatchObject({ task_name: 'Overdue: Approve the budget', kind: 'escalation', appName: 'Leave', status: 'open', delegated_from: null, assignee: { id: olivia.id } });
    expect(escalation!.end_date).toBe(clock.now().toISOString());
    const stored = await t.services.stores.tasks.findRow(id!, olivia.id);
    expect(stored).toMatchObject({ escalates: task.id, escalateAt: null, appUuid: appId });
    // The manager's desktop hears of it as a new assignment.
    expect(changes.map((c) => [c.reason, c.task.id, c.task.assigneeId])).toEqual([['assigned', id, olivia.id]]);
    expect(await changes[0]!.audience()).toContain(olivia.id);
    // The task itself keeps its assignee, and escalates no more.
    expect(await t.services.stores.tasks.findRow(task.id, liam.id)).toMatchObject({ assigneeId: liam.id, status: 'open', escalateAt: null });
    clock.advanceMs(24 * HOUR_MS);
    expect(await t.services.escalations.run()).toEqual([]);
    expect((await escalationsOf(olivia)).filter((e) => e.task_name === 'Overdue: Approve the budget')).toHaveLength(1);
  });

  it('names the task in the manager’s language', async () => {
    await t.services.stores.settings.apply(dana.id, [{ key: 'locale', value: 'de_DE' }]);
    await overdue('Reisekosten prüfen', -1, noah);
    const [id] = await t.services.escalations.run();
    expect(await t.services.stores.tasks.findRow(id!, dana.id)).toMatchObject({ name: 'Überfällig: Reisekosten prüfen', assigneeId: dana.id, kind: 'escalation' });
  });

  it('gives it to the manager’s delegate while the manager is away, saying whose it was', async () => {
    const today = clock.now().toISOString().slice(0, 10);
    await t.services.stores.absences.insertUnlessOverlapping({ id: crypto.randomUUID(), userId: olivia.id, accountId, startsOn: today, endsOn: today, delegateId: dana.id });
    await overdue('Sign the contract', -1);
    const [id] = await t.services.escalations.run();
    const [escalation] = (await escalationsOf(dana)).filter((e) => e.uuid === id);
    expect(escalation).toMatchObject({ task_name: 'Überfällig: Sign the contract', delegated_from: { id: olivia.id, name: 'Olivia Manager' } });
  });

  it('clears the escalation of a task whose assignee has no manager, giving nobody a task', async () => {
    const task = await overdue('Nobody above', -1, loner);
    expect(await t.services.escalations.run()).toEqual([]);
    expect(await t.services.stores.tasks.findRow(task.id, loner.id)).toMatchObject({ escalateAt: null, status: 'open' });
  });

  it('leaves a task done before its escalation time alone', async () => {
    const task = await overdue('Done in time', 1);
    await t.services.stores.tasks.update(task.id, { status: 'done' });
    clock.advanceMs(2 * HOUR_MS);
    expect(await t.services.escalations.run()).toEqual([]);
  });

  it('gives the escalation the record and state entry of the task, so it closes with the entry', async () => {
    const jwt = (await signIn(t.app, t.config.wrapperPrefix, liam.username)).jwt;
    const created = await new RecordsApi(t, jwt).created({ subject: 'Holiday' });
    const [row] = await t.services.db.select({ id: recordRows.id }).from(recordRows).where(eq(recordRows.name, created.record.name));
    const entryId = crypto.randomUUID();
    await t.services.db.insert(workflowEntries).values({ id: entryId, recordId: row!.id, state: 'submitted', enteredAt: clock.now() });
    const task = await overdue('Decide on the holiday', -1, liam, { record: created.record.name, recordId: row!.id, entryId });
    const [id] = await t.services.escalations.run();
    expect(await t.services.stores.tasks.findRow(id!, olivia.id)).toMatchObject({ record: created.record.name, recordId: row!.id, entryId, escalates: task.id });
  });
});
