/**
 * Demo data, written on the first start of an empty database: two
 * organisations, users (one in both, so Switch Account shows), applications
 * in all seven categories (each one granted opens: a declared business
 * application in Records, filled with records and a few audits' files
 * (seedDemoApps.ts), or an
 * organisation page in the Viewer), and announcements of each kind, with
 * pages and media files shipped beside this file, files in every home,
 * shared folder and documents mountpoint (demoFiles.ts), and work items
 * with comments for every user (demoTasks.ts), those of the declared
 * applications each about one of their records, and dashboards over the
 * declared applications' datasets with the home widget's blocks
 * (seedDemoDashboards.ts).
 *
 * Everything is written in one database transaction: a start that fails or
 * is killed part-way leaves no demo data at all (at most a few unreferenced
 * media files in the blob folder), so the next start, finding no user, seeds
 * it again in full.
 */
import fs from 'node:fs';
import { VIEWER_APP_TYPE, type CatalogueTitles } from '@atrium/shared';
import type { Log } from '../logger.js';
import type { PasswordHasher } from '../auth/PasswordHasher.js';
import { DOCUMENT_TYPES, ResourceService } from '../resources/ResourceService.js';
import type { Stores } from '../stores.js';
import type { AppRecord } from '../apps/AppStore.js';
import { documentsTree, homeTree, sharedTree, writeTree } from './demoFiles.js';
import { DEMO_APPS } from './demoApps.js';
import { writeDemoTasks } from './demoTasks.js';
import { seedDemoApps } from './seedDemoApps.js';
import { seedDemoDashboards } from './seedDemoDashboards.js';

/** The password of every demo user; it satisfies the password rules. */
export const DEMO_PASSWORD = 'Demo@1234';

const media = (name: string) => fs.readFileSync(new URL(`./media/${name}`, import.meta.url));

const PRIVACY_POLICY = `<h2>Privacy policy</h2>
<p>We process the personal data you enter in this workspace only to provide the service to your organisation.</p>
<ul><li>Your profile (name, designation, e-mail, manager, country) is visible to colleagues of your organisation.</li>
<li>Sign-in events are logged for security for 90 days.</li>
<li>You may ask your administrator for a copy or the deletion of your data.</li></ul>`;

/**
 * The catalogue besides the declared applications (DEMO_APPS, whose entries
 * their installs make). Every entry with a `page` is an organisation page
 * opened in the Viewer (a page shipped beside this file): those are the
 * applications the demo users are given, so that each one they see opens. Entries marked
 * `builtin` are the product's own application packages (Priorities,
 * Dashboards, GlobalSearch): every demo user is given them, so they are listed under
 * their category. The other entries without a page name applications whose
 * packages are not part of the product yet: they stay in the catalogue,
 * granted to nobody. `grant` says whether the user `demo` gets a page; the
 * other users get pages by category. Every title has its translations in
 * the product's other languages (docs/behaviour/applications.md#catalogue-translations).
 */
