/**
 * @module-tag embedded-only
 *
 * Forgot and reset password (docs/behaviour/password-recovery.md): neutral answers, the mail and its
 * link, the password rules in order, single-use expiring codes stored hashed,
 * and every session ended by a reset. Delivery is checked against a real
 * SMTP server and the outbox folder too.
 */
import { Messages, PASSWORD_RULE_MESSAGES, RESET_CODE_LIFETIME, type PasswordRule } from '@atrium/shared';
import { eq } from 'drizzle-orm';
import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetCodes } from '../../src/db/schema.js';
import { TestClock } from '../helpers/clock.js';
import { GOOD_PASSWORD, makeAccount, makeUser, signIn } from '../helpers/factories.js';
import { bearer, expectClientErrorEnvelope } from '../helpers/http.js';
import { decodeQuotedPrintable, requestResetCode, resetCodeIn, resetCodeOf } from '../helpers/mail.js';
import { createTestApp, RecordingMailer, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';

const NEW_PASSWORD = 'Brand-New#Pass42';

describe(`password recovery on ${databaseKind}`, () => {
  let t: TestApp;
  const clock = new TestClock();
  const mailer = new RecordingMailer();
  let accountId: string;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now, mailer, rateLimits: { auth: 1000, recovery: 1000 } });
    accountId = (await makeAccount(t.services.stores)).id;
  });
  afterAll(() => t.close());

  const forgot = (payload: object | string, headers?: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: `${t.config.wrapperPrefix}/user/me/forgotpassword`, payload, headers });
  const reset = (code: string, password: string, confirmation = password) =>
    t.app.inject({
      method: 'POST',
      url: `${t.config.wrapperPrefix}/user/me/resetpassword`,
      payload: { password_reset_code: code, new_password: password, confirm_password: confirmation },
    });
  const newUser = (fields: Parameters<typeof makeUser>[2] = {}) => makeUser(t.services.stores, t.hasher, { accounts: [accountId], ...fields });
  const signInStatus = async (username: string, password: string) =>
    (await t.app.inject({ method: 'POST', url: `${t.config.wrapperPrefix}/auth`, payload: { username, password } })).statusCode;

  describe('forgot password', () => {
    it('gives the same neutral answer for an existing and an unknown username', async () => {
      const user = await newUser();
      const known = await forgot({ username: user.username });
      const unknown = await forgot({ username: 'nobody-here' });
      expect(known.statusCode).toBe(200);
      expect(known.json()).toEqual({ status: 'success', message: Messages.forgotSent });
      expect(unknown.statusCode).toBe(known.statusCode);
      expect(unknown.body).toBe(known.body);
      await t.services.recovery.drain();
    });

    it('accepts the username as a form field', async () => {
      const user = await newUser();
      const before = mailer.sent.length;
      const res = await forgot(new URLSearchParams({ username: user.username }).toString(), { 'content-type': 'application/x-www-form-urlencoded' });
      expect(res.json()).toEqual({ status: 'success', message: Messages.forgotSent });
      await t.services.recovery.drain();
      expect(mailer.sent.slice(before).map((m) => m.to)).toEqual([user.email]);
    });

    it.each(['', '   '])("refuses the username %j with 400 'Please enter your Username'", async (username) => {
      const res = await forgot({ username });
      expectClientErrorEnvelope(res, 400);
      expect(res.json()).toMatchObject({ status: 'error', message: Messages.forgotUsernameRequired });
    });

    it('refuses a missing username or extra fields with a 400 envelope', async () => {
      expectClientErrorEnvelope(await forgot({}), 400);
      expectClientErrorEnvelope(await forgot({ username: 'a', email: 'b@example.test' }), 400);
    });

    it('mails a reset link under PUBLIC_URL only to an existing user with an e-mail address', async () => {
      const user = await newUser({ email: 'grace@example.test', firstname: 'Grace', lastname: 'Hopper' });
      const noEmail = await newUser({ email: null });
      const disabled = await newUser({ email: 'disabled@example.test' });
      await t.services.stores.users.update(disabled.id, { disabled: true });
      const before = mailer.sent.length;
      for (const username of ['nobody-here', noEmail.username, disabled.username, user.username.toUpperCase()]) {
        expect((await forgot({ username })).statusCode).toBe(200);
      }
      await t.services.recovery.drain();
      const sent = mailer.sent.slice(before);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.to).toBe('grace@example.test');
      const code = resetCodeOf(sent[0]);
      expect(sent[0]!.text).toContain(`${t.config.publicUrl}/?resetpassword=${code}`);
      expect(t.config.publicUrl).toBe('http://atrium.test');
      expect(resetCodeIn(sent[0]!.html)).toBe(code);
      expect(sent[0]!.text).toContain('Grace Hopper');
    });

    it('issues a different code for each request', async () => {
      const user = await newUser();
      const a = await requestResetCode(t, mailer, user.username);
      const b = await requestResetCode(t, mailer, user.username);
      expect(a).not.toBe(b);
    });

    it('stops mailing a user after five requests in an hour, while answering the same', async () => {
      const user = await newUser();
      const before = mailer.sent.length;
      for (let i = 0; i < 7; i++) expect((await forgot({ username: user.username })).json()).toEqual({ status: 'success', message: Messages.forgotSent });
      await t.services.recovery.drain();
      expect(mailer.sent.slice(before)).toHaveLength(5);
    });

    it('stores the code hashed, never in plain text', async () => {
      const user = await newUser();
      const code = await requestResetCode(t, mailer, user.username);
      const rows = await t.database.db.select().from(passwordResetCodes).where(eq(passwordResetCodes.userId, user.id));
      expect(rows).toHaveLength(1);
      const stored = JSON.stringify(rows);
      expect(stored).not.toContain(code);
      expect(rows[0]!.codeHash).not.toBe(code);
      expect(rows[0]!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    });
  });

  describe('reset password', () => {
    // Each password breaks its rule and every later one, but none before it: the order is checked too.
    const ruleCases: Array<[PasswordRule, string, string]> = [
      ['length', 'a', 'a'],
      ['digit', 'abcdefgh', 'abcdefgh'],
      ['lowercase', '12345678', '12345678'],
      ['uppercase', 'abcdefg1', 'abcdefg1'],
      ['special', 'Abcdefg1', 'Abcdefg1'],
      ['mismatch', 'Abcdefg1!', 'Abcdefg1?'],
    ];

    it('checks the six rules in order, each with its exact message, without using up the code', async () => {
      const user = await newUser();
      const code = await requestResetCode(t, mailer, user.username);
      for (const [rule, password, confirmation] of ruleCases) {
        const res = await reset(code, password, confirmation);
        expectClientErrorEnvelope(res, 400);
        expect(res.json(), rule).toMatchObject({ status: 'error', message: PASSWORD_RULE_MESSAGES[rule] });
      }
      expect((await reset(code, NEW_PASSWORD)).json()).toEqual({ status: 'success', message: Messages.resetSuccess });
    });

    it('checks the rules before the code, so a bad code with a weak password names the rule', async () => {
      const res = await reset('no-such-code', 'short');
      expect(res.json()).toMatchObject({ message: PASSWORD_RULE_MESSAGES.length });
    });

    it("refuses an unknown code with 400 'The password reset link has expired, please try resetting again.'", async () => {
      const res = await reset('no-such-code', NEW_PASSWORD);
      expectClientErrorEnvelope(res, 400);
      expect(res.json()).toMatchObject({ status: 'error', message: Messages.resetExpired });
    });

    it('sets the new password with a good code: the new one signs in, the old one no longer does', async () => {
      const user = await newUser();
      const code = await requestResetCode(t, mailer, user.username);
      const res = await reset(code, NEW_PASSWORD);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'success', message: Messages.resetSuccess });
      expect(await signInStatus(user.username, NEW_PASSWORD)).toBe(200);
      expect(await signInStatus(user.username, GOOD_PASSWORD)).toBe(401);
    });

    it('accepts a code only once', async () => {
      const user = await newUser();
      const code = await requestResetCode(t, mailer, user.username);
      expect((await reset(code, NEW_PASSWORD)).statusCode).toBe(200);
      const again = await reset(code, 'Third#Password3');
      expectClientErrorEnvelope(again, 400);
      expect(again.json()).toMatchObject({ message: Messages.resetExpired });
      expect(await signInStatus(user.username, NEW_PASSWORD)).toBe(200);
    });

    it('invalidates the other outstanding codes of the user once one is used', async () => {
      const user = await newUser();
      const first = await requestResetCode(t, mailer, user.username);
      const second = await requestResetCode(t, mailer, user.username);
      expect((await reset(second, NEW_PASSWORD)).statusCode).toBe(200);
      expect((await reset(first, 'Third#Password3')).json()).toMatchObject({ message: Messages.resetExpired });
    });

    it('accepts a code until ten minutes have passed, and not after', async () => {
      const early = await newUser();
      const late = await newUser();
      const earlyCode = await requestResetCode(t, mailer, early.username);
      const lateCode = await requestResetCode(t, mailer, late.username);
      clock.advanceMs(RESET_CODE_LIFETIME - 5_000);
      expect((await reset(earlyCode, NEW_PASSWORD)).statusCode).toBe(200);
      clock.advanceMs(10_000);
      const res = await reset(lateCode, NEW_PASSWORD);
      expectClientErrorEnvelope(res, 400);
      expect(res.json()).toMatchObject({ message: Messages.resetExpired });
      expect(RESET_CODE_LIFETIME).toBe(10 * 60 * 1000);
    });

    it('refuses the code of a user disabled since it was issued', async () => {
      const user = await newUser();
      const code = await requestResetCode(t, mailer, user.username);
      await t.services.stores.users.update(user.id, { disabled: true });
      expect((await reset(code, NEW_PASSWORD)).json()).toMatchObject({ message: Messages.resetExpired });
    });

    it('ends every session of the user: refresh tokens fail and access tokens get Session Expired', async () => {
      const user = await newUser();
      const sessions = [await signIn(t.app, t.config.wrapperPrefix, user.username), await signIn(t.app, t.config.wrapperPrefix, user.username)];
      const bystander = await newUser();
      const bystanderSession = await signIn(t.app, t.config.wrapperPrefix, bystander.username);
      const code = await requestResetCode(t, mailer, user.username);
      expect((await reset(code, NEW_PASSWORD)).statusCode).toBe(200);
      for (const s of sessions) {
        const me = await t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/user/me`, headers: bearer(s.jwt) });
        expectClientErrorEnvelope(me, 401);
        expect(me.json()).toMatchObject({ message: Messages.sessionExpired });
        const refreshed = await t.app.inject({
          method: 'POST',
          url: `${t.config.wrapperPrefix}/refreshtoken`,
          payload: { jwt: s.jwt, refresh_token: s.refresh_token },
        });
        expectClientErrorEnvelope(refreshed, 401);
      }
      const other = await t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/user/me`, headers: bearer(bystanderSession.jwt) });
      expect(other.statusCode).toBe(200);
    });

    it('unlocks an account that was locked by failed sign-ins', async () => {
      const user = await newUser();
      for (let i = 0; i < t.config.loginMaxFailuresAccount; i++) await signInStatus(user.username, 'Wrong#Password1');
      expect(await signInStatus(user.username, GOOD_PASSWORD)).toBe(401);
      const code = await requestResetCode(t, mailer, user.username);
      expect((await reset(code, NEW_PASSWORD)).statusCode).toBe(200);
      expect(await signInStatus(user.username, NEW_PASSWORD)).toBe(200);
    });

    it('refuses malformed reset requests with a 400 envelope', async () => {
      const url = `${t.config.wrapperPrefix}/user/me/resetpassword`;
      for (const payload of [
        {},
        { password_reset_code: '', new_password: NEW_PASSWORD, confirm_password: NEW_PASSWORD },
        { password_reset_code: 'x', new_password: NEW_PASSWORD },
        { password_reset_code: 'x', new_password: NEW_PASSWORD, confirm_password: NEW_PASSWORD, username: 'admin' },
        { password_reset_code: ['x', 'y'], new_password: NEW_PASSWORD, confirm_password: NEW_PASSWORD },
      ]) {
        expectClientErrorEnvelope(await t.app.inject({ method: 'POST', url, payload }), 400);
      }
    });
  });
});

