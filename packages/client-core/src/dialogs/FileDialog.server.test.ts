import { describe, expect, it, vi } from 'vitest';
import { RequestClient } from '../api/RequestClient.js';
import { FakeEnvironment } from '../testing/FakeEnvironment.js';
import { FakeVfsServer } from '../testing/vfsServer.js';
import { HttpFileSystem } from '../vfs/HttpFileSystem.js';
import { MemoryFileSystem, memoryMountpoint } from '@atrium/sdk/testing';
import type { ConfirmDialog } from './ConfirmDialog.js';
import { DialogService } from './DialogService.js';
import type { FileDialog } from './FileDialog.js';
import { dialogHarness } from './testing/dialogHarness.js';

/** The server's filesystem (home, the organisation's shared folder, read-only restricted documents) through HttpFileSystem. */
function serverFiles() {
  const env = new FakeEnvironment();
  const server = new FakeVfsServer(
    env,
    new MemoryFileSystem({
      mountpoints: [
        memoryMountpoint('home', { label: 'Home' }),
        memoryMountpoint('shared', { label: 'Shared – Northwind' }),
        memoryMountpoint('documents', { label: 'Documents', attributes: { readOnly: true, visibility: 'restricted' } }),
      ],
      files: { 'home:/Documents/report.txt': 'old', 'home:/Documents/notes.md': '# n', 'shared:/plan.md': 'p' },
    }),
  );
  const fs = new HttpFileSystem(new RequestClient({ env, base: '', session: { accessToken: () => 't', refresh: async () => false, expire: async () => undefined } }));
  return { env, server, fs };
}

async function open(options: Record<string, unknown>, translate?: (key: string, vars?: Record<string, unknown>) => string) {
  const files = serverFiles();
  const harness = dialogHarness({ fileSystem: files.fs });
  const service = translate ? new DialogService({ windows: harness.windows, translate, fileSystem: files.fs }) : harness.service;
  const dialog = service.create('file', { type: 'open', ...options }, harness.callback) as FileDialog;
  await vi.waitFor(() => expect(dialog.getState().loading).toBe(false));
  return { ...files, ...harness, service, dialog };
}

const prompt = (service: { dialogs(): readonly { kind: string }[] }) => service.dialogs().find((d) => d.kind === 'confirm') as ConfirmDialog | undefined;

describe('FileDialog on the server filesystem', () => {
  it("offers the server's mountpoints except those read-only with restricted visibility, and lists the first", async () => {
    const { dialog } = await open({});
    expect(dialog.getState().mountpoints.map((m) => m.label)).toEqual(['Home', 'Shared – Northwind']);
    expect(dialog.getState().path).toBe('home:/');
    expect(dialog.getState().entries.map((e) => e.filename)).toEqual(['Documents']);
  });

  it("shows a listing failure in the user's language", async () => {
    const translate = (key: string, vars: Record<string, unknown> = {}) => (key === 'vfs.error.notFound' ? `introuvable : ${String(vars.path)}` : key);
    const { dialog } = await open({ path: 'home:/Gone' }, translate);
    expect(dialog.getState().error).toBe('introuvable : home:/Gone');
  });

  it('asks before overwriting an existing file and saves only on yes', async () => {
    const { dialog, service, calls } = await open({ type: 'save', path: 'home:/Documents', filename: 'report.txt' });
    const pressing = dialog.press('ok');
    await vi.waitFor(() => expect(prompt(service)).toBeDefined());
    expect(prompt(service)!.options.message).toBe('Do you want to overwrite home:/Documents/report.txt?');
    await prompt(service)!.press('no');
    await pressing;
    expect(calls).toEqual([]);
    expect(dialog.finished).toBe(false);

    const again = dialog.press('ok');
    await vi.waitFor(() => expect(prompt(service)).toBeDefined());
    await prompt(service)!.press('yes');
    await again;
    expect(calls).toEqual([['ok', expect.objectContaining({ path: 'home:/Documents/report.txt', isFile: true })]]);
  });

  it('saves without asking when the existence check fails', async () => {
    const { dialog, service, calls, server } = await open({ type: 'save', path: 'home:/Documents', filename: 'fresh.txt' });
    server.fail.set('exists', { code: 'notMounted', params: { name: 'home' } });
    await dialog.press('ok');
    expect(prompt(service)).toBeUndefined();
    expect(calls).toEqual([['ok', expect.objectContaining({ path: 'home:/Documents/fresh.txt' })]]);
  });

  it('returns no value for a save with an empty filename', async () => {
    const { dialog, calls } = await open({ type: 'save', path: 'home:/Documents', filename: '' });
    expect(dialog.isButtonEnabled('ok')).toBe(false);
    dialog.setFilename('  ');
    expect(dialog.isButtonEnabled('ok')).toBe(false);
    await dialog.press('cancel');
    expect(calls).toEqual([['cancel', null]]);
  });

  it('lists the filesystem its options give instead of the desktop one', async () => {
    const demo = new MemoryFileSystem({ mountpoints: [memoryMountpoint('demo', { label: 'Demo' })], files: { 'demo:/a.txt': 'a' } });
    const { service, callback } = dialogHarness({ fileSystem: serverFiles().fs });
    const dialog = service.create('file', { type: 'open', fileSystem: demo }, callback) as FileDialog;
    await vi.waitFor(() => expect(dialog.getState().loading).toBe(false));
    expect(dialog.getState().mountpoints.map((m) => m.label)).toEqual(['Demo']);
    expect(dialog.getState().entries.map((e) => e.path)).toEqual(['demo:/a.txt']);
  });
});