const APPS: ReadonlyArray<{ name: string; title: string; titles: CatalogueTitles; category: string; grant: boolean; defaultForOrgs?: boolean; page?: string; builtin?: true }> = [
  { name: 'Chat', title: 'Chat', titles: { de_DE: 'Chat', fr_FR: 'Messagerie instantanée', nb_NO: 'Chat', sl_SI: 'Klepet', vi_VN: 'Trò chuyện', zh_CN: '聊天' }, category: 'collaboration', grant: true, page: 'chat.html' },
  { name: 'Mail', title: 'Mail', titles: { de_DE: 'E-Mail', fr_FR: 'Courrier', nb_NO: 'E-post', sl_SI: 'Pošta', vi_VN: 'Thư', zh_CN: '邮件' }, category: 'collaboration', grant: true, page: 'mail.html' },
  { name: 'Calendar', title: 'Calendar', titles: { de_DE: 'Kalender', fr_FR: 'Calendrier', nb_NO: 'Kalender', sl_SI: 'Koledar', vi_VN: 'Lịch', zh_CN: '日历' }, category: 'collaboration', grant: true, page: 'calendar.html' },
  { name: 'Priorities', title: 'Priorities', titles: { de_DE: 'Prioritäten', fr_FR: 'Priorités', nb_NO: 'Prioriteringer', sl_SI: 'Prioritete', vi_VN: 'Ưu tiên', zh_CN: '优先事项' }, category: 'organization', grant: true, builtin: true },
  { name: 'Directory', title: 'People Directory', titles: { de_DE: 'Personenverzeichnis', fr_FR: 'Annuaire des personnes', nb_NO: 'Personkatalog', sl_SI: 'Imenik oseb', vi_VN: 'Danh bạ nhân sự', zh_CN: '人员目录' }, category: 'organization', grant: true, defaultForOrgs: true, page: 'directory.html' },
  { name: 'Policies', title: 'Security Policies', titles: { de_DE: 'Sicherheitsrichtlinien', fr_FR: 'Politiques de sécurité', nb_NO: 'Sikkerhetspolicyer', sl_SI: 'Varnostne politike', vi_VN: 'Chính sách bảo mật', zh_CN: '安全策略' }, category: 'information security management', grant: true, page: 'policies.html' },
  { name: 'Reports', title: 'Operations Reports', titles: { de_DE: 'Betriebsberichte', fr_FR: 'Rapports d’exploitation', nb_NO: 'Driftsrapporter', sl_SI: 'Poročila o delovanju', vi_VN: 'Báo cáo vận hành', zh_CN: '运营报告' }, category: 'operational intelligence', grant: true, page: 'reports.html' },
  { name: 'Dashboards', title: 'Dashboards', titles: { de_DE: 'Dashboards', fr_FR: 'Tableaux de bord', nb_NO: 'Dashbord', sl_SI: 'Nadzorne plošče', vi_VN: 'Bảng điều khiển', zh_CN: '仪表板' }, category: 'operational intelligence', grant: true, builtin: true },
  { name: 'GlobalSearch', title: 'Global Search', titles: { de_DE: 'Globale Suche', fr_FR: 'Recherche globale', nb_NO: 'Globalt søk', sl_SI: 'Globalno iskanje', vi_VN: 'Tìm kiếm toàn cục', zh_CN: '全局搜索' }, category: 'operational intelligence', grant: true, defaultForOrgs: true, builtin: true },
  { name: 'Handbook', title: 'Company Handbook', titles: { de_DE: 'Unternehmenshandbuch', fr_FR: 'Manuel de l’entreprise', nb_NO: 'Personalhåndbok', sl_SI: 'Priročnik podjetja', vi_VN: 'Sổ tay công ty', zh_CN: '公司手册' }, category: 'employee center', grant: true, page: 'handbook.html' },
  { name: 'Campaigns', title: 'Campaigns', titles: { de_DE: 'Kampagnen', fr_FR: 'Campagnes', nb_NO: 'Kampanjer', sl_SI: 'Kampanje', vi_VN: 'Chiến dịch', zh_CN: '营销活动' }, category: 'sales and marketing', grant: false },
];

/** What the demo data needs to know of the server's configuration. */
export interface DemoOptions {
  /** Base of the versioned API: viewer apps' pages are resources served under it. */
  apiPrefix: string;
}

/** Seeds the demo data when the database has no user yet, all or nothing. Returns whether it did. */
export async function seedDemoData(stores: Stores, hasher: PasswordHasher, log: Log, options: DemoOptions): Promise<boolean> {
  if ((await stores.users.count()) > 0) return false;
  // Hashed before the transaction, which should hold the database no longer than the writes take.
  const passwordHash = await hasher.hash(DEMO_PASSWORD);
  let seeded: boolean;
  try {
    seeded = await stores.transaction(async (tx) => {
      if ((await tx.users.count()) > 0) return false;
      await writeDemoData(tx, passwordHash, options);
      return true;
    });
  } catch (e) {
    // Two first starts on one PostgreSQL database: the one that lost finds the other's users (a unique name clashed).
    if ((await stores.users.count()) > 0) return false;
    throw e;
  }
  if (seeded) log.info({ event: 'demo.seeded', users: 4, accounts: 2, apps: APPS.length + DEMO_APPS.length }, 'demo data written');
  return seeded;
}

