// @module-tag postgres
/**
 * The demo's dashboards and homes (packages/server/src/demo/demoDashboards.ts,
 * docs/behaviour/dashboards.md): what each demo user sees, that every
 * definition fits the datasets its organisation runs, the drills the demo
 * shows off, and the home widget's answers.
 */
import fs from 'node:fs';
import type { AppDeclaration } from '@atrium/shared/apps';
import type { DashboardDefinition, DashboardDto, DashboardSummary, DatasetResult, HomeProfile, WidgetKind } from '@atrium/shared/dashboards';
import { WIDGET_KINDS } from '@atrium/shared/dashboards';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definitionProblems } from '../../src/dashboards/definitionChecks.js';
import { DEMO_WELCOME } from '../../src/demo/demoDashboards.js';
import { DEMO_PASSWORD, seedDemoData } from '../../src/demo/seedDemoData.js';
import { seedDemoDashboards } from '../../src/demo/seedDemoDashboards.js';
import type { UserRecord } from '../../src/users/UserStore.js';
import { signIn } from '../helpers/factories.js';
import { data } from '../helpers/records.js';
import { bearer } from '../helpers/http.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';

/** Whether the dataset queries are part of this server (then every widget's query is run too). */
const HAS_DATASET_QUERIES = fs.existsSync(new URL('../../src/datasets/routes.ts', import.meta.url));

