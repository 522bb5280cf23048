import { defineApplication } from '@atrium/sdk';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flushPromises } from '../testing/FakeClock.js';
import { entry, packageHarness, profileApp, recordingRuntime, type HarnessOptions, type PackageHarness } from './testing/packageHarness.js';

let harness: PackageHarness;
let warn: ReturnType<typeof vi.spyOn>;
let logged: ReturnType<typeof vi.spyOn>;
async function setup(options: HarnessOptions) {
  harness = packageHarness(options);
  await harness.manager.load();
  return harness;
}
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  harness?.dispose();
  vi.restoreAllMocks();
});

describe('PackageManager.load', () => {
  it('keeps the manifest and marks itself loaded', async () => {
    const { manager } = await setup({ manifest: [entry('Notes'), entry('Vision', { type: 'theme' })] });
    expect(manager.getState()).toMatchObject({ loaded: true, running: [], launching: [] });
    expect(manager.getState().metadata.map((m) => m.name)).toEqual(['Notes', 'Vision']);
    expect(manager.metadataOf('Notes')).toMatchObject({ builtin: true, base: null, singleton: false });
  });

  it('logs a warning and has no packages when the manifest cannot be loaded', async () => {
    const { manager } = await setup({ fetchManifest: () => Promise.reject(new Error('Network request failed')) });
    expect(warn).toHaveBeenCalledWith('The package manifest could not be loaded.', expect.any(Error));
    expect(manager.getState()).toMatchObject({ metadata: [], loaded: true });
  });

  it('lets a launch made while the manifest is still loading wait for it, rather than refuse access', async () => {
    let deliver: (entries: ReturnType<typeof entry>[]) => void = () => undefined;
    const runtime = recordingRuntime();
    harness = packageHarness({ fetchManifest: () => new Promise((resolve) => (deliver = resolve)), builtins: { Notes: runtime } });
    const loading = harness.manager.load();
    const launched = harness.manager.launch('Notes');
    deliver([entry('Notes', { defaultAppforOrgs: 1 })]);
    await loading;
    expect(await launched).not.toBeNull();
    expect(harness.alerts()).toEqual([]);
    expect(runtime.launched).toHaveLength(1);
  });

  it('leaves out invalid entries', async () => {
    const { manager } = await setup({ manifest: [entry('Notes'), { name: '../evil', type: 'application' } as never] });
    expect(manager.getState().metadata.map((m) => m.name)).toEqual(['Notes']);
  });
});

