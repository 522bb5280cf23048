import type { Locale } from '@atrium/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { entry, FakePackageLoader, recordingRuntime } from '../packages/testing/packageHarness.js';
import { FakeDesktopServer, LOOK_PACKAGES } from '../testing/desktopServer.js';
import { startSignedIn, testConfig } from '../testing/fixtures.js';
import { translateEnglish } from '../testing/translate.js';
import { FakeVfsServer } from '../testing/vfsServer.js';
import { MemoryFileSystem, memoryMountpoint } from '@atrium/sdk/testing';
import type { FileSystemChange } from '../vfs/FileSystem.js';
import { createDesktop, type Desktop } from './createDesktop.js';

const desktops: Desktop[] = [];
afterEach(() => {
  desktops.splice(0).forEach((d) => d.dispose());
  vi.restoreAllMocks();
});

/** A signed-in desktop whose files are the scripted server's /vfs (no filesystem given: the product's). */
async function setup(options: { withFiles?: boolean } = {}) {
  const { env, session, server } = await startSignedIn();
  const manifest = [entry('TextEditor', { defaultAppforOrgs: 1, mimes: ['^text/'] }), entry('Preview', { defaultAppforOrgs: 1, mimes: ['^image/'] })];
  if (options.withFiles !== false) manifest.push(entry('Files', { defaultAppforOrgs: 1, singleton: true }));
  new FakeDesktopServer(env, { manifest });
  const vfs = new FakeVfsServer(
    env,
    new MemoryFileSystem({
      mountpoints: [memoryMountpoint('home', { label: 'Home' }), memoryMountpoint('documents', { attributes: { readOnly: true, visibility: 'restricted', searchable: false } })],
      files: { 'home:/Reports/q1-report.txt': 'q1', 'home:/photo.png': 'png', 'documents:/report.pdf': 'pdf' },
    }),
    () => server.accepted(),
  );
  const runtimes = { TextEditor: recordingRuntime(), Preview: recordingRuntime(), Files: recordingRuntime() };
  let locale: Locale = 'en_EN';
  const desktop = createDesktop(
    {
      env,
      session,
      config: testConfig,
      // German for the tray icon's title, to see it follow the language.
      translate: (key, vars) => (locale === 'de_DE' && key === 'fileSearch.tray' ? 'Dateien suchen' : translateEnglish(key, vars)),
      locale: () => locale,
      setLocale: async (next: Locale) => {
        locale = next;
      },
      builtins: { ...LOOK_PACKAGES.builtins, ...Object.fromEntries(Object.entries(runtimes).map(([name, runtime]) => [name, async () => ({ default: runtime })])) },
      loader: new FakePackageLoader(),
    },
    { viewport: { width: 1280, height: 800 } },
  );
  desktops.push(desktop);
  await desktop.start();
  await env.clock.settle();
  return { env, desktop, vfs, runtimes, sockets: env.socketServer };
}

describe('the desktop and the files', () => {
  it("gives the desktop and every application the user's files on the server, with the session's token", async () => {
    const { env, desktop } = await setup();
    expect((await desktop.files.readdir('home:/')).map((e) => e.filename)).toEqual(['Reports', 'photo.png']);
    expect(env.calls('GET', '/vfs/readdir')[0]!.headers.Authorization).toMatch(/^Bearer /);
    expect(desktop.packages.desktop.files).toBe(desktop.files);
  });

  it("opens a file in the application of its type from the desktop's openFile", async () => {
    const { desktop, runtimes } = await setup();
    await desktop.openFile('home:/photo.png');
    expect(runtimes.Preview.launched[0]!.args.file).toMatchObject({ path: 'home:/photo.png', mime: 'image/png' });
  });

  it('tells file views of changes made elsewhere (the vfs:changed socket message)', async () => {
    const { desktop, sockets, env } = await setup();
    const changes: FileSystemChange[] = [];
    desktop.files.subscribe((change) => changes.push(change));
    sockets.broadcast('vfs:changed', { directories: ['home:/Reports'] });
    await env.clock.settle();
    expect(changes).toEqual([{ operation: 'writefile', directories: ['home:/Reports'] }]);
  });

  it('tells file views that changes may have been missed once the connection is back (a vfs:changed sent meanwhile never came)', async () => {
    const { desktop, sockets, env } = await setup();
    const changes: FileSystemChange[] = [];
    desktop.files.subscribe((change) => changes.push(change));
    sockets.goDown();
    await env.clock.settle(500);
    expect(changes).toEqual([]);
    sockets.comeBack();
    await env.clock.settle(1_000);
    expect(changes).toEqual([{ operation: 'resync', directories: [] }]);
  });
});

