// @vitest-environment jsdom
// Application modules are loaded into the document.
import type { Application as SdkApplication } from '@atrium/sdk';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WindowIdExistsError } from '../windows/WindowIdExistsError.js';
import { entry, packageHarness, recordingRuntime, type HarnessOptions, type PackageHarness } from './testing/packageHarness.js';

let harness: PackageHarness;
async function setup(options: HarnessOptions) {
  harness = packageHarness(options);
  await harness.manager.load();
  return harness;
}
afterEach(() => {
  harness?.dispose();
  vi.restoreAllMocks();
});

/** Lets queued microtasks run (socket accepts). */
async function microtasks(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

describe("applications' own texts", () => {
  it('reach the desktop\'s catalogues through desktop.addTranslations', async () => {
    const texts = { en_EN: { notes: { title: 'Notes' } }, de_DE: { notes: { title: 'Notizen' } } };
    const h = await setup({
      manifest: [entry('Notes', { defaultAppforOrgs: 1 })],
      builtins: {
        Notes: recordingRuntime((app) => {
          app.desktop.addTranslations(texts);
          app.createWindow({ id: 'main', render: () => undefined });
        }),
      },
    });
    await h.manager.launch('Notes');
    expect(h.translations).toEqual([texts]);
  });
});

describe('singleton applications', () => {
  const manifest = [entry('Preferences', { singleton: true, defaultAppforOrgs: 1 }), entry('Other', { defaultAppforOrgs: 1 })];

  it('re-focuses the running instance with an attention event instead of opening a second one', async () => {
    const runtime = recordingRuntime();
    const h = await setup({ manifest, builtins: { Preferences: runtime, Other: recordingRuntime() } });
    const first = (await h.manager.launch('Preferences'))!;
    const attention = vi.fn();
    const attended: number[] = [];
    first.on('attention', attention);
    h.manager.onAttention((wid) => attended.push(wid));
    await h.manager.launch('Other');
    h.windows.minimize(first.windows[0]!.wid);
    const again = await h.manager.launch('Preferences', { tab: 'theme' });
    expect(again).toBe(first);
    expect(runtime.launched).toHaveLength(1);
    expect(attention).toHaveBeenCalledWith({ args: { tab: 'theme' }, options: {} });
    expect(attended).toEqual([first.windows[0]!.wid]);
    expect(h.windows.get(first.windows[0]!.wid)?.state).toMatchObject({ minimized: false, focused: true });
  });

  it('opens one instance when launched twice at once', async () => {
    const runtime = recordingRuntime();
    const h = await setup({ manifest, builtins: { Preferences: runtime } });
    const [a, b] = await Promise.all([h.manager.launch('Preferences'), h.manager.launch('Preferences')]);
    expect(a).toBe(b);
    expect(runtime.launched).toHaveLength(1);
  });

  it('restart ends the running instance and launches a new one', async () => {
    const runtime = recordingRuntime();
    const h = await setup({ manifest, builtins: { Preferences: runtime } });
    const old = (await h.manager.launch('Preferences'))!;
    const destroyed = vi.fn();
    old.on('destroy', destroyed);
    const oldWid = old.windows[0]!.wid;
    const fresh = (await h.manager.launch('Preferences', {}, { restart: true }))!;
    expect(fresh).not.toBe(old);
    expect(fresh.pid).toBe(2);
    expect(destroyed).toHaveBeenCalledOnce();
    expect(h.windows.get(oldWid)).toBeUndefined();
    expect(h.manager.applications()).toEqual([fresh]);
  });
});

describe('Application', () => {
  it('opens windows with the package name as appId, the title and the launch title of its first window', async () => {
    let app!: SdkApplication;
    const runtime = recordingRuntime((a) => {
      app = a;
      a.createWindow({ id: 'main', render: () => undefined });
      a.createWindow({ id: 'second', title: 'Details', render: () => undefined });
    });
    const h = await setup({ manifest: [entry('Notes', { defaultAppforOrgs: 1, fontIcon: 'notes' })], builtins: { Notes: runtime } });
    await h.manager.launch({ app: 'Notes', title: 'Meeting notes' });
    const [main, second] = app.windows.map((w) => h.windows.get(w.wid)!);
    expect(main).toMatchObject({ id: 'main', appId: 'Notes', title: 'Meeting notes', icon: 'notes' });
    expect(second).toMatchObject({ id: 'second', title: 'Details' });
    expect(() => app.createWindow({ id: 'main', render: () => undefined })).toThrow(WindowIdExistsError);
  });

  it('gives two instances of one app windows of the same id', async () => {
    const h = await setup({ manifest: [entry('Notes', { defaultAppforOrgs: 1 })], builtins: { Notes: recordingRuntime() } });
    const a = (await h.manager.launch('Notes'))!;
    const b = (await h.manager.launch('Notes'))!;
    expect(a.windows[0]!.id).toBe('main');
    expect(b.windows[0]!.id).toBe('main');
    expect(h.windows.windows()).toHaveLength(2);
  });

  it('registers what renders into each window, and forgets it when the window closes', async () => {
    const rendered: Array<[HTMLElement, string]> = [];
    const runtime = recordingRuntime((app) => void app.createWindow({ id: 'main', render: (body, window) => void rendered.push([body, window.id]) }));
    const h = await setup({ manifest: [entry('Notes', { defaultAppforOrgs: 1 })], builtins: { Notes: runtime } });
    const changes = vi.fn();
    h.manager.subscribeContent(changes);
    const app = (await h.manager.launch('Notes'))!;
    const wid = app.windows[0]!.wid;
    const body = document.createElement('div');
    h.manager.contentOf(wid)?.(body, h.manager.windowOf(wid)!);
    expect(rendered).toEqual([[body, 'main']]);
    expect(h.manager.appOfWindow(wid)).toBe(app);
    expect(changes).toHaveBeenCalledOnce();
    app.windows[0]!.close();
    expect(h.manager.contentOf(wid)).toBeUndefined();
    expect(changes).toHaveBeenCalledTimes(2);
  });

  it('ends when the user closes its last window', async () => {
    const runtime = recordingRuntime((app) => {
      app.createWindow({ id: 'a', render: () => undefined });
      app.createWindow({ id: 'b', render: () => undefined });
    });
    const h = await setup({ manifest: [entry('Notes', { defaultAppforOrgs: 1 })], builtins: { Notes: runtime } });
    const app = (await h.manager.launch('Notes'))!;
    const destroyed = vi.fn();
    app.on('destroy', destroyed);
    h.windows.close(app.windows[0]!.wid);
    expect(destroyed).not.toHaveBeenCalled();
    expect(app.windows.map((w) => w.id)).toEqual(['b']);
    h.windows.close(app.windows[0]!.wid);
    expect(destroyed).toHaveBeenCalledOnce();
    expect(h.manager.getState().running).toEqual([]);
  });

  it('destroy() closes its windows and its socket, emits destroy once and drops its listeners', async () => {
    const h = await setup({ manifest: [entry('Chat', { defaultAppforOrgs: 1 })], builtins: { Chat: recordingRuntime() }, sockets: true });
    const app = (await h.manager.launch('Chat'))!;
    const socket = app.socket();
    expect(app.socket()).toBe(socket);
    await microtasks();
    expect(h.server.connected('/apps/Chat/socket')).toHaveLength(1);
    const events: string[] = [];
    app.on('destroy', () => events.push('destroy'));
    app.on('attention', () => events.push('attention'));
    app.destroy();
    app.destroy();
    app.emit('attention');
    expect(events).toEqual(['destroy']);
    expect(h.windows.windows()).toEqual([]);
    expect(socket.status).toBe('closed');
    expect(h.server.connected('/apps/Chat/socket')).toEqual([]);
    expect(h.manager.applications()).toEqual([]);
  });

  it('sends app messages on the desktop socket with its pid and name', async () => {
    const h = await setup({ manifest: [entry('Chat', { defaultAppforOrgs: 1 })], builtins: { Chat: recordingRuntime() }, sockets: true });
    h.socket!.connect();
    const app = (await h.manager.launch('Chat'))!;
    app.send({ text: 'hi' });
    await microtasks();
    expect(h.server.received('osjs/application:socket:message')).toEqual([{ name: 'osjs/application:socket:message', params: { pid: 1, name: 'Chat', args: { text: 'hi' } } }]);
  });

  it('has a closed socket when the desktop has none', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const h = await setup({ manifest: [entry('Chat', { defaultAppforOrgs: 1 })], builtins: { Chat: recordingRuntime() } });
    const socket = (await h.manager.launch('Chat'))!.socket();
    expect(socket.status).toBe('closed');
    socket.send('x');
    expect(warn).toHaveBeenCalledOnce();
  });

  it("keeps its settings under 'app.<name>' and tells its subscribers", async () => {
    const h = await setup({ manifest: [entry('Notes', { defaultAppforOrgs: 1 })], builtins: { Notes: recordingRuntime() } });
    const app = (await h.manager.launch('Notes'))!;
    const changed = vi.fn();
    app.settings.subscribe(changed);
    expect(app.settings.get('wrap', false)).toBe(false);
    app.settings.set('wrap', true);
    expect(app.settings.get('wrap')).toBe(true);
    expect(h.settings.get('app.Notes')).toEqual({ wrap: true });
    expect(changed).toHaveBeenCalledOnce();
    h.settings.set('desktop.font', 'Roboto');
    expect(changed).toHaveBeenCalledOnce();
  });

  it('opens dialogs and notifications through the desktop', async () => {
    const h = await setup({ manifest: [entry('Notes', { defaultAppforOrgs: 1 })], builtins: { Notes: recordingRuntime() } });
    const app = (await h.manager.launch('Notes'))!;
    const callback = vi.fn();
    app.dialog('confirm', { message: 'Sure?' }, callback);
    expect(h.dialogs.dialogs().map((d) => d.kind)).toEqual(['confirm']);
    app.notify({ title: 'Saved' });
    expect(h.notifications.getState().items.map((t) => t.title)).toEqual(['Saved']);
  });

  it('gives the Desktop: locale, translations, titles, the user, visible packages and launching', async () => {
    const h = await setup({ manifest: [entry('Notes', { defaultAppforOrgs: 1 }), entry('Other', { defaultAppforOrgs: 1 }), entry('Nocturne', { type: 'theme' })], builtins: { Notes: recordingRuntime(), Other: recordingRuntime() } });
    const app = (await h.manager.launch('Notes'))!;
    const { desktop } = app;
    expect(desktop.locale).toBe('en_EN');
    expect(desktop.t('connection.lost')).toBe('Connection Lost');
    expect(desktop.user).toMatchObject({ username: 'ada', name: 'Ada Lovelace' });
    expect(desktop.packages('theme')).toEqual([{ name: 'Nocturne', type: 'theme', title: 'Nocturne App' }]);
    h.locale.current = 'de_DE';
    expect(app.title).toBe('Notes Anwendung');
    expect(desktop.localize({ en_EN: 'Hello', de_DE: 'Hallo' })).toBe('Hallo');
    await desktop.launch({ app: 'Other' });
    expect(h.manager.applications().map((a) => a.name)).toEqual(['Notes', 'Other']);
    desktop.settings.set('desktop.font', 'Roboto');
    expect(desktop.settings.get('desktop.font')).toBe('Roboto');
  });
});

describe('PackageManager.dispose', () => {
  it('ends every application', async () => {
    const h = await setup({ manifest: [entry('Notes', { defaultAppforOrgs: 1 })], builtins: { Notes: recordingRuntime() } });
    const app = (await h.manager.launch('Notes'))!;
    const destroyed = vi.fn();
    app.on('destroy', destroyed);
    h.manager.dispose();
    expect(destroyed).toHaveBeenCalledOnce();
    expect(h.windows.windows()).toEqual([]);
    expect(await h.manager.launch('Notes')).toBeNull();
  });
});
