/**
 * @module-tag embedded-only
 *
 * The EOS front end (the OS.js v3 based client the product's behaviour comes
 * from) against this server, deployed as docs/COMPATIBILITY.md describes:
 * both base addresses at /api, the front end's pages on another origin that
 * CORS_ORIGINS lists. Each call is replayed as that client sends it (its
 * encoding, its content type or none, its field names, its headers, its
 * credentials, its preflight) and checked against the fields it reads.
 * The request building below is this suite's own model of that client's
 * behaviour, described call by call in docs/COMPATIBILITY.md.
 */
import { Messages, type Announcement } from '@atrium/shared';
import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../helpers/clock.js';
import { GOOD_PASSWORD, makeUser } from '../helpers/factories.js';
import { browserBody } from '../helpers/http.js';
import { resetCodeOf } from '../helpers/mail.js';
import { createTestApp, RecordingMailer, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';

/** Where the front end's pages come from, and its `wrapper.url` (one base address for every call, with its trailing slash). */
const PAGE_ORIGIN = 'http://eos.test:8081';
const WRAPPER_URL = '/api/';

type Fields = Record<string, string>;
interface Answer {
  status: number;
  // The answers are JSON of many shapes, read field by field as that client reads them.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: Record<string, unknown> & { status?: string; message?: string; data?: any };
  raw: LightMyRequestResponse;
}

/** The bytes and content type a browser sends for a body. */
async function encode(body: FormData | string): Promise<{ payload: Buffer; contentType: string }> {
  const { payload, headers } = await browserBody(body);
  return { payload, contentType: headers['content-type'] };
}

function formData(fields: Fields): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

/**
 * A multipart form as the front end's own Node server builds it (the
 * form-data package, through node-fetch) when it forwards a sign-in to
 * {wrapper}auth: its boundary style, no Origin, no other header.
 */
function nodeFormData(fields: Fields): { payload: Buffer; contentType: string } {
  const boundary = `--------------------------${crypto.randomInt(1e11, 1e12 - 1)}${crypto.randomInt(1e11, 1e12 - 1)}`;
  const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  return { payload: Buffer.from(`${parts.join('')}--${boundary}--\r\n`), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe(`the EOS front end on another origin, one base address, on ${databaseKind}`, () => {
  let t: TestApp;
  const clock = new TestClock();
  const mailer = new RecordingMailer();
  let accountId = '';
  let otherAccountId = '';
  let imageBytes: Buffer;

  beforeAll(async () => {
    t = await createTestApp({
      env: { API_PREFIX: '/api', WRAPPER_PREFIX: '/api', CORS_ORIGINS: `${PAGE_ORIGIN},https://other.allowed.test` },
      now: clock.now,
      mailer,
      rateLimits: { auth: 1000, recovery: 1000, logger: 1000 },
    });
    const { stores, resources } = t.services;
    imageBytes = crypto.randomBytes(1024);
    const image = await resources.add('welcome.png', imageBytes);
    const account = await stores.accounts.create({ name: 'Acme', hosts: ['eos.test'], footerText: '© Acme', loginUrl: 'https://eos.test:8081/' });
    const other = await stores.accounts.create({ name: 'Acme Labs' });
    accountId = account.id;
    otherAccountId = other.id;
    await stores.announcements.create({ accountId, name: 'Welcome', description: 'New desktop', link: 'https://news.eos.test/1', position: 1, mediaResourceId: image.id, mediaType: 'image' });
    const ada = await makeUser(stores, t.hasher, {
      username: 'ada',
      firstname: 'Ada',
      lastname: 'Lovelace',
      email: 'ada@eos.test',
      accounts: [accountId, otherAccountId],
      preferences: { Greetingmessage: 'true', timezone: 'Europe/Oslo', dateformat: 'dd-MM-yyyy' },
      iconResourceId: image.id,
    });
    await stores.users.update(ada.id, { activeAccountId: accountId, clearedBrowserCache: 1 });
    await makeUser(stores, t.hasher, { username: 'grace', email: 'grace@eos.test', accounts: [accountId] });
  });
  afterAll(() => t.close());

  /** Sends a request as a page of `origin` would; a preflighted one first gets its preflight, which must let it through. */
  async function send(
    request: { method: string; url: string; headers?: Record<string, string>; body?: { payload: Buffer; contentType: string } },
    how: { origin?: string | null; credentials: boolean },
  ): Promise<Answer> {
    const origin = how.origin === undefined ? PAGE_ORIGIN : how.origin;
    const headers: Record<string, string> = { ...request.headers };
    if (request.body) headers['content-type'] = request.body.contentType;
    if (origin) {
      // A browser asks first when a header is not a simple one (Authorization, a JSON content type) or the method is not GET, HEAD or POST.
      const simpleType = (type: string | undefined) => type === undefined || /^(text\/plain|multipart\/form-data|application\/x-www-form-urlencoded)\b/.test(type);
      const unsafe = Object.keys(headers).filter((name) => name !== 'content-type' || !simpleType(headers[name])).map((n) => n.toLowerCase()).sort();
      if (unsafe.length > 0 || !['GET', 'HEAD', 'POST'].includes(request.method)) {
        const preflight = await t.app.inject({
          method: 'OPTIONS',
          url: request.url,
          headers: { origin, 'access-control-request-method': request.method, ...(unsafe.length ? { 'access-control-request-headers': unsafe.join(',') } : {}) },
        });
        expect(preflight.statusCode, `preflight of ${request.method} ${request.url}`).toBe(204);
        expect(preflight.headers['access-control-allow-origin']).toBe(origin);
        if (how.credentials) expect(preflight.headers['access-control-allow-credentials']).toBe('true');
        expect(String(preflight.headers['access-control-allow-methods'])).toContain(request.method);
        const allowed = String(preflight.headers['access-control-allow-headers'] ?? '').toLowerCase().split(/\s*,\s*/);
        for (const name of unsafe) expect(allowed).toContain(name);
        expect(Number(preflight.headers['access-control-max-age'])).toBeGreaterThan(0);
      }
      headers.origin = origin;
    }
    const raw = await t.app.inject({ method: request.method as 'GET', url: request.url, headers, ...(request.body ? { payload: request.body.payload } : {}), remoteAddress: '10.9.0.1' });
    if (origin) {
      // Without these the page cannot read the answer.
      expect(raw.headers['access-control-allow-origin'], `${request.method} ${request.url}`).toBe(origin);
      if (how.credentials) expect(raw.headers['access-control-allow-credentials']).toBe('true');
    }
    const json = /json/.test(String(raw.headers['content-type'])) ? raw.json<Answer['body']>() : {};
    return { status: raw.statusCode, body: json, raw };
  }

  /**
   * Its REST client: `Authorization: Bearer <jwt>` on every call ("Bearer
   * undefined" before sign-in), credentials included; GET and PUT add a JSON
   * content type, POST sends the JSON text with none (so text/plain).
   */
  async function rest(method: 'get' | 'post' | 'put' | 'delete', action: string, jwt: string | undefined, params?: unknown): Promise<Answer> {
    const headers: Record<string, string> = { authorization: `Bearer ${jwt}` };
    if (method === 'get' || method === 'put') headers['content-type'] = 'application/json';
    const url = `${WRAPPER_URL}${action.replace(/^\//, '')}`;
    if (method === 'put') return send({ method: 'PUT', url, headers, body: { payload: Buffer.from(JSON.stringify(params)), contentType: 'application/json' } }, { credentials: true });
    if (method === 'post') return send({ method: 'POST', url, headers, body: await encode(JSON.stringify(params)) }, { credentials: true });
    return send({ method: method.toUpperCase(), url, headers }, { credentials: true });
  }

  /** Its synchronous XMLHttpRequests with a FormData body and no header: sign-in checks and password recovery. */
  async function formXhr(path: string, fields: Fields): Promise<Answer> {
    return send({ method: 'POST', url: `${WRAPPER_URL}${path}`, body: await encode(formData(fields)) }, { credentials: false });
  }

  /** Its forwarded sign-in: the front end's Node server posts the login form to {wrapper}auth. */
  async function forwardedSignIn(username: string, password: string): Promise<Answer> {
    return send({ method: 'POST', url: `${WRAPPER_URL}auth`, body: nodeFormData({ username, password }) }, { origin: null, credentials: false });
  }

  async function signedIn(username = 'ada', password = GOOD_PASSWORD): Promise<{ jwt: string; refresh_token: string }> {
    const res = await forwardedSignIn(username, password);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { jwt: string; refresh_token: string };
  }

  describe('sign-in', () => {
    it('POST {wrapper}auth, a multipart form from its Node server: status success, data.jwt and data.refresh_token', async () => {
      const res = await forwardedSignIn('ada', GOOD_PASSWORD);
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('success');
      expect(res.body.data.jwt.split('.')).toHaveLength(3);
      expect(res.body.data.refresh_token.length).toBeGreaterThan(20);
    });

    it('POST {wrapper}auth with a wrong password: not success, so its adapter refuses the sign-in', async () => {
      const res = await forwardedSignIn('ada', 'Wrong#Password1');
      expect(res.status).toBe(401);
      expect(res.body.status).toBe('error');
    });

    it('POST /login with the JSON form: jwt and refresh_token at the top level, where its login adapter reads them', async () => {
      const raw = await t.app.inject({ method: 'POST', url: '/login', headers: { 'content-type': 'application/json', accept: 'application/json, text/plain, */*' }, payload: JSON.stringify({ username: 'ada', password: GOOD_PASSWORD }) });
      expect(raw.statusCode).toBe(200);
      const body = raw.json<{ jwt: string; refresh_token: string; data: { jwt: string; refresh_token: string } }>();
      expect(body.jwt).toBe(body.data.jwt);
      expect(body.refresh_token).toBe(body.data.refresh_token);
      expect(body.jwt.split('.')).toHaveLength(3);
    });
  });

  describe('staying signed in', () => {
    it('boot: POST {wrapper}validatetoken with a FormData jwt answers exactly "Token Valid"', async () => {
      const { jwt } = await signedIn();
      const res = await formXhr('validatetoken', { jwt });
      expect(res.body).toMatchObject({ status: 'success', message: 'Token Valid' });
    });

    it('boot: an expired token answers exactly "Token Expired", and POST {wrapper}refreshtoken with FormData jwt and refresh_token renews it (data.jwt, data.refresh_token)', async () => {
      const first = await signedIn();
      clock.advanceSeconds(t.config.accessTokenTtl + 60);
      const expired = await formXhr('validatetoken', { jwt: first.jwt });
      expect(expired.body).toMatchObject({ status: 'error', message: 'Token Expired' });
      const refreshed = await formXhr('refreshtoken', { jwt: first.jwt, refresh_token: first.refresh_token });
      expect(refreshed.body.status).toBe('success');
      expect(refreshed.body.data.jwt).not.toBe(first.jwt);
      expect(refreshed.body.data.refresh_token).not.toBe(first.refresh_token);
      expect((await formXhr('validatetoken', { jwt: refreshed.body.data.jwt })).body).toMatchObject({ status: 'success', message: 'Token Valid' });
      // The rotated-out refresh token is spent: a second use after the grace window is refused (and ends the session: reuse detection).
      clock.advanceSeconds(t.config.refreshTokenGrace + 1);
      expect((await formXhr('refreshtoken', { jwt: first.jwt, refresh_token: first.refresh_token })).body.status).toBe('error');
    });

    it('the periodic check: validatetoken as a multipart upload with a bearer and credentials passes its preflight and answers success', async () => {
      const { jwt } = await signedIn();
      const res = await send({ method: 'POST', url: `${WRAPPER_URL}validatetoken`, headers: { authorization: `Bearer ${jwt}` }, body: await encode(formData({ jwt })) }, { credentials: true });
      expect(res.body.status).toBe('success');
    });

    it('the periodic check’s refresh without a refresh_token is refused (a token is renewed only with its refresh token): not success, so it signs out', async () => {
      const { jwt } = await signedIn();
      const res = await send({ method: 'POST', url: `${WRAPPER_URL}refreshtoken`, headers: { authorization: `Bearer ${jwt}` }, body: await encode(formData({ jwt })) }, { credentials: true });
      expect(res.status).toBe(400);
      expect(res.body.status).toBe('error');
    });

    it('a call with an expired token answers 400 "Token Invalid", the specification’s text (that client waits for "Token Invalid." with a period)', async () => {
      const { jwt } = await signedIn();
      clock.advanceSeconds(t.config.accessTokenTtl + 60);
      const res = await rest('get', '/user/me', jwt);
      expect(res.status).toBe(400);
      expect(res.raw.statusMessage).toBe('Bad Request');
      expect(res.body).toMatchObject({ status: 'error', message: Messages.tokenInvalid });
    });
  });

  describe('the user', () => {
    it('GET {wrapper}user/me (a JSON content type on a GET): data.id and data.cleared_browser_cache; PUT {wrapper}user/{id} resets the flag', async () => {
      const { jwt } = await signedIn();
      const me = await rest('get', '/user/me', jwt);
      expect(me.body.status).toBe('success');
      expect(me.body.data.cleared_browser_cache == 1).toBe(true);
      const reset = await rest('put', `/user/${me.body.data.id}`, jwt, { cleared_browser_cache: 0 });
      expect(reset.body.status).toBe('success');
      expect((await rest('get', '/user/me', jwt)).body.data.cleared_browser_cache).toBe(0);
    });

    it('GET {wrapper}user/me/a+p+acc+bapp+ap, its synchronous profile request: the whole profile with every field it reads', async () => {
      const { jwt } = await signedIn();
      const res = await send({ method: 'GET', url: `${WRAPPER_URL}user/me/a+p+acc+bapp+ap`, headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` } }, { credentials: false });
      expect(res.body.status).toBe('success');
      const profile = res.body.data;
      expect(profile).toMatchObject({ firstname: 'Ada', lastname: 'Lovelace', name: 'Ada Lovelace', email: 'ada@eos.test', accountId });
      for (const field of ['icon', 'designation', 'date_of_birth']) expect(profile).toHaveProperty(field);
      expect(profile.accounts).toEqual(expect.arrayContaining([{ accountId, name: 'Acme' }, { accountId: otherAccountId, name: 'Acme Labs' }]));
      expect(profile.active_account.preferences).toMatchObject({ footer: '© Acme', loginURL: 'https://eos.test:8081/' });
      // Its pages are on another origin: the addresses it puts in <img> are absolute, under PUBLIC_URL, and load without a token.
      expect(profile.icon).toMatch(/^http:\/\/atrium\.test\/api\/resources\//);
      expect(profile.active_account.preferences.logo).toBe(`http://atrium.test/api/account/logo/${accountId}`);
      for (const address of [profile.icon, profile.active_account.preferences.logo] as string[]) {
        const picture = await send({ method: 'GET', url: new URL(address).pathname }, { origin: null, credentials: false });
        expect(picture.status, address).toBe(200);
      }
      // Compared with the string "true" by that client.
      expect(profile.preferences).toMatchObject({ Greetingmessage: 'true', timezone: 'Europe/Oslo', dateformat: 'dd-MM-yyyy' });
      expect(Array.isArray(profile.apps)).toBe(true);
      for (const app of profile.apps as Array<{ name: string; start_options: string }>) expect(() => JSON.parse(app.start_options)).not.toThrow();
      expect(typeof profile.blackListedApps).toBe('object');
      expect(Array.isArray(profile.blackListedApps)).toBe(false);
      // The same profile as at the specification's path.
      const spec = await rest('get', '/user/me/a+p+acc+ap+t', jwt);
      expect(spec.body.data).toEqual(profile);
    });

    it('GET {wrapper}user/me/hasLoggedIn, then POST updateLoggedIn with "{}" as text/plain: has_logged_in becomes 1 (a number, as the specification says)', async () => {
      const { jwt } = await signedIn('grace');
      const before = await rest('get', '/user/me/hasLoggedIn', jwt);
      expect(before.body.status).toBe('success');
      expect(before.body.data).toMatchObject({ has_logged_in: 0, verification_pending: null });
      const update = await rest('post', '/user/me/updateLoggedIn', jwt, {});
      expect(update.body).toMatchObject({ status: 'success', message: Messages.updated });
      expect((await rest('get', '/user/me/hasLoggedIn', jwt)).body.data.has_logged_in).toBe(1);
    });

    it('POST {wrapper}user/switchaccount with {accountId} as text/plain: data.jwt names the new organisation, which the old token sees too after its reload', async () => {
      const { jwt } = await signedIn();
      const res = await rest('post', 'user/switchaccount', jwt, { accountId: otherAccountId });
      expect(res.body.status).toBe('success');
      expect(res.body.data.jwt.split('.')).toHaveLength(3);
      expect((await rest('get', '/user/me/a+p+acc+bapp+ap', res.body.data.jwt)).body.data.accountId).toBe(otherAccountId);
      // That client keeps the new token in memory only and reloads with the stored one: the organisation is the user's, not the token's.
      expect((await rest('get', '/user/me/a+p+acc+bapp+ap', jwt)).body.data.accountId).toBe(otherAccountId);
      await rest('post', 'user/switchaccount', jwt, { accountId });
    });

    it('a refused switch answers status error with data.errors, which it logs', async () => {
      const { jwt } = await signedIn();
      const res = await rest('post', 'user/switchaccount', jwt, { accountId: crypto.randomUUID() });
      expect(res.body.status).toBe('error');
      expect(res.body.data.errors).toEqual(expect.arrayContaining([expect.any(String)]));
    });

    it('GET {wrapper}user/me/getsession reads data as a list; POST updatesession with data as a JSON string inside text/plain JSON saves it', async () => {
      const { jwt } = await signedIn();
      const session = [{ name: 'Viewer', args: { url: '/handbook' }, windows: [{ id: 'w1', maximized: false, minimized: false, position: { left: 10, top: 20 }, dimension: { width: 400, height: 300 } }] }];
      const saved = await rest('post', '/user/me/updatesession', jwt, { data: JSON.stringify(session) });
      expect(saved.body.status).toBe('success');
      const read = await rest('get', '/user/me/getsession', jwt);
      expect(read.body.status).toBe('success');
      // Launch options are never kept (docs/API.md#desktop-session): the windows come back, the args empty.
      expect(read.body.data).toEqual(session.map((app) => ({ ...app, args: {} })));
    });

    it('POST {wrapper}logger with {level, message} as text/plain: status success', async () => {
      const { jwt } = await signedIn();
      const res = await rest('post', '/logger', jwt, { level: 'error', message: 'Unable to load the dashboard' });
      expect(res.body.status).toBe('success');
      expect(t.logs.some((line) => line.includes('Unable to load the dashboard'))).toBe(true);
    });
  });

  describe('password recovery', () => {
    it('POST {wrapper}user/me/forgotpassword with a FormData username: 200 and status success, and the mail is sent', async () => {
      const before = mailer.sent.length;
      const res = await formXhr('user/me/forgotpassword', { username: 'grace' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'success', message: Messages.forgotSent });
      await t.services.recovery.drain();
      expect(mailer.sent.slice(before).map((m) => m.to)).toEqual(['grace@eos.test']);
    });

    it('POST {wrapper}user/me/forgotpassword as text/plain JSON with a bearer (its administration grid) is read the same way', async () => {
      const { jwt } = await signedIn();
      const before = mailer.sent.length;
      const res = await rest('post', '/user/me/forgotpassword', jwt, { username: 'grace' });
      expect(res.body.status).toBe('success');
      await t.services.recovery.drain();
      expect(mailer.sent.length).toBe(before + 1);
    });

    it('POST {wrapper}user/me/resetpassword with FormData password_reset_code, new_password, confirm_password: 200 and status success; a spent code is not 200', async () => {
      const before = mailer.sent.length;
      await formXhr('user/me/forgotpassword', { username: 'grace' });
      await t.services.recovery.drain();
      const code = resetCodeOf(mailer.sent[before]);
      const fields = { password_reset_code: code, new_password: 'Brand#New9pass', confirm_password: 'Brand#New9pass' };
      const res = await formXhr('user/me/resetpassword', fields);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'success', message: Messages.resetSuccess });
      expect((await forwardedSignIn('grace', 'Brand#New9pass')).status).toBe(200);
      // The reset page shows "The password reset link has expired" for any answer but a 200.
      expect((await formXhr('user/me/resetpassword', fields)).status).not.toBe(200);
    });
  });

  describe('the login page', () => {
    it('GET {wrapper}homescreen/announcement/{host:port} with "Bearer undefined" before sign-in: data is the list, each with the fields the slider reads', async () => {
      const res = await rest('get', `/homescreen/announcement/eos.test:8081`, undefined);
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('success');
      const [first] = res.body.data as Announcement[];
      expect(first).toMatchObject({ name: 'Welcome', description: 'New desktop', link: 'https://news.eos.test/1', media_type: 'image', fallback: false });
      expect(first!.uuid).toMatch(/^[0-9a-f-]{36}$/);
      // The slider loads {wrapper}resource/{media} in a plain <img>: no Origin, no token.
      const media = await send({ method: 'GET', url: `${WRAPPER_URL}resource/${first!.media}` }, { origin: null, credentials: false });
      expect(media.status).toBe(200);
      expect(media.raw.headers['content-type']).toBe('image/png');
      expect(media.raw.rawPayload.equals(imageBytes)).toBe(true);
    });
  });

  describe('origins', () => {
    it('answers a page of an origin that is not listed with no cross-origin header, and refuses its preflight', async () => {
      const { jwt } = await signedIn();
      const foreign = 'https://evil.example';
      const raw = await t.app.inject({ method: 'GET', url: `${WRAPPER_URL}user/me`, headers: { origin: foreign, authorization: `Bearer ${jwt}` } });
      expect(raw.headers['access-control-allow-origin']).toBeUndefined();
      expect(raw.headers['access-control-allow-credentials']).toBeUndefined();
      const preflight = await t.app.inject({ method: 'OPTIONS', url: `${WRAPPER_URL}user/me`, headers: { origin: foreign, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' } });
      expect(preflight.statusCode).toBe(403);
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('names the one origin that asked, never a wildcard, and varies the answer by origin', async () => {
      const res = await send({ method: 'GET', url: `${WRAPPER_URL}homescreen/announcement/eos.test` }, { origin: 'https://other.allowed.test', credentials: false });
      expect(res.raw.headers['access-control-allow-origin']).toBe('https://other.allowed.test');
      expect(String(res.raw.headers.vary)).toMatch(/Origin/i);
    });
  });
});
