import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DiskBlobStore } from '../../src/vfs/DiskBlobStore.js';

const dirs: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function store(): { blobs: DiskBlobStore; dir: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-blobs-'));
  dirs.push(dir);
  return { blobs: new DiskBlobStore(dir), dir };
}

async function text(blobs: DiskBlobStore, key: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of (await blobs.read(key))!) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

describe('the disk blob store', () => {
  it('stores, reads and deletes content, and deleting a missing blob is no error', async () => {
    const { blobs } = store();
    const blob = await blobs.write(Readable.from([Buffer.from('hello')]));
    expect(blob.size).toBe(5);
    expect(await text(blobs, blob.key)).toBe('hello');
    await blobs.delete(blob.key);
    expect(await blobs.read(blob.key)).toBeNull();
    await expect(blobs.delete(blob.key)).resolves.toBeUndefined();
  });

  it('makes a blob folder again when it was removed after it was made', async () => {
    const { blobs, dir } = store();
    const first = await blobs.write(Readable.from([Buffer.from('one')]));
    fs.rmSync(path.join(dir, 'blobs'), { recursive: true });
    // Another key in the same folder: the remembered folder is gone.
    const sameFolder = vi.spyOn(crypto, 'randomUUID').mockReturnValue(`${first.key.slice(0, 4)}${'0'.repeat(4)}-0000-4000-8000-000000000000` as `${string}-${string}-${string}-${string}-${string}`);
    const second = await blobs.write(Readable.from([Buffer.from('two')]));
    sameFolder.mockRestore();
    expect(second.key.slice(0, 4)).toBe(first.key.slice(0, 4));
    expect(await text(blobs, second.key)).toBe('two');
  });

  it('reads the free space at most every half second, less what it wrote since', async () => {
    const { blobs } = store();
    const statfs = vi.spyOn(fs.promises, 'statfs');
    const before = (await blobs.space())!;
    await blobs.write(Readable.from([Buffer.alloc(100_000)]));
    const after = (await blobs.space())!;
    expect(statfs).toHaveBeenCalledTimes(1);
    expect(after.free).toBe(before.free - 100_000);
    expect(after.size).toBe(before.size);
  });
});
