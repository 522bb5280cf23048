// @module-tag postgres
import { PASSWORD_RULE_MESSAGES } from '@atrium/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../helpers/testDatabase.js';
import { createCliHarness, type CliHarness } from './cliHarness.js';

const GOOD = 'Str0ng#Pass';

describe(`atrium user on ${databaseKind}`, () => {
  let h: CliHarness;
  beforeAll(async () => {
    h = await createCliHarness();
    await h.ctx.stores.accounts.create({ name: 'Acme' });
    await h.ctx.stores.accounts.create({ name: 'Globex' });
  });
  afterAll(() => h.close());

  describe('create', () => {
    it('creates a user with every field, joins the organisations and makes the first active', async () => {
      await h.run(['user', 'create', 'boss', '--email', 'boss@acme.test']);
      const acme = (await h.ctx.stores.accounts.findByName('Acme'))!;
      const r = await h.run([
        'user', 'create', 'Alice', '--email', 'alice@acme.test', '--firstname', 'Alice', '--lastname', 'Liddell',
        '--designation', 'Analyst', '--country', 'Norway', '--manager', 'boss', '--date-of-birth', '1990-02-28',
        '--account', acme.id, '--account', 'Globex', '--password', GOOD,
      ]);
      expect(r).toMatchObject({ code: 0, stderr: '' });
      const user = (await h.ctx.stores.users.findByUsername('alice'))!;
      expect(r.stdout).toBe(`Created user alice (id ${user.id}) in Acme, Globex.`);
      const boss = (await h.ctx.stores.users.findByUsername('boss'))!;
      expect(user).toMatchObject({
        username: 'alice', email: 'alice@acme.test', firstname: 'Alice', lastname: 'Liddell', designation: 'Analyst',
        country: 'Norway', dateOfBirth: '1990-02-28', managerId: boss.id, activeAccountId: acme.id, disabled: false,
      });
      expect(await h.ctx.hasher.verify(user.passwordHash!, GOOD)).toBe(true);
      expect((await h.ctx.stores.accounts.listForUser(user.id)).map((a) => a.name)).toEqual(['Acme', 'Globex']);
    });

    it('creates a user without a password and says how to set one', async () => {
      const r = await h.run(['user', 'create', 'nopass', '--email', 'np@acme.test']);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain("No password set: set one with 'atrium user set-password nopass'");
      expect((await h.ctx.stores.users.findByUsername('nopass'))!.passwordHash).toBeNull();
    });

    it('reads the password from standard input', async () => {
      const r = await h.run(['user', 'create', 'piped', '--email', 'p@acme.test', '--password-stdin'], `${GOOD}\n`);
      expect(r.code).toBe(0);
      const user = (await h.ctx.stores.users.findByUsername('piped'))!;
      expect(await h.ctx.hasher.verify(user.passwordHash!, GOOD)).toBe(true);
    });

    it('refuses a password that breaks a rule, with the rule message, and creates nothing', async () => {
      const r = await h.run(['user', 'create', 'weak', '--email', 'w@acme.test', '--password', 'abcdefgh']);
      expect(r).toEqual({ code: 1, stdout: '', stderr: PASSWORD_RULE_MESSAGES.digit });
      expect((await h.run(['user', 'create', 'weak', '--email', 'w@acme.test', '--password', 'Abcdefg1'])).stderr).toBe(PASSWORD_RULE_MESSAGES.special);
      expect(await h.ctx.stores.users.findByUsername('weak')).toBeNull();
    });

    it('refuses a duplicate username, whatever its case', async () => {
      const r = await h.run(['user', 'create', 'ALICE', '--email', 'x@acme.test']);
      expect(r).toMatchObject({ code: 1, stderr: "A user named 'ALICE' already exists." });
    });

    it('refuses an unknown manager or organisation without creating the user', async () => {
      expect(await h.run(['user', 'create', 'carol', '--email', 'c@acme.test', '--manager', 'ghost'])).toMatchObject({ code: 1, stderr: "No user named 'ghost'." });
      expect(await h.run(['user', 'create', 'carol', '--email', 'c@acme.test', '--account', 'Initech'])).toMatchObject({ code: 1, stderr: "No organisation named 'Initech'." });
      expect(await h.ctx.stores.users.findByUsername('carol')).toBeNull();
    });

    it.each([
      [['user', 'create', 'dave'], 'missing required option --email'],
      [['user', 'create', '--email', 'd@acme.test'], 'missing <username>'],
      [['user', 'create', 'dave', 'extra', '--email', 'd@acme.test'], "unexpected argument 'extra'"],
      [['user', 'create', 'dave', '--email', 'd@acme.test', '--nickname', 'D'], 'unknown option --nickname'],
      [['user', 'create', 'dave', '--email'], 'option --email needs a value'],
      [['user', 'create', 'dave', '--email', 'not-an-address'], "'not-an-address' is not an e-mail address"],
      [['user', 'create', 'dave', '--email', 'd@acme.test', '--date-of-birth', '1990-02-30'], '--date-of-birth must be a date as YYYY-MM-DD'],
      [['user', 'create', 'dave', '--email', 'd@acme.test', '--date-of-birth', '3000-01-01'], '--date-of-birth must not be in the future'],
      [['user', 'create', 'dave', '--email', 'd@acme.test', '--password', GOOD, '--password-stdin'], 'give either --password or --password-stdin, not both'],
      [['user', 'create', 'da ve', '--email', 'd@acme.test'], 'a username has at most 254 characters and no spaces'],
    ])('rejects the command line %j with usage and exit code 2', async (argv, message) => {
      const opened = h.opened;
      const r = await h.run(argv);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`error: ${message}`);
      expect(r.stderr).toContain('Usage: atrium user create <username> --email <address> [options]');
      expect(r.stderr).not.toMatch(/\n\s+at /);
      expect(h.opened).toBe(opened);
    });
  });

  describe('list', () => {
    it('shows a table with name, e-mail, status and organisations', async () => {
      const r = await h.run(['user', 'list']);
      expect(r.code).toBe(0);
      const lines = r.stdout.split('\n');
      expect(lines[0]).toMatch(/^USERNAME\s+NAME\s+EMAIL\s+STATUS\s+ACCOUNTS$/);
      expect(lines.find((l) => l.startsWith('alice '))).toMatch(/^alice\s+Alice Liddell\s+alice@acme\.test\s+active\s+Acme, Globex$/);
    });

    it('prints JSON with --json', async () => {
      const r = await h.run(['user', 'list', '--json']);
      const users = JSON.parse(r.stdout) as Array<{ username: string; status: string; hasPassword: boolean; accounts: Array<{ name: string }> }>;
      expect(users.find((u) => u.username === 'alice')).toMatchObject({ status: 'active', hasPassword: true, accounts: [{ name: 'Acme' }, { name: 'Globex' }] });
      expect(users.find((u) => u.username === 'nopass')).toMatchObject({ hasPassword: false, accounts: [] });
    });
  });

  describe('disable and enable', () => {
    it('disables a user and ends their sessions, then enables them again', async () => {
      const user = (await h.ctx.stores.users.findByUsername('piped'))!;
      const session = await h.ctx.stores.sessions.createSession({ userId: user.id, expiresAt: new Date(Date.now() + 3600_000) });
      expect(await h.run(['user', 'disable', 'piped'])).toMatchObject({ code: 0, stdout: 'Disabled user piped; ended 1 session.' });
      expect((await h.ctx.stores.users.findById(user.id))!.disabled).toBe(true);
      expect(await h.ctx.stores.sessions.findSession(session.id)).toMatchObject({ revokedReason: 'disabled' });
      expect((await h.run(['user', 'list'])).stdout).toMatch(/\npiped\s+p@acme\.test\s+disabled/);
      expect((await h.run(['user', 'disable', 'piped'])).stdout).toBe('User piped was already disabled; ended 0 sessions.');

      expect(await h.run(['user', 'enable', 'piped'])).toMatchObject({ code: 0, stdout: 'Enabled user piped.' });
      expect((await h.ctx.stores.users.findById(user.id))!.disabled).toBe(false);
      expect((await h.run(['user', 'enable', 'piped'])).stdout).toBe('User piped is already enabled.');
    });

    it('reports an unknown user with exit code 1', async () => {
      expect(await h.run(['user', 'disable', 'ghost'])).toEqual({ code: 1, stdout: '', stderr: "No user named 'ghost'." });
      expect(await h.run(['user', 'enable', 'ghost'])).toMatchObject({ code: 1, stderr: "No user named 'ghost'." });
    });
  });

  describe('set-password', () => {
    it('sets the password and ends every session of the user', async () => {
      const user = (await h.ctx.stores.users.findByUsername('nopass'))!;
      const expiresAt = new Date(Date.now() + 3600_000);
      const sessions = [await h.ctx.stores.sessions.createSession({ userId: user.id, expiresAt }), await h.ctx.stores.sessions.createSession({ userId: user.id, expiresAt })];
      const r = await h.run(['user', 'set-password', 'nopass', '--password-stdin'], `${GOOD}\r\n`);
      expect(r).toMatchObject({ code: 0, stdout: 'Password of nopass changed; ended 2 sessions.' });
      expect(await h.ctx.hasher.verify((await h.ctx.stores.users.findById(user.id))!.passwordHash!, GOOD)).toBe(true);
      for (const s of sessions) expect(await h.ctx.stores.sessions.findSession(s.id)).toMatchObject({ revokedReason: 'operator' });
    });

    it('refuses a weak password and keeps the old one', async () => {
      const before = (await h.ctx.stores.users.findByUsername('alice'))!.passwordHash;
      expect(await h.run(['user', 'set-password', 'alice', '--password', 'short'])).toMatchObject({ code: 1, stderr: PASSWORD_RULE_MESSAGES.length });
      expect(await h.run(['user', 'set-password', 'alice', '--password', 'NOLOWER1#'])).toMatchObject({ code: 1, stderr: PASSWORD_RULE_MESSAGES.lowercase });
      expect((await h.ctx.stores.users.findByUsername('alice'))!.passwordHash).toBe(before);
    });

    it('refuses a password of several lines from standard input', async () => {
      expect(await h.run(['user', 'set-password', 'alice', '--password-stdin'], `${GOOD}\nmore\n`)).toMatchObject({
        code: 1,
        stderr: 'The password read from standard input must be a single line.',
      });
    });

    it('needs a password option, and an existing user', async () => {
      const r = await h.run(['user', 'set-password', 'alice']);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('error: give the new password with --password or --password-stdin');
      expect(r.stderr).toContain('Usage: atrium user set-password <username> [options]');
      expect(await h.run(['user', 'set-password', 'ghost', '--password', GOOD])).toMatchObject({ code: 1, stderr: "No user named 'ghost'." });
    });
  });
});
