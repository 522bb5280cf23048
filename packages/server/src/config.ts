/**
 * Server configuration, read once from environment variables. Every setting
 * has a default so that `npm start` needs none; a bad value stops the server
 * with a message naming the variable.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ACCESS_TOKEN_MAX_LIFETIME_SECONDS, LOCALES, type DesktopSettings, type Locale, type SiteSettings } from '@atrium/shared';
import { readExternalAuthConfig, type ExternalAuthConfig } from './auth/external/externalConfig.js';
import { parseContentUrl } from './http/contentHost.js';
import { parseCorsOrigins, type CorsSettings } from './http/cors.js';
import { parseSettingsLock, readSettingsDefaults } from './settings/configuredSettings.js';
import { parseMounts, type MountDefinition } from './vfs/mounts.js';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');
const port = z.coerce.number().int().min(0).max(65535);
const prefix = z
  .string()
  .regex(/^(\/[A-Za-z0-9._-]+)+$/, 'must look like /api/v1 (a leading slash, no trailing slash)');
const positiveInt = z.coerce.number().int().positive();
/** Seconds, fractions allowed. */
const seconds = z.coerce.number().positive().max(24 * 3600);
/** An absolute http(s) address or a path on this server. */
const address = z.string().regex(/^(https?:\/\/[^\s]+|\/[^\s]*)$/, 'must be an http(s) address or a path starting with /');
/** Comma-separated locales, or 'none' for no language widget. */
const localeList = z
  .string()
  .transform((v) => (v.trim() === 'none' ? [] : v.split(',').map((l) => l.trim()).filter(Boolean)))
  .pipe(z.array(z.enum(LOCALES)));

