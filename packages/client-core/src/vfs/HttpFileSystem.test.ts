import { VFS_NAME_RULES } from '@atrium/shared';
import { describe, expect, it } from 'vitest';
import { RequestClient } from '../api/RequestClient.js';
import { FakeEnvironment, hang } from '../testing/FakeEnvironment.js';
import { startSignedIn } from '../testing/fixtures.js';
import { FakeVfsServer } from '../testing/vfsServer.js';
import { FileSystemError } from '@atrium/sdk';
import { HttpFileSystem } from './HttpFileSystem.js';
import { MemoryFileSystem, memoryMountpoint } from '@atrium/sdk/testing';
import type { FileSystemChange } from './FileSystem.js';

function tree() {
  return new MemoryFileSystem({
    mountpoints: [
      memoryMountpoint('home', { label: 'Home' }),
      memoryMountpoint('shared', { label: 'Shared' }),
      memoryMountpoint('documents', { label: 'Documents', attributes: { readOnly: true, visibility: 'restricted', searchable: false } }),
    ],
    files: { 'home:/notes.txt': 'hello', 'home:/Docs/report.pdf': 'x'.repeat(1536), 'shared:/plan.md': '# Plan', 'documents:/Handbook.pdf': 'pdf' },
  });
}

/** An HttpFileSystem over a scripted server (a request client with a fixed token). */
function setup() {
  const env = new FakeEnvironment();
  const server = new FakeVfsServer(env, tree());
  const client = new RequestClient({ env, base: '', session: { accessToken: () => 'token-1', refresh: async () => false, expire: async () => undefined } });
  const fs = new HttpFileSystem(client);
  const changes: FileSystemChange[] = [];
  fs.subscribe((change) => changes.push(change));
  return { env, server, fs, changes };
}

