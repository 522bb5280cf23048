import { DashboardDefinition } from '@atrium/shared/dashboards';
import * as z from 'zod/mini';
import { callerAsMember, grantedApps } from '../dashboards/asMember.js';
import { DashboardService } from '../dashboards/DashboardService.js';
import type { Stores } from '../stores.js';
import type { UserRecord } from '../users/UserStore.js';
import { DEMO_DASHBOARDS, DEMO_HOMES, DEMO_WELCOME } from './demoDashboards.js';
import type { DemoOrg, DemoPeople } from './demoRecords.js';

/** What the demo dashboards are written with. */
export interface DemoDashboardsInput {
  users: Readonly<Record<keyof DemoPeople, UserRecord>>;
  orgs: Readonly<Record<DemoOrg, string>>;
}

/**
 * Writes the demo's dashboards (demoDashboards.ts) through DashboardService,
 * each as its owner saves one (checked against the declarations the
 * organisation runs), and the homes: Olivia's dashboard, each
 * organisation's welcome block. A dashboard of the same title and owner
 * already there is kept as it is, so running it again changes nothing.
 * Answers the uuids by `<org>.<key>`.
 */
export async function seedDemoDashboards(stores: Stores, { users, orgs }: DemoDashboardsInput): Promise<Map<string, string>> {
  const service = new DashboardService({ stores, canSeeApp: grantedApps(stores) });
  const uuids = new Map<string, string>();
  for (const demo of DEMO_DASHBOARDS) {
    const owner = users[demo.owner];
    const caller = await callerAsMember(stores, owner, orgs[demo.org]);
    if (!caller) throw new Error(`the demo dashboard ${demo.key} has an owner who is not a member of ${demo.org}`);
    const definition = z.parse(DashboardDefinition, demo.definition(uuids));
    const title = titleKey(definition.title);
    const existing = (await stores.dashboards.listForAccount(orgs[demo.org])).find((d) => d.ownerId === owner.id && titleKey(d.definition.title) === title);
    const uuid = existing?.id ?? (await service.create(caller, { definition, sharing: demo.sharing })).uuid;
    uuids.set(`${demo.org}.${demo.key}`, uuid);
  }
  for (const [org, html] of Object.entries(DEMO_WELCOME) as Array<[DemoOrg, string]>) {
    await stores.dashboards.setHome({ accountId: orgs[org], userId: null, type: 'html', html, dashboardId: null });
  }
  for (const home of DEMO_HOMES) {
    await stores.dashboards.setHome({ accountId: orgs[home.org], userId: users[home.user].id, type: 'dashboard', html: null, dashboardId: uuids.get(`${home.org}.${home.dashboard}`)! });
  }
  return uuids;
}

/** A title as one text whatever the order of its locales (the database keeps JSON keys in an order of its own). */
function titleKey(title: unknown): string {
  return typeof title === 'object' && title !== null ? JSON.stringify(Object.entries(title).sort(([a], [b]) => a.localeCompare(b))) : JSON.stringify(title);
}