const EnvSchema = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: port.default(8080),
  DATA_DIR: z.string().min(1).default('.data'),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string').optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/[^\s]+$/, 'must be a redis:// or rediss:// address')
    .refine((v) => URL.canParse(v) && new URL(v).hostname !== '', 'must be a redis:// or rediss:// address with a host')
    .optional(),
  PUBLIC_URL: z.url().optional(),
  API_PREFIX: prefix.default('/api/v1'),
  WRAPPER_PREFIX: prefix.default('/api/wrapper'),
  WEB_ROOT: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DEMO_DATA: bool.default(true),
  TRUST_PROXY: bool.default(false),
  ACCESS_TOKEN_TTL: positiveInt.max(ACCESS_TOKEN_MAX_LIFETIME_SECONDS).default(ACCESS_TOKEN_MAX_LIFETIME_SECONDS),
  REFRESH_TOKEN_TTL: positiveInt.default(7 * 24 * 3600),
  SESSION_MAX_AGE: positiveInt.default(30 * 24 * 3600),
  LOGIN_MAX_FAILURES_ACCOUNT: positiveInt.default(5),
  LOGIN_MAX_FAILURES_ADDRESS: positiveInt.default(20),
  LOGIN_WINDOW: positiveInt.default(15 * 60),
  SESSION_CACHE_TTL: z.coerce.number().int().min(0).max(300).default(10),
  LOGIN_ADDRESS_MAX_DELAY: z.coerce.number().int().min(0).max(60_000).default(10_000),
  REQUEST_TIMEOUT: seconds.default(30),
  HEADERS_TIMEOUT: seconds.default(10),
  CONNECTION_IDLE_TIMEOUT: seconds.default(60),
  KEEP_ALIVE_TIMEOUT: seconds.default(72),
  MAX_CONNECTIONS: positiveInt.optional(),
  RATE_LIMIT_AUTH: positiveInt.default(30),
  RATE_LIMIT_RECOVERY: positiveInt.default(10),
  RATE_LIMIT_LOGGER: positiveInt.default(120),
  COSTLY_CALLS_PER_USER: positiveInt.max(1000).default(4),
  COSTLY_CALLS_RATE: positiveInt.max(1_000_000).default(60),
  COSTLY_CALLS_WINDOW: positiveInt.max(24 * 3600).default(60),
  COSTLY_CALLS_CONCURRENCY: positiveInt.max(1000).optional(),
  REFRESH_TOKEN_GRACE: z.coerce.number().int().min(0).max(60).default(5),
  SITE_TITLE: z.string().min(1).max(100).default('Atrium'),
  SITE_LOGO: address.optional(),
  LOGIN_BACKGROUND: address.optional(),
  SLIDER_BACKGROUND: address.optional(),
  ABOUT_URL: address.default('/about'),
  TRANSLATE_LANGUAGES: localeList.default([...LOCALES]),
  AUTH_TYPE: z.enum(['builtin', 'okta', 'keycloak']).default('builtin'),
  SMTP_HOST: z.string().min(1).optional(),
  SMTP_PORT: port.default(587),
  SMTP_SECURE: bool.default(false),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  MAIL_FROM: z.string().min(3).default('Atrium <no-reply@localhost>'),
  BUILTIN_PACKAGES_DIRS: z.string().optional(),
  PACKAGES_DIR: z.string().min(1).optional(),
  SETTINGS_DEFAULTS: z.string().min(1).optional(),
  SETTINGS_LOCK: z.string().optional(),
  VFS_MOUNTS: z.string().optional(),
  VFS_QUOTA: z.coerce.number().int().min(0).default(10 * 1024 ** 3),
  VFS_UPLOAD_LIMIT: positiveInt.default(4 * 1024 ** 3),
  TASK_YELLOW_WINDOW: positiveInt.max(366 * 24 * 3600).default(48 * 3600),
  DIGEST_INTERVAL: positiveInt.max(3600).default(300),
  DATASET_CACHE_TTL: z.coerce.number().int().min(0).max(3600).default(30),
  DATASET_QUERY_TIMEOUT: positiveInt.max(600_000).default(10_000),
  CORS_ORIGINS: z.string().optional(),
  CORS_MAX_AGE: z.coerce.number().int().min(0).max(86_400).default(600),
  CONTENT_URL: z.string().optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens')
    .optional(),
  S3_ENDPOINT: z.string().regex(/^https?:\/\/[^\s/?#]+\/?$/, 'must be an http(s) address such as https://s3.example.com:9000, without a path').optional(),
  S3_REGION: z.string().regex(/^[a-z0-9-]{1,40}$/, 'must be a region name such as eu-central-1').optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool.optional(),
  S3_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*\/?$/, 'must be a key prefix such as atrium/ (letters, digits, . _ - and /, not starting with /)')
    .optional(),
});

export interface ConnectionSettings {
  /** The whole request, head and body, must arrive within this. */
  requestTimeout: number;
  /** The request head must arrive within this. */
  headersTimeout: number;
  /** A connection on which nothing moves is closed after this. */
  idleTimeout: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeout: number;
  maxConnections: number;
}

/**
 * Open connections allowed by default: 10,000, or fewer when the process may
 * not open that many files (room is kept for the database, logs and files).
 */
function defaultMaxConnections(): number {
  try {
    const line = fs.readFileSync('/proc/self/limits', 'utf8').split('\n').find((l) => l.startsWith('Max open files'));
    const soft = Number(line?.split(/\s{2,}/)[1]);
    if (Number.isFinite(soft) && soft > 0) return Math.max(64, Math.min(10_000, soft - 512));
  } catch {
    // Not Linux: the fixed default.
  }
  return 10_000;
}

export interface SmtpConfig {
  host: string;
  port: number;
  secure: boolean;
  user?: string;
  password?: string;
}

/** Object storage for the contents of files and resources (S3_*; docs/DEPLOYMENT.md, "Object storage"). */
export interface ObjectStorageConfig {
  bucket: string;
  /** An S3-compatible server's address; AWS itself when absent. */
  endpoint?: string;
  region: string;
  /** Both or neither; neither: the SDK's own credential chain (AWS_* variables, instance roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Buckets addressed as `endpoint/bucket/key` rather than `bucket.endpoint/key`. */
  forcePathStyle: boolean;
  /** Put before every key, ending with '/' when not empty. */
  prefix: string;
}

