import { defineApplication } from '@atrium/sdk';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { entry, packageHarness, profileApp, type PackageHarness } from '../packages/testing/packageHarness.js';
import { hang, jsonResponse } from '../testing/FakeEnvironment.js';
import { MemoryStorage } from '../testing/MemoryStorage.js';
import { startSignedIn } from '../testing/fixtures.js';
import { DesktopSessionModel, PENDING_SESSION_MAX_AGE, SESSION_SAVE_DEBOUNCE } from './DesktopSessionModel.js';

/** An app with two windows, 'list' and 'detail'. */
const twoWindows = defineApplication((app) => {
  app.createWindow({ id: 'list', position: { left: 10, top: 10 }, dimension: { width: 300, height: 200 }, render: () => undefined });
  app.createWindow({ id: 'detail', position: { left: 400, top: 10 }, dimension: { width: 300, height: 200 }, render: () => undefined });
});
const oneWindow = defineApplication((app) => void app.createWindow({ id: 'main', render: () => undefined }));

const harnesses: PackageHarness[] = [];
const models: DesktopSessionModel[] = [];
afterEach(() => {
  models.splice(0).forEach((m) => m.dispose());
  harnesses.splice(0).forEach((h) => h.dispose());
  vi.restoreAllMocks();
});

/** An app whose start waits until the test lets it go on (`slowStart.release()`). */
const slowStart = { release: () => undefined as void, gate: Promise.resolve() };
const slow = defineApplication(async (app) => {
  await slowStart.gate;
  app.createWindow({ id: 'main', render: () => undefined });
});

const viewer = defineApplication((app) => void app.createWindow({ id: 'viewer', title: String(app.args.app ?? 'Viewer'), render: () => undefined }));

async function setup(saved: unknown[] = [], options: { blackListed?: Record<string, boolean>; storage?: Storage } = {}) {
  const { env, session, server } = await startSignedIn();
  let stored: unknown = saved;
  const posts: unknown[] = [];
  env.route('GET', '/api/v1/user/me/getsession', () => jsonResponse(200, { status: 'success', data: stored }));
  env.route('POST', '/api/v1/user/me/updatesession', (r) => {
    stored = (r.json() as { data: unknown }).data;
    posts.push(stored);
    return jsonResponse(200, { status: 'success', message: 'Updated' });
  });
  const harness = packageHarness({
    manifest: [entry('Notes', { defaultAppforOrgs: 1 }), entry('Clock', { defaultAppforOrgs: 1 }), entry('Slow', { defaultAppforOrgs: 1 }), entry('Viewer', { defaultAppforOrgs: 1 })],
    builtins: { Notes: twoWindows, Clock: oneWindow, Slow: slow, Viewer: viewer },
    profileApps: [profileApp('Handbook', { is_base_app: true, app_type: 2 })],
  });
  harnesses.push(harness);
  await harness.manager.load();
  const profile = { ...server.profile, blackListedApps: options.blackListed ?? {} };
  const model = new DesktopSessionModel({ api: session.api, storage: options.storage ?? null, clock: harness.clock, windows: harness.windows, packages: harness.manager, profile: () => profile });
  models.push(model);
  return { env, harness, model, posts };
}

const record = (id: string, left: number, extra: Partial<{ maximized: boolean; minimized: boolean }> = {}) => ({
  id,
  maximized: false,
  minimized: false,
  position: { left, top: 50 },
  dimension: { width: 320, height: 240 },
  ...extra,
});