describe('PackageManager visibility', () => {
  const manifest = [entry('Notes'), entry('Viewer', { defaultAppforOrgs: 1 }), entry('Secret'), entry('Nocturne', { type: 'theme' }), entry('Chime', { type: 'sounds' })];

  it('shows the profile apps, the apps for every organisation and every non-application package', async () => {
    const { manager } = await setup({ manifest, profileApps: [profileApp('Notes')] });
    expect(manager.isVisible('Notes')).toBe(true);
    expect(manager.isVisible('Viewer')).toBe(true);
    expect(manager.isVisible('Secret')).toBe(false);
    expect(manager.isVisible('Nocturne')).toBe(true);
    expect(manager.visible().map((m) => m.name)).toEqual(['Notes', 'Viewer', 'Nocturne', 'Chime']);
    expect(manager.visible('application').map((m) => m.name)).toEqual(['Notes', 'Viewer']);
    expect(manager.visible('theme').map((m) => m.name)).toEqual(['Nocturne']);
  });

  it("refuses an app the user may not see with \"You don't have access to {app} App\" and loads nothing", async () => {
    const runtime = recordingRuntime();
    const h = await setup({ manifest, builtins: { Secret: runtime } });
    expect(await h.manager.launch('Secret')).toBeNull();
    expect(h.alerts()).toEqual([expect.objectContaining({ message: "You don't have access to Secret App" })]);
    expect(h.builtinCalls).toEqual([]);
    expect(await h.manager.launch('Unknown')).toBeNull();
    expect(h.alerts()[1]!.message).toBe("You don't have access to Unknown App");
  });

  it('opens a base app of app_type 2 in the Viewer with args {app}', async () => {
    const viewer = recordingRuntime();
    const h = await setup({ manifest, builtins: { Viewer: viewer }, profileApps: [profileApp('Reports', { is_base_app: true, app_type: 2 })] });
    const app = await h.manager.launch('Reports', { url: 'https://evil.example' }, { title: 'Q3' });
    expect(app?.name).toBe('Viewer');
    expect(app?.args).toEqual({ app: 'Reports' });
    expect(app?.options).toMatchObject({ title: 'Q3' });
    expect(viewer.launched).toHaveLength(1);
  });

  it("shows an organisation's page once: chosen again, its window comes forward instead of a second one", async () => {
    const viewer = recordingRuntime();
    const h = await setup({ manifest, builtins: { Viewer: viewer }, profileApps: [profileApp('Reports', { is_base_app: true, app_type: 2 }), profileApp('Risks', { is_base_app: true, app_type: 2 })] });
    const first = (await h.manager.launch('Reports'))!;
    await h.manager.launch('Risks');
    h.windows.minimize(first.windows[0]!.wid);
    const again = await h.manager.launch('Reports');
    expect(again).toBe(first);
    expect(viewer.launched).toHaveLength(2);
    expect(h.windows.get(first.windows[0]!.wid)?.state).toMatchObject({ minimized: false, focused: true });
  });

  it('passes the task a work item opens to the Viewer (args {app, taskId}), nothing else', async () => {
    const viewer = recordingRuntime();
    const h = await setup({ manifest, builtins: { Viewer: viewer }, profileApps: [profileApp('Reports', { is_base_app: true, app_type: 2 })] });
    const app = await h.manager.launch('Reports', { taskId: 'task-1', url: 'https://evil.example' });
    expect(app?.args).toEqual({ app: 'Reports', taskId: 'task-1' });
  });

  it('launches a base app of another app_type itself', async () => {
    const reports = recordingRuntime();
    const h = await setup({ manifest: [...manifest, entry('Reports')], builtins: { Reports: reports }, profileApps: [profileApp('Reports', { is_base_app: true, app_type: 1 })] });
    expect((await h.manager.launch('Reports'))?.name).toBe('Reports');
  });
});

describe('PackageManager.launch', () => {
  it('loads a built-in package once, gives pids from 1 and lists running apps', async () => {
    const runtime = recordingRuntime();
    const h = await setup({ manifest: [entry('Notes', { defaultAppforOrgs: 1 })], builtins: { Notes: runtime } });
    const first = await h.manager.launch('Notes', { file: 'a.txt' });
    const second = await h.manager.launch({ app: 'Notes', params: { file: 'b.txt' }, page: 'edit' });
    expect(first?.pid).toBe(1);
    expect(second?.pid).toBe(2);
    expect(second?.args).toEqual({ file: 'b.txt' });
    expect(second?.options).toEqual({ page: 'edit' });
    expect(h.builtinCalls).toEqual(['Notes']);
    expect(runtime.launched).toEqual([first, second]);
    expect(h.manager.getState().running).toEqual([
      { pid: 1, name: 'Notes', title: 'Notes App', icon: null },
      { pid: 2, name: 'Notes', title: 'Notes App', icon: null },
    ]);
    expect(h.manager.applications()).toEqual([first, second]);
    expect(h.manager.find(2)).toBe(second);
  });

  it('lists the app as launching while it loads', async () => {
    let release: (module: { default?: unknown }) => void = () => undefined;
    const h = await setup({ manifest: [entry('Notes', { defaultAppforOrgs: 1 })], loaders: { Notes: () => new Promise((resolve) => (release = resolve)) } });
    const launching = h.manager.launch('Notes');
    expect(h.manager.getState().launching).toEqual([{ name: 'Notes', title: 'Notes App' }]);
    release({ default: recordingRuntime() });
    await launching;
    expect(h.manager.getState().launching).toEqual([]);
  });

  it('uses a registered runtime without loading the package', async () => {
    const runtime = recordingRuntime();
    const h = await setup({ manifest: [entry('Notes', { defaultAppforOrgs: 1 })] });
    h.manager.register('Notes', runtime);
    expect(await h.manager.launch('Notes')).not.toBeNull();
    expect(h.builtinCalls).toEqual([]);
  });

  it('loads a registered package from its base address: style sheets first, then its first module', async () => {
    const runtime = recordingRuntime();
    const base = '/packages/tok/Board/';
    const h = await setup({ manifest: [entry('Board', { defaultAppforOrgs: 1, builtin: false, base, files: ['board.css', 'main.js', 'extra.js'] })] });
    h.loader.modules.set(`${base}main.js`, { default: runtime });
    expect(await h.manager.launch('Board')).not.toBeNull();
    expect(h.loader.styles).toEqual([`${base}board.css`]);
    expect(h.loader.imported).toEqual([`${base}main.js`]);
  });
});

