/**
 * Builds the Fastify application: plugins, error envelopes, the routes of
 * every domain under their configured prefixes, and the web client.
 * Starting, stopping and the data folder are main.ts's business.
 */
import path from 'node:path';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { SOCKET_MESSAGE_MAX_BYTES, SOCKET_PATH, type ClientConfig } from '@atrium/shared';
import { absenceRoutes } from './absences/routes.js';
import { contentRoutes, wrapperResourceRoutes } from './announcements/routes.js';
import { coreAuthRoutes, wrapperAuthRoutes } from './auth/routes.js';
import type { PasswordHasher } from './auth/PasswordHasher.js';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { dashboardRoutes } from './dashboards/routes.js';
import { desktopSessionRoutes } from './desktopSessions/routes.js';
import { openEventBus } from './events/openEventBus.js';
import { AccessLog } from './http/accessLog.js';
import { installBodyParsers } from './http/bodyParsers.js';
import { contentHost } from './http/contentHost.js';
import { installCors } from './http/cors.js';
import { guardConnections, type ConnectionGuard } from './http/connections.js';
import { installErrorHandler } from './http/errorHandler.js';
import { installCostlyCalls } from './http/costlyRoutes.js';
import { RateLimitedError } from './http/reply.js';
import { providerOrigin } from './auth/external/externalConfig.js';
import { installSecurityHeaders } from './http/securityHeaders.js';
import { webClient } from './http/webClient.js';
import { loggerOptions } from './logger.js';
import { OutboxMailer, SmtpMailer, type Mailer } from './mail/Mailer.js';
import { packageFileRoutes, packageRoutes } from './packages/routes.js';
import type { Secrets } from './secrets.js';
import { databaseRateLimitStore } from './http/sharedRateLimits.js';
import { createServices, type ServiceDeps, type Services } from './services.js';
import { recordFileRoutes } from './records/fileRoutes.js';
import { recordRoutes } from './records/routes.js';
import { datasetRoutes } from './datasets/routes.js';
import { settingsRoutes } from './settings/routes.js';
import type { SocketLimits } from './sockets/SocketGateway.js';
import { socketRoutes } from './sockets/routes.js';
import { createStores } from './stores.js';
import { systemRoutes } from './system/routes.js';
import { searchRoutes } from './search/routes.js';
import { taskRoutes } from './tasks/routes.js';
import { userRoutes } from './users/routes.js';
import { VERSION } from './version.js';
import { vfsFileRoutes, vfsRoutes } from './vfs/routes.js';

/** Requests per minute and client address on the sensitive routes. */
export type RateLimits = Config['rateLimits'];
/** Largest request body accepted, and the smaller one for client log entries. */
const BODY_LIMIT = 64 * 1024;
const LOGGER_BODY_LIMIT = 16 * 1024;

export interface AppOptions {
  config: Config;
  database: Database;
  secrets: Secrets;
  /** Defaults to SMTP when configured, else the outbox in the data folder. */
  mailer?: Mailer;
  hasher?: PasswordHasher;
  now?: () => Date;
  /** Overrides of the configured rate limits (tests). */
  rateLimits?: Partial<RateLimits>;
  /** Pino stream for the logs (tests capture them); stdout by default. */
  logStream?: NodeJS.WritableStream;
  /** Overrides of the websocket limits (tests). */
  socketLimits?: Partial<SocketLimits>;
  /** Told of every route as it is registered (tests that exercise every endpoint). */
  onRoute?: (route: RouteOptions) => void;
  /** Overrides of how the identity provider's tokens are checked (tests). */
  externalVerifier?: ServiceDeps['externalVerifier'];
}

export interface AtriumApp {
  app: FastifyInstance;
  services: Services;
  /** The cap on open connections and what it did. */
  connections: ConnectionGuard;
}