describe('HttpFileSystem calls', () => {
  it('lists mountpoints from GET /vfs/mountpoints with their attributes', async () => {
    const { fs, env } = setup();
    const mountpoints = await fs.mountpoints();
    expect(mountpoints.map((m) => [m.name, m.label, m.mounted, m.attributes.readOnly])).toEqual([
      ['home', 'Home', true, false],
      ['shared', 'Shared', true, false],
      ['documents', 'Documents', true, true],
    ]);
    expect(env.calls('GET', '/vfs/mountpoints')[0]!.headers.Authorization).toBe('Bearer token-1');
  });

  it("shows the built-in mountpoints' labels in the user's language, and an operator's own label as it is", async () => {
    const env = new FakeEnvironment();
    new FakeVfsServer(
      env,
      new MemoryFileSystem({
        mountpoints: [
          memoryMountpoint('home', { label: 'Home' }),
          memoryMountpoint('shared', { label: 'Shared – Northwind', organisation: 'Northwind' }),
          memoryMountpoint('documents', { label: 'Policies – Northwind', organisation: 'Northwind' }),
          memoryMountpoint('archive', { label: 'Archive' }),
        ],
        files: {},
      }),
    );
    const client = new RequestClient({ env, base: '', session: { accessToken: () => 'token-1', refresh: async () => false, expire: async () => undefined } });
    const german: Record<string, string> = { 'vfs.mount.home': 'Eigene Dateien', 'vfs.mount.shared': 'Gemeinsam – {{organisation}}', 'vfs.mount.documents': 'Dokumente – {{organisation}}' };
    const translate = (key: string, vars?: Record<string, unknown>) => (german[key] ?? key).replace('{{organisation}}', String(vars?.organisation ?? ''));
    const fs = new HttpFileSystem(client, { translate });
    expect((await fs.mountpoints()).map((m) => m.label)).toEqual(['Eigene Dateien', 'Gemeinsam – Northwind', 'Policies – Northwind', 'Archive']);
  });

  it('sends GET operations with path and options as JSON text in the query', async () => {
    const { fs, env } = setup();
    const entries = await fs.readdir('home:/', { showHiddenFiles: true });
    expect(entries.map((e) => [e.filename, e.isDirectory, e.humanSize])).toEqual([
      ['Docs', true, '0 B'],
      ['notes.txt', false, '5 B'],
    ]);
    const call = env.calls('GET', '/vfs/readdir')[0]!;
    expect(call.query.get('path')).toBe('home:/');
    expect(JSON.parse(call.query.get('options')!)).toEqual({ showHiddenFiles: true });
    expect(await fs.exists('home:/notes.txt')).toBe(true);
    expect(await fs.exists('home:/missing.txt')).toBe(false);
    const stat = await fs.stat('home:/Docs/report.pdf');
    expect(stat).toMatchObject({ filename: 'report.pdf', mime: 'application/pdf', size: 1536, humanSize: '1.5 KiB', isFile: true });
    expect(stat.url).toMatch(/\/file\/.+\/data\?token=/);
  });

  it('reads a file as text, blob or array buffer', async () => {
    const { fs } = setup();
    expect(await fs.readfile('home:/notes.txt')).toBe('hello');
    expect(await fs.readfile('home:/notes.txt', 'text')).toBe('hello');
    const blob = await fs.readfile('shared:/plan.md', 'blob');
    expect(await blob.text()).toBe('# Plan');
    const buffer = await fs.readfile('home:/notes.txt', 'arraybuffer');
    expect(new TextDecoder().decode(buffer)).toBe('hello');
  });

  it('sends the other operations as POST with JSON bodies and tells subscribers what changed', async () => {
    const { fs, env, server, changes } = setup();
    await fs.mkdir('home:/New');
    expect(env.calls('POST', '/vfs/mkdir')[0]!.json()).toEqual({ path: 'home:/New', options: {} });
    await fs.touch('home:/New/a.txt');
    await fs.copy('home:/notes.txt', 'home:/New/notes.txt');
    expect(env.calls('POST', '/vfs/copy')[0]!.json()).toEqual({ from: 'home:/notes.txt', to: 'home:/New/notes.txt', options: {} });
    const moved = await fs.rename('home:/New/notes.txt', 'shared:/notes.txt', { overwrite: false });
    expect(moved.path).toBe('shared:/notes.txt');
    expect(env.calls('POST', '/vfs/rename')[0]!.json()).toEqual({ from: 'home:/New/notes.txt', to: 'shared:/notes.txt', options: { overwrite: false } });
    expect(await fs.unlink('home:/New')).toBe(true);
    expect(await server.fs.exists('home:/New')).toBe(false);
    expect(changes).toEqual([
      { operation: 'mkdir', directories: ['home:/'] },
      { operation: 'touch', directories: ['home:/New'] },
      { operation: 'copy', directories: ['home:/New'] },
      { operation: 'rename', directories: ['home:/New', 'shared:/'] },
      { operation: 'unlink', directories: ['home:/'] },
    ]);
  });

  it('searches with root, pattern and options', async () => {
    const { fs, env } = setup();
    const found = await fs.search('home:/', '*report*', { limit: 10 });
    expect(found.map((e) => e.path)).toEqual(['home:/Docs/report.pdf']);
    expect(env.calls('POST', '/vfs/search')[0]!.json()).toEqual({ root: 'home:/', pattern: '*report*', options: { limit: 10 } });
  });

  it("answers a file's signed address, with the download flag when asked", async () => {
    const { fs } = setup();
    const url = await fs.url('home:/notes.txt');
    expect(url).toMatch(/^https:\/\/atrium\.example\/api\/v1\/file\/.+\/data\?token=signed$/);
    expect(await fs.url('home:/notes.txt', { download: true })).toBe(`${url}&download=1`);
    await expect(fs.url('home:/Docs')).rejects.toMatchObject({ code: 'vfs.isADirectory' });
  });
});

