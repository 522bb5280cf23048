/**
 * The services of the server, wired once over the stores. Each route
 * plugin receives only the services it uses (app.ts), never the stores,
 * the database or the session events, and stays thin: parse, call a
 * service, shape the answer.
 */
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@atrium/shared';
import { AbsenceService } from './absences/AbsenceService.js';
import { Callers } from './access/Callers.js';
import { ContentService } from './announcements/ContentService.js';
import type { Log } from './logger.js';
import type { Config } from './config.js';
import type { Database, Db } from './db/database.js';
import { DashboardService } from './dashboards/DashboardService.js';
import { KpiAlerts } from './dashboards/KpiAlerts.js';
import { DesktopSessionService } from './desktopSessions/DesktopSessionService.js';
import { AuthService } from './auth/AuthService.js';
import { ExternalSignInService } from './auth/external/ExternalSignInService.js';
import { ExternalTokenVerifier, type VerifierOptions } from './auth/external/ExternalTokenVerifier.js';
import { LoginThrottle } from './auth/LoginThrottle.js';
import { PasswordHasher } from './auth/PasswordHasher.js';
import { PasswordRecoveryService } from './auth/PasswordRecoveryService.js';
import { SessionCache } from './auth/SessionCache.js';
import { BusSessionEvents, type SessionEvents } from './auth/SessionEvents.js';
import { LocalEventBus, type EventBus } from './events/EventBus.js';
import { shareFileChanges } from './events/fileEvents.js';
import { shareSettingsChanges } from './events/settingsEvents.js';
import { shareTaskChanges } from './events/taskEvents.js';
import { shareRecordChanges } from './events/recordEvents.js';
import { TokenService } from './auth/TokenService.js';
import { withSessionEvents } from './auth/withSessionEvents.js';
import { authenticate, type Authenticate } from './http/authenticate.js';
import { CostlyCalls } from './http/CostlyCalls.js';
import { countRequest } from './http/sharedRateLimits.js';
import type { Mailer } from './mail/Mailer.js';
import { loadBuiltinPackages } from './packages/packageMetadata.js';
import { PackageService } from './packages/PackageService.js';
import { PackageUrlSigner } from './packages/PackageUrlSigner.js';
import { RecordFiles } from './records/RecordFiles.js';
import { RecordService } from './records/RecordService.js';
import { DatasetService } from './datasets/DatasetService.js';
import { ResourceService } from './resources/ResourceService.js';
import type { Secrets } from './secrets.js';
import { SettingsService } from './settings/SettingsService.js';
import { DEFAULT_SOCKET_LIMITS, SocketGateway, type SocketLimits } from './sockets/SocketGateway.js';
import { SocketHub } from './sockets/SocketHub.js';
import { SocketRelays } from './sockets/SocketRelays.js';
import { wireLiveUpdates } from './sockets/liveUpdates.js';
import type { Stores } from './stores.js';
import { Readiness } from './system/Readiness.js';
import { SearchService } from './search/SearchService.js';
import { TaskService } from './tasks/TaskService.js';
import { DigestService } from './digests/DigestService.js';
import { RecordFollowing } from './following/RecordFollowing.js';
import { ProfileLists } from './users/ProfileLists.js';
import { withRememberedCatalogue } from './packages/RememberedCatalogue.js';
import { ProfileService } from './users/ProfileService.js';
import { AccountSwitcher } from './users/switchAccount.js';
import { FileLinks } from './vfs/FileLinks.js';
import { RememberedPaths } from './vfs/RememberedPaths.js';
import { FileUrlSigner } from './vfs/FileUrlSigner.js';
import { VfsService } from './vfs/VfsService.js';
import { VfsUploads } from './vfs/VfsUploads.js';
import { Escalations } from './workflows/escalation.js';

/** Most sign-in sessions the session cache holds (a few MB at most). */
const SESSION_CACHE_MAX_ENTRIES = 10_000;
/** Longest wait (ms) of a costly call for its turn before it is refused. */
const COSTLY_CALL_MAX_WAIT = 10_000;
/** How long changes of an application's records are gathered before its KPI alerts are judged (docs/behaviour/dashboards.md#kpi-alerts). */
const KPI_ALERT_DELAY_MS = 3_000;

