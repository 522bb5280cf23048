/**
 * @module-tag postgres
 *
 * KPI alerts (docs/behaviour/dashboards.md#kpi-alerts): a KPI whose figure
 * enters red gives each person its threshold names one task, in their
 * language, that opens the dashboard; staying red gives none, leaving and
 * entering again gives a new one; the figure is the owner's (records they
 * may not read never count); another organisation's records never count;
 * two evaluations at once give one task; and the refusals of a `notify`
 * that names someone it may not.
 */
import type { AppDeclarationInput } from '@atrium/shared/apps';
import type { AlertRecipients, DashboardDefinitionInput, DashboardDto, ThresholdNotify } from '@atrium/shared/dashboards';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredDashboard } from '../../src/dashboards/DashboardStore.js';
import type { UserRecord } from '../../src/users/UserStore.js';
import { DashboardsApi } from '../helpers/dashboards.js';
import { makeAccount, makeUser, signIn } from '../helpers/factories.js';
import { data, installDeclaration, RecordsApi } from '../helpers/records.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';

const label = (en: string) => ({ en_EN: en });

/** Tickets of a help desk: everyone reads their own, leads read all; the on-call role is who is told. */
const HELPDESK: AppDeclarationInput = {
  name: 'Helpdesk',
  version: '1.0.0',
  label: label('Helpdesk'),
  category: 'organization',
  roles: { lead: { label: label('Lead') }, oncall: { label: label('On call') } },
  entities: {
    ticket: {
      label: label('Ticket'),
      pluralLabel: label('Tickets'),
      naming: { series: 'H-{#####}' },
      titleField: 'subject',
      ownerField: 'agent',
      fields: { subject: { type: 'text', label: label('Subject'), required: true }, agent: { type: 'user', label: label('Agent'), default: 'me' } },
      rights: { everyone: { actions: ['read', 'create', 'update', 'delete'], scope: 'own' }, lead: { actions: ['read', 'create', 'update', 'delete'], scope: 'organisation' } },
    },
  },
  datasets: { tickets: { label: label('Tickets'), entity: 'ticket', dimensions: { agent: { label: label('Agent'), field: 'agent' } }, measures: { count: { label: label('Tickets'), op: 'count' } } } },
};

/** A dashboard with one KPI, red above two open tickets, telling `notify`. */
function alerting(notify: ThresholdNotify | undefined, title = 'Desk health'): DashboardDefinitionInput {
  return {
    title,
    widgets: [
      { id: 'open', kind: 'kpi', title: { en_EN: 'Open tickets', de_DE: 'Offene Tickets' }, query: { app: 'Helpdesk', dataset: 'tickets', measures: ['count'] }, threshold: { red: 2, yellow: 1, higherIsBetter: false, ...(notify ? { notify } : {}) }, position: { x: 0, y: 0, w: 3, h: 2 } },
    ],
  };
}

