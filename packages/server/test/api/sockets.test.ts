/**
 * @module-tag embedded-only
 *
 * The websockets (docs/API.md#websockets) on a listening server with a real client: origin
 * check at the upgrade, authentication by the first message, application
 * sockets, relaying between one user's connections, limits, settings
 * changes pushed to the user's other desktops, revalidation and shutdown.
 */
import { SocketClose, SocketNames } from '@atrium/shared';
import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppRecord } from '../../src/apps/AppStore.js';
import { TOO_MANY_CONNECTIONS } from '../../src/sockets/SocketGateway.js';
import type { UserRecord } from '../../src/users/UserStore.js';
import { makeAccount, makeUser, signIn } from '../helpers/factories.js';
import { bearer } from '../helpers/http.js';
import { settle, TestSocket } from '../helpers/socketClient.js';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';

const AUTH_TIMEOUT = 300;
const MAX_CONNECTIONS = 4;

describe(`sockets on ${databaseKind}`, () => {
  let t: TestApp;
  let origin: string;
  let ada: UserRecord;
  let bob: UserRecord;
  let crm: AppRecord;
  let adaJwt: string;
  let bobJwt: string;
  const open: TestSocket[] = [];

  beforeAll(async () => {
    t = await createTestApp({
      rateLimits: { auth: 1000 },
      env: { LOG_LEVEL: 'debug' },
      socketLimits: { authTimeout: AUTH_TIMEOUT, maxConnectionsPerUser: MAX_CONNECTIONS, revalidateInterval: 3_600_000 },
    });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const { stores } = t.services;
    const account = await makeAccount(stores);
    ada = await makeUser(stores, t.hasher, { accounts: [account.id] });
    bob = await makeUser(stores, t.hasher, { accounts: [account.id] });
    crm = await stores.apps.create({ name: 'CRM', title: 'Customer Relations', category: 'sales and marketing' });
    await stores.apps.grant(ada.id, crm.id);
    adaJwt = (await signIn(t.app, t.config.wrapperPrefix, ada.username)).jwt;
    bobJwt = (await signIn(t.app, t.config.wrapperPrefix, bob.username)).jwt;
  });
  afterAll(async () => {
    for (const socket of open) socket.ws.terminate();
    await t.close();
  });

  /** Opens a connection (closed after the test file). */
  async function connect(path = '/socket', options: { origin?: string } = { origin }): Promise<TestSocket> {
    const socket = await TestSocket.open(`${origin.replace('http', 'ws')}${path}`, options);
    open.push(socket);
    return socket;
  }

  /** A connection authenticated as the token's user. */
  async function ready(jwt: string, path = '/socket'): Promise<TestSocket> {
    const socket = await connect(path);
    await socket.authenticate(jwt);
    return socket;
  }

  describe('upgrade', () => {
    it("refuses a foreign origin with 403 before the handshake", async () => {
      for (const foreign of ['https://evil.example', 'null', `${origin}.evil.example`, 'http://atrium.test.evil.example']) {
        const socket = await connect('/socket', { origin: foreign });
        await socket.closed;
        expect(socket.refusedWith, foreign).toBe(403);
      }
      const app = await connect('/apps/CRM/socket', { origin: 'https://evil.example' });
      await app.closed;
      expect(app.refusedWith).toBe(403);
    });

    it("accepts the server's own origin, PUBLIC_URL's origin, and clients that send none", async () => {
      for (const allowed of [origin, 'http://atrium.test', undefined]) {
        const socket = await connect('/socket', { origin: allowed });
        expect(socket.refusedWith, String(allowed)).toBeNull();
        expect((await socket.authenticate(adaJwt)).params).toMatchObject({ user: { id: ada.id, username: ada.username } });
        await socket.close();
      }
    });

    it('answers a plain request to the socket path with 404', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/socket' })).statusCode).toBe(404);
    });
  });

  describe('authentication', () => {
    it('closes with 4401 when no atrium/auth comes in time', async () => {
      const socket = await connect();
      const started = Date.now();
      expect((await socket.closed).code).toBe(SocketClose.notAuthenticated);
      expect(Date.now() - started).toBeGreaterThanOrEqual(AUTH_TIMEOUT - 50);
    });

    it.each([
      ['a bad token', { name: 'atrium/auth', params: { token: 'not-a-jwt' } }],
      ['no token', { name: 'atrium/auth', params: {} }],
      ['another first message', { name: 'osjs/application:socket:message', params: { pid: 1, name: 'CRM', args: [] } }],
      ['bad JSON', '{"name":'],
    ])('closes with 4401 on %s', async (_what, message) => {
      const socket = await connect();
      socket.send(message);
      expect((await socket.closed).code).toBe(SocketClose.notAuthenticated);
      expect(socket.received(SocketNames.ready)).toEqual([]);
    });

    it('refuses an expired token', async () => {
      const { jwt } = await signIn(t.app, t.config.wrapperPrefix, ada.username);
      const claims = JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
      const past = Math.floor(Date.now() / 1000) - 3600;
      const expired = await new SignJWT({ sid: claims.sid, acc: claims.acc, username: claims.username })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(ada.id)
        .setIssuer(t.config.publicUrl)
        .setAudience('atrium')
        .setIssuedAt(past - 600)
        .setExpirationTime(past)
        .sign(new TextEncoder().encode(TEST_JWT_SECRET));
      const socket = await connect();
      socket.send({ name: 'atrium/auth', params: { token: expired } });
      expect((await socket.closed).code).toBe(SocketClose.notAuthenticated);
    });

    it("refuses the token of a session that has ended", async () => {
      const { jwt } = await signIn(t.app, t.config.wrapperPrefix, ada.username);
      await t.app.inject({ method: 'POST', url: '/logout', headers: bearer(jwt) });
      const socket = await connect();
      socket.send({ name: 'atrium/auth', params: { token: jwt } });
      expect((await socket.closed).code).toBe(SocketClose.notAuthenticated);
    });

    it('answers atrium/ready with the user and the connection id', async () => {
      const socket = await connect();
      const message = await socket.authenticate(adaJwt);
      expect(message.params).toEqual({ user: { id: ada.id, username: ada.username }, connection: expect.stringMatching(/^[0-9a-f-]{36}$/) });
      await socket.close();
    });

    it('opens the socket of an application the user sees, and closes that of one they do not with 4403', async () => {
      const socket = await ready(adaJwt, '/apps/CRM/socket');
      expect(socket.received(SocketNames.ready)).toHaveLength(1);
      await socket.close();
      const refused = await connect('/apps/CRM/socket');
      refused.send({ name: 'atrium/auth', params: { token: bobJwt } });
      expect(await refused.closed).toEqual({ code: SocketClose.forbidden, reason: "You don't have access to CRM App" });
      const badName = await connect('/apps/..%2f/socket');
      await badName.closed;
      expect(badName.refusedWith).toBe(404);
    });

    it(`refuses more than ${MAX_CONNECTIONS} connections of one user`, async () => {
      const sockets = [];
      for (let i = 0; i < MAX_CONNECTIONS; i++) sockets.push(await ready(bobJwt));
      const extra = await connect();
      extra.send({ name: 'atrium/auth', params: { token: bobJwt } });
      expect((await extra.closed).code).toBe(TOO_MANY_CONNECTIONS);
      await sockets[0]!.close();
      await settle(50);
      const again = await ready(bobJwt);
      await Promise.all([...sockets.slice(1), again].map((s) => s.close()));
    });
  });

  describe('messages', () => {
    const appMessage = (name: string, args: unknown) => ({ name: SocketNames.appMessage, params: { pid: 7, name, args } });

    it("relays an application's message to the user's other desktop sockets only", async () => {
      const [first, second, bobs] = [await ready(adaJwt), await ready(adaJwt), await ready(bobJwt)];
      first.send(appMessage('CRM', { refresh: true }));
      expect((await second.next(SocketNames.appMessage)).params).toEqual({ pid: 7, name: 'CRM', args: { refresh: true } });
      await settle();
      expect(first.received(SocketNames.appMessage)).toEqual([]);
      expect(bobs.received(SocketNames.appMessage)).toEqual([]);
      await Promise.all([first, second, bobs].map((s) => s.close()));
    });

    it("refuses an application's message for an application the user cannot see", async () => {
      const [first, second] = [await ready(bobJwt), await ready(bobJwt)];
      first.send(appMessage('CRM', {}));
      expect((await first.next(SocketNames.error)).params).toEqual({ message: "You don't have access to CRM App" });
      await settle();
      expect(second.received(SocketNames.appMessage)).toEqual([]);
      await Promise.all([first.close(), second.close()]);
    });

    it('answers bad messages with atrium/error and stays open', async () => {
      const socket = await ready(adaJwt);
      for (const bad of ['{oops', JSON.stringify({ params: 1 }), JSON.stringify({ name: 'chat/hello' }), JSON.stringify({ name: 'atrium/ready' }), JSON.stringify(appMessage('CRM', undefined).params)]) {
        socket.send(bad);
        expect((await socket.next(SocketNames.error)).params, bad).toMatchObject({ message: expect.any(String) });
      }
      socket.send(JSON.stringify({ name: SocketNames.appMessage, params: { pid: -1, name: 'CRM' } }));
      expect((await socket.next(SocketNames.error)).params).toMatchObject({ message: expect.stringContaining('pid') });
      expect(socket.ws.readyState).toBe(1);
      await socket.close();
    });

    it('drops a malformed frame of every kind: counted, logged by its name only, answered, and the connection goes on', async () => {
      const [socket, other] = [await ready(adaJwt), await ready(adaJwt)];
      const secret = 'content-that-must-not-be-logged';
      const frames: Array<[string, string | Buffer]> = [
        ['not JSON', `{oops ${secret}`],
        ['not {name, params}', JSON.stringify({ params: secret })],
        ['an unknown name', JSON.stringify({ name: 'chat/hello', params: secret })],
        ['a name reserved to the server', JSON.stringify({ name: SocketNames.settingsChanged, params: { keys: [secret] } })],
        ['an application message without its pid', JSON.stringify({ name: SocketNames.appMessage, params: { name: 'CRM', args: secret } })],
        ['an application message of a bad application name', JSON.stringify({ name: SocketNames.appMessage, params: { pid: 1, name: '../CRM', args: secret } })],
        ['a binary frame', Buffer.from(secret)],
      ];
      const before = t.services.sockets.stats.snapshot();
      for (const [what, frame] of frames) {
        // A Buffer goes as a binary frame.
        socket.ws.send(frame);
        expect((await socket.next(SocketNames.error)).params, what).toMatchObject({ message: expect.any(String) });
      }
      const after = t.services.sockets.stats.snapshot();
      expect(after.invalidMessages - before.invalidMessages).toBe(frames.length);
      expect((after.invalidMessagesByName[SocketNames.appMessage] ?? 0) - (before.invalidMessagesByName[SocketNames.appMessage] ?? 0)).toBe(2);
      const warnings = t.logs.map((l) => JSON.parse(l) as { level: number; event?: string; name?: string | null }).filter((l) => l.event === 'socket.invalid');
      expect(warnings.every((l) => l.level === 40)).toBe(true);
      expect(warnings.map((l) => l.name)).toEqual(expect.arrayContaining(['chat/hello', SocketNames.settingsChanged, SocketNames.appMessage]));
      expect(t.logs.filter((l) => l.includes(secret))).toEqual([]);
      // Nothing of them reached the user's other desktop, and the connection still works.
      expect(other.received(SocketNames.settingsChanged)).toEqual([]);
      socket.send(appMessage('CRM', { still: 'open' }));
      expect((await other.next(SocketNames.appMessage)).params).toEqual({ pid: 7, name: 'CRM', args: { still: 'open' } });
      expect(socket.ws.readyState).toBe(1);
      await Promise.all([socket.close(), other.close()]);
    });

    it("drops a malformed frame on an application's socket too, and goes on relaying", async () => {
      const [first, second] = [await ready(adaJwt, '/apps/CRM/socket'), await ready(adaJwt, '/apps/CRM/socket')];
      const before = t.services.sockets.stats.snapshot().invalidMessages;
      for (const bad of ['[1, 2]', JSON.stringify({ name: '', params: 1 }), JSON.stringify({ name: 'crm/x', params: 1, extra: true }), JSON.stringify({ name: SocketNames.ready })]) {
        first.send(bad);
        expect((await first.next(SocketNames.error)).params, bad).toMatchObject({ message: expect.any(String) });
      }
      expect(t.services.sockets.stats.snapshot().invalidMessages - before).toBe(4);
      first.send({ name: 'crm/updated', params: { id: 1 } });
      expect(await second.next('crm/updated')).toEqual({ name: 'crm/updated', params: { id: 1 } });
      await Promise.all([first.close(), second.close()]);
    });

    it('counts a malformed first frame and closes the connection before authentication', async () => {
      const before = t.services.sockets.stats.snapshot().invalidMessages;
      const socket = await connect();
      socket.send({ name: SocketNames.auth, params: { token: 42 } });
      expect((await socket.closed).code).toBe(SocketClose.notAuthenticated);
      expect(t.services.sockets.stats.snapshot().invalidMessages - before).toBe(1);
    });

    it("relays every message of an application socket to the user's other connections of that application", async () => {
      const [first, second, desktop] = [await ready(adaJwt, '/apps/CRM/socket'), await ready(adaJwt, '/apps/CRM/socket'), await ready(adaJwt)];
      first.send({ name: 'crm/updated', params: { id: 42 } });
      expect(await second.next('crm/updated')).toEqual({ name: 'crm/updated', params: { id: 42 } });
      first.send({ name: 'atrium/settings:changed', params: { keys: ['desktop.font'] } });
      expect((await first.next(SocketNames.error)).params).toEqual({ message: "Reserved message name 'atrium/settings:changed'" });
      await settle();
      expect(first.received('crm/updated')).toEqual([]);
      expect(desktop.received('crm/updated')).toEqual([]);
      expect(second.received(SocketNames.settingsChanged)).toEqual([]);
      await Promise.all([first, second, desktop].map((s) => s.close()));
    });

    it('writes nothing for other servers when it is the only one (the embedded database)', async () => {
      const [app, otherApp, desktop, otherDesktop] = [await ready(adaJwt, '/apps/CRM/socket'), await ready(adaJwt, '/apps/CRM/socket'), await ready(adaJwt), await ready(adaJwt)];
      app.send({ name: 'crm/updated', params: { id: 7 } });
      desktop.send(appMessage('CRM', { id: 7 }));
      await otherApp.next('crm/updated');
      await otherDesktop.next(SocketNames.appMessage);
      const { rows } = (await t.database.db.execute(sql`select count(*) as n from socket_relays`)) as unknown as { rows: Array<{ n: string | number }> };
      expect(Number(rows[0]!.n)).toBe(0);
      await Promise.all([app, otherApp, desktop, otherDesktop].map((s) => s.close()));
    });

    it('closes a connection that sends more than 50 messages a second with 4429', async () => {
      const socket = await ready(adaJwt);
      for (let i = 0; i < 60; i++) socket.send(appMessage('CRM', i));
      expect((await socket.closed).code).toBe(SocketClose.tooManyMessages);
    });

    it('closes a connection that sends a message over 64 KiB with 1009', async () => {
      const socket = await ready(adaJwt);
      socket.send(appMessage('CRM', 'x'.repeat(64 * 1024)));
      expect((await socket.closed).code).toBe(SocketClose.tooLarge);
    });
  });

  describe('settings changes', () => {
    it("are pushed to the user's other desktop sockets, not to the one that made them nor to other users", async () => {
      const [mine, other, app, bobs] = [await ready(adaJwt), await ready(adaJwt), await ready(adaJwt, '/apps/CRM/socket'), await ready(bobJwt)];
      const connection = (mine.received(SocketNames.ready)[0]!.params as { connection: string }).connection;
      const res = await t.app.inject({
        method: 'POST',
        url: `${t.config.apiPrefix}/settings`,
        headers: { ...bearer(adaJwt), 'x-atrium-socket': connection },
        payload: { 'desktop.font': 'Roboto', locale: 'fr_FR' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await other.next(SocketNames.settingsChanged)).params).toEqual({ keys: ['desktop.font', 'locale'] });
      await settle();
      for (const socket of [mine, app, bobs]) expect(socket.received(SocketNames.settingsChanged)).toEqual([]);
      await Promise.all([mine, other, app, bobs].map((s) => s.close()));
    });

    it('are not pushed when the change is refused', async () => {
      const other = await ready(adaJwt);
      const res = await t.app.inject({ method: 'POST', url: `${t.config.apiPrefix}/settings`, headers: bearer(adaJwt), payload: { 'desktop.font': 'Papyrus' } });
      expect(res.statusCode).toBe(400);
      await settle();
      expect(other.received(SocketNames.settingsChanged)).toEqual([]);
      await other.close();
    });
  });

  describe('revalidation', () => {
    it('closes the connections of an ended session with 4401 and of a revoked application with 4403', async () => {
      const session = await signIn(t.app, t.config.wrapperPrefix, ada.username);
      const [desktop, app, staying] = [await ready(session.jwt), await ready(session.jwt, '/apps/CRM/socket'), await ready(adaJwt)];
      await t.services.stores.apps.revoke(ada.id, crm.id);
      try {
        await t.services.sockets.revalidate();
        expect((await app.closed).code).toBe(SocketClose.forbidden);
        await t.app.inject({ method: 'POST', url: '/logout', headers: bearer(session.jwt) });
        await t.services.sockets.revalidate();
        expect((await desktop.closed).code).toBe(SocketClose.notAuthenticated);
        expect(staying.ws.readyState).toBe(1);
      } finally {
        await t.services.stores.apps.grant(ada.id, crm.id);
      }
      await staying.close();
    });

    it('closes the connections of a session the moment it signs out, with no periodic check in between', async () => {
      const session = await signIn(t.app, t.config.wrapperPrefix, ada.username);
      const [desktop, app, staying] = [await ready(session.jwt), await ready(session.jwt, '/apps/CRM/socket'), await ready(adaJwt)];
      await t.app.inject({ method: 'POST', url: '/logout', headers: bearer(session.jwt) });
      expect((await desktop.closed).code).toBe(SocketClose.notAuthenticated);
      expect((await app.closed).code).toBe(SocketClose.notAuthenticated);
      expect(staying.ws.readyState).toBe(1);
      await staying.close();
    });

    it("closes every connection of a user whose sessions all end (password reset, disabled user) at once", async () => {
      const carol = await makeUser(t.services.stores, t.hasher);
      const [first, second] = [await signIn(t.app, t.config.wrapperPrefix, carol.username), await signIn(t.app, t.config.wrapperPrefix, carol.username)];
      const sockets = [await ready(first.jwt), await ready(second.jwt)];
      const other = await ready(adaJwt);
      await t.services.auth.revokeAll(carol.id, 'password-reset');
      for (const socket of sockets) expect((await socket.closed).code).toBe(SocketClose.notAuthenticated);
      expect(other.ws.readyState).toBe(1);
      await other.close();
    });
  });

  it('sent only messages of the contract to every connection of this file', () => {
    expect(open.length).toBeGreaterThan(10);
    expect(open.flatMap((socket) => socket.outsideContract)).toEqual([]);
  });

  it('logs connections at debug level without the token', async () => {
    const socket = await ready(adaJwt);
    await socket.close();
    await settle(50);
    const lines = t.logs.map((l) => JSON.parse(l) as { level: number; event?: string });
    expect(lines.some((l) => l.event === 'socket.open' && l.level === 20)).toBe(true);
    expect(lines.some((l) => l.event === 'socket.close' && l.level === 20)).toBe(true);
    expect(t.logs.filter((l) => l.includes(adaJwt) || l.includes(bobJwt))).toEqual([]);
  });
});

describe(`socket shutdown on ${databaseKind}`, () => {
  it('closes every connection with 1001 when the server stops', async () => {
    const t = await createTestApp({ rateLimits: { auth: 1000 } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const user = await makeUser(t.services.stores, t.hasher);
    const { jwt } = await signIn(t.app, t.config.wrapperPrefix, user.username);
    const sockets = [await TestSocket.open(`ws://127.0.0.1:${port}/socket`), await TestSocket.open(`ws://127.0.0.1:${port}/socket`)];
    for (const socket of sockets) await socket.authenticate(jwt);
    const unauthenticated = await TestSocket.open(`ws://127.0.0.1:${port}/socket`);
    await t.close();
    for (const socket of sockets) expect((await socket.closed).code).toBe(SocketClose.goingAway);
    expect((await unauthenticated.closed).code).toBe(SocketClose.goingAway);
  });
});
