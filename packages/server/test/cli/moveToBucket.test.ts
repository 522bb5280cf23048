// @module-tag postgres
/**
 * `atrium files move-to-bucket`: the data folder's contents go to the
 * configured bucket under the same keys, each copy checked against the
 * database's SHA-256; a run again resumes, and local copies go only with
 * --remove-local once verified (docs/DEPLOYMENT.md).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResourceService } from '../../src/resources/ResourceService.js';
import { createBlobStores } from '../../src/stores.js';
import { DiskBlobStore } from '../../src/vfs/DiskBlobStore.js';
import { startS3Server, type S3TestServer } from '../helpers/s3Server.js';
import { databaseKind } from '../helpers/testDatabase.js';
import { createCliHarness, type CliHarness } from './cliHarness.js';

const MiB = 1024 * 1024;

async function listing(blobs: { keys(): AsyncIterable<{ key: string; size: number }> }): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for await (const blob of blobs.keys()) found.set(blob.key, blob.size);
  return found;
}

async function bytesOf(stream: NodeJS.ReadableStream | null): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream!) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe(`atrium files move-to-bucket on ${databaseKind}`, () => {
  let h: CliHarness;
  let s3: S3TestServer;
  const large = crypto.randomBytes(9 * MiB + 7);
  const small = Buffer.from('quarterly figures');
  const damaged = Buffer.from('a file whose disk copy rots');
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

  beforeAll(async () => {
    h = await createCliHarness();
    s3 = await startS3Server();
    await h.ctx.stores.accounts.create({ name: 'Acme' });
    for (const [name, content] of [['large.bin', large], ['small.txt', small], ['damaged.txt', damaged]] as const) {
      expect((await h.run(['files', 'put', h.file(name, content), `documents:/${name}`, '--org', 'Acme'])).code).toBe(0);
    }
    await new ResourceService(h.ctx.stores.resources, h.ctx.stores.blobs).add('logo.png', png);
  });
  afterAll(async () => {
    await h?.close();
    await s3?.close();
  });

  it('refuses without a bucket configured', async () => {
    const r = await h.run(['files', 'move-to-bucket']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('No bucket is configured: set S3_BUCKET');
  });

  it('copies every content under its key, keeps back one that does not match the database, resumes, and removes local copies only when asked', async () => {
    const objectStorage = s3.config('move/');
    h.ctx.blobStorage = { dataDir: h.dataDir, objectStorage };
    const disk = new DiskBlobStore(path.join(h.dataDir, 'files'));
    const local = await listing(disk);
    const damagedKey = [...local].find(([, size]) => size === damaged.length)![0];
    const damagedFile = path.join(h.dataDir, 'files', 'blobs', damagedKey.slice(0, 2), damagedKey.slice(2, 4), damagedKey);
    // The same length, other bytes: only the hash can tell.
    fs.writeFileSync(damagedFile, Buffer.from(damaged.toString().toUpperCase()));

    const first = await h.run(['files', 'move-to-bucket']);
    expect(first.code).toBe(1);
    expect(first.stdout).toBe(
      `Files: 2 copied (9.0 MiB), 0 already in the bucket, 1 failed.\nResources: 1 copied (${png.length} B), 0 already in the bucket, 0 failed.`,
    );
    expect(first.stderr).toContain(`Files: ${damagedKey} not moved: SHA-256`);
    expect(first.stderr).toContain('1 content was not moved (kept in the data folder)');

    // A server configured with the bucket finds every content under its key, byte for byte.
    const bucket = createBlobStores(h.dataDir, objectStorage);
    const inBucket = await listing(bucket.files);
    expect([...inBucket.keys()].sort()).toEqual([...local.keys()].filter((k) => k !== damagedKey).sort());
    const largeKey = [...local].find(([, size]) => size === large.length)![0];
    expect((await bytesOf(await bucket.files.read(largeKey))).equals(large)).toBe(true);
    expect((await bytesOf(await bucket.resources.read([...(await listing(bucket.resources)).keys()][0]!))).equals(png)).toBe(true);

    // Mended, it is copied on the next run; the others are not copied again.
    fs.writeFileSync(damagedFile, damaged);
    const putsBefore = s3.requests.filter((r) => r.method === 'PUT').length;
    const second = await h.run(['files', 'move-to-bucket']);
    expect(second).toMatchObject({ code: 0, stderr: '' });
    expect(second.stdout).toBe(
      `Files: 1 copied (${damaged.length} B), 2 already in the bucket, 0 failed.\nResources: 0 copied (0 B), 1 already in the bucket, 0 failed.`,
    );
    expect(s3.requests.filter((r) => r.method === 'PUT').length - putsBefore).toBe(1);
    expect(await listing(disk)).toEqual(local);

    const third = await h.run(['files', 'move-to-bucket', '--remove-local']);
    expect(third).toMatchObject({ code: 0, stderr: '' });
    expect(third.stdout).toBe(
      'Files: 0 copied (0 B), 3 already in the bucket, 0 failed, 3 local copies removed.\nResources: 0 copied (0 B), 1 already in the bucket, 0 failed, 1 local copy removed.',
    );
    expect((await listing(disk)).size).toBe(0);
    expect((await listing(new DiskBlobStore(path.join(h.dataDir, 'resources')))).size).toBe(0);
    expect(await listing(bucket.files)).toEqual(local);
  });
});
