/**
 * @module-tag embedded-only
 *
 * The security headers of every answer (docs/SECURITY.md, "Content Security
 * Policy"): the page, its client-side addresses, its files, the API, error
 * answers and package files carry the strict policy, which lets the page
 * run and apply the client build's files and the registered packages' only;
 * stored files keep their own sandboxing one. Every answer also gets a
 * window of its own, the powerful browser features turned off, no loading
 * by other sites (but public pictures), nothing kept in a cache unless it
 * says how (tokens and signed addresses above all), and HTTPS only when
 * the product is reached over HTTPS.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { HOME_FRAME_STYLE_HASH, HOME_FRAME_STYLESHEET, type VfsEntry } from '@atrium/shared';
import Fastify, { type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy, installSecurityHeaders, PERMISSIONS_POLICY } from '../../src/http/securityHeaders.js';
import { ResourceService } from '../../src/resources/ResourceService.js';
import { GOOD_PASSWORD, makeAccount, makeUser, signIn } from '../helpers/factories.js';
import { bearer, form } from '../helpers/http.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';
import { VfsClient } from '../helpers/vfs.js';

/** The directives of a policy by name. */
function directives(policy: string | undefined): Map<string, string[]> {
  return new Map(
    (policy ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

/** The test app's PUBLIC_URL (test/helpers/testApp.ts). */
const PUBLIC_ORIGIN = 'http://atrium.test';
const CODE = [`${PUBLIC_ORIGIN}/assets/`, `${PUBLIC_ORIGIN}/packages/`];

describe(`security headers on ${databaseKind}`, () => {
  let t: TestApp;
  const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-web-'));

  beforeAll(async () => {
    fs.mkdirSync(path.join(webRoot, 'assets'));
    fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Atrium</title><script type="module" src="/assets/index-AbCd1234.js"></script>');
    fs.writeFileSync(path.join(webRoot, 'assets', 'index-AbCd1234.js'), 'export {};');
    t = await createTestApp({ env: { WEB_ROOT: webRoot } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  /** A request as a browser at PUBLIC_URL sends it. */
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { host: 'atrium.test', ...headers } });

  function expectPageHeaders(res: LightMyRequestResponse, what: string) {
    const policy = directives(res.headers['content-security-policy'] as string);
    expect(policy.get('script-src'), what).toEqual(CODE);
    expect(policy.get('style-src'), what).toEqual([...CODE, HOME_FRAME_STYLE_HASH]);
    expect(res.headers['x-content-type-options'], what).toBe('nosniff');
    expect(res.headers['referrer-policy'], what).toBe('same-origin');
    expect(res.headers['x-frame-options'], what).toBe('SAMEORIGIN');
    expect(res.headers['cross-origin-opener-policy'], what).toBe('same-origin');
    expect(res.headers['cross-origin-resource-policy'], what).toBe('same-origin');
    expect(res.headers['permissions-policy'], what).toBe(PERMISSIONS_POLICY);
    // Plain HTTP: a browser ignores the header there, and the server sends none.
    expect(res.headers['strict-transport-security'], what).toBeUndefined();
  }

  it("runs scripts and applies styles from the client build's files and the registered packages' only, with fonts, media and connections from this server, and framing by itself only", () => {
    const policy = directives(contentSecurityPolicy({ origins: [PUBLIC_ORIGIN] }));
    expect(policy.get('script-src')).toEqual(CODE);
    expect(policy.get('style-src')).toEqual([...CODE, HOME_FRAME_STYLE_HASH]);
    for (const name of ['default-src', 'font-src', 'media-src', 'connect-src', 'form-action', 'frame-ancestors']) {
      expect(policy.get(name), name).toEqual(["'self'"]);
    }
    for (const name of ['object-src', 'base-uri', 'worker-src']) expect(policy.get(name), name).toEqual(["'none'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'https:', 'http:']);
    expect(policy.get('frame-src')).toEqual(["'self'", 'https:', 'http:']);
    expect(contentSecurityPolicy({ origins: [PUBLIC_ORIGIN] })).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  });

  it("applies one inline stylesheet only, the home widget frame's, named by its own hash", () => {
    const hash = createHash('sha256').update(HOME_FRAME_STYLESHEET, 'utf8').digest('base64');
    expect(HOME_FRAME_STYLE_HASH).toBe(`'sha256-${hash}'`);
    const inline = directives(contentSecurityPolicy({ origins: [PUBLIC_ORIGIN] }))
      .get('style-src')!
      .filter((source) => source.startsWith("'"));
    expect(inline).toEqual([HOME_FRAME_STYLE_HASH]);
  });

  it('puts the policy and the other headers on the page, its client-side addresses, its files, the API and error answers', async () => {
    const requests: Array<[string, string, Record<string, string>]> = [
      ['the page', '/', {}],
      ['a client-side address', '/privacy-policy', { accept: 'text/html' }],
      ['an address with a reset code', '/?resetpassword=abc', { accept: 'text/html' }],
      ['a file of the client', '/assets/index-AbCd1234.js', {}],
      ['the configuration', '/client-config', {}],
      ['an API call', `${t.config.apiPrefix}/homescreen/announcement/localhost`, {}],
      ['a refused API call', `${t.config.apiPrefix}/user/me`, {}],
      ['an unknown API address', `${t.config.apiPrefix}/nothing`, {}],
      ['an unknown package file', '/packages/1.2.3/Notes/index.html', { accept: 'text/html' }],
    ];
    for (const [what, url, headers] of requests) {
      const res = await get(url, headers);
      expect(res.statusCode, what).toBeLessThan(500);
      expectPageHeaders(res, what);
    }
  });

  it('names the origin the page was reached at beside PUBLIC_URL, and never writes a Host that is not a plain host name into the policy', async () => {
    const other = directives((await get('/', { host: '127.0.0.1:8080' })).headers['content-security-policy'] as string);
    expect(other.get('script-src')).toEqual(['http://127.0.0.1:8080/assets/', 'http://127.0.0.1:8080/packages/', ...CODE]);
    expect(directives((await get('/', { host: '[::1]:8080' })).headers['content-security-policy'] as string).get('style-src')).toEqual([
      'http://[::1]:8080/assets/',
      'http://[::1]:8080/packages/',
      ...CODE,
      HOME_FRAME_STYLE_HASH,
    ]);
    for (const host of ["evil.test; script-src 'unsafe-inline'", 'evil.test/assets/ *', 'evil.test,other.test', 'user@evil.test']) {
      const res = await get('/', { host });
      expect(res.headers['content-security-policy'], host).not.toMatch(/evil|unsafe|\*/);
      expect(directives(res.headers['content-security-policy'] as string).get('script-src'), host).toEqual(CODE);
    }
  });

  it('keeps the sandboxing policy of stored files, which pages of other origins may load', async () => {
    const resources = new ResourceService(t.services.stores.resources, t.services.stores.blobs);
    const stored = await resources.add('note.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'));
    for (const url of [`${t.config.apiPrefix}/resources/${stored.id}`, `${t.config.wrapperPrefix}/resource/${stored.id}`]) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-security-policy']).toContain('sandbox');
      expect(directives(res.headers['content-security-policy'] as string).get('script-src')).toBeUndefined();
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      // Public pictures: the login page of a CORS_ORIGINS front end shows them (docs/COMPATIBILITY.md#resources).
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    }
    const account = await makeAccount(t.services.stores);
    const logo = await get(`${t.config.apiPrefix}/account/logo/${account.id}`);
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  describe('answers that carry tokens or signed addresses are kept in no cache', () => {
    let username: string;
    let jwt: string;
    let refreshToken: string;
    let secondAccount: string;
    beforeAll(async () => {
      const account = await makeAccount(t.services.stores);
      const second = await makeAccount(t.services.stores);
      secondAccount = second.id;
      username = (await makeUser(t.services.stores, t.hasher, { accounts: [account.id, second.id] })).username;
      const login = await signIn(t.app, t.config.wrapperPrefix, username);
      jwt = login.jwt;
      refreshToken = login.refresh_token;
    });

    it('sign-in, /login, refresh, switching organisation, and external sign-in', async () => {
      const auth = await t.app.inject({ method: 'POST', url: `${t.config.wrapperPrefix}/auth`, ...form({ username, password: GOOD_PASSWORD }) });
      const login = await t.app.inject({ method: 'POST', url: '/login', payload: { username, password: GOOD_PASSWORD } });
      const refresh = await t.app.inject({ method: 'POST', url: `${t.config.wrapperPrefix}/refreshtoken`, ...form({ jwt, refresh_token: refreshToken }) });
      const switched = await t.app.inject({ method: 'POST', url: `${t.config.apiPrefix}/user/switchaccount`, payload: { accountId: secondAccount }, headers: bearer(jwt) });
      const external = await t.app.inject({ method: 'POST', url: `${t.config.wrapperPrefix}/auth/external/keycloak`, ...form({ access_token: 'x' }) });
      for (const [what, res] of Object.entries({ auth, login, refresh, switched, external })) {
        expect(res.statusCode, what).toBeLessThan(500);
        expect(res.headers['cache-control'], what).toBe('no-store');
      }
      for (const res of [auth, login, refresh, switched]) expect(res.json<{ data: { jwt?: string } }>().data.jwt).toEqual(expect.any(String));
    });

    it("a file's entry with its signed address and the package manifest with the packages' signed addresses; the contents keep their own rule", async () => {
      const files = new VfsClient(t, jwt);
      const written = await files.write('home:/signed.txt', 'signed');
      expect(written.headers['cache-control']).toBe('no-store');
      const stat = await files.get('stat', { path: 'home:/signed.txt' });
      expect(stat.json<{ data: VfsEntry }>().data.url).toMatch(/token=/);
      expect(stat.headers['cache-control']).toBe('no-store');
      expect((await files.get('readdir', { path: 'home:/' })).headers['cache-control']).toBe('no-store');
      expect((await t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/packages/manifest`, headers: bearer(jwt) })).headers['cache-control']).toBe('no-store');
      // Contents: kept by the browser only, and revalidated each time (docs/API.md#downloads); the build's hashed files for ever.
      expect((await files.read('home:/signed.txt')).headers['cache-control']).toBe('private, no-cache');
      expect((await get('/assets/index-AbCd1234.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });
  });
});

describe('security headers of a server reached over HTTPS', () => {
  it('ask browsers to use HTTPS only, for a year, on every answer', async () => {
    const app = Fastify();
    installSecurityHeaders(app, { publicUrl: 'https://atrium.example' });
    app.get('/', async () => 'ok');
    await app.ready();
    for (const url of ['/', '/nothing']) {
      const res = await app.inject({ method: 'GET', url, headers: { host: 'atrium.example' } });
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000');
    }
    await app.close();
  });
});
