/**
 * @module-tag embedded-only
 *
 * Request bodies in every encoding a browser sends (docs/COMPATIBILITY.md#encodings):
 * JSON, urlencoded, multipart (FormData) and JSON labelled text/plain all reach
 * the same schema with the same limits; anything broken is a 4xx envelope.
 */
import { Messages } from '@atrium/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, makeAccount, makeUser } from '../helpers/factories.js';
import { bearer, browserBody, expectClientErrorEnvelope, form, formData, plainJson } from '../helpers/http.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';

describe(`request body encodings on ${databaseKind}`, () => {
  let t: TestApp;
  let auth: string;
  let lastAddress = 0;
  const nextAddress = () => `10.7.${Math.floor(++lastAddress / 250)}.${(lastAddress % 250) + 1}`;
  const signIn = { username: 'ada', password: GOOD_PASSWORD };

  beforeAll(async () => {
    t = await createTestApp({ rateLimits: { auth: 1000, recovery: 1000 } });
    auth = `${t.config.wrapperPrefix}/auth`;
    const account = await makeAccount(t.services.stores, 'Acme');
    await makeUser(t.services.stores, t.hasher, { username: 'ada', accounts: [account.id] });
    await makeUser(t.services.stores, t.hasher, { username: 'zoe', password: 'Pässwörd#9 测试', accounts: [account.id] });
  });
  afterAll(() => t.close());

  const post = async (url: string, body: { payload: Buffer | string; headers: Record<string, string> }, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...headers }, remoteAddress: nextAddress() });

  describe('one schema, four encodings', () => {
    it.each([
      ['JSON', async () => ({ payload: JSON.stringify(signIn), headers: { 'content-type': 'application/json' } })],
      ['urlencoded', async () => form(signIn)],
      ['multipart (FormData)', () => formData(signIn)],
      ['JSON labelled text/plain', () => plainJson(signIn)],
    ])('signs in with a %s body', async (_encoding, body) => {
      const res = await post(auth, await body());
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'success', data: { username: 'ada' } });
    });

    it.each([
      ['urlencoded', () => Promise.resolve(form({ username: 'ada', password: 'wrong-password' }))],
      ['multipart', () => formData({ username: 'ada', password: 'wrong-password' })],
      ['text/plain', () => plainJson({ username: 'ada', password: 'wrong-password' })],
    ])('answers a wrong password in a %s body with the same refusal', async (_encoding, body) => {
      const res = await post(auth, await body());
      expectClientErrorEnvelope(res, 401);
      expect(res.json()).toMatchObject({ message: Messages.loginIncorrect });
    });

    it('keeps UTF-8 fields of a multipart form intact', async () => {
      const res = await post(auth, await formData({ username: 'zoe', password: 'Pässwörd#9 测试' }));
      expect(res.statusCode, res.body).toBe(200);
    });

    it('refuses a field sent twice in a multipart form as it does in a urlencoded one', async () => {
      const viaForm = await post(auth, form({ username: ['ada', 'eve'], password: GOOD_PASSWORD }));
      const viaMultipart = await post(auth, await formData({ username: ['ada', 'eve'], password: GOOD_PASSWORD }));
      expectClientErrorEnvelope(viaForm, 400);
      expectClientErrorEnvelope(viaMultipart, 400);
      expect(viaMultipart.json().message).toBe(viaForm.json().message);
    });

    it('refuses a NUL in a multipart field with 400, as in any other encoding', async () => {
      const res = await post(auth, await formData({ username: 'ada\u0000', password: GOOD_PASSWORD }));
      expectClientErrorEnvelope(res, 400);
      expect(res.json()).toMatchObject({ code: 'request.invalid' });
    });

    it('reads an empty text/plain body as no body: the schema names the missing fields', async () => {
      const res = await post(auth, await browserBody(''));
      expectClientErrorEnvelope(res, 400);
      expect(res.json().message).toMatch(/username/);
    });
  });

  describe('what is refused', () => {
    it('refuses a file in a form call with 400 and says why', async () => {
      const data = new FormData();
      data.append('username', 'ada');
      data.append('password', new Blob(['secret']), 'password.txt');
      const res = await post(auth, await browserBody(data));
      expectClientErrorEnvelope(res, 400);
      expect(res.json()).toMatchObject({ message: Messages.formFilesRefused, code: 'request.files-refused' });
    });

    it('refuses a multipart body without a boundary', async () => {
      const res = await post(auth, { payload: 'username=ada', headers: { 'content-type': 'multipart/form-data' } });
      expectClientErrorEnvelope(res, 400);
    });

    it('refuses a multipart body cut short', async () => {
      const whole = await formData(signIn);
      const res = await post(auth, { payload: whole.payload.subarray(0, whole.payload.length - 20), headers: whole.headers });
      expectClientErrorEnvelope(res, 400);
    });

    it('refuses a multipart field over the body limit with 413, like a JSON body of that size', async () => {
      const huge = 'x'.repeat(70 * 1024);
      const viaMultipart = await post(auth, await formData({ username: 'ada', password: huge }));
      const viaJson = await post(auth, { payload: JSON.stringify({ username: 'ada', password: huge }), headers: { 'content-type': 'application/json' } });
      expectClientErrorEnvelope(viaMultipart, 413);
      expectClientErrorEnvelope(viaJson, 413);
    });

    it('refuses a multipart body over the limit even when it does not declare its length', async () => {
      const body = await formData({ username: 'ada', password: 'y'.repeat(70 * 1024) });
      const res = await t.app.inject({ method: 'POST', url: auth, payload: body.payload, headers: { ...body.headers, 'transfer-encoding': 'chunked' }, remoteAddress: nextAddress() });
      expectClientErrorEnvelope(res, 413);
    });

    it('refuses more fields than any form has with 413', async () => {
      const fields = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`f${i}`, 'v']));
      const res = await post(auth, await formData(fields));
      expectClientErrorEnvelope(res, 413);
    });

    it('refuses text/plain that is not JSON with 400', async () => {
      const res = await post(auth, await browserBody('username=ada&password=x'));
      expectClientErrorEnvelope(res, 400);
      expect(res.json().message).toMatch(/not JSON/);
    });

    it('refuses prototype poisoning in text/plain exactly as in application/json', async () => {
      const poisoned = '{"username":"ada","password":"x","__proto__":{"admin":true}}';
      const viaText = await post(auth, await browserBody(poisoned));
      const viaJson = await post(auth, { payload: poisoned, headers: { 'content-type': 'application/json' } });
      expectClientErrorEnvelope(viaText, 400);
      expectClientErrorEnvelope(viaJson, 400);
    });

    it('applies a route’s smaller limit to text/plain too (client log entries)', async () => {
      const entry = { level: 'info', message: 'z'.repeat(20 * 1024) };
      const viaText = await post(`${t.config.apiPrefix}/logger`, await plainJson(entry));
      const viaJson = await post(`${t.config.apiPrefix}/logger`, { payload: JSON.stringify(entry), headers: { 'content-type': 'application/json' } });
      expectClientErrorEnvelope(viaText, 413);
      expectClientErrorEnvelope(viaJson, 413);
    });
  });

  describe('authenticated JSON calls labelled text/plain', () => {
    it('saves the search history sent as text/plain', async () => {
      const login = await post(auth, form(signIn));
      const jwt = login.json<{ data: { jwt: string } }>().data.jwt;
      const res = await post(`${t.config.apiPrefix}/user/updateusersearchitems`, await plainJson({ search_history: 'invoices' }), bearer(jwt));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'success' });
      expect(res.json<{ data: { search_history: string } }>().data.search_history).toContain('invoices');
    });
  });
});
