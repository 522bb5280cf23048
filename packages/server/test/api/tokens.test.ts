/**
 * @module-tag postgres
 *
 * Access tokens, refresh-token rotation with reuse detection, logout, and
 * the answers the client's retry rules depend on (docs/behaviour/sign-in.md#request-retries).
 */
import { ACCESS_TOKEN_MAX_LIFETIME_SECONDS, Messages, type LoginResult } from '@atrium/shared';
import { SignJWT } from 'jose';
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TestClock } from '../helpers/clock.js';
import { GOOD_PASSWORD, makeAccount, makeUser, signIn } from '../helpers/factories.js';
import { bearer, decodeJwt, expectClientErrorEnvelope } from '../helpers/http.js';
import { requestResetCode } from '../helpers/mail.js';
import { createTestApp, RecordingMailer, TEST_JWT_SECRET, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';

/** Short lifetimes, so that the absolute session end comes before the refresh token's own. */
const SESSION_MAX_AGE = 2 * 3600;
const REFRESH_TOKEN_TTL = 3600;

describe(`tokens and sessions on ${databaseKind}`, () => {
  let t: TestApp;
  const clock = new TestClock();
  const mailer = new RecordingMailer();
  let accountId: string;

  beforeAll(async () => {
    t = await createTestApp({
      now: clock.now,
      mailer,
      rateLimits: { auth: 1000, recovery: 1000 },
      env: { SESSION_MAX_AGE: String(SESSION_MAX_AGE), REFRESH_TOKEN_TTL: String(REFRESH_TOKEN_TTL) },
    });
    accountId = (await makeAccount(t.services.stores)).id;
  });
  afterAll(() => t.close());

  /** A new user, signed in once. */
  async function session(): Promise<LoginResult & { userId: string }> {
    const user = await makeUser(t.services.stores, t.hasher, { accounts: [accountId] });
    return { ...(await signIn(t.app, t.config.wrapperPrefix, user.username)), userId: user.id };
  }

  const validate = (jwt: string) => t.app.inject({ method: 'POST', url: `${t.config.wrapperPrefix}/validatetoken`, payload: { jwt } });
  const me = (jwt?: string) => t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/user/me`, headers: jwt === undefined ? {} : bearer(jwt) });
  const refresh = (jwt: string, refreshToken: string) =>
    t.app.inject({ method: 'POST', url: `${t.config.wrapperPrefix}/refreshtoken`, payload: { jwt, refresh_token: refreshToken } });

  /** A token signed like the server's, with overrides; the claims default to those of `like`. */
  async function craft(like: string, options: { secret?: string; issuer?: string; alg?: string } = {}): Promise<string> {
    const { payload } = decodeJwt(like);
    return new SignJWT({ sid: payload.sid, acc: payload.acc, username: payload.username })
      .setProtectedHeader({ alg: options.alg ?? 'HS256', typ: 'JWT' })
      .setSubject(String(payload.sub))
      .setIssuer(options.issuer ?? String(payload.iss))
      .setAudience(payload.aud as string)
      .setIssuedAt(Number(payload.iat))
      .setExpirationTime(Number(payload.exp))
      .setJti(crypto.randomUUID())
      .sign(new TextEncoder().encode(options.secret ?? TEST_JWT_SECRET));
  }

  describe('access tokens', () => {
    it('issues HS256 access tokens that live at most 15 minutes', async () => {
      const { jwt } = await session();
      const { header, payload } = decodeJwt(jwt);
      expect(header.alg).toBe('HS256');
      expect(Number(payload.exp) - Number(payload.iat)).toBeLessThanOrEqual(ACCESS_TOKEN_MAX_LIFETIME_SECONDS);
      expect(Number(payload.exp) - Number(payload.iat)).toBeLessThanOrEqual(900);
      expect(Number(payload.exp)).toBeGreaterThan(clock.now().getTime() / 1000);
    });

    it("answers POST /validatetoken with 'Token Valid' for a fresh token", async () => {
      const { jwt } = await session();
      const res = await validate(jwt);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'success', message: Messages.tokenValid });
    });

    it('accepts the jwt as a form field too', async () => {
      const { jwt } = await session();
      const res = await t.app.inject({
        method: 'POST',
        url: `${t.config.wrapperPrefix}/validatetoken`,
        payload: new URLSearchParams({ jwt }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(res.json()).toMatchObject({ status: 'success', message: Messages.tokenValid });
    });

    it("answers 'Token Expired' once the lifetime has passed, and the protected routes 400 'Token Invalid'", async () => {
      const { jwt } = await session();
      clock.advanceSeconds(t.config.accessTokenTtl - 5);
      expect((await validate(jwt)).json()).toMatchObject({ status: 'success', message: Messages.tokenValid });
      expect((await me(jwt)).statusCode).toBe(200);
      clock.advanceSeconds(10);
      expect((await validate(jwt)).json()).toMatchObject({ status: 'error', message: Messages.tokenExpired });
      const res = await me(jwt);
      expectClientErrorEnvelope(res, 400);
      expect(res.json()).toMatchObject({ status: 'error', message: Messages.tokenInvalid });
    });

    it('accepts a token crafted with the server secret, issuer and audience (control for the forgeries below)', async () => {
      const { jwt } = await session();
      const copy = await craft(jwt);
      expect((await validate(copy)).json()).toMatchObject({ status: 'success', message: Messages.tokenValid });
      expect((await me(copy)).statusCode).toBe(200);
    });

    const forgeries: Array<[string, (jwt: string) => Promise<string> | string]> = [
      ['a forged signature', (jwt) => `${jwt.split('.').slice(0, 2).join('.')}.${crypto.randomBytes(32).toString('base64url')}`],
      [
        'a payload changed after signing',
        (jwt) => {
          const [header, payload, signature] = jwt.split('.');
          const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<string, unknown>;
          claims.username = 'admin';
          return `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
        },
      ],
      [
        'alg=none',
        (jwt) => {
          const payload = jwt.split('.')[1];
          return `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
        },
      ],
      ['another secret', (jwt) => craft(jwt, { secret: 'another-secret-that-is-also-long-enough-for-hs256-0123456789' })],
      ['another algorithm (HS512) with the right secret', (jwt) => craft(jwt, { alg: 'HS512' })],
      ['another issuer', (jwt) => craft(jwt, { issuer: 'https://evil.example' })],
      ['garbage', () => 'not-a-token'],
      ['three parts of garbage', () => 'aaa.bbb.ccc'],
    ];

    it.each(forgeries)("answers 'Token Invalid' for %s, on /validatetoken and on protected routes", async (_case, forge) => {
      const { jwt } = await session();
      const forged = await forge(jwt);
      const validated = await validate(forged);
      expect(validated.json()).toMatchObject({ status: 'error', message: Messages.tokenInvalid });
      const res = await me(forged);
      expectClientErrorEnvelope(res, 400);
      expect(res.json()).toMatchObject({ status: 'error', message: Messages.tokenInvalid });
    });

    it('answers a missing jwt with 400', async () => {
      for (const payload of [{}, { jwt: '' }]) {
        const res = await t.app.inject({ method: 'POST', url: `${t.config.wrapperPrefix}/validatetoken`, payload });
        expectClientErrorEnvelope(res, 400);
      }
    });

    it('answers a protected route without an Authorization header with 401', async () => {
      const res = await me();
      expectClientErrorEnvelope(res, 401);
      expect(res.json<{ message: string }>().message).not.toBe(Messages.tokenInvalid);
      expect(res.json<{ message: string }>().message).not.toBe(Messages.sessionExpired);
    });

    it("answers 'Session Expired' after logout: /validatetoken says so and protected routes 401", async () => {
      const { jwt } = await session();
      await t.app.inject({ method: 'POST', url: '/logout', headers: bearer(jwt) });
      expect((await validate(jwt)).json()).toMatchObject({ status: 'error', message: Messages.sessionExpired });
      const res = await me(jwt);
      expectClientErrorEnvelope(res, 401);
      expect(res.json()).toMatchObject({ status: 'error', message: Messages.sessionExpired });
    });

    it("answers protected routes 401 'Session Expired' after a password reset", async () => {
      const { jwt, username } = await session();
      const code = await requestResetCode(t, mailer, username);
      const reset = await t.app.inject({
        method: 'POST',
        url: `${t.config.wrapperPrefix}/user/me/resetpassword`,
        payload: { password_reset_code: code, new_password: 'Another#Pass7', confirm_password: 'Another#Pass7' },
      });
      expect(reset.statusCode, reset.body).toBe(200);
      const res = await me(jwt);
      expectClientErrorEnvelope(res, 401);
      expect(res.json()).toMatchObject({ status: 'error', message: Messages.sessionExpired });
    });

    it("answers 'Session Expired' for a disabled user's token", async () => {
      const { jwt, userId } = await session();
      await t.services.stores.users.update(userId, { disabled: true });
      expect((await me(jwt)).json()).toMatchObject({ status: 'error', message: Messages.sessionExpired });
    });
  });

  describe('refresh', () => {
    it('rotates the pair: the new access token works and differs from the old pair', async () => {
      const first = await session();
      const res = await refresh(first.jwt, first.refresh_token);
      expect(res.statusCode, res.body).toBe(200);
      const { data } = res.json<{ status: string; data: { jwt: string; refresh_token: string } }>();
      expect(res.json()).toMatchObject({ status: 'success' });
      expect(data.refresh_token).not.toBe(first.refresh_token);
      expect(data.jwt).not.toBe(first.jwt);
      expect((await me(data.jwt)).statusCode).toBe(200);
      expect(decodeJwt(data.jwt).payload.sid).toBe(decodeJwt(first.jwt).payload.sid);
    });

    it('refuses a refresh token that has already been used, once the grace window has passed', async () => {
      const first = await session();
      expect((await refresh(first.jwt, first.refresh_token)).statusCode).toBe(200);
      clock.advanceSeconds(t.config.refreshTokenGrace + 1);
      const again = await refresh(first.jwt, first.refresh_token);
      expectClientErrorEnvelope(again, 401);
      expect(again.json()).toMatchObject({ status: 'error', message: Messages.sessionExpired });
    });

    it('revokes the whole family when a refresh token is used twice', async () => {
      const first = await session();
      const second = (await refresh(first.jwt, first.refresh_token)).json<{ data: LoginResult }>().data;
      const third = (await refresh(second.jwt, second.refresh_token)).json<{ data: LoginResult }>().data;
      expect((await me(third.jwt)).statusCode).toBe(200);

      // Replaying the first token after the grace window, e.g. by a thief, ends the session for everyone holding its tokens.
      clock.advanceSeconds(t.config.refreshTokenGrace + 1);
      expect((await refresh(first.jwt, first.refresh_token)).statusCode).toBe(401);
      expect((await refresh(third.jwt, third.refresh_token)).statusCode).toBe(401);
      expect((await me(third.jwt)).json()).toMatchObject({ status: 'error', message: Messages.sessionExpired });
      expect((await validate(third.jwt)).json()).toMatchObject({ status: 'error', message: Messages.sessionExpired });
    });

    it('answers 200 parallel refreshes with one token (a user\'s tabs) with one and the same pair, which works, and keeps the session', async () => {
      const first = await session();
      const answers = await Promise.all(Array.from({ length: 200 }, () => refresh(first.jwt, first.refresh_token)));
      for (const res of answers) expect(res.statusCode, res.body).toBe(200);
      const pairs = answers.map((res) => res.json<{ data: { jwt: string; refresh_token: string } }>().data);
      const { jwt, refresh_token } = pairs[0]!;
      expect(new Set(pairs.map((p) => p.jwt))).toEqual(new Set([jwt]));
      expect(new Set(pairs.map((p) => p.refresh_token))).toEqual(new Set([refresh_token]));
      expect(refresh_token).not.toBe(first.refresh_token);
      expect(decodeJwt(jwt).payload.sid).toBe(decodeJwt(first.jwt).payload.sid);

      // The pair works: an API call with its access token, a further refresh with its refresh token.
      expect((await me(jwt)).statusCode).toBe(200);
      const next = await refresh(jwt, refresh_token);
      expect(next.statusCode, next.body).toBe(200);
      const after = next.json<{ data: LoginResult }>().data;
      expect((await me(after.jwt)).statusCode).toBe(200);
      // The session was never revoked.
      const sid = String(decodeJwt(first.jwt).payload.sid);
      expect((await t.services.stores.sessions.findSession(sid))!.revokedAt).toBeNull();
    });

    it('answers a refresh with a used token within the grace window with the same pair, but not after it', async () => {
      const first = await session();
      const winner = (await refresh(first.jwt, first.refresh_token)).json<{ data: LoginResult }>().data;
      clock.advanceSeconds(t.config.refreshTokenGrace);
      const late = await refresh(first.jwt, first.refresh_token);
      expect(late.statusCode, late.body).toBe(200);
      expect(late.json<{ data: LoginResult }>().data).toMatchObject({ jwt: winner.jwt, refresh_token: winner.refresh_token });
      clock.advanceSeconds(1);
      expectClientErrorEnvelope(await refresh(first.jwt, first.refresh_token), 401);
    });

    it('revokes the whole family when a token is used again after the grace window (fake clock)', async () => {
      const first = await session();
      const second = (await refresh(first.jwt, first.refresh_token)).json<{ data: LoginResult }>().data;
      clock.advanceSeconds(t.config.refreshTokenGrace + 1);
      const reuse = await refresh(first.jwt, first.refresh_token);
      expectClientErrorEnvelope(reuse, 401);
      expect(reuse.json()).toMatchObject({ message: Messages.sessionExpired });
      // Everything of the family is refused, the pair the first use answered included.
      expect((await me(second.jwt)).json()).toMatchObject({ status: 'error', message: Messages.sessionExpired });
      expectClientErrorEnvelope(await refresh(second.jwt, second.refresh_token), 401);
      const sid = String(decodeJwt(first.jwt).payload.sid);
      expect((await t.services.stores.sessions.findSession(sid))!.revokedReason).toBe('reuse');
    });

    it('lets a refresh that failed part-way be repeated within the grace window: the pair it would have answered works', async () => {
      const first = await session();
      const touch = vi.spyOn(t.services.stores.sessions, 'touch').mockRejectedValueOnce(new Error('the database went away'));
      const failed = await refresh(first.jwt, first.refresh_token);
      touch.mockRestore();
      expect(failed.statusCode).toBe(500);
      const again = await refresh(first.jwt, first.refresh_token);
      expect(again.statusCode, again.body).toBe(200);
      const pair = again.json<{ data: LoginResult }>().data;
      expect((await me(pair.jwt)).statusCode).toBe(200);
      expect((await refresh(pair.jwt, pair.refresh_token)).statusCode).toBe(200);
    });

    it("refuses, within the grace window, a used token whose session has been revoked since", async () => {
      const first = await session();
      expect((await refresh(first.jwt, first.refresh_token)).statusCode).toBe(200);
      await t.app.inject({ method: 'POST', url: '/logout', headers: bearer(first.jwt) });
      const again = await refresh(first.jwt, first.refresh_token);
      expectClientErrorEnvelope(again, 401);
      expect(again.json()).toMatchObject({ message: Messages.sessionExpired });
    });

    it("refuses, within the grace window, a used token presented with another session's access token, and revokes its session", async () => {
      const mine = await session();
      const other = await session();
      const pair = (await refresh(mine.jwt, mine.refresh_token)).json<{ data: LoginResult }>().data;
      const res = await refresh(other.jwt, mine.refresh_token);
      expectClientErrorEnvelope(res, 401);
      expect((await me(pair.jwt)).json()).toMatchObject({ status: 'error', message: Messages.sessionExpired });
    });

    it("refuses a refresh token presented with another session's access token", async () => {
      const mine = await session();
      const other = await session();
      const res = await refresh(other.jwt, mine.refresh_token);
      expectClientErrorEnvelope(res, 401);
    });

    it('refuses a refresh with a forged or missing access token', async () => {
      const { jwt, refresh_token } = await session();
      const forged = await craft(jwt, { secret: 'another-secret-that-is-also-long-enough-for-hs256-0123456789' });
      expectClientErrorEnvelope(await refresh(forged, refresh_token), 401);
      expectClientErrorEnvelope(await refresh('garbage', refresh_token), 401);
      const missing = await t.app.inject({ method: 'POST', url: `${t.config.wrapperPrefix}/refreshtoken`, payload: { refresh_token } });
      expectClientErrorEnvelope(missing, 400);
    });

    it('refuses an unknown refresh token', async () => {
      const { jwt } = await session();
      expectClientErrorEnvelope(await refresh(jwt, crypto.randomBytes(32).toString('base64url')), 401);
    });

    it('renews an expired access token with a valid refresh token (the normal flow)', async () => {
      const first = await session();
      clock.advanceSeconds(t.config.accessTokenTtl + 60);
      expect((await validate(first.jwt)).json()).toMatchObject({ message: Messages.tokenExpired });
      const res = await refresh(first.jwt, first.refresh_token);
      expect(res.statusCode, res.body).toBe(200);
      const { jwt } = res.json<{ data: LoginResult }>().data;
      expect((await validate(jwt)).json()).toMatchObject({ status: 'success', message: Messages.tokenValid });
      expect((await me(jwt)).statusCode).toBe(200);
    });

    it('refuses a refresh token past its own lifetime', async () => {
      const first = await session();
      clock.advanceSeconds(REFRESH_TOKEN_TTL + 1);
      expectClientErrorEnvelope(await refresh(first.jwt, first.refresh_token), 401);
    });

    it('refuses to refresh once the session has reached its absolute end, however recently it was refreshed', async () => {
      let pair: LoginResult = await session();
      const step = REFRESH_TOKEN_TTL - 600;
      let elapsed = 0;
      while (elapsed + step < SESSION_MAX_AGE) {
        clock.advanceSeconds(step);
        elapsed += step;
        const res = await refresh(pair.jwt, pair.refresh_token);
        expect(res.statusCode, res.body).toBe(200);
        pair = res.json<{ data: LoginResult }>().data;
      }
      clock.advanceSeconds(SESSION_MAX_AGE - elapsed + 1);
      const res = await refresh(pair.jwt, pair.refresh_token);
      expectClientErrorEnvelope(res, 401);
      expect(res.json()).toMatchObject({ message: Messages.sessionExpired });
    });
  });

  describe('logout', () => {
    it('ends the session named by the bearer token', async () => {
      const { jwt, refresh_token } = await session();
      const res = await t.app.inject({ method: 'POST', url: '/logout', headers: bearer(jwt) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'success' });
      expectClientErrorEnvelope(await refresh(jwt, refresh_token), 401);
      expect((await me(jwt)).json()).toMatchObject({ message: Messages.sessionExpired });
    });

    it('ends the session named by a refresh token in the body', async () => {
      const { jwt, refresh_token } = await session();
      const res = await t.app.inject({ method: 'POST', url: '/logout', payload: { refresh_token } });
      expect(res.statusCode).toBe(200);
      expect((await validate(jwt)).json()).toMatchObject({ status: 'error', message: Messages.sessionExpired });
      expectClientErrorEnvelope(await refresh(jwt, refresh_token), 401);
    });

    it('ends the session of an expired access token', async () => {
      const { jwt, refresh_token } = await session();
      clock.advanceSeconds(t.config.accessTokenTtl + 1);
      await t.app.inject({ method: 'POST', url: '/logout', headers: bearer(jwt) });
      expectClientErrorEnvelope(await refresh(jwt, refresh_token), 401);
    });

    it("ends only the caller's session, not the user's other sessions", async () => {
      const user = await makeUser(t.services.stores, t.hasher, { accounts: [accountId] });
      const laptop = await signIn(t.app, t.config.wrapperPrefix, user.username, GOOD_PASSWORD);
      const phone = await signIn(t.app, t.config.wrapperPrefix, user.username, GOOD_PASSWORD);
      await t.app.inject({ method: 'POST', url: '/logout', headers: bearer(laptop.jwt) });
      expect((await me(laptop.jwt)).statusCode).toBe(401);
      expect((await me(phone.jwt)).statusCode).toBe(200);
      expect((await refresh(phone.jwt, phone.refresh_token)).statusCode).toBe(200);
    });

    it('answers success without naming a session, and refuses extra fields', async () => {
      expect((await t.app.inject({ method: 'POST', url: '/logout' })).json()).toMatchObject({ status: 'success' });
      expectClientErrorEnvelope(await t.app.inject({ method: 'POST', url: '/logout', payload: { refresh_token: 'x', everything: true } }), 400);
    });
  });
});
