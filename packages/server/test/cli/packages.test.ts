// @module-tag embedded-only
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BAD_BUILTIN_FIXTURE_DIR } from '../helpers/packages.js';
import { databaseKind } from '../helpers/testDatabase.js';
import { createCliHarness, type CliHarness } from './cliHarness.js';

describe(`atrium package on ${databaseKind}`, () => {
  let h: CliHarness;
  beforeAll(async () => {
    h = await createCliHarness();
  });
  afterAll(() => h.close());

  describe('register', () => {
    it('registers the package of a folder of PACKAGES_DIR, enabled', async () => {
      expect(await h.run(['package', 'register', 'Timesheets'])).toEqual({ code: 0, stdout: 'Registered package Timesheets (application, 2 files).', stderr: '' });
      const record = (await h.ctx.stores.packages.findByName('Timesheets'))!;
      expect(record).toMatchObject({ enabled: true, metadata: { name: 'Timesheets', type: 'application', files: ['style.css', 'main.js'], icon: 'icon.svg' } });
      expect((await h.run(['package', 'register', 'Aurora'])).stdout).toBe('Registered package Aurora (theme, 1 file).');
    });

    it('upgrades a package registered again, keeping it disabled when it was', async () => {
      const file = path.join(h.packagesDir, 'Timesheets/metadata.json');
      const metadata = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
      fs.writeFileSync(file, JSON.stringify({ ...metadata, title: { en_EN: 'Timesheets 2', de_DE: 'Zeiterfassung 2' } }));
      await h.run(['package', 'disable', 'Timesheets']);
      expect(await h.run(['package', 'register', 'Timesheets'])).toMatchObject({ code: 0, stdout: 'Upgraded package Timesheets (application, 2 files). It stays disabled.' });
      expect(await h.ctx.stores.packages.findByName('Timesheets')).toMatchObject({ enabled: false, metadata: { title: { en_EN: 'Timesheets 2', de_DE: 'Zeiterfassung 2' } } });
      expect((await h.ctx.stores.packages.list()).filter((p) => p.name === 'Timesheets')).toHaveLength(1);
      await h.run(['package', 'enable', 'Timesheets']);
    });

    it.each([
      ['BadJson', /^Invalid package metadata in .*BadJson\/metadata\.json: not valid JSON/],
      ['BadSchema', /^Invalid package metadata in .*BadSchema\/metadata\.json: type: /],
      ['Mismatch', /the name 'Other' must equal the folder name 'Mismatch'\.$/],
      ['MissingFile', /^Invalid package MissingFile: 'missing\.js' not found inside /],
      ['Preferences', /^'Preferences' is a built-in package: give the package another name\.$/],
      ['Nowhere', /^No package folder .*Nowhere\.$/],
      ['../Timesheets', /is not a package folder name/],
    ])('refuses %s with exit code 1 and registers nothing', async (folder, message) => {
      const before = await h.ctx.stores.packages.list();
      const r = await h.run(['package', 'register', folder]);
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(message);
      expect(await h.ctx.stores.packages.list()).toEqual(before);
    });

    it('refuses a listed file that is a link out of the package folder', async () => {
      fs.mkdirSync(path.join(h.packagesDir, 'Linked'));
      fs.writeFileSync(path.join(h.packagesDir, 'outside.js'), 'export default {};');
      fs.symlinkSync(path.join(h.packagesDir, 'outside.js'), path.join(h.packagesDir, 'Linked/main.js'));
      fs.writeFileSync(path.join(h.packagesDir, 'Linked/metadata.json'), JSON.stringify({ name: 'Linked', type: 'application', files: ['main.js'], title: { en_EN: 'Linked' } }));
      const r = await h.run(['package', 'register', 'Linked']);
      expect(r).toMatchObject({ code: 1, stderr: expect.stringContaining("'main.js' not found inside") });
    });

    it('needs the folder name', async () => {
      const r = await h.run(['package', 'register']);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('error: missing <folder>');
    });
  });

  describe('list', () => {
    it('shows the built-in packages first, then the registered ones with their status', async () => {
      await h.run(['package', 'disable', 'Aurora']);
      const r = await h.run(['package', 'list']);
      expect(r.code).toBe(0);
      const lines = r.stdout.split('\n');
      expect(lines[0]).toMatch(/^NAME\s+TYPE\s+SOURCE\s+STATUS\s+TITLE$/);
      expect(lines.slice(2).map((l) => l.split(/\s+/)[0])).toEqual(['CRM', 'Preferences', 'Vision', 'Aurora', 'Timesheets']);
      expect(lines[3]).toMatch(/^Preferences\s+application\s+built-in\s+enabled\s+Preferences$/);
      expect(lines[5]).toMatch(/^Aurora\s+theme\s+registered\s+disabled\s+Aurora$/);
      await h.run(['package', 'enable', 'Aurora']);
    });

    it('prints JSON with --json', async () => {
      const list = JSON.parse((await h.run(['package', 'list', '--json'])).stdout) as Array<Record<string, unknown>>;
      expect(list.find((p) => p.name === 'Vision')).toEqual({ name: 'Vision', type: 'theme', title: 'Vision', builtin: true, enabled: true, valid: true, registeredAt: null, updatedAt: null });
      expect(list.find((p) => p.name === 'Timesheets')).toMatchObject({ type: 'application', builtin: false, enabled: true, valid: true, registeredAt: expect.any(String) });
    });

    it('flags a registered package whose stored metadata no longer validates', async () => {
      await h.ctx.stores.packages.save('Stale', { name: 'Stale', type: 'gadget' });
      const r = await h.run(['package', 'list']);
      expect(r.stdout).toMatch(/^Stale\s+\?\s+registered\s+invalid metadata$/m);
      await h.ctx.stores.packages.remove('Stale');
    });
  });

  describe('enable and disable', () => {
    it('disables and enables a registered package, and says when nothing changes', async () => {
      expect(await h.run(['package', 'disable', 'Aurora'])).toMatchObject({ code: 0, stdout: 'Package Aurora disabled.' });
      expect((await h.ctx.stores.packages.findByName('Aurora'))!.enabled).toBe(false);
      expect(await h.run(['package', 'disable', 'Aurora'])).toMatchObject({ code: 0, stdout: 'Package Aurora is already disabled.' });
      expect(await h.run(['package', 'enable', 'Aurora'])).toMatchObject({ code: 0, stdout: 'Package Aurora enabled.' });
      expect((await h.ctx.stores.packages.findByName('Aurora'))!.enabled).toBe(true);
    });

    it('refuses built-in and unknown packages', async () => {
      expect(await h.run(['package', 'disable', 'Vision'])).toEqual({ code: 1, stdout: '', stderr: "'Vision' is a built-in package: built-in packages are always enabled." });
      expect(await h.run(['package', 'enable', 'Nothing'])).toEqual({ code: 1, stdout: '', stderr: "No registered package named 'Nothing'." });
    });
  });

  describe('unregister', () => {
    it('removes a registered package and leaves its folder', async () => {
      expect(await h.run(['package', 'unregister', 'Aurora'])).toMatchObject({ code: 0, stdout: 'Unregistered package Aurora; its folder was left in place.' });
      expect(await h.ctx.stores.packages.findByName('Aurora')).toBeNull();
      expect(fs.existsSync(path.join(h.packagesDir, 'Aurora/metadata.json'))).toBe(true);
    });

    it('refuses built-in and unknown packages', async () => {
      expect((await h.run(['package', 'unregister', 'Preferences'])).stderr).toBe("'Preferences' is a built-in package: it is part of the product and cannot be unregistered.");
      expect(await h.run(['package', 'unregister', 'Aurora'])).toEqual({ code: 1, stdout: '', stderr: "No registered package named 'Aurora'." });
    });
  });

  it('lists the package commands in the usage', async () => {
    const r = await h.run(['package', '--help']);
    expect(r.code).toBe(0);
    for (const command of ['register', 'list', 'unregister', 'enable', 'disable']) expect(r.stdout).toContain(`package ${command}`);
    expect((await h.run(['help', 'package', 'register'])).stdout).toContain('Usage: atrium package register <folder>');
  });
});

describe(`atrium package with a bad built-in package on ${databaseKind}`, () => {
  let h: CliHarness;
  beforeAll(async () => {
    h = await createCliHarness({ builtinDirs: [BAD_BUILTIN_FIXTURE_DIR] });
  });
  afterAll(() => h.close());

  it('names the bad metadata file instead of registering', async () => {
    const r = await h.run(['package', 'register', 'Timesheets']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^Invalid package metadata in .*builtin-bad\/apps\/broken\/metadata\.json: /);
    expect(await h.ctx.stores.packages.list()).toEqual([]);
  });
});