describe('HttpFileSystem uploads', () => {
  it('writes multipart fields path, options, then the file part upload, reporting progress in bytes of the file', async () => {
    const { fs, env, server, changes } = setup();
    const progress: Array<[number, number]> = [];
    const entry = await fs.writefile('home:/Docs/new.txt', 'twelve bytes', { overwrite: false, onProgress: (p) => progress.push([p.loaded, p.total]) });
    expect(entry).toMatchObject({ path: 'home:/Docs/new.txt', size: 12, mime: 'text/plain' });
    const form = env.calls('POST', '/vfs/writefile')[0]!.body as FormData;
    expect([...form.keys()]).toEqual(['path', 'options', 'upload']);
    expect(form.get('path')).toBe('home:/Docs/new.txt');
    expect(JSON.parse(form.get('options') as string)).toEqual({ overwrite: false });
    expect((form.get('upload') as File).name).toBe('new.txt');
    expect(await server.fs.readfile('home:/Docs/new.txt')).toBe('twelve bytes');
    expect(progress.at(-1)).toEqual([12, 12]);
    expect(progress.length).toBeGreaterThan(1);
    expect(progress[0]![0]).toBeLessThan(12);
    expect(changes).toEqual([{ operation: 'writefile', directories: ['home:/Docs'] }]);
  });

  it('cancels an upload through its signal: it rejects with an AbortError and nothing is stored', async () => {
    const { fs, env, server, changes } = setup();
    env.route('POST', '/vfs/writefile', hang);
    const controller = new AbortController();
    const writing = fs.writefile('home:/big.bin', new Blob(['x'.repeat(1000)]), { signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 0));
    controller.abort();
    await expect(writing).rejects.toMatchObject({ name: 'AbortError' });
    expect(await server.fs.exists('home:/big.bin')).toBe(false);
    expect(changes).toEqual([]);
  });

  it('does not send an upload whose signal is already aborted', async () => {
    const { fs, env } = setup();
    const controller = new AbortController();
    controller.abort();
    await expect(fs.writefile('home:/x.txt', 'x', { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(env.calls('POST', '/vfs/writefile')).toEqual([]);
  });
});

describe('HttpFileSystem failures', () => {
  it("turns the server's error envelopes into FileSystemErrors with code and params", async () => {
    const { fs } = setup();
    const failure = await fs.readdir('home:/missing').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(FileSystemError);
    expect(failure).toMatchObject({ code: 'vfs.notFound', kind: 'notFound', params: { path: 'home:/missing' }, message: "'home:/missing' does not exist" });
    await expect(fs.writefile('documents:/x.txt', 'x')).rejects.toMatchObject({ code: 'vfs.readOnly', message: "Filesystem 'documents' is read-only" });
    await expect(fs.search('documents:/', 'x')).rejects.toMatchObject({ code: 'vfs.notSearchable' });
    await expect(fs.mkdir('home:/Docs')).rejects.toMatchObject({ code: 'vfs.alreadyExists' });
    await expect(fs.readfile('home:/nope.txt')).rejects.toMatchObject({ code: 'vfs.notFound' });
  });

  it('refuses a malformed path and a path on no known filesystem without calling the server', async () => {
    const { fs, env } = setup();
    await expect(fs.readdir('notes.txt')).rejects.toThrow("Given path 'notes.txt' does not match 'name:/path'");
    await expect(fs.stat('tmp:/a')).rejects.toThrow("Filesystem not found for 'tmp:/a'");
    await expect(fs.stat('tmp:/a')).rejects.toMatchObject({ code: 'vfs.filesystemNotFoundFor' });
    expect(env.requests.filter((r) => r.path !== '/vfs/mountpoints')).toEqual([]);
  });

  it('keeps mount state on the client: unmounted filesystems refuse every operation until mounted again', async () => {
    const { fs, env, changes } = setup();
    await expect(fs.mount('home')).rejects.toThrow("Filesystem 'home' already mounted");
    await fs.unmount('shared');
    expect((await fs.mountpoints()).find((m) => m.name === 'shared')!.mounted).toBe(false);
    await expect(fs.unmount('shared')).rejects.toThrow("Filesystem 'shared' not mounted");
    await expect(fs.readdir('shared:/')).rejects.toThrow("Filesystem 'shared' not mounted");
    await expect(fs.writefile('shared:/a.txt', 'a')).rejects.toMatchObject({ code: 'vfs.notMounted', params: { name: 'shared' } });
    expect(env.calls('GET', '/vfs/readdir')).toEqual([]);
    await fs.mount('shared');
    expect((await fs.readdir('shared:/')).map((e) => e.filename)).toEqual(['plan.md']);
    await expect(fs.mount('tmp')).rejects.toThrow("Filesystem 'tmp' not found");
    expect(changes).toEqual([
      { operation: 'unmount', directories: ['shared:/'] },
      { operation: 'mount', directories: ['shared:/'] },
    ]);
  });

  it("reads an upload refused for its size or the user's space (413) as that refusal, with its text, not as a network failure", async () => {
    const { fs, env, server, changes } = setup();
    server.fail.set('writefile', { code: 'quotaExceeded', params: { quota: '10.0 GiB' } });
    const failure = await fs.writefile('home:/big.bin', new Blob(['x'.repeat(1000)]), { onProgress: () => undefined }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(FileSystemError);
    expect(failure).toMatchObject({ kind: 'quotaExceeded', params: { quota: '10.0 GiB' }, message: 'Your storage space of 10.0 GiB is full: delete files you no longer need, or ask your administrator for more space' });
    expect(env.calls('POST', '/vfs/writefile')).toHaveLength(1);
    server.fail.set('writefile', { code: 'tooLarge', params: { limit: '4.0 GiB' } });
    await expect(fs.writefile('home:/big.bin', 'x')).rejects.toMatchObject({ kind: 'tooLarge', message: 'The file is larger than the upload limit of 4.0 GiB' });
    server.fail.set('writefile', { code: 'diskFull' });
    const full = await fs.writefile('home:/big.bin', 'x').catch((e: { cause?: { status?: number } }) => e);
    expect(full).toMatchObject({ kind: 'diskFull', cause: { status: 507 } });
    expect(changes).toEqual([]);
  });

  it('refuses a name that breaks a name rule before calling the server, wherever a name is written to; names already there stay reachable', async () => {
    const { fs, env, server } = setup();
    await fs.mountpoints();
    for (const [name, rule] of [
      ['invoice\u202Efdp.exe', 'bidi'],
      ['..\uFF0F..\uFF0Folivia.txt', 'lookalike'],
      ['CON', 'reserved'],
    ] as const) {
      for (const call of [
        () => fs.writefile(`home:/${name}`, 'x'),
        () => fs.mkdir(`home:/${name}`),
        () => fs.touch(`home:/${name}`),
        () => fs.copy('home:/notes.txt', `home:/${name}`),
        () => fs.rename('home:/notes.txt', `home:/${name}`),
      ]) {
        await expect(call()).rejects.toMatchObject({ kind: 'invalidName', params: { name } });
        await expect(call()).rejects.toThrow(`'${name}' is not a valid name: ${VFS_NAME_RULES[rule]}`);
      }
    }
    expect(env.requests.filter((r) => r.path !== '/vfs/mountpoints')).toEqual([]);
    // An entry named so before the rule: read, renamed to a valid name, deleted.
    await server.fs.writefile('home:/old.txt', 'old');
    const old = new MemoryFileSystem({ mountpoints: [memoryMountpoint('home')], files: { 'home:/Old/bad\u202Ename.txt': 'kept' } });
    expect(await old.readfile('home:/Old/bad\u202Ename.txt')).toBe('kept');
    expect((await old.readdir('home:/Old')).map((e) => e.filename)).toEqual(['bad\u202Ename.txt']);
    await old.rename('home:/Old/bad\u202Ename.txt', 'home:/Old/name.txt');
    expect(await old.readfile('home:/Old/name.txt')).toBe('kept');
    await expect(old.copy('home:/Old/name.txt', 'home:/Old/bad\u202Ename.txt')).rejects.toMatchObject({ kind: 'invalidName' });
    expect(await old.unlink('home:/Old/name.txt')).toBe(true);
  });

  it('a failure that is not a filesystem one stays as it was (a network failure)', async () => {
    const { fs, env } = setup();
    await fs.mountpoints();
    env.route('GET', '/vfs/stat', () => Promise.reject(new TypeError('offline')));
    await expect(fs.stat('home:/notes.txt')).rejects.toThrow('Network request failed');
  });
});

describe('HttpFileSystem in a signed-in session', () => {
  it('refreshes an expired token and retries the call, like every other call', async () => {
    const { env, server, session } = await startSignedIn();
    new FakeVfsServer(env, tree(), () => server.accepted());
    const fs = new HttpFileSystem(session.core);
    await fs.mountpoints();
    server.accessValid = false;
    expect((await fs.readdir('home:/')).map((e) => e.filename)).toEqual(['Docs', 'notes.txt']);
    expect(env.calls('POST', '/api/wrapper/refreshtoken')).toHaveLength(1);
    expect(env.calls('GET', '/vfs/readdir')).toHaveLength(2);
    server.accessValid = false;
    const entry = await fs.writefile('home:/after-refresh.txt', 'ok');
    expect(entry.size).toBe(2);
    expect(env.calls('POST', '/api/wrapper/refreshtoken')).toHaveLength(2);
  });
});
