// @module-tag embedded-only
import { APP_CATEGORIES } from '@atrium/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../helpers/testDatabase.js';
import { createCliHarness, type CliHarness } from './cliHarness.js';

describe(`atrium app on ${databaseKind}`, () => {
  let h: CliHarness;
  beforeAll(async () => {
    h = await createCliHarness();
    await h.ctx.stores.users.create({ username: 'alice', email: 'alice@acme.test' });
  });
  afterAll(() => h.close());

  describe('create', () => {
    it('adds an application to the catalogue', async () => {
      const r = await h.run(['app', 'create', 'Chat', '--title', 'Team Chat', '--category', 'Collaboration', '--base', '--default-for-orgs']);
      expect(r).toMatchObject({ code: 0, stderr: '' });
      const app = (await h.ctx.stores.apps.findByName('Chat'))!;
      expect(r.stdout).toBe(`Created application Chat (id ${app.id}) in collaboration.`);
      expect(app).toMatchObject({ title: 'Team Chat', category: 'collaboration', isBaseApp: true, appType: 1, url: null, defaultAppForOrgs: 1 });
    });

    it('makes an application with a URL a viewer application unless a type is given', async () => {
      expect((await h.run(['app', 'create', 'Handbook', '--title', 'Handbook', '--category', 'employee center', '--url', '/privacy-policy'])).code).toBe(0);
      expect(await h.ctx.stores.apps.findByName('Handbook')).toMatchObject({ appType: 2, url: '/privacy-policy', isBaseApp: false, defaultAppForOrgs: 0 });
      expect((await h.run(['app', 'create', 'Wiki', '--title', 'Wiki', '--category', 'organization', '--url', 'https://wiki.test/', '--app-type', '3'])).code).toBe(0);
      expect(await h.ctx.stores.apps.findByName('Wiki')).toMatchObject({ appType: 3, url: 'https://wiki.test/' });
    });

    it('refuses a duplicate name', async () => {
      expect(await h.run(['app', 'create', 'Chat', '--title', 'Chat', '--category', 'collaboration'])).toEqual({
        code: 1,
        stdout: '',
        stderr: "An application named 'Chat' already exists.",
      });
    });

    it('refuses an unknown category and lists the categories', async () => {
      const r = await h.run(['app', 'create', 'Games', '--title', 'Games', '--category', 'leisure']);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`error: unknown category 'leisure'; use one of: ${APP_CATEGORIES.map((c) => `'${c}'`).join(', ')}`);
      expect(await h.ctx.stores.apps.findByName('Games')).toBeNull();
    });

    it.each([
      [['app', 'create', 'X', '--category', 'collaboration'], 'missing required option --title'],
      [['app', 'create', 'X', '--title', 'X'], 'missing required option --category'],
      [['app', 'create', 'X', '--title', 'X', '--category', 'collaboration', '--app-type', 'two'], "--app-type must be a whole number, not 'two'"],
      [['app', 'create', 'X', '--title', 'X', '--category', 'collaboration', '--app-type', '2'], 'an application of type 2 (viewer) needs --url'],
      [['app', 'create', 'X', '--title', 'X', '--category', 'collaboration', '--url', 'ftp://x.test'], '--url must be an http(s) address or a path starting with /'],
      [['app', 'create', 'X', '--title', '', '--category', 'collaboration'], 'option --title needs a non-empty value'],
    ])('rejects the command line %j with usage and exit code 2', async (argv, message) => {
      const r = await h.run(argv);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`error: ${message}`);
      expect(r.stderr).toContain('Usage: atrium app create <name> --title <title> --category <category> [options]');
    });
  });

  describe('list', () => {
    it('shows the catalogue by category then title', async () => {
      const r = await h.run(['app', 'list']);
      expect(r.code).toBe(0);
      const lines = r.stdout.split('\n');
      expect(lines[0]).toMatch(/^NAME\s+TITLE\s+CATEGORY\s+TYPE\s+FLAGS\s+URL$/);
      expect(lines.slice(2).map((l) => l.split(/\s+/)[0])).toEqual(['Chat', 'Handbook', 'Wiki']);
      expect(lines[2]).toMatch(/^Chat\s+Team Chat\s+collaboration\s+1\s+base,default$/);
      expect(lines[3]).toMatch(/^Handbook\s+Handbook\s+employee center\s+2\s+\/privacy-policy$/);
    });

    it('prints JSON with --json', async () => {
      const apps = JSON.parse((await h.run(['app', 'list', '--json'])).stdout) as Array<Record<string, unknown>>;
      expect(apps[0]).toMatchObject({ name: 'Chat', title: 'Team Chat', isBaseApp: true, defaultAppForOrgs: true, appType: 1, url: null });
    });
  });

  describe('title translations', () => {
    it('creates an application with its title in other languages', async () => {
      const r = await h.run(['app', 'create', 'Audits', '--title', 'Audit Management', '--translation', 'de_DE=Auditverwaltung', '--translation', 'zh_CN= 审核管理 ', '--category', 'quality management']);
      expect(r).toMatchObject({ code: 0, stderr: '' });
      expect((await h.ctx.stores.apps.findByName('Audits'))!.titles).toEqual({ de_DE: 'Auditverwaltung', zh_CN: '审核管理' });
      const listed = JSON.parse((await h.run(['app', 'list', '--json'])).stdout) as Array<Record<string, unknown>>;
      expect(listed.find((a) => a.name === 'Audits')).toMatchObject({ title: 'Audit Management', titles: { de_DE: 'Auditverwaltung', zh_CN: '审核管理' } });
    });

    it('sets and removes translations of an existing application', async () => {
      expect(await h.run(['app', 'translate', 'Audits', '--translation', 'fr_FR=Gestion des audits', '--translation', 'de_DE=Audits verwalten', '--remove', 'zh_CN'])).toEqual({
        code: 0,
        stdout: 'Audits now has its title in de_DE, fr_FR.',
        stderr: '',
      });
      expect((await h.ctx.stores.apps.findByName('Audits'))!.titles).toEqual({ de_DE: 'Audits verwalten', fr_FR: 'Gestion des audits' });
      expect(await h.run(['app', 'translate', 'Audits', '--remove', 'de_DE', '--remove', 'fr_FR'])).toMatchObject({ code: 0, stdout: 'Audits now has its title in no other language.' });
      expect(await h.run(['app', 'translate', 'Solitaire', '--translation', 'de_DE=Patience'])).toMatchObject({ code: 1, stderr: "No application named 'Solitaire'." });
    });

    it.each([
      [['app', 'create', 'X', '--title', 'X', '--category', 'collaboration', '--translation', 'de_DE'], "--translation 'de_DE' must have the form LOCALE=TEXT"],
      [['app', 'create', 'X', '--title', 'X', '--category', 'collaboration', '--translation', 'xx_XX=Y'], "--translation: unknown locale 'xx_XX'; use one of de_DE, fr_FR, nb_NO, sl_SI, vi_VN, zh_CN"],
      [['app', 'create', 'X', '--title', 'X', '--category', 'collaboration', '--translation', 'en_EN=Y'], '--translation: the en_EN text is the title (--title)'],
      [['app', 'create', 'X', '--title', 'X', '--category', 'collaboration', '--translation', 'de_DE=  '], '--translation de_DE: must not be blank'],
      [['app', 'create', 'X', '--title', 'X', '--category', 'collaboration', '--translation', `de_DE=${'x'.repeat(201)}`], '--translation de_DE: '],
      [['app', 'create', 'X', '--title', 'X', '--category', 'collaboration', '--translation', 'de_DE=A', '--translation', 'de_DE=B'], '--translation: de_DE is given twice'],
      [['app', 'create', 'X', '--title', 'X', '--category', 'collaboration', '--translation', 'de_DE=A\u0000'], '--translation de_DE: must not contain NUL characters'],
      [['app', 'translate', 'Audits'], 'give at least one --translation or --remove'],
      [['app', 'translate', 'Audits', '--remove', 'en_EN'], "--remove: unknown locale 'en_EN'"],
      [['app', 'translate', 'Audits', '--translation', 'de_DE=A', '--remove', 'de_DE'], '--remove: de_DE is also given a --translation'],
    ])('refuses the translations of %j with usage and exit code 2', async (argv, message) => {
      const r = await h.run(argv);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`error: ${message}`);
      expect(await h.ctx.stores.apps.findByName('X')).toBeNull();
    });
  });

  describe('grant and revoke', () => {
    it('grants an application once and revokes it', async () => {
      const alice = (await h.ctx.stores.users.findByUsername('alice'))!;
      expect(await h.run(['app', 'grant', 'Chat', 'alice'])).toMatchObject({ code: 0, stdout: 'Granted Chat to alice.' });
      expect(await h.run(['app', 'grant', 'Chat', 'Alice'])).toMatchObject({ code: 0, stdout: 'alice already has Chat.' });
      expect((await h.ctx.stores.apps.listGranted(alice.id)).map((a) => a.name)).toEqual(['Chat']);
      expect(await h.run(['app', 'revoke', 'Chat', 'alice'])).toMatchObject({ code: 0, stdout: 'Revoked Chat from alice.' });
      expect(await h.ctx.stores.apps.listGranted(alice.id)).toEqual([]);
    });

    it('refuses to revoke an application the user was not granted', async () => {
      expect(await h.run(['app', 'revoke', 'Wiki', 'alice'])).toEqual({ code: 1, stdout: '', stderr: 'alice has not been granted Wiki: nothing to revoke.' });
    });

    it('reports an unknown application or user with exit code 1', async () => {
      expect(await h.run(['app', 'grant', 'Solitaire', 'alice'])).toMatchObject({ code: 1, stderr: "No application named 'Solitaire'." });
      expect(await h.run(['app', 'grant', 'Chat', 'ghost'])).toMatchObject({ code: 1, stderr: "No user named 'ghost'." });
      expect(await h.run(['app', 'revoke', 'Solitaire', 'alice'])).toMatchObject({ code: 1, stderr: "No application named 'Solitaire'." });
      expect(await h.run(['app', 'revoke', 'Chat', 'ghost'])).toMatchObject({ code: 1, stderr: "No user named 'ghost'." });
    });
  });
});
