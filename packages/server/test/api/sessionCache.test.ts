/**
 * @module-tag postgres
 *
 * Session checks answered from memory (SESSION_CACHE_TTL): whatever ends a
 * session or changes a user in this server is seen by the very next call;
 * a change made behind the server's back (another process: the operator
 * command line on PostgreSQL, another instance) is seen within the TTL.
 */
import { Messages, type LoginResult, type Profile } from '@atrium/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountRecord } from '../../src/accounts/AccountStore.js';
import { PgUserStore } from '../../src/users/PgUserStore.js';
import { PgSessionStore } from '../../src/auth/PgSessionStore.js';
import { TestClock } from '../helpers/clock.js';
import { GOOD_PASSWORD, makeAccount, makeUser, signIn } from '../helpers/factories.js';
import { bearer } from '../helpers/http.js';
import { requestResetCode } from '../helpers/mail.js';
import { createTestApp, RecordingMailer, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';

const TTL = 60;

/** GET v1 /user/me with a token: its status and body. */
async function me(app: FastifyInstance, api: string, jwt: string) {
  const res = await app.inject({ method: 'GET', url: `${api}/user/me`, headers: bearer(jwt) });
  return { status: res.statusCode, body: res.json<{ status: string; message?: string; data?: { cleared_browser_cache: number } }>() };
}

describe(`session checks answered from memory on ${databaseKind}`, () => {
  const clock = new TestClock();
  const mailer = new RecordingMailer();
  let t: TestApp;
  let api: string;
  let wrapper: string;
  let acme: AccountRecord;
  let beta: AccountRecord;

  beforeAll(async () => {
    t = await createTestApp({ env: { SESSION_CACHE_TTL: String(TTL) }, now: clock.now, mailer, rateLimits: { auth: 1000, recovery: 1000 } });
    api = t.config.apiPrefix;
    wrapper = t.config.wrapperPrefix;
    acme = await makeAccount(t.services.stores, 'Acme');
    beta = await makeAccount(t.services.stores, 'Beta');
  });
  afterAll(() => t.close());

  /** A new user, signed in, whose session the server has already checked (and so remembers). */
  async function signedIn(): Promise<{ id: string; username: string; session: LoginResult }> {
    const user = await makeUser(t.services.stores, t.hasher, { accounts: [acme.id, beta.id] });
    const session = await signIn(t.app, wrapper, user.username);
    expect((await me(t.app, api, session.jwt)).status).toBe(200);
    return { id: user.id, username: user.username, session };
  }

  it('refuses a session on the very next call after logout', async () => {
    const { session } = await signedIn();
    const out = await t.app.inject({ method: 'POST', url: '/logout', headers: bearer(session.jwt), payload: { refresh_token: session.refresh_token } });
    expect(out.statusCode).toBe(200);
    const after = await me(t.app, api, session.jwt);
    expect(after.status).toBe(401);
    expect(after.body.message).toBe(Messages.sessionExpired);
  });

  it('refuses every session of a user on the very next call after a password reset', async () => {
    const user = await signedIn();
    const other = await signIn(t.app, wrapper, user.username);
    expect((await me(t.app, api, other.jwt)).status).toBe(200);
    const code = await requestResetCode(t, mailer, user.username);
    const reset = await t.app.inject({
      method: 'POST',
      url: `${wrapper}/user/me/resetpassword`,
      payload: { password_reset_code: code, new_password: `${GOOD_PASSWORD}x`, confirm_password: `${GOOD_PASSWORD}x` },
    });
    expect(reset.statusCode).toBe(200);
    expect((await me(t.app, api, user.session.jwt)).status).toBe(401);
    expect((await me(t.app, api, other.jwt)).status).toBe(401);
  });

  it('refuses the whole family on the very next call once a refresh token is used twice', async () => {
    const { session } = await signedIn();
    const refresh = (jwt: string, refreshToken: string) =>
      t.app.inject({ method: 'POST', url: `${wrapper}/refreshtoken`, payload: { jwt, refresh_token: refreshToken } });
    const rotated = (await refresh(session.jwt, session.refresh_token)).json<{ data: LoginResult }>().data;
    expect((await me(t.app, api, rotated.jwt)).status).toBe(200);
    // After the refresh tokens' grace window, well within the cache's time.
    clock.advanceSeconds(t.config.refreshTokenGrace + 1);
    expect((await refresh(session.jwt, session.refresh_token)).statusCode).toBe(401);
    expect((await me(t.app, api, rotated.jwt)).status).toBe(401);
    expect((await me(t.app, api, session.jwt)).status).toBe(401);
  });

  it('refuses a user disabled in this server on the very next call', async () => {
    const user = await signedIn();
    await t.services.stores.users.update(user.id, { disabled: true });
    expect((await me(t.app, api, user.session.jwt)).status).toBe(401);
    const validity = await t.app.inject({ method: 'POST', url: `${wrapper}/validatetoken`, payload: { jwt: user.session.jwt } });
    expect(validity.json()).toMatchObject({ status: 'error', message: Messages.sessionExpired });
  });

  it('shows users their own changes at once: flag, preferences and active account', async () => {
    const user = await signedIn();
    const jwt = user.session.jwt;
    expect((await me(t.app, api, jwt)).body.data?.cleared_browser_cache).toBe(0);
    const put = await t.app.inject({ method: 'PUT', url: `${api}/user/${user.id}`, headers: bearer(jwt), payload: { cleared_browser_cache: 1, preferences: { Greetingmessage: 'false' } } });
    expect(put.statusCode).toBe(200);
    expect((await me(t.app, api, jwt)).body.data?.cleared_browser_cache).toBe(1);
    const profile = async (token: string) =>
      (await t.app.inject({ method: 'GET', url: `${api}/user/me/a+p+acc+ap+t`, headers: bearer(token) })).json<{ data: Profile }>().data;
    expect((await profile(jwt)).preferences).toMatchObject({ Greetingmessage: 'false' });
    expect((await profile(jwt)).accountId).toBe(acme.id);
    const switched = await t.app.inject({ method: 'POST', url: `${api}/user/switchaccount`, headers: bearer(jwt), payload: { accountId: beta.id } });
    expect(switched.statusCode).toBe(200);
    expect((await profile(switched.json<{ data: { jwt: string } }>().data.jwt)).accountId).toBe(beta.id);
    expect((await profile(jwt)).accountId).toBe(beta.id);
  });

  it('sees a change made by another process within SESSION_CACHE_TTL seconds', async () => {
    const disabled = await signedIn();
    const revoked = await signedIn();
    // What the operator command line does from its own process: the same database, other stores.
    await new PgUserStore(t.database.db).update(disabled.id, { disabled: true });
    await new PgSessionStore(t.database.db).revokeAllForUser(revoked.id, 'operator');
    expect((await me(t.app, api, disabled.session.jwt)).status).toBe(200);
    expect((await me(t.app, api, revoked.session.jwt)).status).toBe(200);
    clock.advanceSeconds(TTL);
    expect((await me(t.app, api, disabled.session.jwt)).status).toBe(401);
    expect((await me(t.app, api, revoked.session.jwt)).status).toBe(401);
  });
});

describe(`session checks with SESSION_CACHE_TTL=0 on ${databaseKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SESSION_CACHE_TTL: '0' } });
  });
  afterAll(() => t.close());

  it('asks the database on every call, so a change by another process is seen at once', async () => {
    const account = await makeAccount(t.services.stores);
    const user = await makeUser(t.services.stores, t.hasher, { accounts: [account.id] });
    const { jwt } = await signIn(t.app, t.config.wrapperPrefix, user.username);
    expect((await me(t.app, t.config.apiPrefix, jwt)).status).toBe(200);
    await t.database.db.execute(sql`update users set disabled = true where id = ${user.id}`);
    expect((await me(t.app, t.config.apiPrefix, jwt)).status).toBe(401);
  });
});