export interface Config {
  host: string;
  port: number;
  /** Absolute path of the data folder (lock, secrets, embedded database, files, outbox). */
  dataDir: string;
  databaseUrl?: string;
  /** Redis for the event bus instead of the database's LISTEN/NOTIFY (docs/DEPLOYMENT.md, "The event bus"); PostgreSQL only. */
  redisUrl?: string;
  /** Address users reach the product at; used in e-mailed links and as token issuer. */
  publicUrl: string;
  apiPrefix: string;
  wrapperPrefix: string;
  /** Folder of the built web client. */
  webRoot: string;
  logLevel: string;
  demoData: boolean;
  trustProxy: boolean;
  /** Seconds. */
  accessTokenTtl: number;
  refreshTokenTtl: number;
  sessionMaxAge: number;
  /** Seconds a session check is answered from memory (0: every call asks the database); see docs/ARCHITECTURE.md. */
  sessionCacheTtl: number;
  loginMaxFailuresAccount: number;
  loginMaxFailuresAddress: number;
  loginWindow: number;
  /** Longest wait (ms) before answering a sign-in from an address past its failures; 0: no wait. */
  loginAddressMaxDelay: number;
  /** Requests per minute and client address on sensitive routes. */
  rateLimits: { auth: number; recovery: number; logger: number };
  /** Limits of each user's costly calls and of all of them at once (http/CostlyCalls.ts; docs/SECURITY.md, "Costly calls"); `window` in seconds. */
  costlyCalls: { perUser: number; rate: number; window: number; concurrency: number };
  /** Seconds after a refresh token's first use within which it answers the same new pair again (docs/SECURITY.md, "Sessions"); 0: never. */
  refreshTokenGrace: number;
  /** Time limits (milliseconds) and the cap on open connections (http/connections.ts). */
  connections: ConnectionSettings;
  smtp?: SmtpConfig;
  mailFrom: string;
  /** Login-page settings sent to the client. */
  site: SiteSettings;
  /** External sign-in (AUTH_TYPE keycloak or okta; docs/behaviour/external-sign-in.md); null for the built-in form only. */
  external: ExternalAuthConfig | null;
  /** Folders whose sub-folders with a metadata.json are the built-in packages (absolute). */
  builtinPackagesDirs: string[];
  /** Folder of the registered packages, one sub-folder per package (absolute). */
  packagesDir: string;
  /** Settings defaults (built-in, overridden by SETTINGS_DEFAULTS) and the keys users cannot change (SETTINGS_LOCK). */
  settings: { defaults: DesktopSettings; lock: string[] };
  /** The virtual filesystem (docs/behaviour/files.md): its mountpoints, each user's storage space and the largest upload, in bytes. */
  vfs: { mounts: MountDefinition[]; quota: number; uploadLimit: number };
  /** Seconds before its end date from which an open task is YELLOW rather than GREEN (docs/behaviour/work.md#colours). */
  taskYellowWindow: number;
  /** Seconds between two runs of the daily digests' job (docs/behaviour/workflows.md#digests). */
  digestInterval: number;
  /** Dashboards' figures (datasets/README.md): seconds an identical query's answer is remembered (0: never), milliseconds a query may run. */
  datasets: { cacheTtl: number; queryTimeout: number };
  /** Pages of other origins allowed to call the API with credentials (docs/COMPATIBILITY.md#cross-origin); none by default. */
  cors: CorsSettings;
  /** The origin file contents are served from (CONTENT_URL; docs/SECURITY.md, "Files"); null: this server's own. */
  contentOrigin: string | null;
  /** The bucket file and resource contents go to (S3_BUCKET and the other S3_ settings); null: the data folder. */
  objectStorage: ObjectStorageConfig | null;
}

/** Thrown for a bad environment; the message lists each offending variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const defaultWebRoot = path.join(repoRoot, 'web/dist');
/** The repository's built-in packages: applications and themes. */
const defaultBuiltinPackagesDirs = [path.join(repoRoot, 'apps'), path.join(repoRoot, 'themes')];

