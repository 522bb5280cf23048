/**
 * @module-tag postgres
 *
 * Several servers on one PostgreSQL database with their contents in one
 * bucket (docs/DEPLOYMENT.md, "Object storage"): a file uploaded through one
 * server is listed, downloaded whole and in part, and deleted through
 * another, and so is a resource; one server's start-up sweep leaves alone
 * what another has just stored and not yet recorded. On the embedded
 * database, which only one server opens, there is nothing to check.
 */
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import type { VfsEntry } from '@atrium/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepVfsBlobs } from '../../src/vfs/sweep.js';
import { makeAccount, makeUser, signIn } from '../helpers/factories.js';
import { startS3Server, type S3TestServer } from '../helpers/s3Server.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { createSharedTestDatabase } from '../helpers/testDatabase.js';
import { VfsClient } from '../helpers/vfs.js';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const data = <T>(res: { json: <U>() => U }) => res.json<{ data: T }>().data;

/** The keys of the files' contents in the bucket, as a server lists them. */
async function keys(server: TestApp): Promise<string[]> {
  const found: string[] = [];
  for await (const blob of server.services.stores.vfsBlobs.keys()) found.push(blob.key);
  return found;
}

describe.skipIf(!onPostgres)('several servers on one PostgreSQL database and one bucket', () => {
  let s3: S3TestServer;
  let shared: Awaited<ReturnType<typeof createSharedTestDatabase>>;
  let one: TestApp;
  let two: TestApp;
  let onOne: VfsClient;
  let onTwo: VfsClient;

  beforeAll(async () => {
    s3 = await startS3Server();
    shared = await createSharedTestDatabase(2);
    const env = { ...s3.env, S3_PREFIX: `cluster-${crypto.randomUUID().slice(0, 8)}` };
    const [first, second] = shared!.databases.map((database) => createTestApp({ env, database }));
    [one, two] = await Promise.all([first!, second!]);
    const account = await makeAccount(one.services.stores);
    const user = await makeUser(one.services.stores, one.hasher, { accounts: [account.id] });
    const session = await signIn(one.app, one.config.wrapperPrefix, user.username);
    onOne = new VfsClient(one, session.jwt);
    onTwo = new VfsClient(two, session.jwt);
  });
  afterAll(async () => {
    await Promise.all([one?.close(), two?.close()]);
    await shared?.close();
    await s3?.close();
  });

  it('lists, downloads whole and in part, and deletes through one server a file uploaded through the other', async () => {
    // Larger than a part: stored by a multipart upload.
    const content = crypto.randomBytes(9 * 1024 * 1024 + 321);
    const before = await keys(one);
    expect((await onOne.post('mkdir', { path: 'home:/Reports' })).statusCode).toBe(200);
    const uploaded = await onOne.write('home:/Reports/q3.bin', content);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(data<VfsEntry>(uploaded).stat.hash).toBe(crypto.createHash('sha256').update(content).digest('hex'));

    const listed = data<VfsEntry[]>(await onTwo.get('readdir', { path: 'home:/Reports' }));
    expect(listed.map((e) => [e.filename, e.size])).toEqual([['q3.bin', content.length]]);
    const whole = await onTwo.read('home:/Reports/q3.bin');
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(content)).toBe(true);
    const part = await onTwo.read('home:/Reports/q3.bin', { range: 'bytes=8388600-8388615' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(content.subarray(8_388_600, 8_388_616))).toBe(true);

    const stored = (await keys(two)).filter((key) => !before.includes(key));
    expect(stored).toHaveLength(1);
    expect(data<boolean>(await onTwo.post('unlink', { path: 'home:/Reports/q3.bin' }))).toBe(true);
    expect((await onOne.read('home:/Reports/q3.bin')).statusCode).toBe(404);
    // Its content left the bucket.
    expect(await keys(one)).not.toContain(stored[0]);
  });

  it('answers a failure of the object storage as a server error and logs it without the access key', async () => {
    expect((await onOne.write('home:/refused.txt', 'kept')).statusCode).toBe(200);
    s3.options.refuseSignatures = true;
    try {
      expect((await onTwo.read('home:/refused.txt')).statusCode).toBe(500);
    } finally {
      s3.options.refuseSignatures = false;
    }
    const logged = two.logs.filter((line) => line.includes('SignatureDoesNotMatch'));
    expect(logged.length).toBeGreaterThan(0);
    // S3 names the key id in such answers; the driver passes on its code and message only.
    expect([...one.logs, ...two.logs].filter((line) => line.includes(s3.env.S3_ACCESS_KEY_ID!))).toEqual([]);
    expect((await onTwo.read('home:/refused.txt')).body).toBe('kept');
  });

  it('serves through one server a resource stored through the other', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 7, 7, 7]);
    const resource = await one.services.resources.add('logo.png', png);
    const res = await two.app.inject({ method: 'GET', url: `${two.config.apiPrefix}/resources/${resource.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(png)).toBe(true);
  });

  it("leaves alone, when a server starts, a content another server has stored and not yet recorded", async () => {
    const unrecorded = await one.services.stores.vfsBlobs.write(Readable.from([Buffer.from('about to be recorded')]));
    const swept = await sweepVfsBlobs(two.services.stores.vfs, two.services.stores.vfsBlobs, two.app.log);
    expect(swept.orphans).toBe(0);
    expect(swept.young).toBeGreaterThanOrEqual(1);
    const still = await two.services.stores.vfsBlobs.read(unrecorded.key);
    expect(still).not.toBeNull();
    let text = '';
    for await (const chunk of still!) text += String(chunk);
    expect(text).toBe('about to be recorded');
  });
});
