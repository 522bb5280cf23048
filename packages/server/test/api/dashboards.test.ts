/**
 * @module-tag postgres
 *
 * Dashboards through the API (docs/behaviour/dashboards.md): who sees a
 * dashboard (its owner; the organisation; the holders of a role of an
 * application they are given; never another organisation), who may change
 * it (its owner, an organisation administrator), versions, the checks of a
 * definition by path, and what the home widget gets.
 */
import type { DashboardDto, DashboardProblem, DashboardSummary, HomeProfile } from '@atrium/shared/dashboards';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WELCOME_HTML } from '../../src/dashboards/DashboardService.js';
import type { UserRecord } from '../../src/users/UserStore.js';
import { DashboardsApi, OPS_DECLARATION, opsDashboard } from '../helpers/dashboards.js';
import { makeAccount, makeUser, signIn } from '../helpers/factories.js';
import { data, installDeclaration } from '../helpers/records.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';

describe(`dashboards on ${databaseKind}`, () => {
  let t: TestApp;
  let orgId: string;
  const users: Record<'ada' | 'bob' | 'carl' | 'dave' | 'eve' | 'erin', UserRecord> = {} as never;
  /** ada owns; bob is a colleague; carl administers the organisation; dave is an analyst of Ops; eve holds the role without being given Ops; erin is of another organisation. */
  const api: Record<keyof typeof users, DashboardsApi> = {} as never;

  beforeAll(async () => {
    t = await createTestApp();
    const { stores } = t.services;
    const org = await makeAccount(stores);
    const other = await makeAccount(stores);
    orgId = org.id;
    for (const name of ['ada', 'bob', 'carl', 'dave', 'eve'] as const) users[name] = await makeUser(stores, t.hasher, { accounts: [org.id], firstname: name, lastname: 'Test' });
    users.erin = await makeUser(stores, t.hasher, { accounts: [other.id], firstname: 'erin', lastname: 'Far' });
    const given = [users.ada, users.bob, users.carl, users.dave, users.erin].map((u) => u.id);
    const ops = await installDeclaration(stores, OPS_DECLARATION, [org.id, other.id], given);
    await stores.access.grantRole({ userId: users.carl.id, accountId: org.id, appId: null, role: 'admin' });
    await stores.access.grantRole({ userId: users.dave.id, accountId: org.id, appId: ops.id, role: 'analyst' });
    await stores.access.grantRole({ userId: users.eve.id, accountId: org.id, appId: ops.id, role: 'analyst' });
    await stores.access.grantRole({ userId: users.erin.id, accountId: other.id, appId: ops.id, role: 'analyst' });
    for (const name of Object.keys(users) as Array<keyof typeof users>) api[name] = new DashboardsApi(t, (await signIn(t.app, t.config.wrapperPrefix, users[name].username)).jwt);
  });
  afterAll(async () => {
    await t.close();
  });

  const create = async (who: DashboardsApi, sharing: unknown, title = 'Operations') => data<DashboardDto>(await who.create({ definition: opsDashboard(title), sharing }), 201);
  const listed = async (who: DashboardsApi) => data<{ dashboards: DashboardSummary[] }>(await who.list(), 200).dashboards.map((d) => d.uuid);

  it('keeps a private dashboard to its owner, and a dashboard of the organisation from every other organisation', async () => {
    const mine = await create(api.ada, { kind: 'private' }, 'Mine');
    expect(mine).toMatchObject({ version: 1, mayEdit: true, sharing: { kind: 'private' }, owner: { id: users.ada.id, name: 'ada Test' } });
    expect(mine.definition.widgets.map((w) => w.id)).toEqual(['byService', 'bySeverity', 'total']);
    const shared = await create(api.ada, { kind: 'organisation' }, 'Shared');
    expect(await listed(api.ada)).toEqual(expect.arrayContaining([mine.uuid, shared.uuid]));
    expect(await listed(api.bob)).toContain(shared.uuid);
    expect(await listed(api.bob)).not.toContain(mine.uuid);
    expect((await api.bob.get(mine.uuid)).statusCode).toBe(404);
    expect(data<DashboardDto>(await api.bob.get(shared.uuid), 200).mayEdit).toBe(false);
    expect(await listed(api.erin)).toEqual([]);
    for (const uuid of [mine.uuid, shared.uuid]) expect((await api.erin.get(uuid)).statusCode).toBe(404);
  });

  it('shows a dashboard shared with a role to its holders who are given the application only', async () => {
    const forAnalysts = await create(api.ada, { kind: 'role', app: 'Ops', role: 'analyst' }, 'Analysts');
    expect(await listed(api.dave)).toContain(forAnalysts.uuid);
    expect(data<DashboardDto>(await api.dave.get(forAnalysts.uuid), 200).sharing).toEqual({ kind: 'role', app: 'Ops', role: 'analyst' });
    expect(await listed(api.bob)).not.toContain(forAnalysts.uuid);
    expect(await listed(api.eve)).not.toContain(forAnalysts.uuid);
    expect((await api.eve.get(forAnalysts.uuid)).statusCode).toBe(404);
    expect(await listed(api.erin)).not.toContain(forAnalysts.uuid);
  });

  it('lets its owner and an organisation administrator change and remove a dashboard, and nobody else', async () => {
    const shared = await create(api.ada, { kind: 'organisation' }, 'Edited');
    const renamed = { ...opsDashboard('Renamed'), description: 'By the owner' };
    const refused = await api.bob.update(shared.uuid, { definition: renamed, version: 1 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'dashboards.forbidden', message: 'Only the owner of this dashboard or an administrator of the organisation may change it' });
    expect((await api.bob.remove(shared.uuid)).statusCode).toBe(403);
    const byOwner = data<DashboardDto>(await api.ada.update(shared.uuid, { definition: renamed, version: 1 }), 200);
    expect(byOwner).toMatchObject({ version: 2, definition: { title: 'Renamed', description: 'By the owner' } });
    const asAdmin = data<DashboardDto>(await api.carl.get(shared.uuid), 200);
    expect(asAdmin.mayEdit).toBe(true);
    const byAdmin = data<DashboardDto>(await api.carl.update(shared.uuid, { definition: opsDashboard('By the administrator'), version: 2, sharing: { kind: 'private' } }), 200);
    expect(byAdmin).toMatchObject({ version: 3, sharing: { kind: 'private' }, owner: { id: users.ada.id } });
    expect((await api.bob.get(shared.uuid)).statusCode).toBe(404);
    expect(data(await api.ada.remove(shared.uuid), 200)).toEqual({ uuid: shared.uuid });
    expect((await api.ada.get(shared.uuid)).statusCode).toBe(404);
  });

  it('refuses a change made on a version read before another change, saying which version is current', async () => {
    const board = await create(api.ada, { kind: 'organisation' }, 'Raced');
    expect((await api.ada.update(board.uuid, { definition: opsDashboard('First'), version: 1 })).statusCode).toBe(200);
    const late = await api.carl.update(board.uuid, { definition: opsDashboard('Second'), version: 1 });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'dashboards.conflict', params: { version: '2' }, message: 'This dashboard was changed meanwhile (now version 2). Reload it to see the change, then make yours again.' });
    expect(data<DashboardDto>(await api.ada.get(board.uuid), 200).definition.title).toBe('First');
  });

  it('names every problem of a definition by its path and saves nothing', async () => {
    const hidden = await create(api.bob, { kind: 'private' }, 'Bob only');
    const definition = opsDashboard('Broken');
    const widgets = definition.widgets;
    widgets[1] = { ...widgets[1]!, id: 'byService' };
    widgets[0]!.drilldown = { target: 'widget', nextWidgetId: 'nowhere' };
    widgets[2] = { ...widgets[2]!, query: { app: 'Ops', dataset: 'incidents', measures: ['count', 'cost'], dimensions: ['team'] } };
    widgets.push({ id: 'other', kind: 'bar', title: 'Other', query: { app: 'Ops', dataset: 'missing', measures: ['count'], dimensions: ['service'] }, drilldown: { target: 'dashboard', dashboard: hidden.uuid } });
    widgets.push({ id: 'gone', kind: 'table', title: 'Gone', query: { app: 'Nope', dataset: 'x' } });
    const res = await api.ada.create({ definition, sharing: { kind: 'role', app: 'Unknown', role: 'x' } });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ code: string; problems: DashboardProblem[]; data: { errors: string[] } }>();
    expect(body.code).toBe('dashboards.invalid');
    expect(res.json<{ message: string }>().message).toMatch(/^The dashboard cannot be saved: widgets\.1\.id: another widget is already called 'byService'; widgets\.2\.query\.dimensions\.0: /);
    expect(body.problems.map((p) => p.path)).toEqual([
      'widgets.1.id',
      'widgets.2.query.dimensions.0',
      'widgets.2.query.measures.1',
      'widgets.2.query.dimensions',
      'widgets.2.query.measures',
      'widgets.3.query.dataset',
      'widgets.4.query.app',
      'widgets.0.drilldown.nextWidgetId',
      'widgets.3.drilldown.dashboard',
      'sharing.app',
    ]);
    expect(body.data.errors).toContain("widgets.3.query.dataset: application 'Ops' has no dataset 'missing'");
    expect(body.data.errors).toContain("widgets.0.drilldown.nextWidgetId: no widget 'nowhere' on this dashboard");
    expect(data<{ dashboards: DashboardSummary[] }>(await api.ada.list(), 200).dashboards.map((d) => d.title)).not.toContain('Broken');
  });

  it('answers the home widget: the built-in welcome, the organisation block, the user block first, and never another user’s', async () => {
    const { dashboards } = t.services.stores;
    expect(data<HomeProfile>(await api.bob.home(users.bob.id), 200)).toEqual({ type: 'html', html: WELCOME_HTML, dashboard_uuid: null });
    await dashboards.setHome({ accountId: orgId, userId: null, type: 'html', html: '<p>Hello {firstname}</p>', dashboardId: null });
    expect(data<HomeProfile>(await api.bob.home(users.bob.id), 200)).toEqual({ type: 'html', html: '<p>Hello {firstname}</p>', dashboard_uuid: null });
    const team = await create(api.ada, { kind: 'organisation' }, 'Team');
    await dashboards.setHome({ accountId: orgId, userId: users.bob.id, type: 'dashboard', html: null, dashboardId: team.uuid });
    expect(data<HomeProfile>(await api.bob.home(users.bob.id), 200)).toEqual({ type: 'dashboard', html: null, dashboard_uuid: team.uuid });
    expect(data<HomeProfile>(await api.dave.home(users.dave.id), 200).type).toBe('html');
    // A dashboard the user no longer sees gives way to the organisation's block.
    data(await api.ada.update(team.uuid, { definition: opsDashboard('Team'), version: 1, sharing: { kind: 'private' } }), 200);
    expect(data<HomeProfile>(await api.bob.home(users.bob.id), 200)).toEqual({ type: 'html', html: '<p>Hello {firstname}</p>', dashboard_uuid: null });
    const other = await api.bob.home(users.ada.id);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ code: 'dashboards.notYourHome' });
    expect((await api.erin.home(users.erin.id)).json<{ data: HomeProfile }>().data.html).toBe(WELCOME_HTML);
  });

  it('refuses a malformed uuid or body with a clear 400', async () => {
    expect((await api.ada.get('not-a-uuid')).statusCode).toBe(400);
    expect((await api.ada.home('nope')).statusCode).toBe(400);
    const res = await api.ada.create({ definition: { title: '', widgets: [] } });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain('definition.title');
  });
});