export interface Services {
  db: Db;
  /** The stores; writes that end sessions or change users publish on `sessionEvents`. */
  stores: Stores;
  /** Invalidation of remembered session checks (docs/ARCHITECTURE.md). */
  sessionEvents: SessionEvents;
  /** Whether the server can take traffic (GET /readyz). */
  readiness: Readiness;
  auth: AuthService;
  /** The caller of every authenticated request, remembered per session briefly (docs/ARCHITECTURE.md, "The caller"). */
  callers: Callers;
  /** The preHandler of routes of signed-in users: sets request.auth and request.caller. */
  authenticate: Authenticate;
  /** Sign-in through Keycloak or Okta (docs/behaviour/external-sign-in.md#server). */
  external: ExternalSignInService;
  recovery: PasswordRecoveryService;
  profiles: ProfileService;
  /** Switching the active organisation (POST user/switchaccount). */
  accountSwitcher: AccountSwitcher;
  /** The sign-in page's announcements and privacy policy, organisations' logos. */
  content: ContentService;
  resources: ResourceService;
  packages: PackageService;
  settings: SettingsService;
  desktopSessions: DesktopSessionService;
  sockets: SocketGateway;
  /** The virtual filesystem (docs/behaviour/files.md). */
  vfs: VfsService;
  /** writefile: an upload streamed into the filesystem. */
  uploads: VfsUploads;
  /** Files by id and by the signed token of their address. */
  fileLinks: FileLinks;
  /** Work items and the notification centre (docs/behaviour/work.md). */
  tasks: TaskService;
  /** Global search (docs/behaviour/search.md). */
  search: SearchService;
  /** Records of declared applications (docs/behaviour/records.md). */
  records: RecordService;
  /** Dashboards and the home widget's answer (docs/behaviour/dashboards.md). */
  dashboards: DashboardService;
  /** The files of records' file fields (docs/behaviour/records.md#attachments). */
  recordFiles: RecordFiles;
  /** Dashboards' figures over declared datasets (docs/behaviour/dashboards.md#queries). */
  datasets: DatasetService;
  /** Tasks given when a KPI's figure enters red (docs/behaviour/dashboards.md#kpi-alerts). */
  kpiAlerts: KpiAlerts;
  /** Limits of the costly calls (docs/SECURITY.md, "Costly calls"). */
  costlyCalls: CostlyCalls;
  /** Users' absences; who does an absent user's work (docs/behaviour/workflows.md#delegation). */
  absences: AbsenceService;
  /** Overdue tasks given to the assignee's manager (docs/behaviour/workflows.md#escalation); serverJobs starts it. */
  escalations: Escalations;
  /** Who follows which record, and the items its changes give (docs/behaviour/workflows.md#following). */
  following: RecordFollowing;
  /** The daily digests by e-mail (docs/behaviour/workflows.md#digests). */
  digests: DigestService;
}

export interface ServiceDeps {
  config: Config;
  db: Db;
  /** The opened database, for the readiness check. */
  database: Database;
  stores: Stores;
  secrets: Secrets;
  mailer: Mailer;
  log: Log;
  hasher?: PasswordHasher;
  now?: () => Date;
  /** Overrides of the websocket limits (tests). */
  socketLimits?: Partial<SocketLimits>;
  /** What the servers on this database tell one another (docs/DEPLOYMENT.md); within this process by default. */
  bus?: EventBus;
  /** Where session events travel; on `bus` by default. */
  sessionEvents?: SessionEvents;
  /** Overrides of how the identity provider's tokens are checked (tests). */
  externalVerifier?: Omit<VerifierOptions, 'now'>;
}

/**
 * Builds every service. Reads the built-in packages' metadata: a bad one
 * throws a ConfigError naming the file.
 */