describe('DesktopSessionModel restore', () => {
  it('starts the saved applications side by side, then stacks their windows as saved, the last in front and focused', async () => {
    slowStart.gate = new Promise<void>((resolve) => (slowStart.release = resolve));
    const { harness, model } = await setup([
      { name: 'Slow', args: {}, windows: [record('main', 100)] },
      { name: 'Notes', args: {}, windows: [record('list', 200), record('detail', 300)] },
      { name: 'Clock', args: {}, windows: [record('main', 400)] },
    ]);
    const restored = model.restore();
    // The first application is still starting: the others have not waited for it.
    await vi.waitFor(() => expect(harness.windows.windows().map((w) => w.id)).toEqual(['list', 'detail', 'main']));
    expect(model.getState().status).toBe('restoring');
    slowStart.release();
    await restored;
    const byFront = [...harness.windows.windows()].sort((a, b) => b.zIndex - a.zIndex).map((w) => `${w.appId === null ? '' : harness.manager.applications().find((app) => app.windows.some((h) => h.wid === w.wid))?.name}:${w.id}`);
    expect(byFront).toEqual(['Clock:main', 'Notes:detail', 'Notes:list', 'Slow:main']);
    expect(harness.windows.windows().find((w) => w.state.focused)?.position.left).toBe(400);
    expect(model.getState().status).toBe('ready');
  });

  it('opens each saved application with its windows where they were, maximized or minimized as they were', async () => {
    const { harness, model } = await setup([{ name: 'Notes', args: {}, windows: [record('list', 100, { maximized: true }), record('detail', 500, { minimized: true })] }]);
    await model.restore();
    const [list, detail] = harness.windows.windows();
    expect(list).toMatchObject({ id: 'list', state: { maximized: true } });
    expect(harness.windows.sessionRecord(list!.wid)).toMatchObject({ position: { left: 100, top: 50 }, dimension: { width: 320, height: 240 } });
    expect(detail).toMatchObject({ id: 'detail', position: { left: 500, top: 50 }, state: { minimized: true } });
    expect(model.getState().status).toBe('ready');
  });

  it('leaves out blacklisted applications, the one the address launches, and unknown ones', async () => {
    const { harness, model } = await setup(
      [
        { name: 'Notes', args: {}, windows: [] },
        { name: 'Clock', args: {}, windows: [] },
        { name: 'Gone', args: {}, windows: [] },
      ],
      { blackListed: { Notes: true } },
    );
    await model.restore({ skipApp: 'Clock' });
    expect(harness.manager.applications()).toEqual([]);
    expect(harness.alerts()).toEqual([]);
  });

  it('starts empty when the saved session cannot be read, and still saves what the user opens', async () => {
    const { env, harness, model, posts } = await setup();
    env.route('GET', '/api/v1/user/me/getsession', () => jsonResponse(500, { status: 'error', message: 'down' }));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await model.restore();
    await harness.manager.launch('Clock');
    await harness.clock.settle(SESSION_SAVE_DEBOUNCE);
    expect(posts).toHaveLength(1);
  });
});

describe('DesktopSessionModel and catalogue pages', () => {
  it('relaunches a catalogue page in the Viewer by its own name, and saves it by that name', async () => {
    const { harness, model, posts } = await setup([{ name: 'Handbook', args: {}, windows: [record('viewer', 77)] }]);
    await model.restore();
    const [app] = harness.manager.applications();
    expect(app).toMatchObject({ name: 'Viewer', args: { app: 'Handbook' } });
    expect(harness.windows.windows()[0]).toMatchObject({ id: 'viewer', position: { left: 77, top: 50 } });
    expect(model.snapshot().map((a) => a.name)).toEqual(['Handbook']);
    harness.windows.move(harness.windows.windows()[0]!.wid, { left: 90, top: 60 });
    await harness.clock.settle(SESSION_SAVE_DEBOUNCE);
    expect(posts).toEqual([[expect.objectContaining({ name: 'Handbook', args: {} })]]);
  });
});