describe(`password-reset mail delivery on ${databaseKind}`, () => {
  it('delivers the reset mail to a real SMTP server when SMTP is configured', async () => {
    const received: Array<{ to: string[]; raw: string }> = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const address = smtp.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const t = await createTestApp({ env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port), SMTP_SECURE: 'false' } });
    try {
      const account = await makeAccount(t.services.stores);
      const user = await makeUser(t.services.stores, t.hasher, { email: 'smtp.user@example.test', accounts: [account.id] });
      const res = await t.app.inject({ method: 'POST', url: `${t.config.wrapperPrefix}/user/me/forgotpassword`, payload: { username: user.username } });
      expect(res.json()).toEqual({ status: 'success', message: Messages.forgotSent });
      await t.services.recovery.drain();
      expect(received).toHaveLength(1);
      expect(received[0]!.to).toEqual(['smtp.user@example.test']);
      const body = decodeQuotedPrintable(received[0]!.raw);
      expect(body).toContain('Subject: Reset your Atrium password');
      const code = resetCodeIn(body);
      expect(code).toBeTruthy();
      expect(body).toContain(`${t.config.publicUrl}/?resetpassword=${code}`);
      const reset = await t.app.inject({
        method: 'POST',
        url: `${t.config.wrapperPrefix}/user/me/resetpassword`,
        payload: { password_reset_code: code, new_password: NEW_PASSWORD, confirm_password: NEW_PASSWORD },
      });
      expect(reset.json()).toEqual({ status: 'success', message: Messages.resetSuccess });
    } finally {
      await t.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });

  it('writes the mail to <dataDir>/outbox without SMTP, logging the file but not the code', async () => {
    const t = await createTestApp();
    try {
      const account = await makeAccount(t.services.stores);
      const user = await makeUser(t.services.stores, t.hasher, { email: 'outbox.user@example.test', accounts: [account.id] });
      await t.app.inject({ method: 'POST', url: `${t.config.wrapperPrefix}/user/me/forgotpassword`, payload: { username: user.username } });
      await t.services.recovery.drain();
      const outbox = path.join(t.config.dataDir, 'outbox');
      const files = fs.readdirSync(outbox).filter((f) => f.endsWith('.eml'));
      expect(files).toHaveLength(1);
      const file = path.join(outbox, files[0]!);
      expect(fs.statSync(file).mode & 0o077).toBe(0);
      const mail = decodeQuotedPrintable(fs.readFileSync(file, 'utf8'));
      expect(mail).toContain('To: outbox.user@example.test');
      const code = resetCodeIn(mail);
      expect(code).toBeTruthy();
      expect(mail).toContain(`${t.config.publicUrl}/?resetpassword=${code}`);

      const mentions = t.logs.filter((line) => line.includes(files[0]!));
      expect(mentions).toHaveLength(1);
      expect(JSON.parse(mentions[0]!)).toMatchObject({ file });
      for (const line of t.logs) expect(line).not.toContain(code!);
    } finally {
      await t.close();
    }
  });
});
