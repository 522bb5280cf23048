/**
 * @module-tag postgres
 *
 * Who may reach which files, how contents are sent, and the limits on
 * space and uploads (docs/behaviour/files.md, docs/SECURITY.md "Files").
 */
import crypto from 'node:crypto';
import { vfsErrorText, type VfsEntry } from '@atrium/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeAccount, makeUser, signIn } from '../helpers/factories.js';
import { FileUrlSigner } from '../../src/vfs/FileUrlSigner.js';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';
import { VfsClient } from '../helpers/vfs.js';

let t: TestApp;
let alice: VfsClient;
let bob: VfsClient;
let carol: VfsClient;
let aliceUsername: string;
const data = <T>(res: { json: <U>() => U }) => res.json<{ data: T }>().data;
const code = (res: { json: <U>() => U }) => res.json<{ code: string }>().code;

beforeAll(async () => {
  t = await createTestApp({ env: { VFS_QUOTA: '4096', VFS_UPLOAD_LIMIT: '3000' } });
  const northwind = await makeAccount(t.services.stores);
  const contoso = await makeAccount(t.services.stores);
  const a = await makeUser(t.services.stores, t.hasher, { accounts: [northwind.id] });
  const b = await makeUser(t.services.stores, t.hasher, { accounts: [northwind.id] });
  const c = await makeUser(t.services.stores, t.hasher, { accounts: [contoso.id] });
  const login = await signIn(t.app, t.config.wrapperPrefix, a.username);
  aliceUsername = a.username;
  alice = new VfsClient(t, login.jwt);
  bob = new VfsClient(t, (await signIn(t.app, t.config.wrapperPrefix, b.username)).jwt);
  carol = new VfsClient(t, (await signIn(t.app, t.config.wrapperPrefix, c.username)).jwt);
});
afterAll(() => t.close());

describe(`access between users and organisations (${databaseKind})`, () => {
  it("keeps each home private: another user's file is not found by id or address, and nothing changes", async () => {
    const secret = data<VfsEntry>(await alice.write('home:/secret.txt', 'alice only'));
    // Bob's home is his own: the same path names nothing there.
    expect(data<boolean>(await bob.get('exists', { path: 'home:/secret.txt' }))).toBe(false);
    const byId = await t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/file/${secret.id}/data`, headers: { authorization: `Bearer ${bob.jwt}` } });
    expect(byId.statusCode).toBe(404);
    expect(byId.body).not.toContain('alice only');
    expect(code(byId)).toBe('vfs.notFound');
    // Alice's signed address does not open for Bob's session either: it is Alice's.
    const withAliceUrlAsBob = await t.app.inject({ method: 'GET', url: secret.url!, headers: { authorization: `Bearer ${bob.jwt}` } });
    expect(withAliceUrlAsBob.statusCode).toBe(404);
    expect((await alice.read('home:/secret.txt')).body).toBe('alice only');
  });

  it("shares an organisation's folder with its members only", async () => {
    const shared = data<VfsEntry>(await alice.write('shared:/team.txt', 'for the team'));
    expect((await bob.read('shared:/team.txt')).body).toBe('for the team');
    // Carol's organisation has its own shared folder.
    expect(data<boolean>(await carol.get('exists', { path: 'shared:/team.txt' }))).toBe(false);
    const res = await t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/file/${shared.id}/data`, headers: { authorization: `Bearer ${carol.jwt}` } });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('for the team');
    expect(data<VfsEntry[]>(await carol.post('search', { root: 'shared:/', pattern: 'team' }))).toEqual([]);
  });
});