async function writeDemoData(stores: Stores, passwordHash: string, options: DemoOptions): Promise<void> {
  const resources = new ResourceService(stores.resources, stores.blobs);

  const { northwind, contoso } = await writeDemoAccounts(stores, resources);
  const { olivia, demo, liam, sofia } = await writeDemoUsers(stores, passwordHash, { northwind, contoso });
  const appsByName = await writeDemoCatalogue(stores, resources, { olivia, demo, liam, sofia }, options);

  const now = new Date();
  const seededApps = await seedDemoApps(stores, {
    people: { olivia: olivia.id, demo: demo.id, liam: liam.id, sofia: sofia.id },
    orgs: { northwind: northwind.id, contoso: contoso.id },
    members: { northwind: [olivia.id, demo.id, liam.id], contoso: [demo.id, sofia.id] },
    now,
  });
  for (const [name, app] of seededApps.apps) appsByName.set(name, app);

  // Roles the profile shows (docs/behaviour/roles.md), besides those in the declared applications (DEMO_APP_ROLES):
  // Olivia runs Northwind, Sofia secures Contoso, Dana reports.
  const role = (user: { id: string }, account: { id: string }, name: string, app?: string) =>
    stores.access.grantRole({ userId: user.id, accountId: account.id, appId: app ? appsByName.get(app)!.id : null, role: name });
  await role(olivia, northwind, 'manager');
  await role(demo, northwind, 'analyst', 'Reports');
  await role(sofia, contoso, 'security-officer');
  await role(sofia, contoso, 'owner', 'Policies');
  await seedDemoDashboards(stores, { users: { olivia, demo, liam, sofia }, orgs: { northwind: northwind.id, contoso: contoso.id } });

  await writeDemoAnnouncements(stores, resources, { northwind, contoso });
  await writeDemoFiles(stores, { olivia, demo, liam, sofia }, { northwind, contoso });

  const usersByName = new Map([olivia, demo, liam, sofia].map((u) => [u.username, u]));
  await writeDemoTasks(stores, usersByName, appsByName, { northwind: northwind.id, contoso: contoso.id }, seededApps.records, now);
}

type DemoAccount = Awaited<ReturnType<Stores['accounts']['create']>>;
type DemoUser = Awaited<ReturnType<Stores['users']['create']>>;
/** The demo organisations. */
interface DemoAccounts {
  northwind: DemoAccount;
  contoso: DemoAccount;
}
/** The demo users. */
interface DemoUsers {
  olivia: DemoUser;
  demo: DemoUser;
  liam: DemoUser;
  sofia: DemoUser;
}

/** The two organisations, with their logos. */
async function writeDemoAccounts(stores: Stores, resources: ResourceService): Promise<DemoAccounts> {
  const northwindLogo = await resources.add('northwind-logo.svg', media('northwind-logo.svg'));
  const contosoLogo = await resources.add('contoso-logo.svg', media('contoso-logo.svg'));
  const northwind = await stores.accounts.create({
    name: 'Northwind Trading',
    hosts: ['localhost', '127.0.0.1'],
    isDefault: true,
    logoResourceId: northwindLogo.id,
    theme: 'Vision',
    privacyPolicy: PRIVACY_POLICY,
    footerText: 'Northwind Trading. All rights reserved.',
  });
  const contoso = await stores.accounts.create({
    name: 'Contoso Health',
    logoResourceId: contosoLogo.id,
    theme: 'Vision',
    privacyPolicy: 'null',
    footerText: 'Contoso Health. Internal use only.',
  });
  return { northwind, contoso };
}

/** The four users, their organisations and the one each is signed in to (all but Dana have signed in before). */
async function writeDemoUsers(stores: Stores, passwordHash: string, { northwind, contoso }: DemoAccounts): Promise<DemoUsers> {
  const olivia = await stores.users.create({
    username: 'olivia',
    passwordHash,
    firstname: 'Olivia',
    lastname: 'Hart',
    designation: 'Head of Operations',
    email: 'olivia.hart@northwind.example',
    country: 'Norway',
    dateOfBirth: '1980-04-12',
  });
  const demo = await stores.users.create({
    username: 'demo',
    passwordHash,
    firstname: 'Dana',
    lastname: 'Demo',
    designation: 'Operations Analyst',
    email: 'dana.demo@northwind.example',
    country: 'Germany',
    dateOfBirth: '1990-09-21',
    managerId: olivia.id,
  });
  const liam = await stores.users.create({
    username: 'liam',
    passwordHash,
    firstname: 'Liam',
    lastname: 'Chen',
    designation: 'Quality Engineer',
    email: 'liam.chen@northwind.example',
    country: 'France',
    managerId: olivia.id,
  });
  const sofia = await stores.users.create({
    username: 'sofia',
    passwordHash,
    firstname: 'Sofia',
    lastname: 'Novak',
    designation: 'Information Security Officer',
    email: 'sofia.novak@contoso.example',
    country: 'Slovenia',
  });
  for (const u of [olivia, liam, sofia]) await stores.users.update(u.id, { hasLoggedIn: 1 });

  for (const u of [olivia, demo, liam]) await stores.accounts.addMember(northwind.id, u.id);
  for (const u of [demo, sofia]) await stores.accounts.addMember(contoso.id, u.id);
  for (const [u, a] of [[olivia, northwind], [demo, northwind], [liam, northwind], [sofia, contoso]] as const) {
    await stores.users.update(u.id, { activeAccountId: a.id });
  }
  return { olivia, demo, liam, sofia };
}