export function createServices({
  config,
  db,
  database,
  stores: plainStores,
  secrets,
  mailer,
  log,
  hasher = new PasswordHasher(),
  now = () => new Date(),
  socketLimits,
  bus = new LocalEventBus((err) => log.warn({ err }, 'an event bus listener failed')),
  sessionEvents = new BusSessionEvents(bus),
  externalVerifier,
}: ServiceDeps): Services {
  const stores = decorateStores(plainStores, { config, database, now, sessionEvents });
  const { throttle, auth } = createAuth({ config, stores, secrets, hasher, log, now, sessionEvents });
  const callers = new Callers(stores.access, { ttlSeconds: config.sessionCacheTtl, maxEntries: SESSION_CACHE_MAX_ENTRIES }, sessionEvents, () => now().getTime());
  const external = createExternalSignIn({ config, stores, log, now }, auth, externalVerifier);
  const recovery = new PasswordRecoveryService(stores.users, stores.passwordResets, stores.sessions, hasher, throttle, mailer, config.publicUrl, log, now);
  // Pages of other origins (CORS_ORIGINS) load these addresses as they are: absolute then (docs/COMPATIBILITY.md#resources).
  const addressBase = config.cors.origins.length > 0 ? config.publicUrl : '';
  const profileLists = new ProfileLists(stores.accounts, stores.apps, stores.declarations, { ttlSeconds: config.sessionCacheTtl, maxEntries: SESSION_CACHE_MAX_ENTRIES }, sessionEvents, () => now().getTime());
  const profiles = new ProfileService(stores.users, stores.accounts, profileLists, {
    resource: (id) => `${addressBase}${config.apiPrefix}/resources/${id}`,
    accountLogo: (id) => `${addressBase}${config.apiPrefix}/account/logo/${id}`,
  });
  const packages = createPackages({ config, stores, secrets, log, now }, profileLists);
  const limits = { ...DEFAULT_SOCKET_LIMITS, ...socketLimits };
  const hub = new SocketHub(limits.maxConnectionsPerUser);
  const relays = new SocketRelays({ bus, store: stores.socketRelays, hub, canUseApp: (userId, app) => packages.isAppVisible(userId, app), log });
  const sockets = new SocketGateway(auth, packages, hub, relays, limits, log, () => now().getTime(), sessionEvents);
  const settings = new SettingsService(stores.settings, packages, hub, config.settings, shareSettingsChanges(bus, hub).changedHere);
  const vfs = createVfs({ config, stores, secrets, log, now });
  const tasks = createTasks({ config, stores, now }, packages);
  const canSeeApp = (userId: string, appName: string) => packages.isAppVisible(userId, appName);
  const { absences, escalations } = createDelegation({ stores, log, now }, tasks);
  const records = createRecords({ stores, now }, canSeeApp, tasks, absences);
  const following = createFollowing({ stores, log, now }, canSeeApp, tasks, records);
  wireLiveUpdates({ vfs, tasks, hub, accounts: stores.accounts, stats: sockets.stats, log, records: { service: records, canSeeApp } });
  shareRecordChanges(records, bus, (err) => log.warn({ err }, 'a change of records made elsewhere could not be handled'));
  shareTaskChanges(tasks, bus, (err) => log.warn({ err }, 'a task change made elsewhere could not be handled'));
  shareFileChanges(vfs, bus);
  const { dashboards, datasets, kpiAlerts } = createDashboards({ config, stores, log, now, database }, { canSeeApp, records, tasks });
  return {
    db,
    stores,
    sessionEvents,
    readiness: new Readiness(database),
    auth,
    callers,
    authenticate: authenticate(auth, callers),
    external,
    recovery,
    profiles,
    accountSwitcher: new AccountSwitcher({ users: stores.users, accounts: stores.accounts, auth }),
    content: new ContentService(stores.accounts, stores.announcements),
    resources: new ResourceService(stores.resources, stores.blobs),
    packages,
    settings,
    desktopSessions: new DesktopSessionService(stores.desktopSessions),
    sockets,
    vfs,
    uploads: new VfsUploads(vfs),
    fileLinks: new FileLinks({ vfs, isSessionOpen: (sessionId, userId) => auth.isSessionOpen(sessionId, userId), users: stores.users, accounts: stores.accounts, callers }),
    tasks,
    records,
    recordFiles: new RecordFiles(records, vfs, log),
    dashboards,
    datasets,
    kpiAlerts,
    search: new SearchService({ store: stores.search, apps: stores.apps, declarations: stores.declarations, vfs: stores.vfs, mounts: config.vfs.mounts, packages, comments: tasks, records, users: stores.users }),
    costlyCalls: createCostlyCalls(config, db, database, now),
    absences,
    escalations,
    following,
    digests: new DigestService({ store: stores.digests, stores, canSeeApp, mailer, yellowWindowMs: config.taskYellowWindow * 1000, publicUrl: config.publicUrl, log, now }),
  };
}

