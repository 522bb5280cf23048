import path from 'node:path';
import { ACCESS_TOKEN_MAX_LIFETIME_SECONDS } from '@atrium/shared';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

/** The message of the ConfigError a bad environment raises. */
function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (e) {
    if (e instanceof ConfigError) return e;
    throw e;
  }
  throw new Error(`no ConfigError for ${JSON.stringify(env)}`);
}

describe('configuration', () => {
  it('has a default for every setting, so an empty environment starts', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 8080,
      dataDir: path.resolve('.data'),
      databaseUrl: undefined,
      publicUrl: 'http://127.0.0.1:8080',
      apiPrefix: '/api/v1',
      wrapperPrefix: '/api/wrapper',
      logLevel: 'info',
      demoData: true,
      trustProxy: false,
      accessTokenTtl: ACCESS_TOKEN_MAX_LIFETIME_SECONDS,
      loginMaxFailuresAccount: 5,
      loginMaxFailuresAddress: 20,
      loginWindow: 15 * 60,
      smtp: undefined,
    });
    expect(config.refreshTokenTtl).toBeGreaterThan(config.accessTokenTtl);
    expect(config.sessionMaxAge).toBeGreaterThanOrEqual(config.refreshTokenTtl);
  });

  it('reads the per-route rate limits, and refuses a non-positive one', () => {
    expect(loadConfig({}).rateLimits).toEqual({ auth: 30, recovery: 10, logger: 120 });
    expect(loadConfig({ RATE_LIMIT_AUTH: '500' }).rateLimits.auth).toBe(500);
    expect(configError({ RATE_LIMIT_LOGGER: '0' }).message).toContain('RATE_LIMIT_LOGGER');
  });

  it('limits costly calls per user and for everybody by default (1 at once on the embedded database, 2 on PostgreSQL), as configured, and refuses a limit of 0', () => {
    expect(loadConfig({}).costlyCalls).toEqual({ perUser: 4, rate: 60, window: 60, concurrency: 1 });
    expect(loadConfig({ DATABASE_URL: 'postgres://atrium@127.0.0.1/atrium' }).costlyCalls.concurrency).toBe(2);
    const configured = loadConfig({ COSTLY_CALLS_PER_USER: '2', COSTLY_CALLS_RATE: '600', COSTLY_CALLS_WINDOW: '3600', COSTLY_CALLS_CONCURRENCY: '8', DATABASE_URL: 'postgres://atrium@127.0.0.1/atrium' });
    expect(configured.costlyCalls).toEqual({ perUser: 2, rate: 600, window: 3600, concurrency: 8 });
    for (const name of ['COSTLY_CALLS_PER_USER', 'COSTLY_CALLS_RATE', 'COSTLY_CALLS_WINDOW', 'COSTLY_CALLS_CONCURRENCY']) {
      for (const bad of ['0', '-1', '1.5', 'many']) expect(configError({ [name]: bad }).message).toContain(name);
    }
  });

  it("answers a refresh token's pair again within 5 s of its first use by default, at most 60 s, 0 for never", () => {
    expect(loadConfig({}).refreshTokenGrace).toBe(5);
    expect(loadConfig({ REFRESH_TOKEN_GRACE: '0' }).refreshTokenGrace).toBe(0);
    expect(loadConfig({ REFRESH_TOKEN_GRACE: '60' }).refreshTokenGrace).toBe(60);
    for (const bad of ['61', '-1', '2.5', 'soon']) expect(configError({ REFRESH_TOKEN_GRACE: bad }).message).toContain('REFRESH_TOKEN_GRACE');
  });

  it('has login-page settings with every locale in the language widget by default', () => {
    expect(loadConfig({}).site).toEqual({
      title: 'Atrium',
      logo: null,
      loginBackground: null,
      sliderBackground: null,
      aboutUrl: '/about',
      translateLanguages: ['en_EN', 'de_DE', 'fr_FR', 'nb_NO', 'sl_SI', 'vi_VN', 'zh_CN'],
      authType: 'builtin',
    });
  });

  it('reads login-page settings, hides the language widget with none, and refuses unknown locales and bad addresses', () => {
    const okta = { AUTH_TYPE: 'okta', AUTH_ISSUER: 'https://acme.okta.example/oauth2/default', AUTH_CLIENT_ID: '0oa1' };
    const site = loadConfig({ SITE_TITLE: 'Portal', SITE_LOGO: '/brand/logo.svg', TRANSLATE_LANGUAGES: 'de_DE, fr_FR', ...okta }).site;
    expect(site).toMatchObject({ title: 'Portal', logo: '/brand/logo.svg', translateLanguages: ['de_DE', 'fr_FR'], authType: 'okta' });
    expect(loadConfig({ TRANSLATE_LANGUAGES: 'none' }).site.translateLanguages).toEqual([]);
    expect(configError({ TRANSLATE_LANGUAGES: 'en_EN,xx_XX' }).message).toContain('TRANSLATE_LANGUAGES');
    expect(configError({ LOGIN_BACKGROUND: 'javascript:alert(1)' }).message).toContain('LOGIN_BACKGROUND');
    expect(configError({ AUTH_TYPE: 'saml' }).message).toContain('AUTH_TYPE');
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', LOG_LEVEL: '' })).toMatchObject({ port: 8080, logLevel: 'info' });
  });

  it('reads the variables it is given', () => {
    const config = loadConfig({
      PORT: '9090',
      HOST: '0.0.0.0',
      PUBLIC_URL: 'https://atrium.example.com/',
      DEMO_DATA: 'no',
      ACCESS_TOKEN_TTL: '300',
      SMTP_HOST: 'mail.example.com',
      SMTP_SECURE: 'true',
      DATABASE_URL: 'postgres://u@db/atrium',
    });
    expect(config).toMatchObject({
      port: 9090,
      publicUrl: 'https://atrium.example.com',
      demoData: false,
      accessTokenTtl: 300,
      databaseUrl: 'postgres://u@db/atrium',
      smtp: { host: 'mail.example.com', port: 587, secure: true },
    });
  });

  it('shows a wildcard listen address as localhost in the public address', () => {
    expect(loadConfig({ HOST: '0.0.0.0', PORT: '3000' }).publicUrl).toBe('http://localhost:3000');
  });

  it.each(['eighty', '-1', '65536', '80.5'])('refuses PORT=%s with a ConfigError naming PORT', (value) => {
    const error = configError({ PORT: value });
    expect(error.message).toMatch(/\bPORT\b/);
    expect(error.message).not.toMatch(/\bSMTP_PORT\b/);
  });

  it('refuses an access-token lifetime over 15 minutes', () => {
    expect(configError({ ACCESS_TOKEN_TTL: String(ACCESS_TOKEN_MAX_LIFETIME_SECONDS + 1) }).message).toContain('ACCESS_TOKEN_TTL');
    expect(loadConfig({ ACCESS_TOKEN_TTL: String(ACCESS_TOKEN_MAX_LIFETIME_SECONDS) }).accessTokenTtl).toBe(900);
    expect(configError({ ACCESS_TOKEN_TTL: '0' }).message).toContain('ACCESS_TOKEN_TTL');
  });

  it('has time limits and a cap on connections by default, read in seconds, and refuses a head timeout longer than the request timeout', () => {
    const { connections } = loadConfig({});
    expect(connections).toMatchObject({ requestTimeout: 30_000, headersTimeout: 10_000, idleTimeout: 60_000, keepAliveTimeout: 72_000 });
    expect(connections.maxConnections).toBeGreaterThanOrEqual(64);
    expect(connections.maxConnections).toBeLessThanOrEqual(10_000);
    const given = loadConfig({ REQUEST_TIMEOUT: '1.5', HEADERS_TIMEOUT: '0.5', CONNECTION_IDLE_TIMEOUT: '5', KEEP_ALIVE_TIMEOUT: '4', MAX_CONNECTIONS: '100' }).connections;
    expect(given).toEqual({ requestTimeout: 1500, headersTimeout: 500, idleTimeout: 5000, keepAliveTimeout: 4000, maxConnections: 100 });
    expect(configError({ REQUEST_TIMEOUT: '5', HEADERS_TIMEOUT: '10' }).message).toContain('HEADERS_TIMEOUT');
    expect(configError({ MAX_CONNECTIONS: '0' }).message).toContain('MAX_CONNECTIONS');
  });

  it('waits at most 10 s before answering a sign-in from an address past its failures, or as configured', () => {
    expect(loadConfig({}).loginAddressMaxDelay).toBe(10_000);
    expect(loadConfig({ LOGIN_ADDRESS_MAX_DELAY: '0' }).loginAddressMaxDelay).toBe(0);
    expect(configError({ LOGIN_ADDRESS_MAX_DELAY: '-1' }).message).toContain('LOGIN_ADDRESS_MAX_DELAY');
  });

  it('turns tasks yellow 48 hours before their end date, or as configured in seconds', () => {
    expect(loadConfig({}).taskYellowWindow).toBe(48 * 3600);
    expect(loadConfig({ TASK_YELLOW_WINDOW: '3600' }).taskYellowWindow).toBe(3600);
    for (const bad of ['0', '-5', '1.5', 'two days', String(400 * 24 * 3600)]) expect(configError({ TASK_YELLOW_WINDOW: bad }).message).toContain('TASK_YELLOW_WINDOW');
  });

  it('runs the daily digests every 5 minutes, or every so many seconds as configured', () => {
    expect(loadConfig({}).digestInterval).toBe(300);
    expect(loadConfig({ DIGEST_INTERVAL: '2' }).digestInterval).toBe(2);
    for (const bad of ['0', '-5', '1.5', 'often', '3601']) expect(configError({ DIGEST_INTERVAL: bad }).message).toContain('DIGEST_INTERVAL');
  });

  it('allows no other origin by default, reads a list of exact origins, and refuses a wildcard or an address with a path', () => {
    expect(loadConfig({}).cors).toEqual({ origins: [], maxAge: 600 });
    expect(loadConfig({ CORS_ORIGINS: 'https://eos.example.org, http://localhost:8000,https://EOS.example.org/', CORS_MAX_AGE: '7200' }).cors).toEqual({
      origins: ['https://eos.example.org', 'http://localhost:8000'],
      maxAge: 7200,
    });
    expect(configError({ CORS_ORIGINS: '*' }).message).toMatch(/CORS_ORIGINS: a wildcard cannot be used/);
    for (const bad of ['https://eos.example.org/app', 'eos.example.org', 'ftp://eos.example.org', 'null', 'https://user@eos.example.org', 'https://eos.example.org/?x']) {
      expect(configError({ CORS_ORIGINS: `https://ok.example.org,${bad}` }).message, bad).toContain('CORS_ORIGINS');
    }
    expect(configError({ CORS_MAX_AGE: '-1' }).message).toContain('CORS_MAX_AGE');
  });

  it('keeps contents in the data folder without S3_BUCKET, and reads the object storage settings with it', () => {
    expect(loadConfig({}).objectStorage).toBeNull();
    expect(loadConfig({ S3_BUCKET: 'atrium-files', S3_REGION: 'eu-central-1' }).objectStorage).toEqual({ bucket: 'atrium-files', region: 'eu-central-1', forcePathStyle: false, prefix: '' });
    expect(
      loadConfig({ S3_BUCKET: 'atrium', S3_ENDPOINT: 'http://127.0.0.1:9000/', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret', S3_PREFIX: 'prod/atrium' }).objectStorage,
    ).toEqual({ bucket: 'atrium', endpoint: 'http://127.0.0.1:9000', region: 'us-east-1', credentials: { accessKeyId: 'id', secretAccessKey: 'secret' }, forcePathStyle: true, prefix: 'prod/atrium/' });
    expect(loadConfig({ S3_BUCKET: 'atrium', S3_ENDPOINT: 'https://s3.example.com', S3_FORCE_PATH_STYLE: 'false' }).objectStorage?.forcePathStyle).toBe(false);
  });

  it('refuses object storage settings that cannot work, never repeating a secret', () => {
    expect(configError({ S3_REGION: 'eu-central-1' }).message).toMatch(/S3_BUCKET: must be set when S3_REGION is/);
    expect(configError({ S3_BUCKET: 'atrium' }).message).toMatch(/S3_REGION: must be set/);
    expect(configError({ S3_BUCKET: 'Atrium_Files', S3_REGION: 'eu-central-1' }).message).toMatch(/S3_BUCKET: must be a bucket name/);
    expect(configError({ S3_BUCKET: 'atrium', S3_ENDPOINT: 'minio:9000' }).message).toMatch(/S3_ENDPOINT: must be an http\(s\) address/);
    expect(configError({ S3_BUCKET: 'atrium', S3_ENDPOINT: 'http://minio:9000', S3_PREFIX: '/abs' }).message).toMatch(/S3_PREFIX: must be a key prefix/);
    const lone = configError({ S3_BUCKET: 'atrium', S3_REGION: 'eu-central-1', S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI-secret' }).message;
    expect(lone).toMatch(/S3_ACCESS_KEY_ID: must be set together/);
    expect(lone).not.toContain('wJalrXUtnFEMI');
  });

  it('lets both base addresses be one (a front end that sends every call to one address)', () => {
    expect(loadConfig({ API_PREFIX: '/api', WRAPPER_PREFIX: '/api' })).toMatchObject({ apiPrefix: '/api', wrapperPrefix: '/api' });
  });

  it('reads a Redis address for the event bus, and refuses any other kind of address without repeating it', () => {
    expect(loadConfig({}).redisUrl).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'rediss://bus:S3cret@redis.internal:6380/2' }).redisUrl).toBe('rediss://bus:S3cret@redis.internal:6380/2');
    for (const bad of ['http://bus:S3cret@redis.internal', 'redis.internal:6379', 'redis://', 'redis:// S3cret@host']) {
      const message = configError({ REDIS_URL: bad }).message;
      expect(message, bad).toContain('REDIS_URL: must be a redis:// or rediss:// address');
      expect(message, bad).not.toContain('S3cret');
    }
  });

  it('names every offending variable at once', () => {
    const message = configError({ PORT: 'x', API_PREFIX: 'api/v1/', DATABASE_URL: 'mysql://db', LOG_LEVEL: 'loud', TRUST_PROXY: 'maybe' }).message;
    for (const name of ['PORT', 'API_PREFIX', 'DATABASE_URL', 'LOG_LEVEL', 'TRUST_PROXY']) expect(message).toContain(name);
  });
});