/** A comma-separated list, blanks dropped. */
function list(text: string | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** Reads the configuration from an environment (process.env by default). */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const { cleaned, e } = readEnv(env);
  const defaults = readSettingsDefaults(e.SETTINGS_DEFAULTS);
  if (!defaults.ok) throw new ConfigError(`Invalid configuration:\n  SETTINGS_DEFAULTS: ${defaults.error}`);
  const lock = parseSettingsLock(list(e.SETTINGS_LOCK));
  if (!lock.ok) throw new ConfigError(`Invalid configuration:\n  SETTINGS_LOCK: ${lock.error}`);
  if (e.HEADERS_TIMEOUT > e.REQUEST_TIMEOUT) {
    throw new ConfigError('Invalid configuration:\n  HEADERS_TIMEOUT: must not be longer than REQUEST_TIMEOUT');
  }
  const mounts = parseMounts(e.VFS_MOUNTS);
  if (!mounts.ok) throw new ConfigError(`Invalid configuration:\n  VFS_MOUNTS: ${mounts.error}`);
  const corsOrigins = parseCorsOrigins(list(e.CORS_ORIGINS));
  if (!corsOrigins.ok) throw new ConfigError(`Invalid configuration:\n  CORS_ORIGINS: ${corsOrigins.error}`);
  const external = readExternalAuthConfig(cleaned, e.AUTH_TYPE, e.PUBLIC_URL);
  if (!external.ok) throw new ConfigError(`Invalid configuration:\n  ${external.variable}: ${external.message}`);
  const dataDir = path.resolve(e.DATA_DIR);
  const builtinDirs = list(e.BUILTIN_PACKAGES_DIRS);
  const shownHost = e.HOST === '0.0.0.0' || e.HOST === '::' ? 'localhost' : e.HOST;
  const objectStorage = objectStorageOf(e);
  const contentOrigin = parseContentUrl(e.CONTENT_URL, e.PUBLIC_URL ?? `http://${shownHost}:${e.PORT}`);
  if (!contentOrigin.ok) throw new ConfigError(`Invalid configuration:\n  CONTENT_URL: ${contentOrigin.error}`);
  return {
    host: e.HOST,
    port: e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://${shownHost}:${e.PORT}`).replace(/\/$/, ''),
    apiPrefix: e.API_PREFIX,
    wrapperPrefix: e.WRAPPER_PREFIX,
    webRoot: e.WEB_ROOT ? path.resolve(e.WEB_ROOT) : defaultWebRoot,
    logLevel: e.LOG_LEVEL,
    demoData: e.DEMO_DATA,
    trustProxy: e.TRUST_PROXY,
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    refreshTokenTtl: e.REFRESH_TOKEN_TTL,
    sessionMaxAge: e.SESSION_MAX_AGE,
    sessionCacheTtl: e.SESSION_CACHE_TTL,
    loginMaxFailuresAccount: e.LOGIN_MAX_FAILURES_ACCOUNT,
    loginMaxFailuresAddress: e.LOGIN_MAX_FAILURES_ADDRESS,
    loginWindow: e.LOGIN_WINDOW,
    loginAddressMaxDelay: e.LOGIN_ADDRESS_MAX_DELAY,
    rateLimits: { auth: e.RATE_LIMIT_AUTH, recovery: e.RATE_LIMIT_RECOVERY, logger: e.RATE_LIMIT_LOGGER },
    costlyCalls: costlyCallsOf(e),
    refreshTokenGrace: e.REFRESH_TOKEN_GRACE,
    connections: connectionsOf(e),
    smtp: e.SMTP_HOST
      ? { host: e.SMTP_HOST, port: e.SMTP_PORT, secure: e.SMTP_SECURE, user: e.SMTP_USER, password: e.SMTP_PASSWORD }
      : undefined,
    mailFrom: e.MAIL_FROM,
    site: {
      title: e.SITE_TITLE,
      logo: e.SITE_LOGO ?? null,
      loginBackground: e.LOGIN_BACKGROUND ?? null,
      sliderBackground: e.SLIDER_BACKGROUND ?? null,
      aboutUrl: e.ABOUT_URL,
      translateLanguages: e.TRANSLATE_LANGUAGES as Locale[],
      authType: e.AUTH_TYPE,
    },
    external: external.value,
    builtinPackagesDirs: builtinDirs.length > 0 ? builtinDirs.map((d) => path.resolve(d)) : defaultBuiltinPackagesDirs,
    packagesDir: e.PACKAGES_DIR ? path.resolve(e.PACKAGES_DIR) : path.join(dataDir, 'packages'),
    settings: { defaults: defaults.value, lock: lock.value },
    vfs: { mounts: mounts.value, quota: e.VFS_QUOTA, uploadLimit: e.VFS_UPLOAD_LIMIT },
    taskYellowWindow: e.TASK_YELLOW_WINDOW,
    digestInterval: e.DIGEST_INTERVAL,
    datasets: { cacheTtl: e.DATASET_CACHE_TTL, queryTimeout: e.DATASET_QUERY_TIMEOUT },
    cors: { origins: corsOrigins.value, maxAge: e.CORS_MAX_AGE },
    contentOrigin: contentOrigin.value,
    objectStorage,
  };
}