describe('DesktopSessionModel across a reload', () => {
  it("restores this browser's last save even when the server has not got it yet, then sends it again", async () => {
    const storage = new MemoryStorage();
    const first = await setup([], { storage });
    await first.model.restore();
    // The save of the page being left never gets its answer.
    first.env.route('POST', '/api/v1/user/me/updatesession', hang);
    await first.harness.manager.launch('Clock');
    void first.model.flush();
    await Promise.resolve();

    // The next page: the server still has the old, empty session.
    const second = await setup([], { storage });
    await second.model.restore();
    expect(second.harness.manager.applications().map((a) => a.name)).toEqual(['Clock']);
    expect(second.env.calls('GET', '/api/v1/user/me/getsession')).toHaveLength(0);
    expect(second.posts).toEqual([[expect.objectContaining({ name: 'Clock' })]]);
    // Used once: a later page asks the server again.
    expect(storage.length).toBe(0);
  });

  it('ignores a local copy older than two minutes', async () => {
    const storage = new MemoryStorage();
    const first = await setup([], { storage });
    await first.model.restore();
    first.env.route('POST', '/api/v1/user/me/updatesession', hang);
    await first.harness.manager.launch('Clock');
    void first.model.flush();
    await Promise.resolve();
    const second = await setup([], { storage });
    second.harness.clock.advance(PENDING_SESSION_MAX_AGE + 1);
    await second.model.restore();
    expect(second.harness.manager.applications()).toEqual([]);
  });
});

describe('DesktopSessionModel save', () => {
  it('saves the application the address launched while the saved session was being restored', async () => {
    const { harness, model, posts } = await setup([]);
    await harness.manager.launch('Clock');
    await model.restore({ skipApp: 'Clock' });
    await harness.clock.settle(SESSION_SAVE_DEBOUNCE);
    expect(posts).toEqual([[{ name: 'Clock', args: {}, windows: [expect.objectContaining({ id: 'main' })] }]]);
  });

  it('sends nothing after a restore that brought back exactly what was saved', async () => {
    const { harness, model, posts } = await setup([]);
    await model.restore();
    await harness.clock.settle(SESSION_SAVE_DEBOUNCE);
    expect(posts).toEqual([]);
  });


  it('saves nothing before the restore is over (it would overwrite the saved session with an empty one)', async () => {
    const { harness, posts } = await setup([{ name: 'Notes', args: {}, windows: [] }]);
    await harness.manager.launch('Clock');
    await harness.clock.settle(SESSION_SAVE_DEBOUNCE * 3);
    expect(posts).toEqual([]);
  });

  it('saves every application with its sessionable windows, args emptied, once the changes have settled', async () => {
    const { harness, model, posts } = await setup();
    await model.restore();
    await harness.manager.launch({ app: 'Notes', args: { token: 'secret' } });
    const [list] = harness.windows.windows();
    harness.windows.move(list!.wid, { left: 42, top: 24 });
    await harness.clock.settle(SESSION_SAVE_DEBOUNCE - 1);
    expect(posts).toEqual([]);
    await harness.clock.settle(1);
    expect(posts).toEqual([[{ name: 'Notes', args: {}, windows: [expect.objectContaining({ id: 'list', position: { left: 42, top: 24 } }), expect.objectContaining({ id: 'detail' })] }]]);
  });

  it('saves an empty list when the last application ends, and nothing when nothing changed', async () => {
    const { harness, model, posts } = await setup();
    await model.restore();
    const app = await harness.manager.launch('Clock');
    await harness.clock.settle(SESSION_SAVE_DEBOUNCE);
    app?.destroy();
    await harness.clock.settle(SESSION_SAVE_DEBOUNCE);
    await model.save();
    expect(posts).toEqual([[{ name: 'Clock', args: {}, windows: [expect.objectContaining({ id: 'main' })] }], []]);
  });

  it('flush() sends a waiting change at once and does nothing when none waits', async () => {
    const { harness, model, posts } = await setup();
    await model.restore();
    await model.flush();
    expect(posts).toEqual([]);
    await harness.manager.launch('Clock');
    await model.flush();
    expect(posts).toHaveLength(1);
  });

  it('tries again with the next change after a failed save', async () => {
    const { env, harness, model, posts } = await setup();
    await model.restore();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    env.route('POST', '/api/v1/user/me/updatesession', () => jsonResponse(503, { status: 'error', message: 'busy' }));
    await harness.manager.launch('Clock');
    await harness.clock.settle(SESSION_SAVE_DEBOUNCE);
    env.route('POST', '/api/v1/user/me/updatesession', (r) => {
      posts.push((r.json() as { data: unknown }).data);
      return jsonResponse(200, { status: 'success', message: 'Updated' });
    });
    await model.save();
    expect(posts).toHaveLength(1);
  });
});