/** The catalogue besides the declared applications (APPS) and who is given which entry; returns the entries by name. */
async function writeDemoCatalogue(stores: Stores, resources: ResourceService, { olivia, demo, liam, sofia }: DemoUsers, options: DemoOptions): Promise<Map<string, AppRecord>> {
  const appsByName = new Map<string, AppRecord>();
  for (const entry of APPS) {
    const page = entry.page ? await resources.add(entry.page, media(entry.page), DOCUMENT_TYPES) : null;
    const app = await stores.apps.create({
      name: entry.name,
      title: entry.title,
      titles: entry.titles,
      category: entry.category,
      isBaseApp: page !== null,
      appType: page ? VIEWER_APP_TYPE : 1,
      url: page ? `${options.apiPrefix}/resources/${page.id}` : null,
      defaultAppForOrgs: entry.defaultForOrgs ? 1 : 0,
    });
    appsByName.set(app.name, app);
    if (entry.builtin) {
      for (const u of [demo, olivia, liam, sofia]) await stores.apps.grant(u.id, app.id);
      continue;
    }
    // Nobody is given an entry that would not open.
    if (!page) continue;
    if (entry.grant) await stores.apps.grant(demo.id, app.id);
    await stores.apps.grant(olivia.id, app.id);
    if (['quality management', 'collaboration'].includes(entry.category)) await stores.apps.grant(liam.id, app.id);
    if (['information security management', 'collaboration'].includes(entry.category)) await stores.apps.grant(sofia.id, app.id);
  }
  await stores.apps.blacklist(demo.id, 'Campaigns');
  return appsByName;
}

/** Announcements of each kind: images, a video, a link, fallbacks. */
async function writeDemoAnnouncements(stores: Stores, resources: ResourceService, { northwind, contoso }: DemoAccounts): Promise<void> {
  const welcome = await resources.add('welcome.jpg', media('welcome.jpg'));
  const tour = await resources.add('tour.webm', media('tour.webm'));
  const security = await resources.add('security.jpg', media('security.jpg'));
  const maintenance = await resources.add('maintenance.jpg', media('maintenance.jpg'));
  const wellbeing = await resources.add('wellbeing.jpg', media('wellbeing.jpg'));
  await stores.announcements.create({
    accountId: northwind.id,
    name: 'Welcome to your new workspace',
    description: 'All your business applications in one desktop: open them from the menu, arrange their windows and pick up where you left off.',
    mediaResourceId: welcome.id,
    mediaType: 'image',
  });
  await stores.announcements.create({
    accountId: northwind.id,
    name: 'Take the two-minute tour',
    description: 'See how windows, notifications and the global search work together.',
    mediaResourceId: tour.id,
    mediaType: 'video',
  });
  await stores.announcements.create({
    accountId: northwind.id,
    name: 'Security awareness training',
    description: 'The yearly training is open until the end of the month. It takes about 30 minutes.',
    link: 'https://example.com/security-training',
    mediaResourceId: security.id,
    mediaType: 'image',
  });
  await stores.announcements.create({
    accountId: northwind.id,
    name: 'Planned maintenance on Saturday',
    description: 'The workspace will be unavailable from 22:00 to 23:00 UTC.',
    mediaResourceId: maintenance.id,
    mediaType: 'image',
    fallback: true,
  });
  await stores.announcements.create({
    accountId: contoso.id,
    name: 'Wellbeing week',
    description: 'Join the sessions on healthy routines at work, every day at noon.',
    mediaResourceId: wellbeing.id,
    mediaType: 'image',
    fallback: true,
  });
}

/** Files in every home, shared folder and documents mountpoint. */
async function writeDemoFiles(stores: Stores, { olivia, demo, liam, sofia }: DemoUsers, { northwind, contoso }: DemoAccounts): Promise<void> {
  for (const [u, a] of [[olivia, northwind], [demo, northwind], [liam, northwind], [sofia, contoso]] as const) {
    await writeTree(stores, 'home', u.id, homeTree(u.firstname), u.id, a.id);
  }
  for (const org of [northwind, contoso]) {
    await writeTree(stores, 'shared', org.id, sharedTree(org.name), null, org.id);
    await writeTree(stores, 'documents', org.id, documentsTree(org.name), null, org.id);
  }
}