/** Following: a record's creator, commenters and mentioned people follow it; its changes become items of its followers. */
function createFollowing({ stores, log, now }: Pick<BuildParts, 'stores' | 'log' | 'now'>, canSeeApp: (userId: string, appName: string) => Promise<boolean>, tasks: TaskService, records: RecordService): RecordFollowing {
  const following = new RecordFollowing({ store: stores.followers, stores, canSeeApp, notify: (item) => tasks.notifyFollower(item), localeOf: localeOf(stores), log, now });
  records.useFollowing(following);
  records.onChange((change) => following.recordsChanged(change));
  return following;
}

/** Sign-in through the identity provider, when one is configured (docs/behaviour/external-sign-in.md). */
function createExternalSignIn({ config, stores, log, now }: Omit<BuildParts, 'secrets'>, auth: AuthService, verifier: ServiceDeps['externalVerifier']): ExternalSignInService {
  const tokens = config.external ? new ExternalTokenVerifier(config.external, { ...verifier, now }) : null;
  return new ExternalSignInService(config.external, tokens, { auth, stores, log });
}

/** What the builders below share of the service dependencies. */
interface BuildParts {
  config: Config;
  stores: Stores;
  secrets: Secrets;
  log: Log;
  now: () => Date;
}

/**
 * The stores as the services see them: writes that end a session publish it, the catalogue is
 * remembered, and on the embedded database, where this process is the only writer, walked paths
 * and used space are remembered too (RememberedPaths).
 */
function decorateStores(plainStores: Stores, { config, database, now, sessionEvents }: { config: Config; database: Database; now: () => Date; sessionEvents: SessionEvents }): Stores {
  const eventStores = withSessionEvents(plainStores, sessionEvents);
  const catalogueStores = withRememberedCatalogue(eventStores, { ttlSeconds: config.sessionCacheTtl }, () => now().getTime());
  const stores = database.kind === 'pglite' ? { ...catalogueStores, vfs: new RememberedPaths(catalogueStores.vfs) } : catalogueStores;
  return stores;
}

/** Sign-in: the session cache, the tokens, the throttle of failed sign-ins and the AuthService over them. */
function createAuth({ config, stores, secrets, hasher, log, now, sessionEvents }: BuildParts & { hasher: PasswordHasher; sessionEvents: SessionEvents }): { throttle: LoginThrottle; auth: AuthService } {
  const sessionCache = new SessionCache({ ttlSeconds: config.sessionCacheTtl, maxEntries: SESSION_CACHE_MAX_ENTRIES }, sessionEvents, () => now().getTime());
  const tokens = new TokenService(secrets.jwtSecret, config.publicUrl, config.accessTokenTtl, now);
  const throttle = new LoginThrottle(
    stores.loginAttempts,
    {
      maxFailuresAccount: config.loginMaxFailuresAccount,
      maxFailuresAddress: config.loginMaxFailuresAddress,
      window: config.loginWindow,
      addressMaxDelay: config.loginAddressMaxDelay,
    },
    now,
  );
  const auth = new AuthService(
    stores.users,
    stores.accounts,
    stores.sessions,
    tokens,
    hasher,
    throttle,
    { refreshTokenTtl: config.refreshTokenTtl, sessionMaxAge: config.sessionMaxAge, refreshTokenGrace: config.refreshTokenGrace },
    log,
    sessionCache,
    now,
  );
  return { throttle, auth };
}

function createPackages({ config, stores, secrets, log, now }: BuildParts, profileLists: ProfileLists): PackageService {
  return new PackageService({
    builtins: loadBuiltinPackages(config.builtinPackagesDirs),
    store: stores.packages,
    apps: stores.apps,
    granted: async (userId) => (await profileLists.of(userId)).granted,
    users: stores.users,
    signer: new PackageUrlSigner(secrets.jwtSecret, now),
    packagesDir: config.packagesDir,
    log,
  });
}

function createVfs({ config, stores, secrets, log, now }: BuildParts): VfsService {
  return new VfsService(
    stores.vfs,
    stores.vfsBlobs,
    new FileUrlSigner(secrets.jwtSecret, now),
    { mounts: config.vfs.mounts, quota: config.vfs.quota, uploadLimit: config.vfs.uploadLimit, apiPrefix: config.apiPrefix, contentOrigin: config.contentOrigin, now },
    log,
  );
}