describe('PackageManager launch errors', () => {
  const launchError = (h: PackageHarness) => h.alerts().at(-1)!;

  it("a visible app without metadata: \"Package Metadata '{0}' not found\"", async () => {
    const h = await setup({ profileApps: [profileApp('Ghost')] });
    expect(await h.manager.launch('Ghost')).toBeNull();
    expect(launchError(h)).toMatchObject({ type: 'error', title: 'Launch Error', message: "Package Metadata 'Ghost' not found" });
    expect(h.played).toContain('bell');
  });

  it("a module that fails to load: \"Package Loading '{0}' failed: {1}\" with the restart hint", async () => {
    const h = await setup({ manifest: [entry('Notes', { defaultAppforOrgs: 1 })], loaders: { Notes: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')) } });
    expect(await h.manager.launch('Notes')).toBeNull();
    expect(launchError(h).message).toBe("Package Loading 'Notes' failed: Failed to fetch dynamically imported module\nPlease use the package upgrade option and restart the app");
    expect(launchError(h).errorText).toContain('Failed to fetch dynamically imported module');
    expect(h.manager.getState().launching).toEqual([]);
  });

  it('a built-in package the build does not carry, and a style sheet that fails, are loading errors', async () => {
    const h = await setup({ manifest: [entry('Gone', { defaultAppforOrgs: 1 }), entry('Styled', { defaultAppforOrgs: 1, builtin: false, base: '/p/', files: ['a.css', 'main.js'] })] });
    await h.manager.launch('Gone');
    expect(launchError(h).message).toMatch(/^Package Loading 'Gone' failed: /);
    h.loader.failStyles = true;
    await h.manager.launch('Styled');
    expect(launchError(h).message).toMatch(/^Package Loading 'Styled' failed: The style sheet \/p\/a.css could not be loaded/);
  });

  it("a module whose default export is no application runtime: \"Package Runtime '{0}' not found\"", async () => {
    const h = await setup({ manifest: [entry('Notes', { defaultAppforOrgs: 1 }), entry('Empty', { defaultAppforOrgs: 1, builtin: false, base: '/p/', files: ['a.css'] })], builtins: { Notes: { type: 'theme' } } });
    await h.manager.launch('Notes');
    expect(launchError(h).message).toBe("Package Runtime 'Notes' not found");
    await h.manager.launch('Empty');
    expect(launchError(h).message).toBe("Package Runtime 'Empty' not found");
  });

  it("an app whose launch throws: \"An exception occured in '{0}'\", with the upgrade hint for ReactDOM.render; the app is ended", async () => {
    const runtime = recordingRuntime((app) => {
      app.createWindow({ id: 'main', render: () => undefined });
      throw new Error('ReactDOM.render is no longer supported in React 18');
    });
    const h = await setup({ manifest: [entry('Old', { defaultAppforOrgs: 1 })], builtins: { Old: runtime } });
    expect(await h.manager.launch('Old')).toBeNull();
    expect(launchError(h).message).toBe("An exception occured in 'Old'\nPlease upgrade package and try again");
    expect(launchError(h).errorText).toContain('ReactDOM.render is no longer supported');
    expect(h.manager.applications()).toEqual([]);
    expect(h.windows.windows().filter((w) => w.appId === 'Old')).toEqual([]);
  });

  it('an exception without a known cause gets no hint', async () => {
    const runtime = defineApplication(() => {
      throw new Error('boom');
    });
    const h = await setup({ manifest: [entry('Bad', { defaultAppforOrgs: 1 })], builtins: { Bad: runtime } });
    await h.manager.launch('Bad');
    expect(launchError(h).message).toBe("An exception occured in 'Bad'");
  });

  it("registering a runtime for a package not in the manifest logs \"Metadata not found for '{0}'. Is it in the manifest?\"", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const h = await setup({});
    h.manager.register('Stray', recordingRuntime());
    expect(error).toHaveBeenCalledWith("Metadata not found for 'Stray'. Is it in the manifest?");
    await flushPromises();
  });

  it('launching a package that is not an application is a runtime error', async () => {
    const h = await setup({ manifest: [entry('Nocturne', { type: 'theme' })] });
    expect(await h.manager.launch('Nocturne')).toBeNull();
    expect(launchError(h).message).toBe("Package Runtime 'Nocturne' not found");
  });

  it('reads as a sentence first: a loading failure names no address, which stays in the details', async () => {
    const address = 'https://atrium.example/packages/1795413600.sig/Notes/main.js';
    const h = await setup({ manifest: [entry('Notes', { defaultAppforOrgs: 1 })], loaders: { Notes: () => Promise.reject(new TypeError(`Failed to fetch dynamically imported module: ${address}`)) } });
    await h.manager.launch('Notes');
    expect(launchError(h).message).toBe("Package Loading 'Notes' failed: Failed to fetch dynamically imported module\nPlease use the package upgrade option and restart the app");
    expect(launchError(h).message).not.toContain('https://');
    expect(launchError(h).errorText).toContain(address);
    expect(launchError(h).errorText).toContain('TypeError');
  });

  it('gives each failure a short id, shown with the details and logged as an error with them', async () => {
    const runtime = defineApplication(() => {
      throw new Error('boom');
    });
    const h = await setup({ manifest: [entry('Bad', { defaultAppforOrgs: 1 })], builtins: { Bad: runtime } });
    await h.manager.launch('Bad');
    await h.manager.launch('Bad');
    const [first, second] = h.alerts().map((a) => a.errorId);
    expect(first).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    expect(second).not.toBe(first);
    expect(logged).toHaveBeenCalledTimes(2);
    const entry0 = String(logged.mock.calls[0]![0]);
    expect(entry0).toMatch(new RegExp(`^Launch error ${first}: An exception occured in 'Bad'`));
    expect(entry0).toContain('Error: boom');
    expect(h.alerts()[0]!.errorText).toContain('Error: boom');
  });

  it('refuses access with a refusal, and says whom to ask and where the usable applications are: no bell, no details, nothing logged as an error', async () => {
    const h = await setup({ manifest: [entry('Secret')] });
    await h.manager.launch('Secret');
    expect(launchError(h)).toEqual({
      title: 'Launch Error',
      message: "You don't have access to Secret App",
      type: 'refused',
      hint: 'If you need it, ask an administrator of Acme for access. The applications you can use are in the application menu (Alt+A).',
      errorText: null,
      errorId: null,
    });
    expect(h.played).toEqual(['message']);
    expect(logged).not.toHaveBeenCalled();
  });

  it('translates the error and the hint', async () => {
    const h = await setup({ manifest: [entry('Notes', { defaultAppforOrgs: 1 })], loaders: { Notes: () => Promise.reject(new Error('offline')) } });
    h.hooks.translate = (key, vars) => `${key}${vars ? `(${Object.values(vars).join(',')})` : ''}`;
    await h.manager.launch('Notes');
    expect(launchError(h)).toMatchObject({ title: 'packages.launchError.title', message: 'packages.error.loading(Notes,offline,Notes)\npackages.launchError.restart' });
  });
});
