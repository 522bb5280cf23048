/**
 * @module-tag postgres
 *
 * Sign-in: POST {wrapper}/auth (form or JSON) and POST /login (JSON). Every
 * refusal is an envelope; nothing a caller sends can produce a 5xx or a stack.
 */
import { Messages } from '@atrium/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, makeAccount, makeUser } from '../helpers/factories.js';
import { bearer, expectClientErrorEnvelope, form } from '../helpers/http.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';

describe(`sign-in on ${databaseKind}`, () => {
  let t: TestApp;
  let auth: string;
  /** Each request comes from its own address so that failures never add up to an address lock. */
  let lastAddress = 0;
  const nextAddress = () => `10.1.${Math.floor(++lastAddress / 250)}.${(lastAddress % 250) + 1}`;

  beforeAll(async () => {
    t = await createTestApp({ rateLimits: { auth: 1000 } });
    auth = `${t.config.wrapperPrefix}/auth`;
    const account = await makeAccount(t.services.stores, 'Acme');
    await makeUser(t.services.stores, t.hasher, { username: 'ada', accounts: [account.id] });
    const disabled = await makeUser(t.services.stores, t.hasher, { username: 'dora', accounts: [account.id] });
    await t.services.stores.users.update(disabled.id, { disabled: true });
  });
  afterAll(() => t.close());

  /** Checks that a successful answer carries a working login result for the user. */
  async function expectSignedIn(res: Awaited<ReturnType<TestApp['app']['inject']>>, username: string) {
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ status: string; data: { jwt: string; refresh_token: string; username: string } }>();
    expect(body.status).toBe('success');
    expect(body.data.username).toBe(username);
    expect(body.data.jwt.split('.')).toHaveLength(3);
    expect(body.data.refresh_token.length).toBeGreaterThanOrEqual(32);
    const me = await t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/user/me`, headers: bearer(body.data.jwt) });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json<{ data: { username: string } }>().data.username).toBe(username);
  }

  describe('text the database cannot store', () => {
    it.each([
      ['a NUL in the username', { username: 'ada\u0000', password: GOOD_PASSWORD }],
      ['a lone surrogate in the username', { username: 'ada\ud800', password: GOOD_PASSWORD }],
      ['a NUL in the password', { username: 'ada', password: 'x\u0000y' }],
    ])('refuses %s with 400 Invalid request, never a 5xx', async (_what, payload) => {
      const res = await t.app.inject({ method: 'POST', url: auth, payload, remoteAddress: nextAddress() });
      expectClientErrorEnvelope(res, 400);
      expect(res.json()).toMatchObject({ code: 'request.invalid' });
      // A form cannot carry a lone surrogate (it is encoded as U+FFFD), but it can carry a NUL.
      if (!JSON.stringify(payload).includes('\\u0000')) return;
      const viaForm = await t.app.inject({ method: 'POST', url: auth, ...form(payload), remoteAddress: nextAddress() });
      expectClientErrorEnvelope(viaForm, 400);
    });
  });

  describe('successful sign-in', () => {
    it('signs in through the wrapper with a form-urlencoded body', async () => {
      const res = await t.app.inject({ method: 'POST', url: auth, ...form({ username: 'ada', password: GOOD_PASSWORD }), remoteAddress: nextAddress() });
      await expectSignedIn(res, 'ada');
    });

    it('signs in through the wrapper with a JSON body', async () => {
      const res = await t.app.inject({ method: 'POST', url: auth, payload: { username: 'ada', password: GOOD_PASSWORD }, remoteAddress: nextAddress() });
      await expectSignedIn(res, 'ada');
    });

    it('signs in through POST /login with a JSON body', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/login', payload: { username: 'ada', password: GOOD_PASSWORD }, remoteAddress: nextAddress() });
      await expectSignedIn(res, 'ada');
    });

    it.each(['ADA', 'Ada', '  ada  '])('treats the username %j as the same user (case and surrounding spaces ignored)', async (username) => {
      const res = await t.app.inject({ method: 'POST', url: auth, payload: { username, password: GOOD_PASSWORD }, remoteAddress: nextAddress() });
      await expectSignedIn(res, 'ada');
    });

    it('does not ignore the case of the password', async () => {
      const res = await t.app.inject({ method: 'POST', url: auth, payload: { username: 'ada', password: GOOD_PASSWORD.toUpperCase() }, remoteAddress: nextAddress() });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('refused credentials', () => {
    const incorrect = { status: 'error', message: Messages.loginIncorrect };

    it('answers a wrong password, an unknown user and a disabled user with the identical 401', async () => {
      const attempts = [
        { username: 'ada', password: 'Wrong#Password1' },
        { username: 'nobody-by-this-name', password: GOOD_PASSWORD },
        { username: 'dora', password: GOOD_PASSWORD },
      ];
      const answers = [];
      for (const payload of attempts) {
        answers.push(await t.app.inject({ method: 'POST', url: auth, payload, remoteAddress: nextAddress() }));
      }
      for (const res of answers) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject(incorrect);
        expect(res.body).toBe(answers[0]!.body);
        expect(res.headers['content-type']).toBe(answers[0]!.headers['content-type']);
      }
    });

    it('answers POST /login with the same 401 as the wrapper', async () => {
      const viaLogin = await t.app.inject({ method: 'POST', url: '/login', payload: { username: 'ada', password: 'Wrong#Password1' }, remoteAddress: nextAddress() });
      const viaWrapper = await t.app.inject({ method: 'POST', url: auth, ...form({ username: 'ada', password: 'Wrong#Password1' }), remoteAddress: nextAddress() });
      expect(viaLogin.statusCode).toBe(401);
      expect(viaLogin.json()).toMatchObject(incorrect);
      expect(viaWrapper.body).toBe(viaLogin.body);
    });

    it.each([
      ['an empty username', { username: '', password: GOOD_PASSWORD }],
      ['a username of spaces', { username: '   ', password: GOOD_PASSWORD }],
      ['an empty password', { username: 'ada', password: '' }],
      ['both empty', { username: '', password: '' }],
    ])('refuses %s with 400 "Username or password cannot be empty"', async (_case, payload) => {
      for (const res of [
        await t.app.inject({ method: 'POST', url: auth, payload, remoteAddress: nextAddress() }),
        await t.app.inject({ method: 'POST', url: auth, ...form(payload), remoteAddress: nextAddress() }),
        await t.app.inject({ method: 'POST', url: '/login', payload, remoteAddress: nextAddress() }),
      ]) {
        expectClientErrorEnvelope(res, 400);
        expect(res.json()).toMatchObject({ status: 'error', message: Messages.loginEmpty });
      }
    });
  });

  describe('malformed requests', () => {
    const big = 'x'.repeat(70 * 1024);
    const cases: Array<[string, { payload?: string | object; headers?: Record<string, string> }, number?]> = [
      ['a missing password', { payload: { username: 'ada' } }, 400],
      ['a missing username', { payload: { password: GOOD_PASSWORD } }, 400],
      ['no body at all', {}, 400],
      ['an extra field', { payload: { username: 'ada', password: GOOD_PASSWORD, admin: true } }, 400],
      ['a number for the username', { payload: { username: 12345, password: GOOD_PASSWORD } }, 400],
      ['an array for the password in JSON', { payload: { username: 'ada', password: [GOOD_PASSWORD, GOOD_PASSWORD] } }, 400],
      ['a null password', { payload: { username: 'ada', password: null } }, 400],
      ['a JSON array body', { payload: '[1,2]', headers: { 'content-type': 'application/json' } }, 400],
      ['a JSON string body', { payload: '"ada"', headers: { 'content-type': 'application/json' } }, 400],
      ['broken JSON', { payload: '{"username":"ada",', headers: { 'content-type': 'application/json' } }, 400],
      ['duplicated form keys (an array)', form({ username: ['ada', 'ada'], password: GOOD_PASSWORD }), 400],
      ['a form with an extra key', form({ username: 'ada', password: GOOD_PASSWORD, remember: '1' }), 400],
      ['a password longer than the limit', { payload: { username: 'ada', password: 'A1#a'.repeat(100) } }, 400],
      ['a plain-text body', { payload: 'username=ada&password=x', headers: { 'content-type': 'text/plain' } }, 400],
      ['an unsupported content type', { payload: '<username>ada</username>', headers: { 'content-type': 'application/xml' } }, 415],
      ['a JSON body over 64 KiB', { payload: { username: 'ada', password: big } }, 413],
      ['a form body over 64 KiB', form({ username: 'ada', password: big }), 413],
    ];

    it.each(cases)('answers %s with a 4xx envelope and no stack trace', async (_case, request, status) => {
      for (const url of [auth, '/login']) {
        const res = await t.app.inject({ method: 'POST', url, ...request, remoteAddress: nextAddress() });
        expectClientErrorEnvelope(res, status);
      }
    });

    it('names the offending field in the message of a schema mismatch', async () => {
      const res = await t.app.inject({ method: 'POST', url: auth, payload: { username: 'ada' }, remoteAddress: nextAddress() });
      expectClientErrorEnvelope(res, 400);
      expect(res.json<{ message: string }>().message).toContain('password');
    });

    it('refuses GET on the sign-in routes without a server error', async () => {
      for (const url of [auth, '/login']) {
        const res = await t.app.inject({ method: 'GET', url, remoteAddress: nextAddress() });
        expectClientErrorEnvelope(res, 404);
      }
    });
  });
});
