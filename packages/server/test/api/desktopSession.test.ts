/**
 * @module-tag embedded-only
 *
 * The saved desktop session (GET user/me/getsession, POST user/me/updatesession
 * and POST user/me/removesession): one list per user, args never kept, the
 * same list in every browser the user signs in on.
 */
import { DESKTOP_SESSION_JSON_MESSAGE, Messages, type DesktopSessionList } from '@atrium/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRecord } from '../../src/users/UserStore.js';
import { makeAccount, makeUser, signIn } from '../helpers/factories.js';
import { bearer, expectClientErrorEnvelope, form } from '../helpers/http.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';

/** A window session record at the given place. */
function windowAt(id: string, left: number, top: number, flags: { maximized?: boolean; minimized?: boolean } = {}) {
  return { id, maximized: flags.maximized ?? false, minimized: flags.minimized ?? false, position: { left, top }, dimension: { width: 640, height: 480 } };
}

/** Two applications, one with two windows (one maximized, one minimized), as the desktop sends them: with launch options. */
const SESSION = [
  { name: 'Preferences', args: { section: 'appearance' }, windows: [windowAt('Preferences-1', 40, 60)] },
  {
    name: 'Handbook',
    args: { url: '/api/v1/resources/x', nested: { deep: [1, 2, 3] } },
    windows: [windowAt('Viewer-1', 0, 0, { maximized: true }), windowAt('Viewer-2', -120.5, 300, { minimized: true })],
  },
];

/** SESSION as the server keeps it: the same windows, no launch options. */
const STORED: DesktopSessionList = SESSION.map((app) => ({ ...app, args: {} }));