describe(`the demo's dashboards on ${databaseKind}`, () => {
  let t: TestApp;
  const jwts = new Map<string, string>();
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoData(t.services.stores, t.hasher, t.app.log, { apiPrefix: t.config.apiPrefix });
    for (const [i, username] of ['olivia', 'liam', 'demo', 'sofia'].entries()) jwts.set(username, (await signIn(t.app, t.config.wrapperPrefix, username, DEMO_PASSWORD, `10.9.7.${i + 1}`)).jwt);
    // Seeding the whole demo takes a while on a busy machine (as in seedDemoData.test.ts).
  }, 180_000);
  afterAll(() => t.close());

  const get = <T>(username: string, path: string) => t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/${path}`, headers: bearer(jwts.get(username)!) }).then((res) => data<T>(res, 200));
  const titles = async (username: string) => (await get<{ dashboards: DashboardSummary[] }>(username, 'dashboards')).dashboards.map((d) => (typeof d.title === 'string' ? d.title : d.title.en_EN));
  const user = async (username: string) => (await t.services.stores.users.findByUsername(username)) as UserRecord;
  const orgs = async () => Object.fromEntries((await t.services.stores.accounts.list()).map((a) => [a.name, a.id]));

  it('shows each demo user the dashboards of their organisation shared with them, at least three', async () => {
    expect(await titles('olivia')).toEqual(['At a glance', 'Incident overview', 'Mitigation costs', 'My team’s leave', 'Risks and audits', 'Sales pipeline']);
    expect(await titles('liam')).toEqual(['At a glance', 'Incident overview', 'Risks and audits']);
    expect(await titles('demo')).toEqual(['At a glance', 'Incident overview', 'Risks and audits']);
    expect(await titles('sofia')).toEqual(['At a glance', 'Mitigation costs', 'Risks and audits']);
  });

  it('places no widget of a demo dashboard over another (the grid would draw them one on the other)', async () => {
    for (const accountId of Object.values(await orgs())) {
      for (const dashboard of await t.services.stores.dashboards.listForAccount(accountId)) {
        const placed = (dashboard.definition as unknown as DashboardDefinition).widgets.flatMap((w) => (w.position ? [{ id: w.id, ...w.position }] : []));
        const overlapping = placed.flatMap((a, i) => placed.slice(i + 1).filter((b) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h).map((b) => `${a.id}/${b.id}`));
        expect(overlapping, JSON.stringify(dashboard.definition.title)).toEqual([]);
      }
    }
  });

  it('fits every widget to the datasets its organisation runs, with every kind of widget, thresholds, a filtering widget and dashboards opening one another', async () => {
    const { stores } = t.services;
    for (const accountId of Object.values(await orgs())) {
      const all = await stores.dashboards.listForAccount(accountId);
      expect(all.length).toBeGreaterThanOrEqual(3);
      const apps = new Map<string, AppDeclaration>((await stores.declarations.installedFor(accountId)).map((a) => [a.name, a.declaration]));
      const definitions = all.map((d) => d.definition as unknown as DashboardDefinition);
      for (const definition of definitions) expect(definitionProblems(definition, { apps, dashboards: new Set(all.map((d) => d.id)) })).toEqual([]);
      const widgets = definitions.flatMap((d) => d.widgets);
      expect(widgets.some((w) => w.kind === 'kpi' && w.threshold)).toBe(true);
      expect(widgets.some((w) => w.drilldown?.target === 'dashboard' && all.some((d) => d.id === w.drilldown?.dashboard))).toBe(true);
      expect(widgets.some((w) => w.drilldown?.target === 'records')).toBe(true);
      expect(widgets.some((w) => w.click === 'crossFilter')).toBe(true);
    }
    const northwind = await stores.dashboards.listForAccount((await orgs())['Northwind Trading']!);
    const kinds = new Set<WidgetKind>(northwind.flatMap((d) => (d.definition as unknown as DashboardDefinition).widgets.map((w) => w.kind)));
    expect([...kinds].sort()).toEqual([...WIDGET_KINDS].sort());
  });

  it('drills incidents three levels deep: by service, by severity, the incidents, then the log of one as a file', async () => {
    const overview = (await get<{ dashboards: DashboardSummary[] }>('liam', 'dashboards')).dashboards.find((d) => d.title !== 'string' && (d.title as { en_EN: string }).en_EN === 'Incident overview')!;
    const dto = await get<DashboardDto>('liam', `dashboards/${overview.uuid}`);
    expect(dto.mayEdit).toBe(false);
    const byId = new Map(dto.definition.widgets.map((w) => [w.id, w]));
    const chain = [byId.get('byService')!];
    while (chain.at(-1)!.drilldown?.target === 'widget') chain.push(byId.get(chain.at(-1)!.drilldown!.nextWidgetId!)!);
    expect(chain.map((w) => w.id)).toEqual(['byService', 'bySeverity', 'incidentList']);
    expect(chain.slice(1).every((w) => w.position === undefined)).toBe(true);
    expect(chain[2]!.query.detail).toBe(true);
    expect(chain[2]!.drilldown).toMatchObject({ target: 'file', file: { path: 'records:/Incidents/{name}/{service}-{day}.log' } });
  });

  it.runIf(HAS_DATASET_QUERIES)("drills Olivia's leave by team, then the team's people, then their requests, each request in its employee's team", async () => {
    const olivia = await user('olivia');
    const home = await get<HomeProfile>('olivia', `profile/user/${olivia.id}`);
    const dto = await get<DashboardDto>('olivia', `dashboards/${home.dashboard_uuid!}`);
    const byId = new Map(dto.definition.widgets.map((w) => [w.id, w]));
    const chain = [byId.get('byTeam')!];
    while (chain.at(-1)!.drilldown?.target === 'widget') chain.push(byId.get(chain.at(-1)!.drilldown!.nextWidgetId!)!);
    expect(chain.map((w) => [w.id, w.query.dimensions])).toEqual([
      ['byTeam', ['team']],
      ['teamPeople', ['employee']],
    ]);
    expect(chain[1]!.position).toBeUndefined();
    expect(chain[1]!.drilldown).toMatchObject({ target: 'records', filter: [{ dimension: 'employee', op: 'eq', value: '{employee}' }] });
    expect(byId.get('byMonth')!.query.dimensions).toEqual(['month', 'team']);

    const res = await t.app.inject({ method: 'POST', url: `${t.config.apiPrefix}/datasets/query`, headers: bearer(jwts.get('olivia')!), payload: { app: 'LeaveRequests', dataset: 'leave', dimensions: ['team', 'employee'], measures: ['requests'] } });
    const result = data<DatasetResult>(res, 200);
    // Every request has its team; people come by their names.
    const pairs = result.rows.map((row) => [row[0], result.people[row[1] as string]]).sort((a, b) => `${a[0]}|${a[1]}`.localeCompare(`${b[0]}|${b[1]}`));
    expect(pairs).toEqual([
      ['operations', 'Dana Demo'],
      ['operations', 'Olivia Hart'],
      ['quality', 'Liam Chen'],
    ]);
  });

  it("answers Olivia's home with her team's dashboard and everyone else's with their organisation's welcome block", async () => {
    const olivia = await user('olivia');
    const home = await get<HomeProfile>('olivia', `profile/user/${olivia.id}`);
    expect(home.type).toBe('dashboard');
    expect((await get<DashboardDto>('olivia', `dashboards/${home.dashboard_uuid!}`)).definition.title).toMatchObject({ en_EN: 'My team’s leave' });
    expect(await get<HomeProfile>('liam', `profile/user/${(await user('liam')).id}`)).toEqual({ type: 'html', html: DEMO_WELCOME.northwind, dashboard_uuid: null });
    expect(await get<HomeProfile>('sofia', `profile/user/${(await user('sofia')).id}`)).toEqual({ type: 'html', html: DEMO_WELCOME.contoso, dashboard_uuid: null });
  });

  it('tells the incident manager when open critical incidents pass two: a task waiting for Olivia when the demo starts red, and none when judged again', async () => {
    const olivia = await user('olivia');
    const northwind = (await orgs()).Northwind!;
    const tasks = async () => (await t.services.tasks.listForOperator({ accountId: northwind, assigneeId: olivia.id, all: false, limit: 100 })).filter((task) => task.task_name.startsWith('Open critical incidents'));
    const outcome = (await t.services.kpiAlerts.evaluateEverywhere()).find((o) => o.widgetId === 'openSev1');
    expect(outcome?.colour).toMatch(/^(red|yellow|green)$/);
    const given = await tasks();
    expect(given).toHaveLength(outcome!.colour === 'red' ? 1 : 0);
    if (outcome!.colour === 'red') expect(given[0]).toMatchObject({ appName: 'Dashboards', task_name: expect.stringMatching(/^Open critical incidents on “Incident overview” is red: \d+ \(red above 2\)$/) });
    await t.services.kpiAlerts.evaluateEverywhere();
    expect(await tasks()).toHaveLength(given.length);
  });

  it('writes nothing new when the dashboards are seeded again', async () => {
    const { stores } = t.services;
    const ids = await orgs();
    const before = (await stores.dashboards.listForAccount(ids['Northwind Trading']!)).map((d) => d.id).sort();
    const users = { olivia: await user('olivia'), demo: await user('demo'), liam: await user('liam'), sofia: await user('sofia') };
    const uuids = await seedDemoDashboards(stores, { users, orgs: { northwind: ids['Northwind Trading']!, contoso: ids['Contoso Health']! } });
    expect((await stores.dashboards.listForAccount(ids['Northwind Trading']!)).map((d) => d.id).sort()).toEqual(before);
    expect([...uuids.values()].filter((id) => before.includes(id))).toHaveLength(6);
  });

  it.runIf(HAS_DATASET_QUERIES)("runs every widget's query for the dashboard's owner", async () => {
    const { stores } = t.services;
    for (const accountId of Object.values(await orgs())) {
      for (const d of await stores.dashboards.listForAccount(accountId)) {
        const owner = (await stores.users.findById(d.ownerId!))!;
        const jwt = jwts.get(owner.username)!;
        for (const widget of (d.definition as unknown as DashboardDefinition).widgets) {
          const res = await t.app.inject({ method: 'POST', url: `${t.config.apiPrefix}/datasets/query`, headers: bearer(jwt), payload: widget.query });
          expect(res.statusCode, `${owner.username}: ${widget.id}: ${res.body}`).toBe(200);
        }
      }
    }
  });
});