describe(`downloads (${databaseKind})`, () => {
  let file: VfsEntry;
  const content = Buffer.from('0123456789abcdefghij');
  beforeAll(async () => {
    file = data<VfsEntry>(await alice.write('home:/digits.bin', content));
  });

  it('sends type, ETag, Last-Modified, nosniff and accepts ranges', async () => {
    // Never compressed, even when the client accepts it: lengths and ranges stay those of the file.
    const res = await alice.read('home:/digits.bin', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(content)).toBe(true);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers.etag).toBe(`"${crypto.createHash('sha256').update(content).digest('hex')}"`);
    expect(new Date(res.headers['last-modified'] as string).getTime()).toBeLessThanOrEqual(Date.parse(file.stat.modified));
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-disposition']).toBeUndefined();
    await alice.write('home:/long.txt', 'compressible text '.repeat(100));
    const text = await alice.read('home:/long.txt', { 'accept-encoding': 'br, gzip', range: 'bytes=0-9' });
    expect(text.headers['content-encoding']).toBeUndefined();
    expect(text.body).toBe('compressib');
  });

  it('answers 304 to a current copy', async () => {
    const first = await alice.read('home:/digits.bin');
    expect((await alice.read('home:/digits.bin', { 'if-none-match': first.headers.etag as string })).statusCode).toBe(304);
    expect((await alice.read('home:/digits.bin', { 'if-modified-since': first.headers['last-modified'] as string })).statusCode).toBe(304);
    expect((await alice.read('home:/digits.bin', { 'if-none-match': '"other"' })).statusCode).toBe(200);
  });

  it('answers one byte range with 206, and 416 outside the file', async () => {
    const part = await alice.read('home:/digits.bin', { range: 'bytes=5-9', 'accept-encoding': 'gzip' });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('56789');
    expect(part.headers['content-range']).toBe('bytes 5-9/20');
    expect(part.headers['content-length']).toBe('5');
    const tail = await alice.read('home:/digits.bin', { range: 'bytes=-3' });
    expect(tail.body).toBe('hij');
    const open = await alice.read('home:/digits.bin', { range: 'bytes=18-' });
    expect(open.body).toBe('ij');
    const outside = await alice.read('home:/digits.bin', { range: 'bytes=20-30' });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe('bytes */20');
    expect(outside.json<{ code: string; message: string }>()).toMatchObject({ code: 'vfs.rangeNotSatisfiable', message: vfsErrorText('rangeNotSatisfiable') });
    // A stale If-Range gets the whole file.
    expect((await alice.read('home:/digits.bin', { range: 'bytes=0-1', 'if-range': '"stale"' })).statusCode).toBe(200);
  });

  it('sends a download as an attachment with a safe file name', async () => {
    await alice.write('home:/Résumé "final"; v2.txt', 'cv');
    const res = await alice.read('home:/Résumé "final"; v2.txt', {}, { download: true });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="R_sum_ _final__ v2.txt"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%22final%22%3B%20v2.txt`);
  });

  it('never serves active types inline: HTML and SVG are sandboxed attachments', async () => {
    for (const name of ['page.html', 'image.svg']) {
      await alice.write(`home:/${name}`, '<script>alert(1)</script>');
      const res = await alice.read(`home:/${name}`);
      expect(res.headers['content-disposition']).toMatch(/^attachment;/);
      expect(res.headers['content-security-policy']).toBe('sandbox');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});

describe(`signed file addresses (${databaseKind})`, () => {
  it('open the file without a bearer token, and no other file', async () => {
    const one = data<VfsEntry>(await alice.write('home:/one.txt', 'one'));
    const two = data<VfsEntry>(await alice.write('home:/two.txt', 'two'));
    const res = await t.app.inject({ method: 'GET', url: one.url! });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('one');
    const token = new URL(one.url!, 'http://x').searchParams.get('token')!;
    const other = await t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/file/${two.id}/data?token=${token}` });
    expect(other.statusCode).toBe(401);
    expect(other.body).not.toContain('two');
    // readfile by path takes the token of the file the path names.
    expect((await t.app.inject({ method: 'GET', url: `/vfs/readfile?path=${encodeURIComponent('home:/one.txt')}&token=${token}` })).body).toBe('one');
    expect((await t.app.inject({ method: 'GET', url: `/vfs/readfile?path=${encodeURIComponent('home:/two.txt')}&token=${token}` })).statusCode).toBe(401);
  });

  it('refuse a token made for another user or file, a forged or an expired one', async () => {
    const file = data<VfsEntry>(await alice.write('home:/signed.txt', 'signed'));
    const [expiry, session, user, fileId, mac] = new URL(file.url!, 'http://x').searchParams.get('token')!.split('.');
    expect(fileId).toBe(file.id);
    const bobEntry = data<VfsEntry>(await bob.write('home:/bob.txt', 'bob'));
    const bobUser = new URL(bobEntry.url!, 'http://x').searchParams.get('token')!.split('.')[2];
    for (const token of [
      `${expiry}.${session}.${bobUser}.${fileId}.${mac}`,
      `${expiry}.${session}.${user}.${bobEntry.id}.${mac}`,
      `${expiry}.${session}.${user}.${fileId}.${'A'.repeat(43)}`,
      `${Number(expiry) + 3600}.${session}.${user}.${fileId}.${mac}`,
      // The former form, without the file id.
      `${expiry}.${session}.${user}.${mac}`,
      'garbage',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/file/${file.id}/data?token=${encodeURIComponent(token)}` });
      expect(res.statusCode).toBe(401);
      expect(res.body).not.toContain('signed');
    }
    // Expired: the same token checked by a clock past its expiry (at most 13 hours after signing).
    const genuine = `${expiry}.${session}.${user}.${fileId}.${mac}`;
    expect(t.services.vfs.verifyToken(genuine)).toEqual({ sessionId: session, userId: user, fileId: file.id });
    const later = new FileUrlSigner(TEST_JWT_SECRET, () => new Date(Date.now() + 13 * 3600 * 1000));
    expect(later.verify(genuine)).toBeNull();
    expect(new FileUrlSigner(TEST_JWT_SECRET).verify(genuine)).not.toBeNull();
  });

  it('check the token before looking anything up: a forged one, or one for a file that is gone, is refused without any path being resolved', async () => {
    const tokenOf = (entry: VfsEntry) => new URL(entry.url!, 'http://x').searchParams.get('token')!;
    const readfile = (path: string, token: string) => t.app.inject({ method: 'GET', url: `/vfs/readfile?path=${encodeURIComponent(path)}&token=${encodeURIComponent(token)}` });
    const file = data<VfsEntry>(await alice.write('home:/checked.txt', 'checked'));
    const gone = data<VfsEntry>(await alice.write('home:/gone.txt', 'gone'));
    await alice.post('unlink', { path: 'home:/gone.txt' });
    const bobFile = data<VfsEntry>(await bob.write('home:/bob-secret.txt', 'bob only'));
    const [expiry, session, user, fileId, mac] = tokenOf(file).split('.');
    const bobUser = tokenOf(bobFile).split('.')[2];
    const vfsStore = t.services.stores.vfs;
    const lookups = [vi.spyOn(vfsStore, 'walk'), vi.spyOn(vfsStore, 'root'), vi.spyOn(vfsStore, 'findById')];
    const sessionChecks = vi.spyOn(t.services.auth, 'isSessionOpen');
    try {
      // Forged: naming Bob (whose home a path would then be resolved in), another file, or with a made-up mac.
      const forged = [
        `${expiry}.${session}.${bobUser}.${bobFile.id}.${mac}`,
        `${expiry}.${session}.${bobUser}.${fileId}.${mac}`,
        `${expiry}.${session}.${user}.${bobFile.id}.${mac}`,
        `${expiry}.${session}.${user}.${fileId}.${'A'.repeat(43)}`,
        `${expiry}.${session}.${user}.${mac}`,
      ];
      for (const token of forged) {
        for (const path of ['home:/bob-secret.txt', 'home:/no-such-file.txt', 'home:/checked.txt']) {
          const res = await readfile(path, token);
          expect(res.statusCode).toBe(401);
          expect(res.json<{ code: string }>().code).toBe('auth.missing');
        }
        expect((await t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/file/${bobFile.id}/data?token=${encodeURIComponent(token)}` })).statusCode).toBe(401);
      }
      for (const spy of [...lookups, sessionChecks]) expect(spy).not.toHaveBeenCalled();

      // Genuine, for a file that is gone: the file is looked up by its id only, and the path never resolved.
      for (const path of ['home:/gone.txt', 'home:/checked.txt']) expect((await readfile(path, tokenOf(gone))).statusCode).toBe(401);
      expect(lookups[0]).not.toHaveBeenCalled();
      expect(lookups[1]).not.toHaveBeenCalled();
    } finally {
      vi.restoreAllMocks();
    }
    // Genuine tokens still open their file, by path and by id.
    const byPath = await readfile('home:/checked.txt', tokenOf(file));
    expect(byPath.statusCode).toBe(200);
    expect(byPath.body).toBe('checked');
    expect((await t.app.inject({ method: 'GET', url: file.url! })).body).toBe('checked');
    expect((await t.app.inject({ method: 'GET', url: `${file.url!}&download=1` })).headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('stop working once the session is signed out', async () => {
    const login = await signIn(t.app, t.config.wrapperPrefix, aliceUsername);
    const session = new VfsClient(t, login.jwt);
    const file = data<VfsEntry>(await session.write('home:/until-logout.txt', 'bye'));
    expect((await t.app.inject({ method: 'GET', url: file.url! })).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/logout', payload: { refresh_token: login.refresh_token }, headers: { authorization: `Bearer ${login.jwt}` } });
    expect((await t.app.inject({ method: 'GET', url: file.url! })).statusCode).toBe(401);
  });
});

