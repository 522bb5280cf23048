import type { AppRecord } from '../apps/AppStore.js';
import { InstallService } from '../declarations/InstallService.js';
import { BulkRecordRefused } from '../records/bulkCreate.js';
import { RecordService } from '../records/RecordService.js';
import type { Stores } from '../stores.js';
import { DEMO_APP_ORGS, DEMO_APP_ROLES, DEMO_APPS, readDemoDeclaration, type DemoApp } from './demoApps.js';
import { demoRecords, type DemoOrg, type DemoPeople, type DemoRecord } from './demoRecords.js';
import { seedDemoAttachments } from './seedDemoAttachments.js';

/**
 * The demo's declared applications in the demo data (apps/README.md): each
 * installed for its organisations as an operator installs one, given to
 * every member of an organisation that runs it, the demo users' roles in
 * them granted, and filled with their demo records, written as an
 * operator writes records (named by their series on the day they were
 * made, with their history and search text, owned by their owner field's
 * person or their creator), in bulk: one at a time, the 2,400 records made
 * the first start a minute longer. Then the latest audits get their files,
 * uploaded by their auditors (seedDemoAttachments.ts). Runs on the demo
 * data's transaction.
 */

/** A demo record once written: where, and its name. */
export interface SeededRecord {
  app: DemoApp;
  org: DemoOrg;
  entity: string;
  name: string;
  values: Readonly<Record<string, unknown>>;
  createdBy: string;
  createdAt: Date;
}

/** What the demo's applications are installed with. */
export interface DemoAppsInput {
  people: DemoPeople;
  /** The organisations' ids. */
  orgs: Readonly<Record<DemoOrg, string>>;
  /** The members of each organisation (user ids). */
  members: Readonly<Record<DemoOrg, readonly string[]>>;
  now: Date;
}

/** What the seeding made: the catalogue entries of the applications and the records written. */
export interface SeededApps {
  apps: Map<DemoApp, AppRecord>;
  records: SeededRecord[];
}

/**
 * The records in the order they are written: entity by entity as the
 * generator lists them (records that others link to come first), each
 * entity's oldest first, so that a series numbers them in the order they
 * were made.
 */
export function writingOrder(records: readonly DemoRecord[]): DemoRecord[] {
  const entities = [...new Set(records.map((r) => r.entity))];
  return entities.flatMap((entity) => records.filter((r) => r.entity === entity).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()));
}

/** Installs, grants and fills the demo's declared applications with `stores` (the demo data's transaction). */
export async function seedDemoApps(stores: Stores, input: DemoAppsInput): Promise<SeededApps> {
  const installer = new InstallService(stores);
  const apps = new Map<DemoApp, AppRecord>();
  for (const name of DEMO_APPS) {
    await installer.install(readDemoDeclaration(name), DEMO_APP_ORGS[name].map((org) => input.orgs[org]));
    const app = await stores.apps.findByName(name);
    if (!app) throw new Error(`the demo application ${name} was not installed`);
    apps.set(name, app);
    const members = new Set(DEMO_APP_ORGS[name].flatMap((org) => input.members[org]));
    for (const userId of members) await stores.apps.grant(userId, app.id);
  }
  for (const { org, user, app, role } of DEMO_APP_ROLES) {
    await stores.access.grantRole({ userId: input.people[user], accountId: input.orgs[org], appId: apps.get(app)!.id, role });
  }

  // Written as an operator writes them: checked, named and kept in history, without anyone's rights.
  const service = new RecordService({ stores, canSeeApp: async () => true, notifyMention: async () => {}, localeOf: async () => 'en_EN', now: () => input.now });
  const records: SeededRecord[] = [];
  for (const app of DEMO_APPS) {
    for (const org of DEMO_APP_ORGS[app]) {
      const list = writingOrder(demoRecords(app, input.people, input.now, org));
      const names = await service
        .createManyAsOperator({ accountId: input.orgs[org], app, records: list.map((r) => ({ entity: r.entity, values: r.values, createdBy: r.createdBy, at: r.createdAt })) })
        .catch((e: unknown) => {
          // A generator's mistake: say which record and which fields, not only that one was refused.
          if (!(e instanceof BulkRecordRefused)) throw e;
          throw new Error(`a demo record of ${app} (${org}) was refused: ${JSON.stringify(list[e.index]?.values)}: ${JSON.stringify(e.fields)}`, { cause: e });
        });
      for (const [i, record] of list.entries()) records.push({ app, org, entity: record.entity, name: names[i]!, values: record.values, createdBy: record.createdBy, createdAt: record.createdAt });
    }
  }
  await seedDemoAttachments(stores, { records, orgs: input.orgs, now: input.now });
  return { apps, records };
}
