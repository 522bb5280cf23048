/**
 * @module-tag postgres
 *
 * The settings (docs/API.md#settings: GET and POST {api}/settings) over configured defaults
 * and locks, the user preference of PUT user/{id}, and what /client-config
 * tells the client about packages, sockets and settings.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { DEFAULT_SETTINGS, INVALID_PANEL_ITEM, Messages, SETTING_VALUE_MAX_BYTES, type ClientConfig, type Profile, type SettingsResponse } from '@atrium/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema.js';
import type { UserRecord } from '../../src/users/UserStore.js';
import { makeAccount, makeUser, signIn } from '../helpers/factories.js';
import { bearer, expectClientErrorEnvelope } from '../helpers/http.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';

describe(`settings on ${databaseKind}`, () => {
  let t: TestApp;
  let scratch: string;
  let ada: UserRecord;
  let bob: UserRecord;
  let adaJwt: string;
  let bobJwt: string;
  let url: string;

  beforeAll(async () => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-settings-'));
    const defaultsFile = path.join(scratch, 'defaults.json');
    fs.writeFileSync(defaultsFile, JSON.stringify({ 'desktop.font': 'Roboto', 'desktop.theme': 'Nocturne' }));
    t = await createTestApp({ rateLimits: { auth: 1000 }, env: { SETTINGS_DEFAULTS: defaultsFile, SETTINGS_LOCK: 'desktop.theme,desktop.lock' } });
    url = `${t.config.apiPrefix}/settings`;
    const { stores } = t.services;
    const account = await makeAccount(stores);
    ada = await makeUser(stores, t.hasher, { accounts: [account.id] });
    bob = await makeUser(stores, t.hasher, { accounts: [account.id] });
    const chat = await stores.apps.create({ name: 'Chat', title: 'Chat', category: 'collaboration' });
    await stores.apps.grant(ada.id, chat.id);
    adaJwt = (await signIn(t.app, t.config.wrapperPrefix, ada.username)).jwt;
    bobJwt = (await signIn(t.app, t.config.wrapperPrefix, bob.username)).jwt;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  const configured = { ...DEFAULT_SETTINGS, 'desktop.font': 'Roboto', 'desktop.theme': 'Nocturne' };

  async function read(jwt: string): Promise<SettingsResponse> {
    const res = await t.app.inject({ method: 'GET', url, headers: bearer(jwt) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: SettingsResponse }>().data;
  }
  const post = (jwt: string, payload: unknown) => t.app.inject({ method: 'POST', url, headers: bearer(jwt), payload: payload as object });

  it('needs a signed-in user', async () => {
    expectClientErrorEnvelope(await t.app.inject({ method: 'GET', url }), 401);
    expectClientErrorEnvelope(await t.app.inject({ method: 'POST', url, payload: { 'desktop.font': 'Lato' } }), 401);
  });

  it('answers the configured defaults and the locked keys to a new user', async () => {
    expect(await read(bobJwt)).toEqual({ values: configured, locked: ['desktop.theme', 'desktop.lock'] });
  });

  it('stores changes and answers every value', async () => {
    const panels = [{ position: 'bottom', ontop: false, items: [{ name: 'menu' }, { name: 'logout' }] }];
    const res = await post(adaJwt, { 'desktop.font': 'Lato', 'desktop.panels': panels, locale: 'de_DE' });
    expect(res.statusCode, res.body).toBe(200);
    const expected = { ...configured, 'desktop.font': 'Lato', 'desktop.panels': panels, locale: 'de_DE' };
    expect(res.json<{ data: SettingsResponse }>().data.values).toEqual(expected);
    expect((await read(adaJwt)).values).toEqual(expected);
  });

  it('keeps each user to their own settings', async () => {
    expect((await read(bobJwt)).values).toEqual(configured);
  });

  it('resets a key to the default with null', async () => {
    await post(adaJwt, { 'desktop.font': 'Lato' });
    const res = await post(adaJwt, { 'desktop.font': null });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: SettingsResponse }>().data.values['desktop.font']).toBe('Roboto');
    expect((await t.services.stores.settings.list(ada.id))['desktop.font']).toBeUndefined();
  });

  it('keeps string values that look like other JSON as strings', async () => {
    await post(adaJwt, { 'app.Chat': { mode: 'true', count: '12', nothing: 'null' } });
    expect((await read(adaJwt)).values['app.Chat']).toEqual({ mode: 'true', count: '12', nothing: 'null' });
  });

  it('refuses a locked key, and answers its default even when a value was stored before it was locked', async () => {
    const res = await post(adaJwt, { 'desktop.theme': 'Vision' });
    expectClientErrorEnvelope(res, 403);
    expect(res.json()).toMatchObject({ message: "Setting 'desktop.theme' is locked", code: 'settings.locked' });
    await t.services.stores.settings.apply(ada.id, [{ key: 'desktop.theme', value: 'Vision' }]);
    expect((await read(adaJwt)).values['desktop.theme']).toBe('Nocturne');
  });

  it.each([
    [{ 'desktop.nope': 1 }, "Unknown setting 'desktop.nope'", 'settings.unknown'],
    [{ 'app.': {} }, "Unknown setting 'app.'", 'settings.unknown'],
    [{ 'desktop.font': 'Comic Sans' }, "Invalid value for setting 'desktop.font': ", 'settings.invalid'],
    [{ 'desktop.panels': [{ position: 'top', ontop: true, items: [{ name: 'clock' }] }] }, INVALID_PANEL_ITEM, 'settings.invalid'],
    [{ 'desktop.background': { src: 'javascript:alert(1)', style: 'cover', color: '#000000' } }, "Invalid value for setting 'desktop.background': src: ", 'settings.invalid'],
    [{ 'app.Chat': 'not an object' }, "Invalid value for setting 'app.Chat': ", 'settings.invalid'],
    // Keys named after members every object inherits name no setting.
    [{ toString: 'x' }, "Unknown setting 'toString'", 'settings.unknown'],
    [{ constructor: {} }, "Unknown setting 'constructor'", 'settings.unknown'],
    [{ hasOwnProperty: 1 }, "Unknown setting 'hasOwnProperty'", 'settings.unknown'],
    // The JSON parser itself refuses a __proto__ key.
    [JSON.parse('{"__proto__": {"x": 1}}') as Record<string, unknown>, 'Invalid request', 'request.invalid'],
    // Text the database cannot store: a NUL, or a lone surrogate (sent as the JSON escape \ud800).
    [{ 'desktop.icons': 'Lu\u0000men' }, "Invalid value for setting 'desktop.icons': must not contain NUL", 'settings.invalid'],
    [{ 'app.Chat': { note: 'half a pair \ud800' } }, "Invalid value for setting 'app.Chat': must not contain NUL", 'settings.invalid'],
    [{ 'app.Chat': { ['key\u0000']: 1 } }, "Invalid value for setting 'app.Chat': must not contain NUL", 'settings.invalid'],
  ])('refuses %j with 400', async (body, message, code) => {
    const res = await post(adaJwt, body);
    expectClientErrorEnvelope(res, 400);
    const envelope = res.json<{ message: string; code: string }>();
    expect(envelope.message.startsWith(message), envelope.message).toBe(true);
    expect(envelope.code).toBe(code);
  });

  it('answers a bad body with 400 Invalid request', async () => {
    const bad = await t.app.inject({ method: 'POST', url, headers: { ...bearer(adaJwt), 'content-type': 'application/json' }, payload: '{"desktop.font": ' });
    expectClientErrorEnvelope(bad, 400);
    expect(bad.json()).toMatchObject({ message: Messages.invalidRequest, code: 'request.invalid' });
    expectClientErrorEnvelope(await post(adaJwt, {}), 400);
    expectClientErrorEnvelope(await post(adaJwt, ['desktop.font']), 400);
    expectClientErrorEnvelope(await t.app.inject({ method: 'POST', url, headers: { ...bearer(adaJwt), 'content-type': 'application/json' }, payload: 'null' }), 400);
  });

  it('refuses a value over the size limit with 413, and a body over the request limit', async () => {
    const big = await post(adaJwt, { 'app.Preferences': { text: 'x'.repeat(SETTING_VALUE_MAX_BYTES) } });
    expectClientErrorEnvelope(big, 413);
    expect(big.json()).toMatchObject({ message: "Setting 'app.Preferences' is too large", code: 'settings.too-large' });
    expectClientErrorEnvelope(await post(adaJwt, { 'app.Preferences': { text: 'x'.repeat(70 * 1024) } }), 413);
  });

  it("refuses the key of an application the user cannot see, and accepts those they can", async () => {
    const res = await post(bobJwt, { 'app.CRM': { view: 'list' } });
    expectClientErrorEnvelope(res, 403);
    expect(res.json()).toMatchObject({ message: "You don't have access to CRM App", code: 'packages.error.access' });
    expectClientErrorEnvelope(await post(bobJwt, { 'app.Chat': { a: 1 } }), 403);
    // Preferences is an application of every organisation; Chat is a profile app of Ada's.
    expect((await post(bobJwt, { 'app.Preferences': { tab: 'panels' } })).statusCode).toBe(200);
    expect((await post(adaJwt, { 'app.Chat': { a: 1 } })).statusCode).toBe(200);
  });

  it('hides the settings of an application once it is taken away', async () => {
    const chat = (await t.services.stores.apps.findByName('Chat'))!;
    expect((await read(adaJwt)).values['app.Chat']).toEqual({ a: 1 });
    await t.services.stores.apps.revoke(ada.id, chat.id);
    try {
      expect((await read(adaJwt)).values).not.toHaveProperty('app.Chat');
    } finally {
      await t.services.stores.apps.grant(ada.id, chat.id);
    }
  });

  it('writes all the keys of a request or none', async () => {
    const before = await read(adaJwt);
    for (const body of [
      { 'desktop.font': 'Lato', 'desktop.nope': 1 },
      { 'desktop.font': 'Lato', 'desktop.theme': 'Vision' },
      { 'desktop.font': 'Lato', 'app.CRM': {} },
      { 'desktop.font': 'Lato', 'desktop.panels': [{ position: 'top', ontop: true, items: [{ name: 'clock' }] }] },
    ]) {
      const res = await post(adaJwt, body);
      expect(res.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
    }
    expect(await read(adaJwt)).toEqual(before);
  });

  it('drops the settings of a deleted user with the user', async () => {
    const carol = await makeUser(t.services.stores, t.hasher);
    await t.services.stores.settings.apply(carol.id, [{ key: 'desktop.font', value: 'Lato' }]);
    await t.services.db.delete(users).where(eq(users.id, carol.id));
    expect(await t.services.stores.settings.list(carol.id)).toEqual({});
  });

  describe('PUT user/{id} preferences', () => {
    const put = (jwt: string, id: string, payload: object) => t.app.inject({ method: 'PUT', url: `${t.config.apiPrefix}/user/${id}`, headers: bearer(jwt), payload });
    const profile = async (jwt: string) =>
      (await t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/user/me/a+p+acc+ap+t`, headers: bearer(jwt) })).json<{ data: Profile }>().data;

    it('merges Greetingmessage into the stored preferences', async () => {
      await t.services.stores.users.update(ada.id, { preferences: { Greetingmessage: 'true', Other: 'kept' } });
      const res = await put(adaJwt, ada.id, { preferences: { Greetingmessage: 'false' } });
      expect(res.statusCode, res.body).toBe(200);
      expect((await profile(adaJwt)).preferences).toEqual({ Greetingmessage: 'false', Other: 'kept' });
      expect((await put(adaJwt, ada.id, { preferences: { Greetingmessage: 'true' }, cleared_browser_cache: 0 })).statusCode).toBe(200);
      expect((await profile(adaJwt)).preferences.Greetingmessage).toBe('true');
    });

    it.each([{}, { preferences: {} }, { preferences: { Greetingmessage: 'maybe' } }, { preferences: { Greetingmessage: 'false', theme: 'x' } }])(
      'refuses %j',
      async (body) => {
        expectClientErrorEnvelope(await put(adaJwt, ada.id, body), 400);
      },
    );

    it("refuses another user's record", async () => {
      expectClientErrorEnvelope(await put(bobJwt, ada.id, { preferences: { Greetingmessage: 'false' } }), 403);
    });
  });

  it('tells the client the manifest address, socket path, session age and settings configuration', async () => {
    const config = (await t.app.inject({ method: 'GET', url: '/client-config' })).json<ClientConfig>();
    expect(config).toMatchObject({
      manifestUrl: `${t.config.apiPrefix}/packages/manifest`,
      socketPath: '/socket',
      sessionMaxAge: t.config.sessionMaxAge,
      settings: { defaults: configured, lock: ['desktop.theme', 'desktop.lock'] },
    });
  });
});