export async function buildApp(options: AppOptions): Promise<AtriumApp> {
  const { config } = options;
  const limits = { ...config.rateLimits, ...options.rateLimits };
  const app = createFastify(config, options);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  const connections = guardConnections(app, config.connections.maxConnections);

  const stores = createStores(options.database.db, config.dataDir, config.objectStorage);
  const mailer =
    options.mailer ??
    (config.smtp ? new SmtpMailer(config.smtp, config.mailFrom, app.log) : new OutboxMailer(path.join(config.dataDir, 'outbox'), config.mailFrom, app.log));
  // Session ends and other changes reach every server on this database, through it or through Redis (docs/DEPLOYMENT.md, "The event bus").
  const bus = await openEventBus(options.database, config.redisUrl, { log: app.log });
  app.addHook('onClose', async () => bus.close());
  const services = createServices({ bus, ...options, db: options.database.db, stores, mailer, log: app.log });
  // KPI alerts gathered but not yet judged are dropped; those under way finish before the database closes.
  app.addHook('onClose', async () => {
    services.kpiAlerts.dispose();
    await services.kpiAlerts.flush();
  });

  // Brotli or gzip for every compressible answer; the web client's files come precompressed (http/webClient.ts).
  await app.register(compress, { encodings: ['br', 'gzip'] });
  await app.register(formbody, { bodyLimit: BODY_LIMIT });
  installBodyParsers(app);
  // The content origin answers signed file contents only (http/contentHost.ts), preflights included.
  const content = contentHost(config.contentOrigin, { publicUrl: config.publicUrl, apiPrefix: config.apiPrefix });
  content?.install(app);
  installCors(app, config.cors);
  await app.register(rateLimit, {
    global: false,
    // On PostgreSQL, one budget for every server (docs/DEPLOYMENT.md); a count that cannot be kept lets the request through.
    ...(options.database.kind === 'postgres' ? { store: databaseRateLimitStore(options.database.db), skipOnError: true } : {}),
    errorResponseBuilder: (_request, context) => new RateLimitedError(Math.max(1, Math.ceil(context.ttl / 1000))),
  });
  installSecurityHeaders(app, { publicUrl: config.publicUrl, connect: config.external ? [providerOrigin(config.external)] : [], contentHost: content });
  // Before any route is registered: routes with `config: { costly: true }` run within the costly calls' limits.
  installCostlyCalls(app, services.costlyCalls);

  const web = webClient({ root: config.webRoot, apiPrefixes: [config.apiPrefix, config.wrapperPrefix] });
  // Before any route is registered: a route keeps the error handler in force when it is added.
  installErrorHandler(app, web.fallback);

  await installSockets(app, services);

  await registerRoutes(app, services, config, limits);

  await app.register(web.plugin);

  return { app, services, connections };
}

/** The Fastify instance with the product's logger, body limit and connections' time limits. */
function createFastify(config: Config, options: AppOptions): FastifyInstance {
  return Fastify({
    logger: options.logStream ? { ...loggerOptions(config.logLevel), stream: options.logStream } : loggerOptions(config.logLevel),
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 300 },
    // One access-log line per request instead of Fastify's two: see http/accessLog.ts.
    logController: new AccessLog(),
    // Time limits of the connections (http/connections.ts); Fastify sets requestTimeout and keepAliveTimeout itself.
    requestTimeout: config.connections.requestTimeout,
    keepAliveTimeout: config.connections.keepAliveTimeout,
    connectionTimeout: config.connections.idleTimeout,
    http: {
      headersTimeout: config.connections.headersTimeout,
      requestTimeout: config.connections.requestTimeout,
      // How often those limits are checked (Node's default is every 30 s).
      connectionsCheckingInterval: Math.min(1000, config.connections.headersTimeout),
    },
  });
}

