import { memoryMountpoint } from '@atrium/app-kit/testing';
import { describe, expect, it, vi } from 'vitest';
import { FilesModel } from './FilesModel.js';
import { visibleMountpoints } from './paths.js';
import { DEFAULT_MOUNTPOINTS, testHost, type TestHost } from './testHost.js';

async function started(path?: string, host: TestHost = testHost()): Promise<{ model: FilesModel; host: TestHost }> {
  const model = new FilesModel(host);
  await model.start(path);
  return { model, host };
}
const names = (model: FilesModel) => model.getState().entries.map((e) => e.filename);
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('FilesModel: navigation and listing', () => {
  it('starts in the home folder with the side bar of visible mountpoints', async () => {
    const { model } = await started();
    const state = model.getState();
    expect(state.path).toBe('home:/');
    expect(state.status).toBe('ready');
    expect(visibleMountpoints(state.mountpoints).map((m) => m.name)).toEqual(['home', 'shared', 'docs', 'archive']);
    expect(names(model)).toEqual(['Documents', 'Music', 'Pictures', 'todo.txt']);
  });

  it('opens the folder of the launch argument', async () => {
    const { model } = await started('home:/Documents/');
    expect(model.getState().path).toBe('home:/Documents');
    expect(names(model)).toEqual(['notes.md', 'report.txt']);
  });

  it('opens folders on open, goes up, and stops at the top', async () => {
    const { model } = await started();
    await model.open('home:/Documents');
    expect(model.getState().path).toBe('home:/Documents');
    await model.up();
    expect(model.getState().path).toBe('home:/');
    await model.up();
    expect(model.getState().path).toBe('home:/');
  });

  it('opens a file in its application through the desktop', async () => {
    const { model, host } = await started();
    await model.open('home:/todo.txt');
    expect(host.opened.map((e) => e.path)).toEqual(['home:/todo.txt']);
    expect(model.getState().path).toBe('home:/');
  });

  it('shows a missing folder as failed with the filesystem text', async () => {
    const { model } = await started('home:/Gone');
    expect(model.getState()).toMatchObject({ status: 'failed', problem: { key: 'vfs.error.notFound', params: { path: 'home:/Gone' } } });
    expect(model.actions().newFolder).toEqual({ enabled: false, reason: 'files.reason.unavailable' });
  });

  it('shows an unmounted filesystem as not mounted, and mounts it', async () => {
    const host = testHost({ 'usb:/photo.jpg': 'x' }, [memoryMountpoint('home'), memoryMountpoint('usb', { label: 'USB', mounted: false })]);
    const { model } = await started('usb:/', host);
    expect(model.getState()).toMatchObject({ status: 'failed', problem: { key: 'vfs.error.notMounted', params: { name: 'usb' } } });
    expect(model.getState().mountpoints.find((m) => m.name === 'usb')?.mounted).toBe(false);
    await model.mount('usb');
    expect(model.getState().status).toBe('ready');
    expect(names(model)).toEqual(['photo.jpg']);
    expect(model.getState().mountpoints.find((m) => m.name === 'usb')?.mounted).toBe(true);
  });

  it('shows a hidden mountpoint when asked for it by path, with its rules', async () => {
    const { model } = await started('archive:/');
    expect(model.getState().status).toBe('ready');
    expect(model.actions().newFolder).toEqual({ enabled: false, reason: 'files.reason.readOnly' });
  });

  it('greys every write on a read-only filesystem with the reason, and still allows copy and download', async () => {
    const { model } = await started('docs:/');
    model.click('docs:/Policy.pdf');
    const actions = model.actions();
    for (const id of ['newFolder', 'upload', 'rename', 'delete', 'cut', 'paste'] as const) expect(actions[id], id).toEqual({ enabled: false, reason: 'files.reason.readOnly' });
    expect(actions.copy.enabled).toBe(true);
    expect(actions.download.enabled).toBe(true);
  });

  it('refreshes when the filesystem changes the folder shown, keeping the selection', async () => {
    const { model, host } = await started('home:/Documents');
    model.click('home:/Documents/report.txt');
    await host.files.writefile('home:/Documents/new.txt', 'new');
    await flush();
    expect(names(model)).toEqual(['new.txt', 'notes.md', 'report.txt']);
    expect(model.getState().selection.selected).toEqual(['home:/Documents/report.txt']);
    await host.files.writefile('home:/Music/song.mp3', 'la');
    await flush();
    expect(names(model)).toEqual(['new.txt', 'notes.md', 'report.txt']);
  });

  it('reads the mountpoints and the folder shown again when changes may have been missed (the connection came back)', async () => {
    const { model, host } = await started('home:/Documents');
    await host.files.unheard(async () => {
      await host.files.writefile('home:/Documents/while-offline.txt', 'x');
      await host.files.unmount('shared');
    });
    await flush();
    expect(names(model)).toEqual(['notes.md', 'report.txt']);
    host.files.resync();
    await vi.waitFor(() => expect(names(model)).toEqual(['notes.md', 'report.txt', 'while-offline.txt']));
    expect(model.getState().mountpoints.find((m) => m.name === 'shared')?.mounted).toBe(false);
  });

  it('keeps the view mode and sort order in the app settings', async () => {
    const { model, host } = await started();
    model.setView('icons');
    model.sortBy('size');
    model.sortBy('size');
    expect(host.settings).toEqual({ view: 'icons', sort: { key: 'size', direction: 'desc' } });
    const again = new FilesModel(testHost(undefined, DEFAULT_MOUNTPOINTS, host.settings));
    expect(again.getState()).toMatchObject({ view: 'icons', sort: { key: 'size', direction: 'desc' } });
  });

  it('ignores a listing that arrives after the user went elsewhere', async () => {
    const { model } = await started();
    const first = model.navigate('home:/Documents');
    const second = model.navigate('home:/Pictures');
    await Promise.all([first, second]);
    expect(model.getState().path).toBe('home:/Pictures');
    expect(names(model)).toEqual(['cat.png']);
  });
});

