/**
 * @module-tag embedded-only
 *
 * Cross-origin access (docs/COMPATIBILITY.md#cross-origin): none by default;
 * with CORS_ORIGINS, the listed pages may call every route with their
 * credentials and open websockets, and nobody else gains anything.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAccount, makeUser, signIn } from '../helpers/factories.js';
import { bearer } from '../helpers/http.js';
import { TestSocket } from '../helpers/socketClient.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';

const LISTED = 'https://eos.example.org';

describe(`cross-origin access on ${databaseKind}`, () => {
  describe('by default', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it('adds no cross-origin header to any answer, whatever origin asks', async () => {
      for (const url of [`${t.config.apiPrefix}/user/me`, `${t.config.apiPrefix}/homescreen/announcement/x`, '/ping', '/no/such/path']) {
        const res = await t.app.inject({ method: 'GET', url, headers: { origin: LISTED } });
        expect(Object.keys(res.headers).filter((h) => h.startsWith('access-control-')), url).toEqual([]);
      }
    });

    it('answers no preflight: a page of another origin cannot call with a token', async () => {
      const res = await t.app.inject({ method: 'OPTIONS', url: `${t.config.apiPrefix}/user/me`, headers: { origin: LISTED, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' } });
      expect(res.statusCode).toBe(404);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    });
  });

  describe('with CORS_ORIGINS', () => {
    let t: TestApp;
    let jwt: string;
    let address: string;
    const sockets: TestSocket[] = [];

    beforeAll(async () => {
      t = await createTestApp({ env: { CORS_ORIGINS: `${LISTED},http://localhost:8081`, CORS_MAX_AGE: '1200' }, rateLimits: { auth: 1000 } });
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      const bound = t.app.server.address();
      address = `ws://127.0.0.1:${typeof bound === 'object' && bound ? bound.port : 0}`;
      const account = await makeAccount(t.services.stores);
      const user = await makeUser(t.services.stores, t.hasher, { accounts: [account.id] });
      jwt = (await signIn(t.app, t.config.wrapperPrefix, user.username)).jwt;
    });
    afterAll(async () => {
      for (const socket of sockets) socket.ws.terminate();
      await t.close();
    });

    it('answers a listed origin’s preflight with its origin, credentials, the methods, the asked headers and how long to keep it', async () => {
      const res = await t.app.inject({
        method: 'OPTIONS',
        url: `${t.config.apiPrefix}/user/42`,
        headers: { origin: LISTED, 'access-control-request-method': 'PUT', 'access-control-request-headers': 'authorization,content-type' },
      });
      expect(res.statusCode).toBe(204);
      expect(res.headers).toMatchObject({
        'access-control-allow-origin': LISTED,
        'access-control-allow-credentials': 'true',
        'access-control-allow-headers': 'authorization,content-type',
        'access-control-max-age': '1200',
      });
      expect(String(res.headers['access-control-allow-methods']).split(/,\s*/)).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'DELETE']));
      expect(String(res.headers.vary)).toMatch(/Origin/);
    });

    it('adds the headers to every answer of a listed origin: a success, a refusal, a 404', async () => {
      const answers = [
        await t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/user/me`, headers: { origin: LISTED, ...bearer(jwt) } }),
        await t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/user/me`, headers: { origin: LISTED } }),
        await t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/no/such/call`, headers: { origin: LISTED } }),
      ];
      expect(answers.map((r) => r.statusCode)).toEqual([200, 401, 404]);
      for (const res of answers) {
        expect(res.headers['access-control-allow-origin']).toBe(LISTED);
        expect(res.headers['access-control-allow-credentials']).toBe('true');
        expect(String(res.headers['access-control-expose-headers'])).toContain('content-disposition');
      }
    });

    it('never answers a wildcard, and gives an origin that is only similar nothing', async () => {
      for (const origin of ['https://eos.example.org.evil.test', 'http://eos.example.org', 'https://eos.example.org:8443', 'null', '*']) {
        const res = await t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/user/me`, headers: { origin, ...bearer(jwt) } });
        expect(res.headers['access-control-allow-origin'], origin).toBeUndefined();
        const preflight = await t.app.inject({ method: 'OPTIONS', url: `${t.config.apiPrefix}/user/me`, headers: { origin, 'access-control-request-method': 'GET' } });
        expect(preflight.statusCode, origin).toBe(403);
      }
    });

    it('does not echo requested headers that are not a list of header names', async () => {
      const res = await t.app.inject({
        method: 'OPTIONS',
        url: `${t.config.apiPrefix}/user/me`,
        headers: { origin: LISTED, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization; x=<script>' },
      });
      expect(res.statusCode).toBe(204);
      expect(res.headers['access-control-allow-headers']).toBeUndefined();
    });

    it('answers a plain OPTIONS (not a preflight) with the allowed methods', async () => {
      const res = await t.app.inject({ method: 'OPTIONS', url: '/ping' });
      expect(res.statusCode).toBe(204);
      expect(String(res.headers.allow)).toContain('POST');
    });

    it('lets a listed origin open the desktop socket, and still refuses any other', async () => {
      const listed = await TestSocket.open(`${address}/socket`, { origin: 'http://localhost:8081' });
      sockets.push(listed);
      expect(listed.refusedWith).toBeNull();
      const foreign = await TestSocket.open(`${address}/socket`, { origin: 'https://evil.example' });
      sockets.push(foreign);
      await foreign.closed;
      expect(foreign.refusedWith).toBe(403);
    });
  });
});