/** The environment with empty variables left out (as shells and .env files commonly leave them), and parsed; refuses what does not parse. */
function readEnv(env: Record<string, string | undefined>): { cleaned: Record<string, string | undefined>; e: z.infer<typeof EnvSchema> } {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return { cleaned, e: parsed.data };
}

function costlyCallsOf(e: z.infer<typeof EnvSchema>): Config['costlyCalls'] {
  return {
    perUser: e.COSTLY_CALLS_PER_USER,
    rate: e.COSTLY_CALLS_RATE,
    window: e.COSTLY_CALLS_WINDOW,
    // The embedded database runs one statement at a time in the server's own thread; PostgreSQL has processes of its own.
    concurrency: e.COSTLY_CALLS_CONCURRENCY ?? (e.DATABASE_URL ? 2 : 1),
  };
}

/** The connections' limits, in milliseconds. */
function connectionsOf(e: z.infer<typeof EnvSchema>): Config['connections'] {
  return {
    requestTimeout: Math.round(e.REQUEST_TIMEOUT * 1000),
    headersTimeout: Math.round(e.HEADERS_TIMEOUT * 1000),
    idleTimeout: Math.round(e.CONNECTION_IDLE_TIMEOUT * 1000),
    keepAliveTimeout: Math.round(e.KEEP_ALIVE_TIMEOUT * 1000),
    maxConnections: e.MAX_CONNECTIONS ?? defaultMaxConnections(),
  };
}

/** The object storage settings, or null without S3_BUCKET; refuses settings that cannot work together (never naming a secret's value). */
function objectStorageOf(e: z.infer<typeof EnvSchema>): ObjectStorageConfig | null {
  const refuse = (variable: string, message: string) => new ConfigError(`Invalid configuration:\n  ${variable}: ${message}`);
  if (!e.S3_BUCKET) {
    const stray = (['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'S3_PREFIX'] as const).find((name) => e[name] !== undefined);
    if (stray) throw refuse('S3_BUCKET', `must be set when ${stray} is (file contents stay in the data folder without it)`);
    return null;
  }
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
    throw refuse(e.S3_ACCESS_KEY_ID === undefined ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY', 'must be set together with S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or both left unset');
  }
  // AWS needs the bucket's region; S3-compatible servers mostly accept any.
  if (!e.S3_REGION && !e.S3_ENDPOINT) throw refuse('S3_REGION', "must be set to the bucket's region (such as eu-central-1) unless S3_ENDPOINT names another server");
  const prefix = e.S3_PREFIX ? e.S3_PREFIX.replace(/\/?$/, '/') : '';
  return {
    bucket: e.S3_BUCKET,
    ...(e.S3_ENDPOINT ? { endpoint: e.S3_ENDPOINT.replace(/\/$/, '') } : {}),
    region: e.S3_REGION ?? 'us-east-1',
    ...(e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY ? { credentials: { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } } : {}),
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
    prefix,
  };
}