describe('FilesModel: actions', () => {
  it('creates a folder under the name given, suggesting a free one', async () => {
    const { model, host } = await started();
    host.answers.push('Projects');
    await model.run('newFolder');
    expect(names(model)).toContain('Projects');
    expect(model.getState().selection.selected).toEqual(['home:/Projects']);
    await model.run('newFolder');
    expect(names(model)).toContain('files.newFolder.name');
    await model.run('newFolder');
    expect(names(model)).toContain('files.newFolder.name (2)');
  });

  it('refuses an invalid name before asking the server, with the rule', async () => {
    const { model, host } = await started();
    host.answers.push('a/b');
    await model.newFolder();
    expect(model.getState().notice).toMatchObject({ key: 'vfs.error.invalidName', paramKeys: { rule: 'vfs.nameRule.separator' } });
  });

  it('renames the one selected item and keeps it selected', async () => {
    const { model, host } = await started();
    model.click('home:/todo.txt');
    host.answers.push('shopping.txt');
    await model.run('rename');
    expect(host.asked[0]?.message).toBe('files.rename.message {"name":"todo.txt"}');
    // The name without its extension is selected first.
    expect(host.asked[0]?.selection).toEqual([0, 4]);
    expect(names(model)).toEqual(['Documents', 'Music', 'Pictures', 'shopping.txt']);
    expect(model.getState().selection.selected).toEqual(['home:/shopping.txt']);
  });

  it('shows the server text when a rename target exists', async () => {
    const { model, host } = await started('home:/Documents');
    model.click('home:/Documents/notes.md');
    host.answers.push('report.txt');
    await model.rename();
    expect(model.getState().notice).toMatchObject({ key: 'vfs.error.alreadyExists', params: { path: 'home:/Documents/report.txt' } });
    expect(names(model)).toEqual(['notes.md', 'report.txt']);
  });

  it('renames only one item at a time', async () => {
    const { model } = await started();
    model.selectAll();
    expect(model.actions().rename).toEqual({ enabled: false, reason: 'files.reason.oneItem' });
  });

  it('deletes after a confirmation naming what goes, and not when the answer is no', async () => {
    const { model, host } = await started();
    model.click('home:/todo.txt');
    host.answers.push(false);
    await model.run('delete');
    // A deletion cannot be undone: the question opens on No.
    expect(host.asked[0]).toEqual({ kind: 'confirm', message: 'files.delete.file {"name":"todo.txt"}', destructive: true });
    expect(names(model)).toContain('todo.txt');
    model.click('home:/Music', 'toggle');
    await model.run('delete');
    expect(host.asked[1]?.message).toBe('files.delete.many {"count":2,"names":"Music, todo.txt"}');
    expect(names(model)).toEqual(['Documents', 'Pictures']);
    expect(model.getState().selection.selected).toEqual([]);
  });

  it('names a folder as a folder in the delete question', async () => {
    const { model, host } = await started();
    model.click('home:/Music');
    await model.remove();
    expect(host.asked[0]?.message).toBe('files.delete.folder {"name":"Music"}');
  });

  it('copies and pastes into another folder, then again as a numbered copy', async () => {
    const { model, host } = await started();
    model.click('home:/todo.txt');
    await model.run('copy');
    expect(model.getState().clipboard).toEqual({ mode: 'copy', paths: ['home:/todo.txt'] });
    await model.navigate('home:/Documents');
    await model.run('paste');
    expect(names(model)).toEqual(['notes.md', 'report.txt', 'todo.txt']);
    host.answers.push('keepBoth');
    await model.run('paste');
    expect(host.asked.map((a) => a.kind)).toEqual(['overwrite']);
    expect(names(model)).toEqual(['notes.md', 'report.txt', 'todo (2).txt', 'todo.txt']);
    expect(await host.files.readfile('home:/todo.txt')).toBe('milk');
    expect(model.getState().clipboard).not.toBeNull();
  });

  it('pasting a copy into its own folder keeps both without asking', async () => {
    const { model, host } = await started();
    model.click('home:/todo.txt');
    model.copyToClipboard('copy');
    await model.paste();
    expect(host.asked).toEqual([]);
    expect(names(model)).toEqual(['Documents', 'Music', 'Pictures', 'todo (2).txt', 'todo.txt']);
  });

  it('cuts and pastes once (a move), and replaces a file when told to', async () => {
    const { model, host } = await started();
    await host.files.writefile('home:/Documents/todo.txt', 'old');
    model.click('home:/todo.txt');
    await model.run('cut');
    await model.navigate('home:/Documents');
    host.answers.push('replace');
    await model.run('paste');
    expect(names(model)).toEqual(['notes.md', 'report.txt', 'todo.txt']);
    expect(await host.files.readfile('home:/Documents/todo.txt')).toBe('milk');
    expect(await host.files.exists('home:/todo.txt')).toBe(false);
    expect(model.getState().clipboard).toBeNull();
    expect(model.actions().paste).toEqual({ enabled: false, reason: 'files.reason.clipboardEmpty' });
  });

  it('moves dragged items onto a folder, or copies them (Ctrl held), and skips when told to', async () => {
    const { model, host } = await started();
    await model.transfer(['home:/todo.txt'], 'home:/Music', false);
    expect(names(model)).toEqual(['Documents', 'Music', 'Pictures']);
    expect(await host.files.exists('home:/Music/todo.txt')).toBe(true);
    await model.transfer(['home:/Music/todo.txt'], 'shared:/', true);
    expect(await host.files.readfile('shared:/todo.txt')).toBe('milk');
    expect(await host.files.exists('home:/Music/todo.txt')).toBe(true);
    host.answers.push('skip');
    await model.transfer(['home:/Music/todo.txt'], 'shared:/', false);
    expect(await host.files.exists('home:/Music/todo.txt')).toBe(true);
  });

  it('refuses to move a folder into itself, and onto a read-only filesystem', async () => {
    const { model, host } = await started();
    await model.transfer(['home:/Documents'], 'home:/Documents/', false);
    expect(model.getState().notice).toBeNull();
    await host.files.mkdir('home:/Documents/Inner');
    await model.transfer(['home:/Documents'], 'home:/Documents/Inner', false);
    expect(model.getState().notice).toMatchObject({ key: 'vfs.error.intoItself', params: { from: 'home:/Documents' } });
    await model.transfer(['home:/Documents'], 'docs:/', false);
    expect(model.getState().notice).toMatchObject({ key: 'vfs.error.readOnly', params: { name: 'docs' } });
    expect(names(model)).toContain('Documents');
  });

  it('downloads files through their download address, never folders', async () => {
    const { model, host } = await started();
    model.click('home:/todo.txt');
    await model.run('download');
    expect(host.downloads).toHaveLength(1);
    expect(host.downloads[0]).toMatchObject({ filename: 'todo.txt' });
    expect(host.downloads[0]?.url).toMatch(/^blob:/);
    model.click('home:/Music', 'toggle');
    expect(model.actions().download).toEqual({ enabled: false, reason: 'files.reason.folderDownload' });
  });

  it('shows the properties of a file, of a folder with its item count, and of the folder shown', async () => {
    const { model } = await started();
    model.click('home:/todo.txt');
    await model.run('properties');
    expect(model.getState().properties).toMatchObject({ status: 'ready', entry: { filename: 'todo.txt', size: 4, mime: 'text/plain' }, itemCount: null });
    await model.showProperties('home:/Documents');
    expect(model.getState().properties).toMatchObject({ status: 'ready', entry: { isDirectory: true }, itemCount: 2 });
    model.clearSelection();
    await model.run('properties');
    expect(model.getState().properties).toMatchObject({ path: 'home:/', itemCount: 4 });
    model.closeProperties();
    expect(model.getState().properties).toBeNull();
  });
});