describe(`quota and upload limit (${databaseKind})`, () => {
  it('refuses an upload over the limit, keeping nothing', async () => {
    const res = await carol.write('home:/big.bin', Buffer.alloc(3001, 1));
    expect(res.statusCode).toBe(413);
    expect(res.json<{ code: string; message: string }>()).toMatchObject({ code: 'vfs.tooLarge', message: vfsErrorText('tooLarge', { limit: '2.9 KiB' }) });
    expect(data<boolean>(await carol.get('exists', { path: 'home:/big.bin' }))).toBe(false);
    expect(await t.services.stores.vfs.usage((await userIdOf(carol))!)).toBe(0);
  });

  it('refuses writes past the quota with its text, and frees space on delete', async () => {
    expect((await carol.write('home:/a.bin', Buffer.alloc(2500))).statusCode).toBe(200);
    const over = await carol.write('home:/b.bin', Buffer.alloc(2000));
    expect(over.statusCode).toBe(413);
    expect(over.json<{ code: string; message: string }>()).toMatchObject({ code: 'vfs.quotaExceeded', message: vfsErrorText('quotaExceeded', { quota: '4.0 KiB' }) });
    expect(code(await carol.post('copy', { from: 'home:/a.bin', to: 'home:/a2.bin' }))).toBe('vfs.quotaExceeded');
    // Replacing a file counts only the difference.
    expect((await carol.write('home:/a.bin', Buffer.alloc(2900))).statusCode).toBe(200);
    expect(await t.services.stores.vfs.usage((await userIdOf(carol))!)).toBe(2900);
    await carol.post('unlink', { path: 'home:/a.bin' });
    expect((await carol.write('home:/b.bin', Buffer.alloc(2000))).statusCode).toBe(200);
    expect(await t.services.stores.vfs.usage((await userIdOf(carol))!)).toBe(2000);
  });
});

async function userIdOf(client: VfsClient): Promise<string | undefined> {
  const res = await t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/user/me`, headers: { authorization: `Bearer ${client.jwt}` } });
  return res.json<{ data: { id: string } }>().data.id;
}
