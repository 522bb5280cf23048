/**
 * @module-tag embedded-only
 *
 * Uploads and downloads stream end to end (docs/behaviour/files.md#storage):
 * a file larger than 1 GB, generated on the fly, goes up to the real server
 * on 127.0.0.1 and comes back with the same hash, while the server's peak
 * resident memory rises far less than the file's size. A memory bound, not
 * a time limit.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { currentRss, peakRss, signInDemo, startServer, streamDownload, streamUpload, type ServerProcess } from './vfsProcess.js';

const SIZE = 1100 * 1024 * 1024;
/** A buffered upload or download would hold the whole file (over 1 GB): 200 MB is far below that and far above streaming. */
const MEMORY_BOUND = 200 * 1024 * 1024;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-stream-'));
let server: ServerProcess | null = null;

afterAll(() => {
  if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('streaming a file larger than 1 GB', () => {
  it('uploads and downloads it with the same hash, the server holding only a little of it at a time', async () => {
    server = await startServer(dataDir);
    const pid = server.child.pid!;
    const jwt = await signInDemo(server.address);
    // Start-up (creating the embedded database) has its own peak: measure from here (clear_refs 5 resets VmHWM).
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    const before = peakRss(pid);
    const baseline = currentRss(pid);

    const even = crypto.randomBytes(1024 * 1024);
    const odd = Buffer.from(even).reverse();
    const uploaded = await streamUpload(server.address, jwt, 'home:/big.bin', (i) => (i * even.length >= SIZE ? null : i % 2 ? odd : even));
    expect(uploaded.status, uploaded.body).toBe(200);
    expect(uploaded.size).toBe(SIZE);
    const entry = (JSON.parse(uploaded.body) as { data: { size: number; stat: { hash: string } } }).data;
    expect(entry.size).toBe(SIZE);
    expect(entry.stat.hash).toBe(uploaded.sha256);
    const afterUpload = peakRss(pid);

    const downloaded = await streamDownload(server.address, jwt, 'home:/big.bin');
    expect(downloaded.status).toBe(200);
    expect(downloaded.size).toBe(SIZE);
    expect(downloaded.sha256).toBe(uploaded.sha256);
    const after = peakRss(pid);

    console.log(
      `streaming ${(SIZE / 1024 ** 3).toFixed(2)} GiB: server resident ${(baseline / 1024 ** 2).toFixed(0)} MiB before, ` +
        `peak ${(before / 1024 ** 2).toFixed(0)} MiB before, ${(afterUpload / 1024 ** 2).toFixed(0)} MiB after the upload, ${(after / 1024 ** 2).toFixed(0)} MiB after the download`,
    );
    expect(after - before).toBeLessThan(MEMORY_BOUND);

    server.child.kill('SIGTERM');
    await server.exited;
    server = null;
  }, 300_000);
});