describe('the filesystem search overlay on the desktop', () => {
  it('opens with F3 (a command of the registry, in the palette and the shortcut guide)', async () => {
    const { desktop } = await setup();
    expect(desktop.commands.get('files.search')).toMatchObject({ labelKey: 'command.files.search' });
    expect(desktop.commands.keybindingOf('files.search')).toBe('F3');
    expect(desktop.commands.bindings().some((b) => b.id === 'files.search')).toBe(true);
    expect(desktop.commands.handleKey({ key: 'F3', code: 'F3', altKey: false, shiftKey: false, ctrlKey: false, metaKey: false })).toBe(true);
    expect(desktop.ui.getState().popup).toBe('fileSearch');
  });

  it("opens and closes from the desktop's own tray icon", async () => {
    const { desktop } = await setup();
    const icon = desktop.tray.getState().entries.find((e) => e.icon === 'file-search')!;
    expect(icon).toMatchObject({ title: 'Search files', owner: null });
    desktop.tray.click(icon.id, { x: 0, y: 0, keyboard: false });
    expect(desktop.ui.getState().popup).toBe('fileSearch');
    desktop.tray.click(icon.id, { x: 0, y: 0, keyboard: true });
    expect(desktop.ui.getState().popup).toBe(null);
  });

  it("names its tray icon in the user's language, and follows a change of language", async () => {
    const { desktop } = await setup();
    const title = () => desktop.tray.getState().entries.find((e) => e.icon === 'file-search')!.title;
    expect(title()).toBe('Search files');
    await desktop.packages.desktop.setLocale('de_DE');
    expect(title()).toBe('Dateien suchen');
  });

  it('searches the searchable mounts, opens a file in its application and hides', async () => {
    const { desktop, runtimes, env } = await setup();
    desktop.ui.openPopup('fileSearch');
    const search = await desktop.fileSearch();
    expect(await desktop.fileSearch()).toBe(search);
    search.setText('report');
    await search.enter();
    expect(search.getState().results.map((e) => e.path)).toEqual(['home:/Reports', 'home:/Reports/q1-report.txt']);
    expect(env.calls('POST', '/vfs/search').map((r) => (r.json() as { root: string }).root)).toEqual(['home:/']);
    search.move(1);
    search.move(1);
    await search.enter();
    expect(runtimes.TextEditor.launched[0]!.args.file).toMatchObject({ path: 'home:/Reports/q1-report.txt' });
    expect(desktop.ui.getState().popup).toBe(null);
  });

  it('opens a folder result in the Files application, and nothing without it', async () => {
    const { desktop, runtimes } = await setup();
    desktop.ui.openPopup('fileSearch');
    const search = await desktop.fileSearch();
    search.setText('Reports');
    await search.enter();
    search.move(1);
    await search.enter();
    expect(runtimes.Files.launched[0]!.args).toEqual({ path: 'home:/Reports' });
    expect(desktop.ui.getState().popup).toBe(null);

    const other = await setup({ withFiles: false });
    other.desktop.ui.openPopup('fileSearch');
    const without = await other.desktop.fileSearch();
    without.setText('Reports');
    await without.enter();
    without.move(1);
    await without.enter();
    expect(other.desktop.ui.getState().popup).toBe('fileSearch');
  });
});
