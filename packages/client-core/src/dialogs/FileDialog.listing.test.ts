import { describe, expect, it, vi } from 'vitest';
import { flushPromises } from '../testing/FakeClock.js';
import { memoryMountpoint } from '@atrium/sdk/testing';
import { isMountpointOffered, mimeAccepted } from './FileDialog.js';
import { entry, openFileDialog, overriding, sampleFileSystem } from './testing/fileDialogFixtures.js';

const names = (d: { getState(): { entries: readonly { filename: string }[] } }) => d.getState().entries.map((e) => e.filename);

describe('FileDialog listing', () => {
  it('lists the given directory through the filesystem', async () => {
    const { dialog } = await openFileDialog({ path: 'home:/docs' });
    expect(dialog.getState()).toMatchObject({ path: 'home:/docs', loading: false, error: null, selected: null });
    expect(names(dialog)).toEqual(['report.pdf', 'todo.txt']);
  });

  it('starts at the root of the first offered mountpoint without a path', async () => {
    const { dialog } = await openFileDialog({});
    expect(dialog.getState().path).toBe('home:/');
    expect(names(dialog)).toEqual(['docs', 'music', 'notes.txt', 'photo.png', 'readme.md']);
  });

  it('lists directories always and only the files whose mime matches a pattern', async () => {
    const { dialog } = await openFileDialog({ path: 'home:/', mime: ['^text/', 'image/png'] });
    expect(names(dialog)).toEqual(['docs', 'music', 'notes.txt', 'photo.png', 'readme.md']);
    const markdownOnly = await openFileDialog({ path: 'home:/', mime: ['text/markdown'] });
    expect(names(markdownOnly.dialog)).toEqual(['docs', 'music', 'readme.md']);
  });

  it('hides the mountpoints that are both read-only and restricted', async () => {
    const { dialog } = await openFileDialog({});
    expect(dialog.getState().mountpoints.map((m) => m.name)).toEqual(['home', 'shared', 'team']);
  });

  it('lists another directory on navigate and on opening a directory, clearing the selection', async () => {
    const { dialog } = await openFileDialog({ path: 'home:/' });
    dialog.select(entry(dialog, 'notes.txt'));
    await dialog.open(entry(dialog, 'docs'));
    expect(dialog.getState()).toMatchObject({ path: 'home:/docs', selected: null });
    await dialog.navigate('shared:/');
    expect(dialog.getState()).toMatchObject({ path: 'shared:/', entries: [], loading: false });
  });

  it('shows loading while a listing is under way', async () => {
    const { dialog } = await openFileDialog({ path: 'home:/' });
    const listing = dialog.navigate('home:/docs');
    expect(dialog.getState()).toMatchObject({ loading: true, entries: [] });
    await listing;
    expect(dialog.getState().loading).toBe(false);
  });

  it("shows the filesystem's error when a listing fails", async () => {
    const { dialog } = await openFileDialog({ path: 'home:/' });
    await dialog.navigate('nowhere');
    expect(dialog.getState()).toMatchObject({ entries: [], loading: false, error: "Given path 'nowhere' does not match 'name:/path'" });
    await dialog.navigate('tmp:/');
    expect(dialog.getState().error).toBe("Filesystem not found for 'tmp:/'");
  });

  it('keeps only the latest listing when they overlap', async () => {
    const fs = sampleFileSystem();
    let releaseSlow: () => void = () => undefined;
    const slowFs = overriding(fs, {
      readdir: async (p) => {
        if (p === 'home:/docs') await new Promise<void>((resolve) => (releaseSlow = resolve));
        return fs.readdir(p);
      },
    });
    const { dialog } = await openFileDialog({ path: 'home:/' }, slowFs);
    const slow = dialog.navigate('home:/docs');
    await dialog.navigate('home:/');
    releaseSlow();
    await slow;
    expect(dialog.getState().path).toBe('home:/');
    expect(names(dialog)).toContain('notes.txt');
  });

  it('still lists the given path when the mountpoints cannot be read', async () => {
    const fs = sampleFileSystem();
    const broken = overriding(fs, { mountpoints: () => Promise.reject(new Error('offline')) });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { dialog } = await openFileDialog({ path: 'home:/docs' }, broken);
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
    expect(dialog.getState().mountpoints).toEqual([]);
    expect(names(dialog)).toEqual(['report.pdf', 'todo.txt']);
  });

  it('stops loading with nothing listed when there is neither a path nor a mountpoint', async () => {
    const fs = sampleFileSystem();
    const empty = overriding(fs, { mountpoints: async () => [] });
    const { dialog } = await openFileDialog({}, empty);
    await flushPromises();
    expect(dialog.getState()).toMatchObject({ path: '', entries: [], loading: false });
  });
});

describe('mimeAccepted', () => {
  it('accepts everything without patterns, exact types, and regular expressions', () => {
    expect(mimeAccepted('anything/at-all', [])).toBe(true);
    expect(mimeAccepted('text/plain', ['text/plain'])).toBe(true);
    expect(mimeAccepted('text/csv', ['^text/'])).toBe(true);
    expect(mimeAccepted('image/png', ['^text/', 'application/json'])).toBe(false);
  });

  it('treats an invalid regular expression as an exact type only', () => {
    expect(mimeAccepted('text/(', ['text/('])).toBe(true);
    expect(mimeAccepted('text/plain', ['text/('])).toBe(false);
  });
});

describe('isMountpointOffered', () => {
  it('refuses only mountpoints that are read-only and restricted', () => {
    const offered = (readOnly: boolean, visibility: 'global' | 'restricted') => isMountpointOffered(memoryMountpoint('m', { attributes: { readOnly, visibility } }));
    expect(offered(true, 'restricted')).toBe(false);
    expect(offered(true, 'global')).toBe(true);
    expect(offered(false, 'restricted')).toBe(true);
    expect(offered(false, 'global')).toBe(true);
  });
});
