import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DefaultApplicationDialog } from '../dialogs/DefaultApplicationDialog.js';
import { createDesktopApi } from '../packages/desktopApi.js';
import { entry, packageHarness, recordingRuntime, type PackageHarness } from '../packages/testing/packageHarness.js';
import { MemoryFileSystem, memoryMountpoint } from '@atrium/sdk/testing';

let harness: PackageHarness;
afterEach(() => {
  harness?.dispose();
  vi.restoreAllMocks();
});

const files = () =>
  new MemoryFileSystem({
    mountpoints: [memoryMountpoint('home')],
    files: { 'home:/notes.txt': 'hello', 'home:/photo.png': 'png', 'home:/data.bin': 'bin', 'home:/page.md': '# page' },
  });

/** A desktop with a text editor (^text/), a notes app (text/plain only), a preview app (^image/) and an app without mimes. */
async function setup(settings: Record<string, unknown> = {}) {
  const runtimes = { TextEditor: recordingRuntime(), Notes: recordingRuntime(), Preview: recordingRuntime(), Clock: recordingRuntime() };
  harness = packageHarness({
    manifest: [
      entry('TextEditor', { defaultAppforOrgs: 1, mimes: ['^text/'], title: { en_EN: 'Text Editor' } }),
      entry('Notes', { defaultAppforOrgs: 1, mimes: ['text/plain'], title: { en_EN: 'Notes' } }),
      entry('Preview', { defaultAppforOrgs: 1, mimes: ['^image/'], title: { en_EN: 'Preview' } }),
      entry('Clock', { defaultAppforOrgs: 1 }),
      entry('Hidden', { mimes: ['^image/'] }),
    ],
    builtins: runtimes,
    files: files(),
  });
  await harness.manager.load();
  for (const [key, value] of Object.entries(settings)) harness.settings.set(key, value);
  const desktop = createDesktopApi(harness.hooks, harness.manager);
  return { desktop, runtimes };
}

/** The chooser once it has opened. */
async function chooser(): Promise<DefaultApplicationDialog> {
  await vi.waitFor(() => expect(harness.dialogs.dialogs().some((d) => d.kind === 'defaultApplication')).toBe(true));
  return harness.dialogs.dialogs().find((d) => d.kind === 'defaultApplication') as DefaultApplicationDialog;
}

describe('desktop.openFile', () => {
  it('launches the only visible application declaring the mime type, with args.file', async () => {
    const { desktop, runtimes } = await setup();
    const file = await desktop.files.stat('home:/photo.png');
    await desktop.openFile(file);
    expect(runtimes.Preview.launched).toHaveLength(1);
    expect(runtimes.Preview.launched[0]!.args).toEqual({ file });
    expect(harness.dialogs.dialogs()).toEqual([]);
  });

  it('reads a path with stat first', async () => {
    const { desktop, runtimes } = await setup();
    await desktop.openFile('home:/page.md');
    expect(runtimes.TextEditor.launched[0]!.args.file).toMatchObject({ path: 'home:/page.md', mime: 'text/markdown' });
  });

  it('tells the user when no application opens the type, and launches nothing', async () => {
    const { desktop, runtimes } = await setup();
    await desktop.openFile('home:/data.bin');
    expect(harness.alerts()).toHaveLength(1);
    expect(harness.alerts()[0]!.message).toContain('No application can open “data.bin” (type application/octet-stream)');
    expect(Object.values(runtimes).every((r) => r.launched.length === 0)).toBe(true);
  });

  it('asks with the default-application chooser when several applications declare the type, and launches the chosen one', async () => {
    const { desktop, runtimes } = await setup();
    const opening = desktop.openFile('home:/notes.txt');
    const dialog = await chooser();
    expect(dialog.getState().choices).toEqual({ TextEditor: 'Text Editor', Notes: 'Notes' });
    expect(dialog.options.message).toBe('Open “notes.txt” with:');
    dialog.setValue('Notes');
    await dialog.press('ok');
    await opening;
    expect(runtimes.Notes.launched[0]!.args.file).toMatchObject({ path: 'home:/notes.txt' });
    expect(runtimes.TextEditor.launched).toEqual([]);
    expect(harness.settings.get('desktop.defaultApplications')).toEqual({});
  });

  it("remembers the choice when 'Use as default' is ticked, and then opens that type without asking", async () => {
    const { desktop, runtimes } = await setup();
    const opening = desktop.openFile('home:/notes.txt');
    const dialog = await chooser();
    dialog.setValue('Notes');
    dialog.setChecked(true);
    await dialog.press('ok');
    await opening;
    expect(harness.settings.get('desktop.defaultApplications')).toEqual({ 'text/plain': 'Notes' });
    await desktop.openFile('home:/notes.txt');
    expect(runtimes.Notes.launched).toHaveLength(2);
    expect(harness.dialogs.dialogs()).toEqual([]);
  });

  it('uses a remembered default, and asks again when it no longer declares the type or is gone', async () => {
    const { desktop, runtimes } = await setup({ 'desktop.defaultApplications': { 'text/plain': 'TextEditor', 'text/markdown': 'Clock' } });
    await desktop.openFile('home:/notes.txt');
    expect(runtimes.TextEditor.launched).toHaveLength(1);
    // Clock declares no mime type: a stale default is not used (markdown has only the editor anyway).
    await desktop.openFile('home:/page.md');
    expect(runtimes.TextEditor.launched).toHaveLength(2);
    expect(runtimes.Clock.launched).toEqual([]);
  });

  it('opens nothing when the chooser is closed', async () => {
    const { desktop, runtimes } = await setup();
    const opening = desktop.openFile('home:/notes.txt');
    const dialog = await chooser();
    await dialog.press('close');
    await opening;
    expect(runtimes.Notes.launched).toEqual([]);
    expect(runtimes.TextEditor.launched).toEqual([]);
  });

  it('rejects with the filesystem failure when the path does not exist', async () => {
    const { desktop } = await setup();
    await expect(desktop.openFile('home:/gone.txt')).rejects.toMatchObject({ code: 'vfs.notFound' });
  });
});
