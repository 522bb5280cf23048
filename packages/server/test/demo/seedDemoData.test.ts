// @module-tag postgres
import { APP_CATEGORIES, CATALOGUE_TRANSLATION_LOCALES, DECLARED_APP_TYPE, profileAppTitle, VIEWER_APP_TYPE } from '@atrium/shared';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RYG_STATUSES, type NotificationResponse } from '@atrium/shared';
import { accounts, announcements, appGrants, apps, blacklistedApps, dashboards, homeBlocks, memberships, recordHistory, records, resources, roles, taskComments, taskFollowers, tasks, users, vfsNodes } from '../../src/db/schema.js';
import { DEMO_APPS } from '../../src/demo/demoApps.js';
import { DEMO_PASSWORD, seedDemoData } from '../../src/demo/seedDemoData.js';
import type { Stores } from '../../src/stores.js';
import { signIn } from '../helpers/factories.js';
import { bearer } from '../helpers/http.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';

/**
 * One database seeded once for the whole file (the full demo is the slowest thing here), after a
 * start that died part-way: what each start left is counted as it ends, and the tests read the counts.
 */
describe(`demo data on ${databaseKind}`, () => {
  let t: TestApp;
  /** Rows of every table the demo data writes: on the new database, after the start that died, after the next start, and after one more. */
  const counted = {} as Record<'empty' | 'interrupted' | 'seeded' | 'again', Record<string, number>>;
  /** What each start answered: the one that died (its error), the next (true: it wrote the demo data) and one more. */
  const starts = {} as { interrupted: unknown; seeded: boolean; again: boolean };
  /** The files the demo attached to records, once it was written. */
  let attached = 0;
  beforeAll(async () => {
    t = await createTestApp();
    const seed = (stores: Stores) => seedDemoData(stores, t.hasher, t.app.log, { apiPrefix: t.config.apiPrefix });
    counted.empty = await rows();
    starts.interrupted = await seed(failingPartWay()).then(
      () => null,
      (e: unknown) => e,
    );
    counted.interrupted = await rows();
    starts.seeded = await seed(t.services.stores);
    counted.seeded = await rows();
    const [files] = await t.database.db.select({ n: count() }).from(vfsNodes).where(and(eq(vfsNodes.mount, 'records'), eq(vfsNodes.isDirectory, false)));
    attached = files?.n ?? 0;
    starts.again = await seed(t.services.stores);
    counted.again = await rows();
    // Two full writes of the demo data (the one that dies does nearly all of it): on a busy machine more than the hooks' minute.
  }, 180_000);
  afterAll(() => t.close());

  /** Rows of every table the demo data writes. */
  async function rows(): Promise<Record<string, number>> {
    const tables = { accounts, users, memberships, apps, appGrants, blacklistedApps, announcements, resources, tasks, taskFollowers, taskComments, roles, records, recordHistory, dashboards, homeBlocks };
    const counted: Record<string, number> = {};
    for (const [name, table] of Object.entries(tables)) {
      const [row] = await t.database.db.select({ n: count() }).from(table);
      counted[name] = row?.n ?? 0;
    }
    return counted;
  }

  /** The stores, except that inside a transaction the third announcement fails to be written, as if the server died there. */
  function failingPartWay(): Stores {
    const { stores } = t.services;
    return {
      ...stores,
      transaction: (work) =>
        stores.transaction((tx) => {
          let written = 0;
          const announcements = {
            ...tx.announcements,
            create: async (input: Parameters<Stores['announcements']['create']>[0]) => {
              if (++written === 3) throw new Error('the server stopped here');
              return tx.announcements.create(input);
            },
          };
          return work({ ...tx, announcements });
        }),
    };
  }

  it('leaves no demo data behind when a start dies part-way, and the next start writes all of it once', async () => {
    expect(starts.interrupted).toBeInstanceOf(Error);
    expect((starts.interrupted as Error).message).toContain('the server stopped here');
    expect(counted.interrupted).toEqual(counted.empty);

    expect(starts.seeded).toBe(true);
    const seeded = counted.seeded;
    expect(seeded).toMatchObject({ accounts: 2, users: 4, memberships: 5, apps: 18, announcements: 5, blacklistedApps: 1 });
    expect(seeded.tasks).toBeGreaterThanOrEqual(30);
    expect(seeded.taskComments).toBeGreaterThanOrEqual(10);
    expect(seeded.records).toBeGreaterThan(2_300);
    // Each record's creation, and each upload of the demo's attachments (a change of its audit).
    expect(attached).toBeGreaterThan(0);
    expect(seeded.recordHistory).toBe((seeded.records ?? 0) + attached);
    // Two logos, seven organisation pages and five announcement media.
    expect(seeded.resources).toBe(14);

    expect(starts.again).toBe(false);
    expect(counted.again).toEqual(seeded);
  });

  it('writes nothing when the database already has users', async () => {
    const before = await t.services.stores.users.count();
    expect(await seedDemoData(t.services.stores, t.hasher, t.app.log, { apiPrefix: t.config.apiPrefix })).toBe(false);
    expect(await t.services.stores.users.count()).toBe(before);
  });

  it('has two organisations and a demo user who belongs to both, so Switch Account shows', async () => {
    expect(await t.services.stores.accounts.list()).toHaveLength(2);
    const { jwt } = await signIn(t.app, t.config.wrapperPrefix, 'demo', DEMO_PASSWORD);
    const profile = (await t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/user/me/a+p+acc+ap+t`, headers: bearer(jwt) })).json();
    expect(profile.data.accounts).toHaveLength(2);
    expect(profile.data.name).toBe('Dana Demo');
  });

  it("shows each demo user's roles in their active organisation in the profile", async () => {
    const rolesOf = async (username: string, ip: string) => {
      const { jwt } = await signIn(t.app, t.config.wrapperPrefix, username, DEMO_PASSWORD, ip);
      return (await t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/user/me/a+p+acc+ap+t`, headers: bearer(jwt) })).json().data.roles;
    };
    expect(await rolesOf('olivia', '10.9.4.1')).toEqual({
      organisation: ['manager'],
      apps: { CRM: ['sales-manager'], Incidents: ['incident-manager'], LeaveRequests: ['approver', 'hr'], RiskRegister: ['risk-board', 'security-officer'] },
    });
    expect(await rolesOf('liam', '10.9.4.2')).toEqual({ organisation: [], apps: { Audits: ['auditor'], Incidents: ['on-call', 'responder'], RiskRegister: ['risk-board', 'risk-owner'] } });
    expect(await rolesOf('demo', '10.9.4.3')).toEqual({ organisation: [], apps: { Incidents: ['on-call', 'responder'], Reports: ['analyst'], RiskRegister: ['risk-board'] } });
    expect(await rolesOf('sofia', '10.9.4.4')).toEqual({ organisation: ['security-officer'], apps: { Audits: ['auditor'], Policies: ['owner'], RiskRegister: ['risk-board', 'security-officer'] } });
  });

  it('lets every demo user sign in with the documented password', async () => {
    for (const user of await t.services.stores.users.list()) {
      await expect(signIn(t.app, t.config.wrapperPrefix, user.username, DEMO_PASSWORD, '10.9.0.1')).resolves.toMatchObject({ username: user.username });
    }
  });

  it('has applications in all seven categories', async () => {
    const categories = new Set((await t.services.stores.apps.list()).map((a) => a.category));
    expect([...categories].sort()).toEqual([...APP_CATEGORIES].sort());
  });

  /** The applications of a demo user's profile. */
  async function grantedTo(username: string, ip: string): Promise<Array<{ name: string; category: string; is_base_app: boolean; app_type: number; start_options: string }>> {
    const { jwt } = await signIn(t.app, t.config.wrapperPrefix, username, DEMO_PASSWORD, ip);
    const profile = (await t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/user/me/a+p+acc+ap+t`, headers: bearer(jwt) })).json();
    return profile.data.apps;
  }

  /** The declared applications a demo user has in the organisation they act for (GET records/apps). */
  async function declaredAppsOf(username: string, ip: string): Promise<string[]> {
    const { jwt } = await signIn(t.app, t.config.wrapperPrefix, username, DEMO_PASSWORD, ip);
    const res = await t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/records/apps`, headers: bearer(jwt) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: Array<{ declaration: { name: string } }> }>().data.map((a) => a.declaration.name);
  }

  it("gives every catalogue entry its title in all the product's languages, which the profile hands the desktop", async () => {
    for (const app of await t.services.stores.apps.list()) {
      expect(Object.keys(app.titles).sort(), app.name).toEqual(CATALOGUE_TRANSLATION_LOCALES.slice().sort());
    }
    const audits = (await grantedTo('demo', '10.9.0.9')).find((a) => a.name === 'Audits')!;
    expect(profileAppTitle(audits, 'zh_CN')).toBe('审核管理');
    expect(profileAppTitle(audits, 'de_DE')).toBe('Auditverwaltung');
    expect(profileAppTitle(audits, 'en_EN')).toBe('Audit Management');
  });

  it('gives the demo user an application of every category: declared applications, pages that open in the Viewer and built-in packages', async () => {
    const apps = await grantedTo('demo', '10.9.0.3');
    expect(apps.map((a) => a.name).sort()).toEqual(
      ['Audits', 'CRM', 'Calendar', 'Chat', 'Dashboards', 'Directory', 'GlobalSearch', 'Handbook', 'Incidents', 'LeaveRequests', 'Mail', 'MeetingActions', 'Policies', 'Priorities', 'Reports', 'RiskRegister', 'TeamCalendar'].sort(),
    );
    expect(apps.filter((a) => a.app_type === DECLARED_APP_TYPE).map((a) => a.name).sort()).toEqual([...DEMO_APPS].sort());
    expect([...new Set(apps.map((a) => a.category))].sort()).toEqual([...APP_CATEGORIES].sort());
  });

  it('gives every demo user only applications that open: the built-in packages, declared applications their organisation runs, and sandboxed pages without script or outside resources', async () => {
    const users = await t.services.stores.users.list();
    expect(users.map((u) => u.username).sort()).toEqual(['demo', 'liam', 'olivia', 'sofia']);
    for (const [i, user] of users.entries()) {
      const apps = await grantedTo(user.username, `10.9.1.${i}`);
      expect(apps.length, user.username).toBeGreaterThan(0);
      expect(apps.filter((a) => !a.is_base_app).map((a) => a.name).sort(), user.username).toEqual(['Dashboards', 'GlobalSearch', 'Priorities']);
      const declared = apps.filter((a) => a.app_type === DECLARED_APP_TYPE).map((a) => a.name);
      expect((await declaredAppsOf(user.username, `10.9.1.${i + 10}`)).sort(), user.username).toEqual(declared.sort());
      for (const app of apps.filter((a) => a.is_base_app && a.app_type !== DECLARED_APP_TYPE)) {
        expect(app, `${user.username}: ${app.name}`).toMatchObject({ is_base_app: true, app_type: VIEWER_APP_TYPE });
        const { url } = JSON.parse(app.start_options) as { url?: string };
        expect(url, app.name).toMatch(new RegExp(`^${t.config.apiPrefix}/resources/[0-9a-f-]{36}$`));
        const page = await t.app.inject({ method: 'GET', url: url! });
        expect(page.statusCode, app.name).toBe(200);
        expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(page.headers['content-security-policy']).toContain('sandbox');
        expect(page.body, app.name).toMatch(/^<!doctype html>\n<html lang="en">[\s\S]*<h1>[^<]+<\/h1>[\s\S]*<\/html>\n$/);
        expect(page.body, app.name).not.toMatch(/<script|<iframe|<object|<embed|\son[a-z]+=|javascript:|\ssrc=|https?:\/\/|url\(/i);
      }
    }
  });

  it('keeps the applications that have no package yet in the catalogue, given to nobody, and gives everyone the built-in Priorities, Dashboards and GlobalSearch', async () => {
    const withoutPackage = ['Campaigns'];
    const builtin = ['Dashboards', 'GlobalSearch', 'Priorities'];
    const catalogue = await t.services.stores.apps.list();
    expect(catalogue.filter((a) => a.url === null && a.appType !== DECLARED_APP_TYPE).map((a) => a.name).sort()).toEqual([...withoutPackage, ...builtin].sort());
    for (const user of await t.services.stores.users.list()) {
      const granted = (await t.services.stores.apps.listGranted(user.id)).map((a) => a.name);
      for (const name of withoutPackage) expect(granted, user.username).not.toContain(name);
      for (const name of builtin) expect(granted, user.username).toContain(name);
    }
  });

  it('installs each declared application for its organisations: Contoso Health runs the audits and the risk register', async () => {
    const running = async (name: string) => {
      const org = (await t.services.stores.accounts.list()).find((a) => a.name === name)!;
      return (await t.services.stores.declarations.installedFor(org.id)).map((a) => a.name).sort();
    };
    expect(await running('Northwind Trading')).toEqual([...DEMO_APPS].sort());
    expect(await running('Contoso Health')).toEqual(['Audits', 'RiskRegister']);
    // Sofia acts for Contoso: she has its applications, and none that only Northwind runs.
    expect((await declaredAppsOf('sofia', '10.9.5.1')).sort()).toEqual(['Audits', 'RiskRegister']);
    for (const app of await t.services.stores.apps.listGranted((await t.services.stores.users.findByUsername('sofia'))!.id)) expect(['LeaveRequests', 'Incidents', 'CRM']).not.toContain(app.name);
  });

  /** The records of an application a demo user's list shows (every page), with the total. */
  async function listed(username: string, ip: string, app: string, entity: string): Promise<{ total: number; records: Array<{ name: string; title: string; owner: { id: string } | null; createdAt: string; values: Record<string, unknown> }> }> {
    const { jwt } = await signIn(t.app, t.config.wrapperPrefix, username, DEMO_PASSWORD, ip);
    const out = [];
    let total = 0;
    for (let offset = 0; offset === 0 || offset < total; offset += 200) {
      const res = await t.app.inject({ method: 'POST', url: `${t.config.apiPrefix}/records/${app}/${entity}/query`, payload: { offset, limit: 200 }, headers: bearer(jwt) });
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json().data;
      total = page.total;
      out.push(...page.records);
      if (offset > 0 && page.records.length === 0) break;
    }
    return { total, records: out };
  }

  it("fills the applications with records: Olivia sees her own and her reports' leave requests, Dana only hers", async () => {
    const ids = Object.fromEntries((await t.services.stores.users.list()).map((u) => [u.username, u.id]));
    const olivia = await listed('olivia', '10.9.6.1', 'LeaveRequests', 'request');
    expect(new Set(olivia.records.map((r) => r.owner?.id))).toEqual(new Set([ids.olivia, ids.demo, ids.liam]));
    const dana = await listed('demo', '10.9.6.2', 'LeaveRequests', 'request');
    expect(dana.total).toBeGreaterThan(5);
    expect(new Set(dana.records.map((r) => r.owner?.id))).toEqual(new Set([ids.demo]));
    expect(olivia.total).toBeGreaterThan(dana.total);
    // Named by the series on the day each was asked for, and waiting for Olivia: the latest request of each report.
    for (const r of olivia.records) expect(r.name).toMatch(new RegExp(`^LR-${r.createdAt.slice(0, 4)}-\\d{5}$`));
    for (const report of [ids.demo, ids.liam]) expect(olivia.records.some((r) => r.owner?.id === report && r.values.status === 'requested')).toBe(true);
  });

  it("keeps each organisation's records to itself: Olivia's risk register holds none of Contoso's risks", async () => {
    const northwind = await listed('olivia', '10.9.6.3', 'RiskRegister', 'risk');
    const contoso = await listed('sofia', '10.9.6.4', 'RiskRegister', 'risk');
    expect(northwind.total).toBeGreaterThan(5);
    expect(contoso.total).toBeGreaterThan(5);
    const contosoTitles = new Set(contoso.records.map((r) => r.title));
    expect(contosoTitles).toContain('Patient data sent by unencrypted e-mail');
    expect(northwind.records.map((r) => r.title)).not.toContain('Patient data sent by unencrypted e-mail');
    // Sofia sees none of Northwind's applications' records.
    const { jwt } = await signIn(t.app, t.config.wrapperPrefix, 'sofia', DEMO_PASSWORD, '10.9.6.5');
    const refused = await t.app.inject({ method: 'POST', url: `${t.config.apiPrefix}/records/LeaveRequests/request/query`, payload: {}, headers: bearer(jwt) });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('records.appNotFound');
  });

  it('writes the incidents of Northwind, each with its creation in its history and words to search by', async () => {
    const incidents = await listed('olivia', '10.9.6.6', 'Incidents', 'incident');
    expect(incidents.total).toBe(2_150);
    const { jwt } = await signIn(t.app, t.config.wrapperPrefix, 'olivia', DEMO_PASSWORD, '10.9.6.7');
    const first = incidents.records[0]!;
    const timeline = (await t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/records/Incidents/record/${first.name}/timeline`, headers: bearer(jwt) })).json().data;
    // Its creation, then (the latest critical ones) the upload of its screenshot and its log.
    expect(timeline.at(-1)).toEqual(expect.objectContaining({ kind: 'change', action: 'create', version: 1, at: first.createdAt }));
    for (const entry of timeline.slice(0, -1)) expect(entry).toEqual(expect.objectContaining({ kind: 'change', action: 'update', changes: [expect.objectContaining({ field: 'attachments' })] }));
    const word = first.title.split(' ').find((w) => w.length > 5)!;
    const found = (await t.app.inject({ method: 'POST', url: `${t.config.apiPrefix}/records/Incidents/incident/query`, payload: { search: word }, headers: bearer(jwt) })).json().data;
    expect(found.records.map((r: { name: string }) => r.name)).toContain(first.name);
  });

  it("gives Olivia her reports' pending leave requests to approve, each task of the request's workflow opening it", async () => {
    const { jwt } = await signIn(t.app, t.config.wrapperPrefix, 'olivia', DEMO_PASSWORD, '10.9.6.8');
    const ids = Object.fromEntries((await t.services.stores.users.list()).map((u) => [u.username, u.id]));
    const mine = (await view('olivia', '10.9.6.8', 'assignments')).data.flatMap((g) => g.data);
    const approvals = mine.filter((task) => task.appName === 'LeaveRequests');
    expect(approvals.length).toBeGreaterThanOrEqual(2);
    const owners = new Set<string>();
    for (const task of approvals) {
      // Made by the request's workflow when the demo records were written, not by hand (docs/behaviour/workflows.md, "The demo's workflows").
      expect(task.kind).toBe('approval');
      const res = await t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/records/LeaveRequests/record/${task.record}`, headers: bearer(jwt) });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.record.values.status).toBe('requested');
      owners.add(res.json().data.record.owner.id);
    }
    expect(owners).toEqual(new Set([ids.demo, ids.liam]));
    // Tasks of the pages carry no record.
    expect(mine.filter((task) => task.appName === 'Reports').every((task) => task.record === null)).toBe(true);
  });

  it('points the tasks of the declared applications at records their assignee may open', async () => {
    for (const [i, username] of ['demo', 'liam', 'sofia'].entries()) {
      const { jwt } = await signIn(t.app, t.config.wrapperPrefix, username, DEMO_PASSWORD, `10.9.7.${i}`);
      const about = (await view(username, `10.9.7.${i}`, 'assignments')).data.flatMap((g) => g.data).filter((task) => task.record !== null);
      expect(about.length, username).toBeGreaterThan(0);
      for (const task of about) {
        const res = await t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/records/${task.appName}/record/${task.record}`, headers: bearer(jwt) });
        expect(res.statusCode, `${username}: ${task.task_name}`).toBe(200);
      }
    }
  });

  it('keeps the first sign-in of the demo user pending, so the privacy policy shows, and Contoso Health without a policy', async () => {
    const { jwt } = await signIn(t.app, t.config.wrapperPrefix, 'demo', DEMO_PASSWORD, '10.9.0.4');
    const hasLoggedIn = (await t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/user/me/hasLoggedIn`, headers: bearer(jwt) })).json();
    expect(hasLoggedIn.data).toEqual({ has_logged_in: 0, verification_pending: null });
    const accounts = await t.services.stores.accounts.list();
    expect(accounts.find((a) => a.name === 'Northwind Trading')?.privacyPolicy).toContain('<h2>Privacy policy</h2>');
    // The text 'null' means "no policy": a user of this organisation never sees the dialog.
    expect(accounts.find((a) => a.name === 'Contoso Health')?.privacyPolicy).toBe('null');
  });

  it('shows image, video and fallback announcements on the login page of localhost, with their media served', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/homescreen/announcement/localhost` });
    const list: Array<{ media: string; media_type: string; fallback: boolean }> = res.json().data;
    expect(list.some((a) => a.media_type === 'image' && !a.fallback)).toBe(true);
    expect(list.some((a) => a.media_type === 'video')).toBe(true);
    expect(list.some((a) => a.fallback)).toBe(true);
    for (const a of list) {
      const media = await t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/resources/${a.media}` });
      expect(media.statusCode).toBe(200);
      expect(media.headers['content-type']).toMatch(a.media_type === 'video' ? /^video\// : /^image\//);
      expect(media.rawPayload.length).toBeGreaterThan(1000);
    }
  });

  it("points the Handbook viewer app at the shipped handbook page, served sandboxed and without script", async () => {
    const handbook = (await t.services.stores.apps.findByName('Handbook'))!;
    expect(handbook).toMatchObject({ appType: VIEWER_APP_TYPE, isBaseApp: true, url: expect.stringMatching(new RegExp(`^${t.config.apiPrefix}/resources/[0-9a-f-]{36}$`)) });
    const page = await t.app.inject({ method: 'GET', url: handbook.url! });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain('sandbox');
    expect(page.body).toContain('<h1>Employee Handbook</h1>');
    expect(page.body).not.toMatch(/<script|\son[a-z]+=|javascript:/i);
    const { jwt } = await signIn(t.app, t.config.wrapperPrefix, 'demo', DEMO_PASSWORD, '10.9.0.2');
    const profile = (await t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/user/me/a+p+acc+ap+t`, headers: bearer(jwt) })).json();
    const entry = (profile.data.apps as Array<{ name: string; start_options: string }>).find((a) => a.name === 'Handbook')!;
    expect(JSON.parse(entry.start_options)).toMatchObject({ url: handbook.url });
  });
  /** A view of a demo user's work items, in the organisation they act for. */
  async function view(username: string, ip: string, type: string, take = 100): Promise<NotificationResponse> {
    const { jwt } = await signIn(t.app, t.config.wrapperPrefix, username, DEMO_PASSWORD, ip);
    const res = await t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/user/getusernotifications`, query: { type, take: String(take) }, headers: bearer(jwt) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: NotificationResponse }>().data;
  }
  const colours = (r: NotificationResponse) => new Set(r.data.flatMap((g) => g.data.map((i) => i.rygStatus)));

  it('gives the demo user more than a page of work in Northwind Trading, in every colour and several applications, some snoozed and some followed', async () => {
    const first = await view('demo', '10.9.2.1', 'assignments', 5);
    expect(first.total).toBeGreaterThanOrEqual(7);
    expect(first.ryg_count.red).toBeGreaterThan(0);
    expect(first.ryg_count.yellow).toBeGreaterThan(0);
    expect(first.ryg_count.green).toBeGreaterThan(0);
    expect(first.ryg_count.blue).toBeGreaterThan(0);
    const all = await view('demo', '10.9.2.1', 'assignments');
    expect(all.data.length).toBeGreaterThanOrEqual(4);
    const snoozed = await view('demo', '10.9.2.1', 'snoozed');
    expect(snoozed.total).toBeGreaterThan(0);
    for (const item of snoozed.data.flatMap((g) => g.data)) {
      expect(item.rygStatus).toBe('GREEN');
      expect(Date.parse(item.snoozed_till!)).toBeLessThan(Date.parse(item.end_date!));
    }
    expect((await view('demo', '10.9.2.1', 'followups')).total).toBeGreaterThan(0);
  });

  it('gives every demo user work of every colour in the organisation they act for, and followed work', async () => {
    for (const [i, username] of ['olivia', 'liam', 'sofia'].entries()) {
      const mine = await view(username, `10.9.3.${i}`, 'assignments');
      expect([...colours(mine)].sort(), username).toEqual([...RYG_STATUSES].sort());
      expect((await view(username, `10.9.3.${i}`, 'snoozed')).total, username).toBeGreaterThan(0);
    }
    expect((await view('olivia', '10.9.3.9', 'followups')).total).toBeGreaterThan(0);
  });

  it("gives the demo user work in Contoso Health too, seen once it is the organisation they act for", async () => {
    const { jwt } = await signIn(t.app, t.config.wrapperPrefix, 'demo', DEMO_PASSWORD, '10.9.4.1');
    const contoso = (await t.services.stores.accounts.list()).find((a) => a.name === 'Contoso Health')!;
    const switched = await t.app.inject({ method: 'POST', url: `${t.config.apiPrefix}/user/switchaccount`, payload: { accountId: contoso.id }, headers: bearer(jwt) });
    expect(switched.statusCode, switched.body).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/user/getusernotifications`, query: { take: '100' }, headers: bearer(switched.json().data.jwt) });
    const data = res.json<{ data: NotificationResponse }>().data;
    expect([...colours(data)].sort()).toEqual([...RYG_STATUSES].sort());
    expect(data.data.map((g) => g.appName)).toContain('RiskRegister');
    const northwind = (await t.services.stores.accounts.list()).find((a) => a.name === 'Northwind Trading')!;
    await t.services.stores.users.update((await t.services.stores.users.findByUsername('demo'))!.id, { activeAccountId: northwind.id });
  });

  it('has comments by two people with words to search for', async () => {
    const demo = (await t.services.stores.users.findByUsername('demo'))!;
    const northwind = (await t.services.stores.accounts.list()).find((a) => a.name === 'Northwind Trading')!;
    for (const words of ['budget', 'audit', 'supplier contract']) {
      const found = await t.services.tasks.searchComments({ userId: demo.id, accountId: northwind.id }, words, 20, 0);
      expect(found.count, words).toBeGreaterThan(0);
    }
    const budget = await t.services.tasks.searchComments({ userId: demo.id, accountId: northwind.id }, 'budget', 20, 0);
    expect(new Set(budget.items.map((c) => c.author.id)).size).toBeGreaterThanOrEqual(2);
  });

  it('gives every home folders with files of each kind, and each organisation shared documents and read-only documents', async () => {
    const { jwt } = await signIn(t.app, t.config.wrapperPrefix, 'demo', DEMO_PASSWORD, '10.9.0.20');
    const list = async (path: string) =>
      (await t.app.inject({ method: 'GET', url: '/vfs/readdir', query: { path }, headers: bearer(jwt) })).json<{ data: Array<{ filename: string; mime: string; url: string; size: number }> }>().data;
    expect((await list('home:/')).map((e) => e.filename)).toEqual(['Documents', 'Media', 'Pictures', 'Projects']);
    const files = [...(await list('home:/Documents')), ...(await list('home:/Pictures')), ...(await list('home:/Media')), ...(await list('home:/Projects/Warehouse move'))];
    const mimes = new Set(files.map((f) => f.mime));
    for (const mime of ['text/plain', 'text/markdown', 'text/csv', 'application/json', 'application/pdf', 'image/png', 'image/jpeg', 'video/webm', 'audio/wav']) expect(mimes).toContain(mime);
    // Every file opens, and is what its type says.
    for (const file of files) {
      const res = await t.app.inject({ method: 'GET', url: file.url });
      expect(res.statusCode, file.filename).toBe(200);
      expect(res.rawPayload.length).toBe(file.size);
    }
    const pdf = files.find((f) => f.mime === 'application/pdf')!;
    expect((await t.app.inject({ method: 'GET', url: pdf.url })).rawPayload.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    const png = files.find((f) => f.mime === 'image/png')!;
    expect((await t.app.inject({ method: 'GET', url: png.url })).rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect((await list('shared:/')).length).toBeGreaterThan(0);
    expect((await list('documents:/')).map((e) => e.filename)).toContain('Policies');
  });
});
