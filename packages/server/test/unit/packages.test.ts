/**
 * Reading built-in packages, signed package addresses, resolving package
 * files, and the configuration of packages and settings.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_SETTINGS } from '@atrium/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { configRefusal } from '../helpers/config.js';
import { contentTypeOf, resolvePackageFile } from '../../src/packages/packageFiles.js';
import { loadBuiltinPackages } from '../../src/packages/packageMetadata.js';
import { PackageUrlSigner } from '../../src/packages/PackageUrlSigner.js';
import { isAllowedOrigin } from '../../src/sockets/origin.js';
import { BAD_BUILTIN_FIXTURE_DIR, BUILTIN_FIXTURE_DIRS } from '../helpers/packages.js';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-unit-packages-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

function file(relative: string, content = '{}'): string {
  const target = path.join(scratch, relative);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, content);
  return target;
}


describe('built-in packages', () => {
  it('reads every folder with a metadata.json, in folder then name order, with defaults filled in', () => {
    const packages = loadBuiltinPackages(BUILTIN_FIXTURE_DIRS);
    expect(packages.map((p) => p.name)).toEqual(['CRM', 'Preferences', 'Vision']);
    expect(packages[0]).toMatchObject({ type: 'application', singleton: false, autostart: false, mimes: [], defaultAppforOrgs: 0, disableAppInput: false, app_type: 1 });
  });

  it('stops with a ConfigError naming the file of a bad metadata.json', () => {
    expect(() => loadBuiltinPackages([BAD_BUILTIN_FIXTURE_DIR])).toThrow(ConfigError);
    expect(() => loadBuiltinPackages([BAD_BUILTIN_FIXTURE_DIR])).toThrow(/Invalid package metadata in \S+broken\/metadata\.json: files\.0: .*title: needs an en_EN text/);
    file('syntax/app/metadata.json', '{"name": ');
    expect(() => loadBuiltinPackages([path.join(scratch, 'syntax')])).toThrow(/syntax\/app\/metadata\.json: not valid JSON/);
  });

  it('refuses two packages of one name and a folder that does not exist', () => {
    file('twins/a/metadata.json', JSON.stringify({ name: 'Twin', type: 'theme', title: { en_EN: 'A' } }));
    file('twins/b/metadata.json', JSON.stringify({ name: 'Twin', type: 'theme', title: { en_EN: 'B' } }));
    expect(() => loadBuiltinPackages([path.join(scratch, 'twins')])).toThrow(/twins\/b\/metadata\.json: the name 'Twin' is already used by \S+twins\/a\/metadata\.json/);
    expect(() => loadBuiltinPackages([path.join(scratch, 'nowhere')])).toThrow(/BUILTIN_PACKAGES_DIRS: \S+nowhere is not a folder/);
  });

  it("reads the repository's own applications and themes by default", () => {
    const names = loadBuiltinPackages(loadConfig({}).builtinPackagesDirs).map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['Preferences', 'Viewer', 'Vision', 'Nocturne', 'Lumen', 'Chime']));
  });
});

describe('signed package addresses', () => {
  const userId = '0b6f7c1e-8f0e-4a51-9d55-2f7a9b3c4d5e';
  let now = new Date('2026-03-01T10:20:00Z');
  const signer = new PackageUrlSigner('a-secret-long-enough-for-the-test-0123456789abcdef', () => now);

  it('carries the expiry, rounded up to the hour at least 12 hours ahead, and the user', () => {
    const token = signer.sign(userId, 'Timesheets');
    const [expiry, user, mac] = token.split('.');
    expect(new Date(Number(expiry) * 1000).toISOString()).toBe('2026-03-01T23:00:00.000Z');
    expect(user).toBe(userId);
    expect(mac).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(signer.verify(token, 'Timesheets')).toBe(userId);
  });

  it('refuses another package, another key, a changed user or expiry, and an expired token', () => {
    const token = signer.sign(userId, 'Timesheets');
    const [expiry, , mac] = token.split('.');
    expect(signer.verify(token, 'Kiosk')).toBeNull();
    expect(new PackageUrlSigner('another-secret-long-enough-0123456789abcdef').verify(token, 'Timesheets')).toBeNull();
    expect(signer.verify(`${expiry}.1b6f7c1e-8f0e-4a51-9d55-2f7a9b3c4d5e.${mac}`, 'Timesheets')).toBeNull();
    expect(signer.verify(`${Number(expiry) + 3600}.${userId}.${mac}`, 'Timesheets')).toBeNull();
    expect(signer.verify(`${token}.x`, 'Timesheets')).toBeNull();
    expect(signer.verify('', 'Timesheets')).toBeNull();
    now = new Date(Number(expiry) * 1000);
    expect(signer.verify(token, 'Timesheets')).toBeNull();
  });
});

describe('package files', () => {
  it('resolves regular files inside the folder only', async () => {
    const root = path.dirname(file('pkg/Demo/main.js', 'x'));
    file('pkg/Demo/css/site.css', 'y');
    file('pkg/secret.txt', 'z');
    fs.symlinkSync(path.join(scratch, 'pkg/secret.txt'), path.join(root, 'link.txt'));
    expect(await resolvePackageFile(root, 'main.js')).toMatchObject({ path: fs.realpathSync(path.join(root, 'main.js')), size: 1 });
    expect(await resolvePackageFile(root, 'css/site.css')).not.toBeNull();
    for (const bad of ['../secret.txt', 'css/../../secret.txt', '/etc/passwd', 'css', 'link.txt', '.hidden', 'css//site.css', 'css\\site.css', 'main.js\0', '']) {
      expect(await resolvePackageFile(root, bad), JSON.stringify(bad)).toBeNull();
    }
  });

  it('names the content type of the usual files', () => {
    expect(contentTypeOf('a/main.js')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeOf('style.CSS')).toBe('text/css; charset=utf-8');
    expect(contentTypeOf('icon.svg')).toBe('image/svg+xml');
    expect(contentTypeOf('data.json')).toBe('application/json; charset=utf-8');
    expect(contentTypeOf('logo.png')).toBe('image/png');
    expect(contentTypeOf('font.woff2')).toBe('font/woff2');
    expect(contentTypeOf('archive.tar')).toBe('application/octet-stream');
  });
});

describe('configuration of packages and settings', () => {
  it('defaults to the repository folders, and DATA_DIR/packages for registered packages', () => {
    const config = loadConfig({ DATA_DIR: '/srv/atrium' });
    const repo = path.resolve(import.meta.dirname, '../../../..');
    expect(config.builtinPackagesDirs).toEqual([path.join(repo, 'apps'), path.join(repo, 'themes')]);
    expect(config.packagesDir).toBe('/srv/atrium/packages');
    expect(config.settings).toEqual({ defaults: DEFAULT_SETTINGS, lock: [] });
  });

  it('reads BUILTIN_PACKAGES_DIRS and PACKAGES_DIR', () => {
    const config = loadConfig({ BUILTIN_PACKAGES_DIRS: '/opt/a, /opt/b ,', PACKAGES_DIR: '/opt/packages' });
    expect(config.builtinPackagesDirs).toEqual(['/opt/a', '/opt/b']);
    expect(config.packagesDir).toBe('/opt/packages');
  });

  it('overrides the defaults with SETTINGS_DEFAULTS and locks the keys of SETTINGS_LOCK', () => {
    const defaults = file('settings/good.json', JSON.stringify({ 'desktop.theme': 'Nocturne', locale: null, 'desktop.panels': [] }));
    const config = loadConfig({ SETTINGS_DEFAULTS: defaults, SETTINGS_LOCK: 'desktop.theme, desktop.lock' });
    expect(config.settings.defaults).toEqual({ ...DEFAULT_SETTINGS, 'desktop.theme': 'Nocturne', locale: null, 'desktop.panels': [] });
    expect(config.settings.lock).toEqual(['desktop.theme', 'desktop.lock']);
    expect(DEFAULT_SETTINGS['desktop.theme']).toBe('Vision');
  });

  it.each([
    [{ 'desktop.font': 'Comic Sans' }, "SETTINGS_DEFAULTS: Invalid value for setting 'desktop.font'"],
    [{ 'desktop.panels': [{ position: 'top', ontop: true, items: [{ name: 'clock' }] }] }, 'SETTINGS_DEFAULTS: Invalid panel item specified'],
    [{ 'desktop.nope': 1 }, "SETTINGS_DEFAULTS: unknown setting 'desktop.nope'"],
    [{ 'app.Chat': {} }, "SETTINGS_DEFAULTS: unknown setting 'app.Chat'"],
    [{ 'desktop.theme': null }, "SETTINGS_DEFAULTS: setting 'desktop.theme' cannot be null"],
    [['desktop.font'], 'must hold a JSON object'],
  ])('refuses SETTINGS_DEFAULTS %j naming the key', (content, message) => {
    const defaults = file(`settings/bad-${Math.random().toString(36).slice(2)}.json`, JSON.stringify(content));
    expect(configRefusal({ SETTINGS_DEFAULTS: defaults })).toContain(message);
  });

  it.each(['toString', 'constructor', '__proto__', 'hasOwnProperty'])('refuses a SETTINGS_DEFAULTS key named %s like any unknown setting', (key) => {
    const defaults = file(`settings/builtin-${key}.json`, `{${JSON.stringify(key)}: "Vision"}`);
    expect(configRefusal({ SETTINGS_DEFAULTS: defaults })).toContain(`SETTINGS_DEFAULTS: unknown setting '${key}'`);
  });

  it('refuses a SETTINGS_DEFAULTS file that cannot be read, and unknown SETTINGS_LOCK keys', () => {
    expect(configRefusal({ SETTINGS_DEFAULTS: path.join(scratch, 'missing.json') })).toMatch(/SETTINGS_DEFAULTS: cannot read \S+missing\.json as JSON \(ENOENT\)/);
    expect(configRefusal({ SETTINGS_DEFAULTS: file('settings/broken.json', '{') })).toContain('SETTINGS_DEFAULTS: cannot read');
    expect(configRefusal({ SETTINGS_LOCK: 'desktop.theme,theme,app.Chat' })).toContain("SETTINGS_LOCK: unknown settings 'theme', 'app.Chat'");
    expect(configRefusal({ SETTINGS_LOCK: 'toString,constructor,__proto__' })).toContain("SETTINGS_LOCK: unknown settings 'toString', 'constructor', '__proto__'");
  });
});

describe('websocket origins', () => {
  const publicUrl = 'https://atrium.example.com';
  it.each([
    [undefined, 'localhost:8080', true],
    ['http://localhost:8080', 'localhost:8080', true],
    ['https://localhost:8080', 'localhost:8080', true],
    ['https://atrium.example.com', 'internal:8080', true],
    ['https://ATRIUM.example.com:443', 'internal:8080', true],
    ['http://atrium.example.com', 'internal:8080', false],
    ['https://evil.example', 'localhost:8080', false],
    ['http://localhost:8081', 'localhost:8080', false],
    ['null', 'localhost:8080', false],
    ['file://', 'localhost:8080', false],
    ['not an origin', undefined, false],
  ])('origin %s to host %s: %s', (origin, host, allowed) => {
    expect(isAllowedOrigin(origin, host, publicUrl)).toBe(allowed);
  });
});
