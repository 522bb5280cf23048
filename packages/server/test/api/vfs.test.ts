/**
 * @module-tag postgres
 *
 * The filesystem's eleven operations through HTTP (docs/API.md, "Files"):
 * what each answers, and each failure text with its status.
 */
import crypto from 'node:crypto';
import { vfsErrorText, type VfsEntry, type VfsMountpoint } from '@atrium/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAccount, makeUser, signIn } from '../helpers/factories.js';
import { expectClientErrorEnvelope } from '../helpers/http.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';
import { VfsClient } from '../helpers/vfs.js';

let t: TestApp;
let alice: VfsClient;
let orgName: string;

/** Asserts a filesystem failure: status, code and the exact English text. */
function expectVfsError(res: { statusCode: number; body: string; headers: Record<string, unknown>; json: <T>() => T }, status: number, code: Parameters<typeof vfsErrorText>[0], params: Record<string, string>) {
  expectClientErrorEnvelope(res as never, status);
  const body = res.json<{ code: string; message: string; params: Record<string, string> }>();
  expect(body.code).toBe(`vfs.${code}`);
  expect(body.message).toBe(vfsErrorText(code, params));
  expect(body.params).toEqual(params);
}

const data = <T>(res: { json: <U>() => U }) => res.json<{ status: string; data: T }>().data;

beforeAll(async () => {
  t = await createTestApp({ env: { VFS_MOUNTS: JSON.stringify([{ name: 'archive', label: 'Archive', scope: 'global', enabled: false }]) } });
  const org = await makeAccount(t.services.stores, `Northwind ${crypto.randomBytes(2).toString('hex')}`);
  orgName = org.name;
  const user = await makeUser(t.services.stores, t.hasher, { accounts: [org.id] });
  alice = new VfsClient(t, (await signIn(t.app, t.config.wrapperPrefix, user.username)).jwt);
});
afterAll(() => t.close());