describe(`desktop session on ${databaseKind}`, () => {
  let t: TestApp;
  let ada: UserRecord;
  let bob: UserRecord;
  let adaJwt: string;
  let bobJwt: string;
  let api: string;

  beforeAll(async () => {
    t = await createTestApp({ rateLimits: { auth: 1000 } });
    api = t.config.apiPrefix;
    const { stores } = t.services;
    const account = await makeAccount(stores);
    ada = await makeUser(stores, t.hasher, { accounts: [account.id] });
    bob = await makeUser(stores, t.hasher, { accounts: [account.id] });
    adaJwt = (await signIn(t.app, t.config.wrapperPrefix, ada.username)).jwt;
    bobJwt = (await signIn(t.app, t.config.wrapperPrefix, bob.username)).jwt;
  });
  afterAll(() => t.close());

  async function read(jwt: string): Promise<DesktopSessionList> {
    const res = await t.app.inject({ method: 'GET', url: `${api}/user/me/getsession`, headers: bearer(jwt) });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ status: string; data: DesktopSessionList }>();
    expect(body.status).toBe('success');
    return body.data;
  }
  const update = (jwt: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url: `${api}/user/me/updatesession`, headers: { ...bearer(jwt), 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
  const remove = (jwt: string) => t.app.inject({ method: 'POST', url: `${api}/user/me/removesession`, headers: bearer(jwt), payload: {} });

  it('needs a signed-in user for every call', async () => {
    expectClientErrorEnvelope(await t.app.inject({ method: 'GET', url: `${api}/user/me/getsession` }), 401);
    expectClientErrorEnvelope(await t.app.inject({ method: 'POST', url: `${api}/user/me/updatesession`, payload: { data: SESSION } }), 401);
    expectClientErrorEnvelope(await t.app.inject({ method: 'POST', url: `${api}/user/me/removesession`, payload: {} }), 401);
    // An unreadable token: the client refreshes and retries, as for every other call.
    const forged = await t.app.inject({ method: 'GET', url: `${api}/user/me/getsession`, headers: bearer('a.b.c') });
    expectClientErrorEnvelope(forged, 400);
    expect(forged.json()).toMatchObject({ message: Messages.tokenInvalid });
  });

  it('answers an empty list to a user who never saved a session', async () => {
    expect(await read(bobJwt)).toEqual([]);
  });

  it('stores the session and reads it back, with every launch option emptied', async () => {
    const res = await update(adaJwt, { data: SESSION });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: Messages.updated });
    expect(await read(adaJwt)).toEqual(STORED);
  });

  it('gives the same session to a second sign-in of the same user, as in another browser', async () => {
    const elsewhere = await signIn(t.app, t.config.wrapperPrefix, ada.username, undefined, '10.0.0.2');
    expect(elsewhere.jwt).not.toBe(adaJwt);
    expect(await read(elsewhere.jwt)).toEqual(STORED);
  });

  it("keeps each user to their own session", async () => {
    expect(await read(bobJwt)).toEqual([]);
    const own = [{ name: 'Preferences', args: {}, windows: [windowAt('Preferences-9', 1, 2)] }];
    expect((await update(bobJwt, { data: own })).statusCode).toBe(200);
    expect(await read(bobJwt)).toEqual(own);
    expect(await read(adaJwt)).toEqual(STORED);
  });

  it('replaces the whole saved session with each update', async () => {
    const later = [{ name: 'Handbook', args: {}, windows: [windowAt('Viewer-3', 200, 100)] }];
    expect((await update(adaJwt, { data: later })).statusCode).toBe(200);
    expect(await read(adaJwt)).toEqual(later);
    expect((await update(adaJwt, { data: [] })).statusCode).toBe(200);
    expect(await read(adaJwt)).toEqual([]);
  });

  it('accepts the list as JSON text, as a JSON or a form body, and stores the parsed list', async () => {
    expect((await update(adaJwt, { data: JSON.stringify(SESSION) })).statusCode).toBe(200);
    expect(await read(adaJwt)).toEqual(STORED);
    await update(adaJwt, { data: [] });
    const body = form({ data: JSON.stringify(SESSION) });
    const res = await t.app.inject({ method: 'POST', url: `${api}/user/me/updatesession`, headers: { ...bearer(adaJwt), ...body.headers }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(200);
    expect(await read(adaJwt)).toEqual(STORED);
  });

  it('accepts applications saved without args, and answers them with empty args', async () => {
    const res = await update(adaJwt, { data: [{ name: 'Preferences', windows: [] }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(await read(adaJwt)).toEqual([{ name: 'Preferences', args: {}, windows: [] }]);
  });

  it('removes the saved session, and removing none is no error', async () => {
    await update(adaJwt, { data: SESSION });
    const res = await remove(adaJwt);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success' });
    expect(await read(adaJwt)).toEqual([]);
    expect((await remove(adaJwt)).statusCode).toBe(200);
    // Only the caller's own session goes.
    expect(await read(bobJwt)).toHaveLength(1);
  });

  it('refuses a malformed session with a 400 that names the field, and keeps the saved one', async () => {
    await update(adaJwt, { data: SESSION });
    const window = windowAt('w', 0, 0);
    const cases: Array<[string, unknown, RegExp]> = [
      ['no data', {}, /^Invalid request: data: /],
      ['data of the wrong kind', { data: 12 }, /^Invalid request: data: /],
      ['JSON text that is no JSON', { data: '[{"name":' }, new RegExp(`data: ${DESKTOP_SESSION_JSON_MESSAGE}`)],
      ['JSON text of something else', { data: '{"name":"Chat"}' }, /^Invalid request: data: /],
      ['an application without a name', { data: [{ args: {}, windows: [] }] }, /data\.0\.name: /],
      ['an empty name', { data: [{ name: '', args: {}, windows: [] }] }, /data\.0\.name: /],
      ['a name with a NUL', { data: [{ name: 'Ch\u0000at', args: {}, windows: [] }] }, /data\.0\.name: must not contain NUL/],
      ['args that are no object', { data: [{ name: 'Chat', args: 'x', windows: [] }] }, /data\.0\.args: /],
      ['a window without a position', { data: [{ name: 'Chat', args: {}, windows: [{ ...window, position: undefined }] }] }, /data\.0\.windows\.0\.position: /],
      ['a position given as text', { data: [{ name: 'Chat', args: {}, windows: [{ ...window, position: { left: '10', top: 0 } }] }] }, /position\.left: /],
      ['a position far off any screen', { data: [{ name: 'Chat', args: {}, windows: [{ ...window, position: { left: 1e12, top: 0 } }] }] }, /position\.left: /],
      ['a negative size', { data: [{ name: 'Chat', args: {}, windows: [{ ...window, dimension: { width: -1, height: 10 } }] }] }, /dimension\.width: /],
      ['a flag given as text', { data: [{ name: 'Chat', args: {}, windows: [{ ...window, maximized: 'true' }] }] }, /windows\.0\.maximized: /],
      ['a window id with a lone surrogate', { data: [{ name: 'Chat', args: {}, windows: [{ ...window, id: 'w\ud800' }] }] }, /windows\.0\.id: /],
      ['an unknown field', { data: [{ name: 'Chat', args: {}, windows: [{ ...window, title: 'x' }] }] }, /title/],
      ['too many applications', { data: Array.from({ length: 51 }, (_, i) => ({ name: `App${i}`, args: {}, windows: [] })) }, /^Invalid request: data: /],
      ['too many windows', { data: [{ name: 'Chat', args: {}, windows: Array.from({ length: 51 }, (_, i) => windowAt(`w${i}`, i, i)) }] }, /data\.0\.windows: /],
    ];
    for (const [what, payload, message] of cases) {
      const res = await update(adaJwt, payload);
      expectClientErrorEnvelope(res, 400);
      expect(res.json<{ message: string }>().message, what).toMatch(message);
    }
    expect(await read(adaJwt)).toEqual(STORED);
  });

  it('answers an empty list rather than an error when what is stored no longer fits the session schema', async () => {
    await t.services.stores.desktopSessions.save(bob.id, [{ name: 'Chat', windows: 'not a list' }]);
    expect(await read(bobJwt)).toEqual([]);
  });

  it('takes a session of many windows, and refuses a body over 256 KiB with 413', async () => {
    const many = Array.from({ length: 50 }, (_, a) => ({
      name: `App${a}`,
      args: {},
      windows: Array.from({ length: 10 }, (_, w) => windowAt(`App${a}-window-${w}-${'x'.repeat(80)}`, w * 30, w * 30)),
    }));
    expect(JSON.stringify({ data: many }).length).toBeGreaterThan(100 * 1024);
    const res = await update(adaJwt, { data: many });
    expect(res.statusCode, res.body).toBe(200);
    expect(await read(adaJwt)).toEqual(many);
    const huge = await update(adaJwt, { data: [{ name: 'Chat', args: { padding: 'x'.repeat(260 * 1024) }, windows: [] }] });
    expectClientErrorEnvelope(huge, 413);
    expect(await read(adaJwt)).toEqual(many);
  });
});