function createTasks({ config, stores, now }: Pick<BuildParts, 'config' | 'stores' | 'now'>, packages: PackageService): TaskService {
  return new TaskService({
    store: stores.tasks,
    users: stores.users,
    accounts: stores.accounts,
    apps: stores.apps,
    canSeeApp: (userId, appName) => packages.isAppVisible(userId, appName),
    yellowWindowMs: config.taskYellowWindow * 1000,
    now,
  });
}

/** Dashboards, their figures and their KPI alerts, judged again after records change and after a dashboard is saved. */
function createDashboards(
  { config, stores, log, now, database }: Pick<BuildParts, 'config' | 'stores' | 'log' | 'now'> & { database: Database },
  { canSeeApp, records, tasks }: { canSeeApp: (userId: string, appName: string) => Promise<boolean>; records: RecordService; tasks: TaskService },
): { dashboards: DashboardService; datasets: DatasetService; kpiAlerts: KpiAlerts } {
  const datasets = new DatasetService({
    stores,
    canSeeApp,
    onRecordChange: (listener) => records.onChange(listener),
    cacheTtl: config.datasets.cacheTtl,
    queryTimeout: config.datasets.queryTimeout,
    cancellable: database.kind === 'postgres',
    now,
  });
  let alerts: KpiAlerts | null = null;
  const dashboards = new DashboardService({ stores, canSeeApp, onSaved: (d) => alerts?.dashboardSaved(d) });
  alerts = new KpiAlerts({ ...dashboards.recipientFacts(), stores, datasets, tasks, localeOf: localeOf(stores), log, delayMs: KPI_ALERT_DELAY_MS, now });
  const kpiAlerts = alerts;
  records.onChange((change) => kpiAlerts.recordsChanged(change));
  return { dashboards, datasets, kpiAlerts };
}

/** Absences and their delegates, and the escalation of overdue tasks to the assignee's manager (or the manager's delegate). */
function createDelegation({ stores, log, now }: Pick<BuildParts, 'stores' | 'log' | 'now'>, tasks: TaskService): { absences: AbsenceService; escalations: Escalations } {
  const absences = new AbsenceService({ store: stores.absences, users: stores.users, accounts: stores.accounts, now });
  const escalations = new Escalations({
    store: stores.escalations,
    tasks,
    users: stores.users,
    accounts: stores.accounts,
    delegateFor: (accountId, userId, at) => absences.delegateFor(accountId, userId, at),
    localeOf: localeOf(stores),
    now,
    log,
  });
  return { absences, escalations };
}

/** A user's language (their setting), else the product's default. */
function localeOf(stores: Stores): (userId: string) => Promise<Locale> {
  return async (userId) => {
    const { locale } = await stores.settings.list(userId);
    return (LOCALES as readonly unknown[]).includes(locale) ? (locale as Locale) : DEFAULT_LOCALE;
  };
}

/** Records: mentions become work items, told in the mentioned user's language. */
function createRecords({ stores, now }: Pick<BuildParts, 'stores' | 'now'>, canSeeApp: (userId: string, appName: string) => Promise<boolean>, tasks: TaskService, absences: AbsenceService): RecordService {
  return new RecordService({
    stores,
    canSeeApp,
    notifyMention: async (mention) => void (await tasks.notify({ ...mention, name: mention.text, assignee: mention.userId })),
    localeOf: localeOf(stores),
    // Absences are another domain's (the Delegation port of workflows/ports.ts); following is given by createFollowing (useFollowing).
    workflow: { delegation: absences, announceTasks: (list, reason, by) => tasks.announce(list, reason, by) },
    now,
  });
}

function createCostlyCalls(config: Config, db: Db, database: Database, now: () => Date): CostlyCalls {
  return new CostlyCalls(
    { ...config.costlyCalls, maxWait: COSTLY_CALL_MAX_WAIT },
    () => now().getTime(),
    undefined,
    // With several servers on one PostgreSQL, a user's rate is one budget (docs/DEPLOYMENT.md).
    database.kind === 'postgres' ? (key, windowMs) => countRequest(db, key, windowMs) : undefined,
  );
}
