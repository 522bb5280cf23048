import { afterEach, describe, expect, it, vi } from 'vitest';
import { PackageError } from './PackageError.js';
import { PackageManager } from './PackageManager.js';
import { entry, packageHarness, recordingRuntime, type PackageHarness } from './testing/packageHarness.js';

let harness: PackageHarness;
afterEach(() => {
  harness?.dispose();
  vi.restoreAllMocks();
});

describe('PackageManager.loadModule', () => {
  it('loads a theme module once and caches it', async () => {
    const theme = { type: 'theme', colorScheme: 'dark', variables: {} };
    harness = packageHarness({ manifest: [entry('Nocturne', { type: 'theme' })], builtins: { Nocturne: theme } });
    await harness.manager.load();
    expect(await harness.manager.loadModule('Nocturne')).toBe(theme);
    expect(await harness.manager.loadModule('Nocturne')).toBe(theme);
    expect(harness.builtinCalls).toEqual(['Nocturne']);
  });

  it('fails for a package without metadata, and does not cache a failed load', async () => {
    let attempts = 0;
    harness = packageHarness({
      manifest: [entry('Lumen', { type: 'icons' })],
      loaders: {
        Lumen: async () => {
          attempts += 1;
          if (attempts === 1) throw new Error('offline');
          return { default: { type: 'icons', icons: {} } };
        },
      },
    });
    await harness.manager.load();
    await expect(harness.manager.loadModule('Nope')).rejects.toThrow(new PackageError('metadata', 'Nope'));
    await expect(harness.manager.loadModule('Lumen')).rejects.toThrow("Package Loading 'Lumen' failed: offline");
    await expect(harness.manager.loadModule('Lumen')).resolves.toEqual({ type: 'icons', icons: {} });
  });
});

describe('PackageManager.handleLink', () => {
  async function setup() {
    harness = packageHarness({ manifest: [entry('Notes', { defaultAppforOrgs: 1 }), entry('Prefs', { singleton: true, defaultAppforOrgs: 1 })], builtins: { Notes: recordingRuntime(), Prefs: recordingRuntime() } });
    await harness.manager.load();
    return harness;
  }

  it('launches an app that is not running, with the page', async () => {
    const h = await setup();
    h.manager.handleLink({ kind: 'app', app: 'Notes', page: 'edit' });
    await h.clock.settle();
    expect(h.manager.applications()[0]?.options).toEqual({ page: 'edit' });
  });

  it('gives a running app the page and raises its window', async () => {
    const h = await setup();
    const app = (await h.manager.launch('Notes'))!;
    const pages: unknown[] = [];
    app.on('page', (page) => pages.push(page));
    h.windows.minimize(app.windows[0]!.wid);
    h.manager.handleLink({ kind: 'app', app: 'Notes', page: 'list' });
    expect(pages).toEqual(['list']);
    expect(h.windows.get(app.windows[0]!.wid)?.state.minimized).toBe(false);
    expect(h.manager.applications()).toHaveLength(1);
  });

  it('launches a same-host link restarting the app, with its args', async () => {
    const h = await setup();
    const old = (await h.manager.launch('Prefs'))!;
    h.manager.handleLink({ kind: 'launch', app: 'Prefs', args: { tab: 'theme' } });
    await h.clock.settle();
    const [fresh] = h.manager.applications();
    expect(fresh).not.toBe(old);
    expect(fresh?.args).toEqual({ tab: 'theme' });
    expect(fresh?.options).toEqual({ restart: true });
  });

  it('hands drill-down links to the engine and ignores none', async () => {
    const drill = vi.fn();
    harness = packageHarness({});
    const { hooks, clock } = harness;
    const manager = new PackageManager({ clock, fetchManifest: async () => [], builtins: {}, loader: harness.loader, hooks, drilldown: { drill } });
    manager.handleLink({ kind: 'drilldown', attributes: { drilldown: 'w1' } });
    manager.handleLink({ kind: 'none' });
    expect(drill).toHaveBeenCalledWith({ drilldown: 'w1' });
    manager.dispose();
  });
});