/** The websocket plugin; the sockets start with the server and close before it does. */
async function installSockets(app: FastifyInstance, services: Services): Promise<void> {
  // Sockets: closed with 1001 before the plugin's own pre-close step, which would close them without a code.
  app.addHook('onReady', async () => services.sockets.start());
  app.addHook('preClose', async () => services.sockets.stop());
  await app.register(websocket, {
    options: { maxPayload: SOCKET_MESSAGE_MAX_BYTES },
    // ws has already answered a protocol error (e.g. 1009 for a message over the limit) with a close frame.
    errorHandler: (err, socket, request) => {
      request.log.debug({ event: 'socket.error', code: (err as NodeJS.ErrnoException).code }, 'socket error');
      if (socket.readyState === 1) socket.terminate();
    },
  });
}

/** Every domain's routes, each plugin given only the services it uses. */
async function registerRoutes(app: FastifyInstance, services: Services, config: Config, limits: RateLimits): Promise<void> {
  const clientConfig: ClientConfig = {
    wrapperBase: config.wrapperPrefix,
    apiBase: config.apiPrefix,
    version: VERSION,
    site: config.site,
    external: null,
    manifestUrl: `${config.apiPrefix}/packages/manifest`,
    socketPath: SOCKET_PATH,
    sessionMaxAge: config.sessionMaxAge,
    settings: { defaults: config.settings.defaults, lock: config.settings.lock },
  };
  // Each plugin receives only the services it uses: never the stores, the database or the session events.
  const s = services;
  const { authenticate } = s;
  await app.register(systemRoutes({ readiness: s.readiness }, { version: VERSION, sessionMaxAge: config.sessionMaxAge, clientConfig, external: config.external, publicUrl: config.publicUrl }));
  await app.register(coreAuthRoutes({ auth: s.auth }, limits));
  await app.register(wrapperAuthRoutes({ auth: s.auth, external: s.external, recovery: s.recovery }, limits), { prefix: config.wrapperPrefix });
  await app.register(wrapperResourceRoutes({ resources: s.resources }), { prefix: config.wrapperPrefix });
  await app.register(userRoutes({ profiles: s.profiles, search: s.search, accountSwitcher: s.accountSwitcher, authenticate }), { prefix: config.apiPrefix });
  await app.register(contentRoutes({ content: s.content, resources: s.resources, auth: s.auth }, { logger: limits.logger, loggerBody: LOGGER_BODY_LIMIT }), { prefix: config.apiPrefix });
  await app.register(packageRoutes({ packages: s.packages, authenticate }), { prefix: config.apiPrefix });
  await app.register(settingsRoutes({ settings: s.settings, authenticate }), { prefix: config.apiPrefix });
  await app.register(absenceRoutes({ absences: s.absences, authenticate }), { prefix: config.apiPrefix });
  await app.register(desktopSessionRoutes({ desktopSessions: s.desktopSessions, authenticate }), { prefix: config.apiPrefix });
  await app.register(packageFileRoutes({ packages: s.packages }));
  await app.register(socketRoutes({ sockets: s.sockets }, config.publicUrl, config.cors));
  await app.register(vfsRoutes({ vfs: s.vfs, uploads: s.uploads, fileLinks: s.fileLinks, authenticate, costlyCalls: s.costlyCalls }));
  await app.register(vfsFileRoutes({ vfs: s.vfs, fileLinks: s.fileLinks, authenticate }), { prefix: config.apiPrefix });
  await app.register(taskRoutes({ tasks: s.tasks, authenticate }), { prefix: config.apiPrefix });
  await app.register(searchRoutes({ search: s.search, authenticate }), { prefix: config.apiPrefix });
  await app.register(recordRoutes({ records: s.records, authenticate }), { prefix: config.apiPrefix });
  await app.register(dashboardRoutes({ dashboards: s.dashboards, authenticate }), { prefix: config.apiPrefix });

  await app.register(datasetRoutes({ datasets: s.datasets, authenticate, costlyCalls: s.costlyCalls }), { prefix: config.apiPrefix });
  await app.register(recordFileRoutes({ files: s.recordFiles, vfs: s.vfs, authenticate }), { prefix: config.apiPrefix });
}
