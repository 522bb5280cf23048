import { describe, expect, it } from 'vitest';
import { DIRECTORY_MIME } from '@atrium/shared';
import { MemoryFileSystem, memoryMountpoint } from './MemoryFileSystem.js';
import { mimeOfFilename } from '@atrium/shared';

function makeFs() {
  return new MemoryFileSystem({
    mountpoints: [memoryMountpoint('home'), memoryMountpoint('shared', { mounted: false })],
    files: {
      'home:/notes.txt': 'hello',
      'home:/docs/report.pdf': 'x'.repeat(1536),
      'home:/docs/empty': null,
      'home:/Apps/': null,
    },
  });
}

describe('MemoryFileSystem reading', () => {
  it('lists directories first, then files, each sorted by name', async () => {
    const entries = await makeFs().readdir('home:/');
    expect(entries.map((e) => e.filename)).toEqual(['Apps', 'docs', 'notes.txt']);
  });

  it('gives each entry its path, kind, mime and human size', async () => {
    const [empty, report] = await makeFs().readdir('home:/docs');
    expect(report).toMatchObject({ isDirectory: false, isFile: true, mime: 'application/pdf', size: 1536, humanSize: '1.5 KiB', path: 'home:/docs/report.pdf', filename: 'report.pdf' });
    expect(empty).toMatchObject({ isDirectory: true, isFile: false, mime: DIRECTORY_MIME, size: 0, humanSize: '0 B', path: 'home:/docs/empty' });
  });

  it('creates the parent directories of every file', async () => {
    const fs = new MemoryFileSystem({ mountpoints: [memoryMountpoint('home')], files: { 'home:/a/b/c.txt': '' } });
    expect(await fs.exists('home:/a')).toBe(true);
    expect((await fs.stat('home:/a/b')).isDirectory).toBe(true);
    expect((await fs.readdir('home:/a/b/')).map((e) => e.path)).toEqual(['home:/a/b/c.txt']);
  });

  it('answers exists for files, directories and missing paths', async () => {
    const fs = makeFs();
    expect(await fs.exists('home:/notes.txt')).toBe(true);
    expect(await fs.exists('home:/docs/')).toBe(true);
    expect(await fs.exists('home:/nope.txt')).toBe(false);
  });

  it('rejects a malformed path with the path-form text', async () => {
    await expect(makeFs().readdir('notes.txt')).rejects.toThrow("Given path 'notes.txt' does not match 'name:/path'");
    await expect(makeFs().exists('home/x')).rejects.toThrow("Given path 'home/x' does not match 'name:/path'");
  });

  it('rejects a path on an unknown filesystem and on an unmounted one', async () => {
    await expect(makeFs().readdir('tmp:/')).rejects.toThrow("Filesystem not found for 'tmp:/'");
    await expect(makeFs().readdir('shared:/')).rejects.toThrow("Filesystem 'shared' not mounted");
  });

  it('refuses to list a file or a missing directory', async () => {
    await expect(makeFs().readdir('home:/notes.txt')).rejects.toThrow();
    await expect(makeFs().readdir('home:/missing')).rejects.toThrow();
    await expect(makeFs().stat('home:/missing')).rejects.toThrow();
  });

  it('returns copies of its mountpoints', async () => {
    const fs = makeFs();
    const [home] = await fs.mountpoints();
    home!.attributes.readOnly = true;
    expect((await fs.mountpoints())[0]!.attributes.readOnly).toBe(false);
  });
});

describe('MemoryFileSystem mounting', () => {
  it('mounts an unmounted filesystem and unmounts a mounted one', async () => {
    const fs = makeFs();
    await fs.mount('shared');
    expect(await fs.readdir('shared:/')).toEqual([]);
    await fs.unmount('shared');
    await expect(fs.readdir('shared:/')).rejects.toThrow("Filesystem 'shared' not mounted");
  });

  it('refuses to mount twice or unmount twice, and unknown names', async () => {
    const fs = makeFs();
    await expect(fs.mount('home')).rejects.toThrow("Filesystem 'home' already mounted");
    await expect(fs.unmount('shared')).rejects.toThrow("Filesystem 'shared' not mounted");
    await expect(fs.mount('tmp')).rejects.toThrow("Filesystem 'tmp' not found");
  });
});

describe('mimeOfFilename', () => {
  it('guesses from the extension, case-insensitively, with a binary default', () => {
    expect(mimeOfFilename('a.TXT')).toBe('text/plain');
    expect(mimeOfFilename('photo.jpeg')).toBe('image/jpeg');
    expect(mimeOfFilename('.bashrc')).toBe('application/octet-stream');
    expect(mimeOfFilename('README')).toBe('application/octet-stream');
  });
});