describe(`filesystem operations (${databaseKind})`, () => {
  it('lists the mountpoints with their attributes; a disabled one as not mounted', async () => {
    const res = await alice.mountpoints();
    expect(res.statusCode).toBe(200);
    const mounts = data<VfsMountpoint[]>(res);
    expect(mounts.map((m) => m.name)).toEqual(['home', 'shared', 'documents', 'records', 'archive']);
    expect(mounts[0]).toMatchObject({ label: 'Home', root: 'home:/', enabled: true, mounted: true, attributes: { readOnly: false, searchable: true, visibility: 'global' } });
    expect(mounts[1]!.label).toBe(`Shared – ${orgName}`);
    // What a client needs to show the labels in its own language: the name, and the organisation's name where the label has it.
    expect(mounts.map((m) => m.organisation)).toEqual([undefined, orgName, orgName, orgName, undefined]);
    expect(mounts[2]).toMatchObject({ attributes: { readOnly: true, visibility: 'restricted' } });
    expect(mounts[3]).toMatchObject({ label: `Records – ${orgName}`, attributes: { readOnly: true, searchable: false, visibility: 'restricted' } });
    expect(mounts[4]).toMatchObject({ enabled: false, mounted: false });
  });

  it('writes, reads back, stats and lists a file', async () => {
    const res = await alice.write('home:/notes.txt', 'hello world');
    expect(res.statusCode, res.body).toBe(200);
    const entry = data<VfsEntry>(res);
    expect(entry).toMatchObject({ isFile: true, isDirectory: false, mime: 'text/plain', size: 11, path: 'home:/notes.txt', filename: 'notes.txt' });
    expect(entry.stat.hash).toBe(crypto.createHash('sha256').update('hello world').digest('hex'));
    expect(entry.url).toMatch(new RegExp(`^${t.config.apiPrefix}/file/${entry.id}/data\\?token=`));

    const read = await alice.read('home:/notes.txt');
    expect(read.statusCode).toBe(200);
    expect(read.body).toBe('hello world');
    expect(read.headers['content-type']).toBe('text/plain; charset=utf-8');

    const stat = await alice.get('stat', { path: 'home:/notes.txt' });
    expect(data<VfsEntry>(stat)).toMatchObject({ id: entry.id, size: 11 });
    const list = await alice.get('readdir', { path: 'home:/' });
    expect(data<VfsEntry[]>(list).map((e) => e.filename)).toContain('notes.txt');
    expect(data<boolean>(await alice.get('exists', { path: 'home:/notes.txt' }))).toBe(true);
    expect(data<boolean>(await alice.get('exists', { path: 'home:/nothing.txt' }))).toBe(false);
  });

  it('replaces a file unless overwrite is false', async () => {
    await alice.write('home:/replace.txt', 'one');
    expect((await alice.write('home:/replace.txt', 'two')).statusCode).toBe(200);
    expect((await alice.read('home:/replace.txt')).body).toBe('two');
    expectVfsError(await alice.write('home:/replace.txt', 'three', { overwrite: false }), 409, 'alreadyExists', { path: 'home:/replace.txt' });
    expect((await alice.read('home:/replace.txt')).body).toBe('two');
  });

  it('makes directories, lists directories first, hides dot files unless asked', async () => {
    expect((await alice.post('mkdir', { path: 'home:/Listing' })).statusCode).toBe(200);
    await alice.post('mkdir', { path: 'home:/Listing/zeta' });
    await alice.write('home:/Listing/alpha.md', '# a');
    await alice.write('home:/Listing/.hidden', 'x');
    const names = data<VfsEntry[]>(await alice.get('readdir', { path: 'home:/Listing' })).map((e) => e.filename);
    expect(names).toEqual(['zeta', 'alpha.md']);
    const all = data<VfsEntry[]>(await alice.get('readdir', { path: 'home:/Listing', options: { showHiddenFiles: true } })).map((e) => e.filename);
    expect(all).toEqual(['zeta', '.hidden', 'alpha.md']);
    expectVfsError(await alice.post('mkdir', { path: 'home:/Listing' }), 409, 'alreadyExists', { path: 'home:/Listing' });
    expectVfsError(await alice.post('mkdir', { path: 'home:/Missing/dir' }), 404, 'notFound', { path: 'home:/Missing' });
    expectVfsError(await alice.get('readdir', { path: 'home:/Listing/alpha.md' }), 409, 'notADirectory', { path: 'home:/Listing/alpha.md' });
    expectVfsError(await alice.get('readdir', { path: 'home:/Nope' }), 404, 'notFound', { path: 'home:/Nope' });
  });

  it('touches: creates an empty file, or updates the modified time', async () => {
    const created = data<VfsEntry>(await alice.post('touch', { path: 'home:/empty.txt' }));
    expect(created).toMatchObject({ size: 0, isFile: true });
    expect((await alice.read('home:/empty.txt')).body).toBe('');
    await new Promise((r) => setTimeout(r, 5));
    const touched = data<VfsEntry>(await alice.post('touch', { path: 'home:/empty.txt' }));
    expect(touched.id).toBe(created.id);
    expect(Date.parse(touched.stat.modified)).toBeGreaterThan(Date.parse(created.stat.modified));
  });

  it('touch refuses what mkdir and writefile refuse, naming the same place, and touches a folder by name', async () => {
    await alice.post('mkdir', { path: 'home:/Touch' });
    await alice.write('home:/Touch/file.txt', 'x');
    // The first missing name, or the file in the way, is named, however deep the path goes.
    expectVfsError(await alice.post('touch', { path: 'home:/Missing/a.txt' }), 404, 'notFound', { path: 'home:/Missing' });
    expectVfsError(await alice.post('touch', { path: 'home:/Missing/deeper/a.txt' }), 404, 'notFound', { path: 'home:/Missing' });
    expectVfsError(await alice.post('touch', { path: 'home:/Touch/file.txt/a.txt' }), 409, 'notADirectory', { path: 'home:/Touch/file.txt' });
    expectVfsError(await alice.post('touch', { path: 'home:/Touch/file.txt/x/a.txt' }), 409, 'notADirectory', { path: 'home:/Touch/file.txt' });
    expectVfsError(await alice.post('touch', { path: 'home:/Touch/..' }), 400, 'outsideMount', { path: 'home:/Touch/..' });
    expect((await alice.post('touch', { path: 'home:/' })).statusCode).toBe(403);
    // A folder touched by its name stays a folder, with its time changed; the files beside it are untouched.
    const folder = data<VfsEntry>(await alice.post('touch', { path: 'home:/Touch' }));
    expect(folder).toMatchObject({ isDirectory: true });
    expect(data<VfsEntry[]>(await alice.get('readdir', { path: 'home:/Touch' })).map((e) => e.filename)).toEqual(['file.txt']);
  });

  it('copies files and directories recursively, with contents of their own', async () => {
    await alice.post('mkdir', { path: 'home:/Src' });
    await alice.post('mkdir', { path: 'home:/Src/Inner' });
    await alice.write('home:/Src/Inner/deep.txt', 'deep');
    const copied = await alice.post('copy', { from: 'home:/Src', to: 'home:/Dst' });
    expect(copied.statusCode, copied.body).toBe(200);
    expect((await alice.read('home:/Dst/Inner/deep.txt')).body).toBe('deep');
    // Changing the copy leaves the original alone.
    await alice.write('home:/Dst/Inner/deep.txt', 'changed');
    expect((await alice.read('home:/Src/Inner/deep.txt')).body).toBe('deep');
    expectVfsError(await alice.post('copy', { from: 'home:/Src', to: 'home:/Src/Inner/Again' }), 400, 'intoItself', { from: 'home:/Src', to: 'home:/Src/Inner/Again' });
    expectVfsError(await alice.post('copy', { from: 'home:/Src', to: 'home:/Dst' }), 409, 'alreadyExists', { path: 'home:/Dst' });
    expectVfsError(await alice.post('copy', { from: 'home:/Nothing', to: 'home:/X' }), 404, 'notFound', { path: 'home:/Nothing' });
  });

  it('renames and moves, into other directories and across mountpoints', async () => {
    await alice.write('home:/move-me.txt', 'moving');
    const moved = data<VfsEntry>(await alice.post('rename', { from: 'home:/move-me.txt', to: 'home:/Listing/moved.txt' }));
    expect(moved.path).toBe('home:/Listing/moved.txt');
    expect(data<boolean>(await alice.get('exists', { path: 'home:/move-me.txt' }))).toBe(false);
    await alice.post('mkdir', { path: 'home:/Project' });
    await alice.write('home:/Project/plan.txt', 'plan');
    const across = await alice.post('rename', { from: 'home:/Project', to: 'shared:/Project' });
    expect(across.statusCode, across.body).toBe(200);
    expect((await alice.read('shared:/Project/plan.txt')).body).toBe('plan');
    expectVfsError(await alice.post('rename', { from: 'shared:/Project', to: 'shared:/Project/sub' }), 400, 'intoItself', { from: 'shared:/Project', to: 'shared:/Project/sub' });
    expectVfsError(await alice.post('rename', { from: 'home:/', to: 'home:/x' }), 403, 'rootImmutable', { name: 'home' });
  });

  it('unlinks files and whole directories', async () => {
    await alice.post('mkdir', { path: 'home:/Gone' });
    await alice.write('home:/Gone/a.txt', 'a');
    expect(data<boolean>(await alice.post('unlink', { path: 'home:/Gone' }))).toBe(true);
    expect(data<boolean>(await alice.get('exists', { path: 'home:/Gone/a.txt' }))).toBe(false);
    expectVfsError(await alice.post('unlink', { path: 'home:/Gone' }), 404, 'notFound', { path: 'home:/Gone' });
    expectVfsError(await alice.post('unlink', { path: 'home:/' }), 403, 'rootImmutable', { name: 'home' });
  });

  it('searches names with wildcards, case-insensitively, under a root', async () => {
    await alice.post('mkdir', { path: 'home:/Reports' });
    await alice.write('home:/Reports/Quarterly_Report.PDF', 'q');
    await alice.write('home:/Reports/100%.txt', 'p');
    const byWildcard = data<VfsEntry[]>(await alice.post('search', { root: 'home:/', pattern: '*report*.pdf' }));
    expect(byWildcard.map((e) => e.path)).toEqual(['home:/Reports/Quarterly_Report.PDF']);
    const contains = data<VfsEntry[]>(await alice.post('search', { root: 'home:/Reports', pattern: 'QUARTERLY' }));
    expect(contains.map((e) => e.filename)).toEqual(['Quarterly_Report.PDF']);
    // LIKE's own characters are plain text.
    expect(data<VfsEntry[]>(await alice.post('search', { root: 'home:/', pattern: '100%' })).map((e) => e.filename)).toEqual(['100%.txt']);
    expect(data<VfsEntry[]>(await alice.post('search', { root: 'home:/', pattern: '_' })).map((e) => e.filename)).toEqual(['Quarterly_Report.PDF']);
    expect(data<VfsEntry[]>(await alice.post('search', { root: 'home:/Listing', pattern: 'report' }))).toEqual([]);
  });

  it('answers the texts of paths and mountpoints', async () => {
    expectVfsError(await alice.get('stat', { path: 'nowhere' }), 400, 'pathMismatch', { path: 'nowhere' });
    expectVfsError(await alice.get('stat', { path: 'nosuch:/a' }), 404, 'filesystemNotFound', { name: 'nosuch' });
    expectVfsError(await alice.get('readdir', { path: 'archive:/' }), 409, 'notMounted', { name: 'archive' });
    expectVfsError(await alice.get('stat', { path: 'home:/a/../b' }), 400, 'outsideMount', { path: 'home:/a/../b' });
    expectVfsError(await alice.get('stat', { path: 'home:/a\\b' }), 400, 'invalidName', { name: 'a\\b', rule: 'a name cannot contain / or \\' });
    expectVfsError(await alice.post('mkdir', { path: 'home:/CON' }), 400, 'invalidName', {
      name: 'CON',
      rule: 'the name is reserved by Windows (CON, PRN, AUX, NUL, COM1 to COM9, LPT1 to LPT9)',
    });
    const deep = `home:/${Array.from({ length: 65 }, () => 'd').join('/')}`;
    expectVfsError(await alice.get('stat', { path: deep }), 400, 'tooDeep', { path: deep });
    expectVfsError(await alice.read('home:/Listing'), 409, 'isADirectory', { path: 'home:/Listing' });
    expectVfsError(await alice.write('home:/Listing', 'x'), 409, 'isADirectory', { path: 'home:/Listing' });
    expectVfsError(await alice.get('stat', { path: 'home:/Listing/alpha.md/x' }), 404, 'notFound', { path: 'home:/Listing/alpha.md/x' });
  });

  it('refuses every write to a read-only mountpoint', async () => {
    for (const res of [
      await alice.write('documents:/a.txt', 'x'),
      await alice.post('mkdir', { path: 'documents:/D' }),
      await alice.post('touch', { path: 'documents:/t' }),
      await alice.post('unlink', { path: 'documents:/t' }),
      await alice.post('copy', { from: 'home:/notes.txt', to: 'documents:/n.txt' }),
      await alice.post('rename', { from: 'home:/notes.txt', to: 'documents:/n.txt' }),
    ]) {
      expectVfsError(res, 403, 'readOnly', { name: 'documents' });
    }
    expect(data<VfsEntry[]>(await alice.get('readdir', { path: 'documents:/' }))).toEqual([]);
  });

  it('refuses a writefile without an upload', async () => {
    const { multipart } = await import('../helpers/vfs.js');
    const body = multipart({ path: 'home:/x.txt' }, null);
    const res = await t.app.inject({ method: 'POST', url: '/vfs/writefile', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${alice.jwt}` } });
    expectVfsError(res, 400, 'uploadMissing', {});
    const json = await t.app.inject({ method: 'POST', url: '/vfs/writefile', payload: { path: 'home:/x.txt' }, headers: { authorization: `Bearer ${alice.jwt}` } });
    expectVfsError(json, 400, 'uploadMissing', {});
  });

  it('refuses a writefile whose multipart boundary is missing, empty or longer than 70 characters with 400, as the form calls do', async () => {
    const framed = (boundary: string) =>
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="path"\r\n\r\nhome:/boundary.txt\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="upload"; filename="boundary.txt"\r\n\r\nbounded\r\n--${boundary}--\r\n`,
      );
    const send = (url: string, boundary: string, contentType = `multipart/form-data; boundary=${boundary}`) =>
      t.app.inject({ method: 'POST', url, payload: framed(boundary), headers: { authorization: `Bearer ${alice.jwt}`, 'content-type': contentType } });
    for (const boundary of ['b'.repeat(254), 'b'.repeat(300), 'b'.repeat(71)]) {
      for (const url of ['/vfs/writefile', `${t.config.apiPrefix}/logger`]) {
        const res = await send(url, boundary);
        expectClientErrorEnvelope(res, 400);
        expect(res.json<{ message: string }>().message).toBe('Invalid request: the multipart boundary is longer than 70 characters');
      }
    }
    expectClientErrorEnvelope(await send('/vfs/writefile', 'b', 'multipart/form-data; boundary='), 400);
    expectClientErrorEnvelope(await send('/vfs/writefile', 'b', 'multipart/form-data'), 400);
    // 70 characters, quoted or not, are a boundary like any other.
    expect((await send('/vfs/writefile', 'b'.repeat(70))).statusCode).toBe(200);
    expect((await send('/vfs/writefile', 'a b'.repeat(23), `multipart/form-data; boundary="${'a b'.repeat(23)}"`)).statusCode).toBe(200);
    expect((await alice.read('home:/boundary.txt')).body).toBe('bounded');
  });

  it('refuses callers without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/vfs/readdir?path=home:/' });
    expectClientErrorEnvelope(res, 401);
  });
});
