/**
 * @module-tag embedded-only
 *
 * Cross-cutting guarantees: no stack traces in any answer, no secrets in the
 * logs, redacted secret query parameters, envelopes for unknown routes and
 * for internal errors.
 */
import { Messages, type LoginResult } from '@atrium/shared';
import type { InjectOptions } from 'fastify';
import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { GOOD_PASSWORD, makeAccount, makeUser } from '../helpers/factories.js';
import { bearer, expectClientErrorEnvelope, form, hasStackTrace } from '../helpers/http.js';
import { requestResetCode } from '../helpers/mail.js';
import { createTestApp, RecordingMailer, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';

describe(`security guarantees on ${databaseKind}`, () => {
  let t: TestApp;
  const mailer = new RecordingMailer();
  let accountId: string;

  beforeAll(async () => {
    // No grace window for refresh tokens: the replay below is refused (and logged) at once.
    t = await createTestApp({ mailer, rateLimits: { auth: 1000, recovery: 1000 }, env: { REFRESH_TOKEN_GRACE: '0' } });
    accountId = (await makeAccount(t.services.stores)).id;
  });
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  it('keeps passwords, tokens and reset codes out of the logs through a whole account lifecycle', async () => {
    const password = `Initial#${crypto.randomBytes(6).toString('hex')}1A`;
    const wrongPassword = `Wrong#${crypto.randomBytes(6).toString('hex')}1A`;
    const newPassword = `Renewed#${crypto.randomBytes(6).toString('hex')}1A`;
    const user = await makeUser(t.services.stores, t.hasher, { password, accounts: [accountId] });
    const secrets: string[] = [password, wrongPassword, newPassword];
    const wrapper = t.config.wrapperPrefix;
    const logsBefore = t.logs.length;

    expect((await t.app.inject({ method: 'POST', url: `${wrapper}/auth`, ...form({ username: user.username, password: wrongPassword }) })).statusCode).toBe(401);
    const login = await t.app.inject({ method: 'POST', url: `${wrapper}/auth`, ...form({ username: user.username, password }) });
    const first = login.json<{ data: LoginResult }>().data;
    secrets.push(first.jwt, first.refresh_token);
    const viaLogin = (await t.app.inject({ method: 'POST', url: '/login', payload: { username: user.username, password } })).json<{ data: LoginResult }>().data;
    secrets.push(viaLogin.jwt, viaLogin.refresh_token);

    await t.app.inject({ method: 'POST', url: `${wrapper}/validatetoken`, payload: { jwt: first.jwt } });
    await t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/user/me`, headers: bearer(first.jwt) });
    await t.app.inject({ method: 'POST', url: `${t.config.apiPrefix}/logger`, headers: bearer(first.jwt), payload: { level: 'info', message: 'client says hi' } });
    const refreshed = await t.app.inject({ method: 'POST', url: `${wrapper}/refreshtoken`, payload: { jwt: first.jwt, refresh_token: first.refresh_token } });
    const second = refreshed.json<{ data: LoginResult }>().data;
    secrets.push(second.jwt, second.refresh_token);
    // A replay, which is logged as a security event.
    await t.app.inject({ method: 'POST', url: `${wrapper}/refreshtoken`, payload: { jwt: first.jwt, refresh_token: first.refresh_token } });
    await t.app.inject({ method: 'POST', url: '/logout', headers: bearer(viaLogin.jwt), payload: { refresh_token: viaLogin.refresh_token } });

    const code = await requestResetCode(t, mailer, user.username);
    secrets.push(code);
    const reset = await t.app.inject({
      method: 'POST',
      url: `${wrapper}/user/me/resetpassword`,
      payload: { password_reset_code: code, new_password: newPassword, confirm_password: newPassword },
    });
    expect(reset.statusCode).toBe(200);
    // The reset link as the browser opens it.
    await t.app.inject({ method: 'GET', url: `/?resetpassword=${encodeURIComponent(code)}`, headers: { accept: 'text/html' } });
    const again = (await t.app.inject({ method: 'POST', url: `${wrapper}/auth`, payload: { username: user.username, password: newPassword } })).json<{ data: LoginResult }>().data;
    secrets.push(again.jwt, again.refresh_token);

    const written = t.logs.slice(logsBefore);
    // The lifecycle did produce log lines (requests, sign-ins, the replay, the reset), so the check below means something.
    expect(written.length).toBeGreaterThan(10);
    expect(written.some((line) => line.includes('refresh.reuse'))).toBe(true);
    expect(written.some((line) => line.includes('reset.done'))).toBe(true);
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(8);
      const leaks = t.logs.filter((line) => line.includes(secret) || line.includes(encodeURIComponent(secret)));
      expect(leaks, `secret ${secret.slice(0, 6)}... leaked`).toEqual([]);
    }
  });

  it('redacts secret query parameters in logged request addresses and keeps the others', async () => {
    const secret = `S3cret${crypto.randomBytes(8).toString('hex')}`;
    await t.app.inject({ method: 'GET', url: `/?resetpassword=${secret}&lang=de`, headers: { accept: 'text/html' } });
    await t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/homescreen/announcement/example.com?jwt=${secret}x&refresh_token=${secret}y&Code=${secret}z` });
    expect(t.logs.filter((line) => line.includes(secret))).toEqual([]);
    const urls = t.logs.map((line) => (JSON.parse(line) as { req?: { url?: string } }).req?.url).filter((u): u is string => Boolean(u));
    expect(urls).toContain('/?resetpassword=[redacted]&lang=de');
    expect(urls).toContain(`${t.config.apiPrefix}/homescreen/announcement/example.com?jwt=[redacted]&refresh_token=[redacted]&Code=[redacted]`);
  });

  it('never answers with a stack trace, whatever the request', async () => {
    const api = t.config.apiPrefix;
    const wrapper = t.config.wrapperPrefix;
    const requests: InjectOptions[] = [
      { method: 'GET', url: '/no/such/route' },
      { method: 'DELETE', url: `${api}/user/me` },
      { method: 'POST', url: `${wrapper}/auth`, payload: '{"username":', headers: { 'content-type': 'application/json' } },
      { method: 'POST', url: `${wrapper}/auth`, payload: '<x/>', headers: { 'content-type': 'application/xml' } },
      { method: 'POST', url: `${wrapper}/auth`, payload: { username: ['a'], password: { $gt: '' } } },
      { method: 'POST', url: `${wrapper}/auth`, payload: { username: 'a', password: 'b'.repeat(80 * 1024) } },
      { method: 'POST', url: `${wrapper}/validatetoken`, payload: { jwt: 'x'.repeat(5000) } },
      { method: 'POST', url: `${wrapper}/refreshtoken`, payload: { jwt: 'a.b.c', refresh_token: 'nope' } },
      { method: 'POST', url: `${wrapper}/user/me/resetpassword`, payload: { password_reset_code: 'x' } },
      { method: 'GET', url: `${api}/user/me` },
      { method: 'GET', url: `${api}/user/me`, headers: { authorization: 'Bearer a.b.c' } },
      { method: 'GET', url: `${api}/user/me`, headers: { authorization: 'Basic dXNlcjpwYXNz' } },
      { method: 'GET', url: `${api}/user/%E0%A4%A/detail` },
      { method: 'GET', url: `${api}/resources/${'f'.repeat(400)}` },
      { method: 'GET', url: `${api}/homescreen/announcement/${encodeURIComponent('<script>')}` },
      { method: 'POST', url: `${api}/logger`, payload: 'not json', headers: { 'content-type': 'application/json' } },
      { method: 'POST', url: '/logout', payload: { refresh_token: 42 } },
    ];
    for (const request of requests) {
      const res = await t.app.inject(request);
      const label = `${String(request.method)} ${String(request.url)}`;
      expect(res.statusCode, label).toBeLessThan(500);
      expect(hasStackTrace(res.body), `${label}: ${res.body}`).toBe(false);
      expect(res.body.includes('    at '), label).toBe(false);
      expect(res.body.includes('node_modules'), label).toBe(false);
    }
  });

  it('answers an internal failure with a plain 500 envelope, and logs the detail for the operator only', async () => {
    const account = await makeAccount(t.services.stores);
    const user = await makeUser(t.services.stores, t.hasher, { accounts: [account.id] });
    const session = (await t.app.inject({ method: 'POST', url: `${t.config.wrapperPrefix}/auth`, payload: { username: user.username, password: GOOD_PASSWORD } })).json<{
      data: LoginResult;
    }>().data;
    const detail = `database exploded at ${crypto.randomUUID()}`;
    vi.spyOn(t.services.profiles, 'profile').mockRejectedValue(new Error(detail));
    const res = await t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/user/me/a+p+acc+ap+t`, headers: bearer(session.jwt) });
    expect(res.statusCode, res.body).toBe(500);
    expect(res.json()).toEqual({ status: 'error', message: Messages.internalError, code: 'server.error' });
    expect(res.body).not.toContain(detail);
    expect(hasStackTrace(res.body)).toBe(false);
    expect(t.logs.some((line) => line.includes(detail))).toBe(true);
  });

  describe('unknown routes', () => {
    const unknown: Array<['GET' | 'POST' | 'PATCH', () => string]> = [
      ['GET', () => '/no/such/page'],
      ['POST', () => '/no/such/page'],
      ['GET', () => `${t.config.apiPrefix}/no-such-endpoint`],
      ['POST', () => `${t.config.wrapperPrefix}/no-such-endpoint`],
      ['PATCH', () => '/login'],
    ];
    it.each(unknown)('answers %s on an unknown address with a 404 envelope', async (method, url) => {
      const res = await t.app.inject({ method, url: url() });
      expectClientErrorEnvelope(res, 404);
      expect(res.json()).toEqual({ status: 'error', message: Messages.notFound, code: 'request.not-found' });
    });

    it('answers an unknown API address with the 404 envelope even when a browser asks for HTML', async () => {
      for (const url of [`${t.config.apiPrefix}/no-such-endpoint`, `${t.config.wrapperPrefix}/no-such-endpoint`]) {
        const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
        expectClientErrorEnvelope(res, 404);
      }
    });
  });

  it('sends the protective headers on every answer', async () => {
    for (const url of ['/healthz', '/no/such/page', `${t.config.apiPrefix}/user/me`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy'], url).toBe('same-origin');
    }
  });
});