describe(`KPI alerts on ${databaseKind}`, () => {
  let t: TestApp;
  let orgId: string;
  const users: Record<'ada' | 'bob' | 'cat' | 'dan' | 'fay' | 'erin', UserRecord> = {} as never;
  /** ada leads (reads every ticket); bob only his own; cat and dan are on call; fay is a member with no role; erin is of another organisation. */
  const boards: Record<keyof typeof users, DashboardsApi> = {} as never;
  const tickets: Record<keyof typeof users, RecordsApi> = {} as never;

  beforeAll(async () => {
    t = await createTestApp({ env: { COSTLY_CALLS_RATE: '1000000', COSTLY_CALLS_PER_USER: '1000' } });
    const { stores } = t.services;
    const org = await makeAccount(stores, 'Northwind');
    const other = await makeAccount(stores, 'Contoso');
    orgId = org.id;
    for (const name of ['ada', 'bob', 'cat', 'dan', 'fay'] as const) users[name] = await makeUser(stores, t.hasher, { accounts: [org.id], firstname: name, lastname: 'Test' });
    users.erin = await makeUser(stores, t.hasher, { accounts: [other.id], firstname: 'erin', lastname: 'Far' });
    const app = await installDeclaration(stores, HELPDESK, [org.id, other.id], Object.values(users).map((u) => u.id));
    await stores.access.grantRole({ userId: users.ada.id, accountId: org.id, appId: app.id, role: 'lead' });
    await stores.access.grantRole({ userId: users.erin.id, accountId: other.id, appId: app.id, role: 'lead' });
    for (const name of ['cat', 'dan'] as const) await stores.access.grantRole({ userId: users[name].id, accountId: org.id, appId: app.id, role: 'oncall' });
    // Tasks of alerts belong to the Dashboards application, which opens the dashboard.
    await stores.apps.create({ name: 'Dashboards', title: 'Dashboards', category: 'operational intelligence' });
    await stores.settings.apply(users.dan.id, [{ key: 'locale', value: 'de_DE' }]);
    for (const name of Object.keys(users) as Array<keyof typeof users>) {
      const { jwt } = await signIn(t.app, t.config.wrapperPrefix, users[name].username);
      boards[name] = new DashboardsApi(t, jwt);
      tickets[name] = new RecordsApi(t, jwt, 'Helpdesk');
    }
  });
  afterAll(async () => {
    await t.close();
  });

  /** Open tasks of a user in the organisation, newest last. */
  const tasksOf = async (who: keyof typeof users, accountId = orgId) => t.services.tasks.listForOperator({ accountId, assigneeId: users[who].id, all: false, limit: 100 });
  const create = async (who: keyof typeof users, definition: DashboardDefinitionInput, sharing: unknown) => data<DashboardDto>(await boards[who].create({ definition, sharing }), 201);
  const stored = async (uuid: string, accountId = orgId) => (await t.services.stores.dashboards.find(accountId, uuid)) as StoredDashboard;
  const open = async (who: keyof typeof users, count: number) => {
    const names: string[] = [];
    for (let i = 0; i < count; i++) names.push((await tickets[who].created({ subject: `Ticket ${i}` }, 'ticket')).record.name);
    await t.services.kpiAlerts.flush();
    return names;
  };
  const close = async (who: keyof typeof users, names: string[]) => {
    for (const name of names) expect((await tickets[who].remove(name, 1)).statusCode).toBe(200);
    await t.services.kpiAlerts.flush();
  };

  it('gives each holder of the role one task when the figure enters red, none while it stays red, and a new one when it enters red again', async () => {
    const board = await create('ada', alerting({ app: 'Helpdesk', role: 'oncall' }, 'Desk health'), { kind: 'organisation' });
    await t.services.kpiAlerts.flush();
    expect(await t.services.stores.dashboards.alerts(board.uuid)).toMatchObject([{ widgetId: 'open', colour: 'green', taskId: null }]);
    const first = await open('ada', 3);
    const [cat, dan] = [await tasksOf('cat'), await tasksOf('dan')];
    expect(cat).toHaveLength(1);
    expect(cat[0]).toMatchObject({ appName: 'Dashboards', task_name: 'Open tickets on “Desk health” is red: 3 (red above 2)', record: board.uuid, status: 'open' });
    // In the recipient's language.
    expect(dan).toHaveLength(1);
    expect(dan[0]!.task_name).toBe('Offene Tickets auf „Desk health“ ist rot: 3 (rot über 2)');
    expect(await tasksOf('ada')).toHaveLength(0);
    expect(await tasksOf('fay')).toHaveLength(0);
    const [row] = await t.services.stores.dashboards.alerts(board.uuid);
    expect(row).toMatchObject({ colour: 'red' });
    expect([cat[0]!.uuid, dan[0]!.uuid]).toContain(row!.taskId);

    // Staying red: nothing new.
    const more = await open('ada', 1);
    expect(await tasksOf('cat')).toHaveLength(1);
    // Leaving red: the colour is recorded and the task stays, to be done by its assignee.
    await close('ada', [...more, ...first.slice(0, 2)]);
    expect((await t.services.stores.dashboards.alerts(board.uuid))[0]).toMatchObject({ colour: 'green' });
    expect(await tasksOf('cat')).toHaveLength(1);
    // Entering red again: a new task each.
    await open('ada', 2);
    expect((await tasksOf('cat')).map((task) => task.task_name)).toEqual(['Open tickets on “Desk health” is red: 3 (red above 2)', 'Open tickets on “Desk health” is red: 3 (red above 2)']);
    expect(await tasksOf('dan')).toHaveLength(2);
    await t.services.stores.dashboards.remove(orgId, board.uuid);
    await close('ada', await idsOfAll());
  });

  /** Every ticket of the organisation, as the lead reads them. */
  async function idsOfAll(): Promise<string[]> {
    const page = await tickets.ada.list({}, 'ticket');
    return page.records.map((r) => r.name);
  }

  it('computes the figure as the owner reads it: tickets they may not read never turn it red', async () => {
    const board = await create('bob', alerting({ user: users.bob.id }, 'My queue'), { kind: 'private' });
    const others = await open('ada', 3);
    // Three tickets in the organisation, none of them bob's: green for him.
    expect((await t.services.stores.dashboards.alerts(board.uuid))[0]).toMatchObject({ colour: 'green' });
    expect(await tasksOf('bob')).toHaveLength(0);
    await open('bob', 3);
    const mine = await tasksOf('bob');
    expect(mine.map((task) => task.task_name)).toEqual(['Open tickets on “My queue” is red: 3 (red above 2)']);
    expect(others).toHaveLength(3);
    await t.services.stores.dashboards.remove(orgId, board.uuid);
    await close('ada', await idsOfAll());
  });

  it('never counts the records of another organisation', async () => {
    const board = await create('ada', alerting({ user: users.fay.id }, 'Northwind desk'), { kind: 'organisation' });
    await t.services.kpiAlerts.flush();
    const far = await open('erin', 5);
    expect((await t.services.stores.dashboards.alerts(board.uuid))[0]).toMatchObject({ colour: 'green' });
    expect(await tasksOf('fay')).toHaveLength(0);
    // Erin's own organisation has no such dashboard: nobody there is told either.
    expect(await t.services.tasks.listForOperator({ accountId: (await t.services.stores.accounts.findByName('Contoso'))!.id, all: true, limit: 100 })).toHaveLength(0);
    await close('erin', far);
    await t.services.stores.dashboards.remove(orgId, board.uuid);
  });

  it('refuses a notify that names someone outside the organisation, an unknown role, or people who could not open the dashboard', async () => {
    const refused = async (definition: DashboardDefinitionInput, sharing: unknown, status: number) => {
      const res = await boards.ada.create({ definition, sharing });
      expect(res.statusCode).toBe(status);
      return res.json<{ code: string; message: string; params: Record<string, string> }>();
    };
    expect(await refused(alerting({ user: users.erin.id }), { kind: 'organisation' }, 400)).toMatchObject({
      code: 'dashboards.notifyNotMember',
      params: { widget: 'Open tickets' },
      message: 'The person to be given a task when Open tickets turns red is not a member of this organisation',
    });
    expect(await refused(alerting({ app: 'Helpdesk', role: 'nobody' }), { kind: 'organisation' }, 400)).toMatchObject({ code: 'dashboards.notifyUnknownRole', params: { app: 'Helpdesk', role: 'nobody' } });
    expect(await refused(alerting({ app: 'Elsewhere', role: 'oncall' }), { kind: 'organisation' }, 400)).toMatchObject({ code: 'dashboards.notifyUnknownRole' });
    // A private dashboard opens for its owner only; one shared with another role does not open for the on-call people.
    expect(await refused(alerting({ user: users.fay.id }), { kind: 'private' }, 400)).toMatchObject({ code: 'dashboards.notifyCannotSee', params: { widget: 'Open tickets' } });
    expect(await refused(alerting({ app: 'Helpdesk', role: 'oncall' }), { kind: 'role', app: 'Helpdesk', role: 'lead' }, 400)).toMatchObject({ code: 'dashboards.notifyCannotSee' });
    // Shared with the role told, or naming its owner: saved.
    const ok = await create('ada', alerting({ app: 'Helpdesk', role: 'oncall' }), { kind: 'role', app: 'Helpdesk', role: 'oncall' });
    const mine = await create('ada', alerting({ user: users.ada.id }), { kind: 'private' });
    // A change that makes it private is refused as well.
    const update = await boards.ada.update(ok.uuid, { definition: alerting({ app: 'Helpdesk', role: 'oncall' }), sharing: { kind: 'private' }, version: 1 });
    expect(update.json()).toMatchObject({ code: 'dashboards.notifyCannotSee' });
    for (const d of [ok, mine]) await t.services.stores.dashboards.remove(orgId, d.uuid);
  });

  it('offers the members of the organisation and the roles of its applications to notify', async () => {
    const offered = data<AlertRecipients>(await boards.bob.request('GET', 'dashboards/recipients'), 200);
    expect(offered.people.map((p) => p.name)).toEqual(['ada Test', 'bob Test', 'cat Test', 'dan Test', 'fay Test']);
    expect(offered.roles).toEqual([
      { app: 'Helpdesk', appLabel: { en_EN: 'Helpdesk' }, role: 'lead', label: { en_EN: 'Lead' } },
      { app: 'Helpdesk', appLabel: { en_EN: 'Helpdesk' }, role: 'oncall', label: { en_EN: 'On call' } },
    ]);
    expect(data<AlertRecipients>(await boards.erin.request('GET', 'dashboards/recipients'), 200).people.map((p) => p.name)).toEqual(['erin Far']);
  });

  it('gives one task when several evaluations judge the same entry into red at once', async () => {
    const board = await create('ada', alerting({ user: users.fay.id }, 'Raced'), { kind: 'organisation' });
    await t.services.kpiAlerts.flush();
    // Nothing is gathered from here on: the evaluations below are the only ones.
    t.services.kpiAlerts.dispose();
    for (let i = 0; i < 3; i++) await tickets.ada.created({ subject: `Raced ${i}` }, 'ticket');
    const dashboard = await stored(board.uuid);
    const outcomes = await Promise.all([t.services.kpiAlerts.evaluate(dashboard), t.services.kpiAlerts.evaluate(dashboard), t.services.kpiAlerts.evaluate(dashboard)]);
    expect(outcomes.flat().map((o) => o.colour)).toEqual(['red', 'red', 'red']);
    expect(outcomes.flat().flatMap((o) => o.tasks)).toHaveLength(1);
    expect(await tasksOf('fay')).toHaveLength(1);
  });
});
