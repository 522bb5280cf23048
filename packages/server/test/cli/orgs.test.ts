// @module-tag postgres
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../helpers/testDatabase.js';
import { createCliHarness, type CliHarness } from './cliHarness.js';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>';

describe(`atrium org on ${databaseKind}`, () => {
  let h: CliHarness;
  beforeAll(async () => {
    h = await createCliHarness();
    await h.ctx.stores.users.create({ username: 'alice', email: 'alice@acme.test' });
  });
  afterAll(() => h.close());

  describe('create', () => {
    it('creates an organisation with every option, its logo stored as a resource', async () => {
      const logo = h.file('logo.svg', SVG);
      const policy = h.file('policy.html', '<h2>Privacy</h2>');
      const r = await h.run([
        'org', 'create', 'Acme', '--host', 'acme.test', '--host', 'WWW.Acme.test:8443', '--default', '--logo', logo, '--theme', 'Vision',
        '--favicon', '/favicon.ico', '--privacy-policy-file', policy, '--login-url', 'https://login.acme.test/', '--footer', 'Acme Inc.',
      ]);
      expect(r).toMatchObject({ code: 0, stderr: '' });
      const org = (await h.ctx.stores.accounts.findByName('Acme'))!;
      expect(r.stdout).toBe(`Created organisation Acme (id ${org.id}), now the default.`);
      expect(org).toMatchObject({
        hosts: ['acme.test', 'www.acme.test:8443'], isDefault: true, theme: 'Vision', favicon: '/favicon.ico',
        privacyPolicy: '<h2>Privacy</h2>', loginUrl: 'https://login.acme.test/', footerText: 'Acme Inc.',
      });
      const resource = (await h.ctx.stores.resources.findById(org.logoResourceId!))!;
      expect(resource).toMatchObject({ filename: 'logo.svg', mime: 'image/svg+xml', size: SVG.length });
      expect(Buffer.concat(await (await h.ctx.stores.blobs.read(resource.id))!.toArray()).toString('utf8')).toBe(SVG);
    });

    it('moves the default to a new default organisation', async () => {
      expect((await h.run(['org', 'create', 'Globex', '--default'])).code).toBe(0);
      expect((await h.ctx.stores.accounts.findByName('Acme'))!.isDefault).toBe(false);
      expect((await h.ctx.stores.accounts.findByName('Globex'))!.isDefault).toBe(true);
    });

    it('refuses a duplicate name or a host another organisation serves', async () => {
      expect(await h.run(['org', 'create', 'Acme'])).toEqual({ code: 1, stdout: '', stderr: "An organisation named 'Acme' already exists." });
      expect(await h.run(['org', 'create', 'Initech', '--host', 'ACME.test'])).toMatchObject({ code: 1, stderr: "The host 'acme.test' already belongs to the organisation 'Acme'." });
      expect(await h.ctx.stores.accounts.findByName('Initech')).toBeNull();
    });

    it('refuses a logo that is missing or not an image', async () => {
      expect(await h.run(['org', 'create', 'Initech', '--logo', path.join(h.dataDir, 'missing.png')])).toMatchObject({ code: 1, stderr: expect.stringMatching(/^Cannot read the logo file '.*missing\.png': no such file\.$/) });
      const video = await h.run(['org', 'create', 'Initech', '--logo', h.file('logo.mp4', 'x')]);
      expect(video).toMatchObject({ code: 1, stderr: expect.stringContaining('The logo must be an image') });
      const text = await h.run(['org', 'create', 'Initech', '--logo', h.file('logo.txt', 'x')]);
      expect(text).toMatchObject({ code: 1, stderr: expect.stringContaining("Unsupported file type '.txt'. Accepted: .png") });
      expect(await h.ctx.stores.accounts.findByName('Initech')).toBeNull();
    });

    it.each([
      [['org', 'create'], 'missing <name>'],
      [['org', 'create', 'X', '--host', 'https://x.test/'], "--host must be a host name such as atrium.example.com (with an optional :port), not 'https://x.test/'"],
      [['org', 'create', 'X', '--favicon', 'javascript:alert(1)'], "--favicon must be an http(s) address or a path starting with /, not 'javascript:alert(1)'"],
      [['org', 'create', 'X', '--login-url', 'login'], '--login-url must be an http(s) address or a path starting with /'],
      [['org', 'create', 'X', '--default=yes'], 'option --default takes no value'],
      [['org', 'create', 'X', '--colour', 'red'], 'unknown option --colour'],
    ])('rejects the command line %j with usage and exit code 2', async (argv, message) => {
      const r = await h.run(argv);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`error: ${message}`);
      expect(r.stderr).toContain('Usage: atrium org create <name> [options]');
    });
  });

  describe('list', () => {
    it('shows name, id, default and hosts', async () => {
      const acme = (await h.ctx.stores.accounts.findByName('Acme'))!;
      const r = await h.run(['org', 'list']);
      expect(r.code).toBe(0);
      expect(r.stdout.split('\n')[0]).toMatch(/^NAME\s+ID\s+DEFAULT\s+HOSTS\s+THEME$/);
      expect(r.stdout).toMatch(new RegExp(`\\nAcme\\s+${acme.id}\\s+acme\\.test, www\\.acme\\.test:8443\\s+Vision`));
      expect(r.stdout).toMatch(/\nGlobex\s+\S+\s+yes$/m);
    });

    it('prints JSON with --json', async () => {
      const orgs = JSON.parse((await h.run(['org', 'list', '--json'])).stdout) as Array<{ name: string; isDefault: boolean; hasPrivacyPolicy: boolean }>;
      expect(orgs.map((o) => o.name)).toEqual(['Acme', 'Globex']);
      expect(orgs[0]).toMatchObject({ isDefault: false, hasPrivacyPolicy: true, workingTime: 'mon-fri 09:00-17:00 UTC' });
    });
  });

  describe('working days and hours', () => {
    it('creates an organisation that works in its own time zone, days and hours', async () => {
      const r = await h.run(['org', 'create', 'Fjord', '--time-zone', 'Europe/Oslo', '--working-days', 'mon-thu', '--working-hours', '08:00-15:30']);
      expect(r).toMatchObject({ code: 0, stderr: '' });
      expect((await h.ctx.stores.accounts.findByName('Fjord'))!.businessCalendar).toEqual({ timeZone: 'Europe/Oslo', days: [1, 2, 3, 4], opens: 480, closes: 930 });
    });

    it('changes what is given and keeps the rest', async () => {
      expect(await h.run(['org', 'set', 'Fjord', '--working-days', 'sun-tue,thu'])).toEqual({ code: 0, stdout: 'Fjord now works sun,mon,tue,thu 08:00-15:30 Europe/Oslo.', stderr: '' });
      expect(await h.run(['org', 'set', 'Fjord', '--working-days', 'fri-mon', '--working-hours', '9:00-24:00'])).toMatchObject({ code: 0, stdout: 'Fjord now works sun,mon,fri,sat 09:00-24:00 Europe/Oslo.' });
      expect(await h.run(['org', 'set', 'Globex', '--time-zone', 'America/New_York'])).toMatchObject({ code: 0, stdout: 'Globex now works mon-fri 09:00-17:00 America/New_York.' });
      const orgs = JSON.parse((await h.run(['org', 'list', '--json'])).stdout) as Array<{ name: string; workingTime: string }>;
      expect(orgs.map((o) => [o.name, o.workingTime])).toEqual([
        ['Acme', 'mon-fri 09:00-17:00 UTC'],
        ['Globex', 'mon-fri 09:00-17:00 America/New_York'],
        ['Fjord', 'sun,mon,fri,sat 09:00-24:00 Europe/Oslo'],
      ]);
    });

    it.each([
      [['org', 'set', 'Fjord'], 'give at least one of --time-zone, --working-days, --working-hours', 'set <org>'],
      [['org', 'set', 'Fjord', '--time-zone', 'Mars/Olympus'], "--time-zone must be a time zone such as Europe/Oslo or UTC, not 'Mars/Olympus'", 'set <org>'],
      [['org', 'set', 'Fjord', '--working-days', 'mon-'], "--working-days must name days as mon, tue, wed, thu, fri, sat, sun, in ranges such as mon-fri or lists such as mon,wed,fri, not 'mon-'", 'set <org>'],
      [['org', 'set', 'Fjord', '--working-days', 'weekdays'], "--working-days must name days as mon, tue, wed, thu, fri, sat, sun, in ranges such as mon-fri or lists such as mon,wed,fri, not 'weekdays'", 'set <org>'],
      [['org', 'set', 'Fjord', '--working-hours', '17:00-09:00'], "--working-hours must be a start and an end within one day, such as 09:00-17:00, not '17:00-09:00'", 'set <org>'],
      [['org', 'set', 'Fjord', '--working-hours', '09:75-17:00'], "--working-hours must be a start and an end within one day, such as 09:00-17:00, not '09:75-17:00'", 'set <org>'],
      [['org', 'create', 'Polder', '--working-hours', '9-5'], "--working-hours must be a start and an end within one day, such as 09:00-17:00, not '9-5'", 'create <name>'],
    ])('refuses %j with usage and exit code 2, changing nothing', async (argv, message, usage) => {
      const r = await h.run(argv);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`error: ${message}`);
      expect(r.stderr).toContain(`Usage: atrium org ${usage}`);
      expect((await h.ctx.stores.accounts.findByName('Fjord'))!.businessCalendar).toEqual({ timeZone: 'Europe/Oslo', days: [0, 1, 5, 6], opens: 540, closes: 1440 });
      expect(await h.ctx.stores.accounts.findByName('Polder')).toBeNull();
    });

    it('names an organisation that does not exist', async () => {
      expect(await h.run(['org', 'set', 'Nowhere', '--time-zone', 'UTC'])).toMatchObject({ code: 1, stderr: expect.stringContaining('Nowhere') });
    });
  });

  describe('add-user and remove-user', () => {
    it('adds a user by organisation name or id, making it active when they had none', async () => {
      const acme = (await h.ctx.stores.accounts.findByName('Acme'))!;
      const globex = (await h.ctx.stores.accounts.findByName('Globex'))!;
      expect(await h.run(['org', 'add-user', 'Acme', 'alice'])).toMatchObject({ code: 0, stdout: 'Added alice to Acme.' });
      expect(await h.run(['org', 'add-user', globex.id.toUpperCase(), 'ALICE'])).toMatchObject({ code: 0, stdout: 'Added alice to Globex.' });
      const alice = (await h.ctx.stores.users.findByUsername('alice'))!;
      expect(alice.activeAccountId).toBe(acme.id);
      expect((await h.ctx.stores.accounts.listForUser(alice.id)).map((a) => a.name)).toEqual(['Acme', 'Globex']);
      expect(await h.run(['org', 'add-user', 'Acme', 'alice'])).toMatchObject({ code: 0, stdout: 'alice is already a member of Acme.' });
    });

    it('removes a user, moving their active organisation to one they still belong to', async () => {
      const globex = (await h.ctx.stores.accounts.findByName('Globex'))!;
      expect(await h.run(['org', 'remove-user', 'Acme', 'alice'])).toMatchObject({ code: 0, stdout: 'Removed alice from Acme.' });
      const alice = (await h.ctx.stores.users.findByUsername('alice'))!;
      expect(alice.activeAccountId).toBe(globex.id);
      expect(await h.run(['org', 'remove-user', 'Globex', 'alice'])).toMatchObject({ code: 0 });
      expect((await h.ctx.stores.users.findById(alice.id))!.activeAccountId).toBeNull();
    });

    it('refuses to remove a user who is not a member', async () => {
      expect(await h.run(['org', 'remove-user', 'Acme', 'alice'])).toEqual({ code: 1, stdout: '', stderr: 'alice is not a member of Acme.' });
    });

    it('reports an unknown organisation or user with exit code 1', async () => {
      expect(await h.run(['org', 'add-user', 'Initech', 'alice'])).toMatchObject({ code: 1, stderr: "No organisation named 'Initech'." });
      expect(await h.run(['org', 'add-user', '00000000-0000-4000-8000-000000000000', 'alice'])).toMatchObject({ code: 1, stderr: "No organisation with the id or name '00000000-0000-4000-8000-000000000000'." });
      expect(await h.run(['org', 'remove-user', 'Acme', 'ghost'])).toMatchObject({ code: 1, stderr: "No user named 'ghost'." });
    });

    it('needs both the organisation and the username', async () => {
      const r = await h.run(['org', 'add-user', 'Acme']);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('error: missing <username>');
      expect(r.stderr).toContain('Usage: atrium org add-user <org> <username>');
    });
  });
});
