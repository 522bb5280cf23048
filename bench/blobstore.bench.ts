/**
 * The blob stores' throughput (docs/behaviour/files.md#storage): 20 contents
 * of 1 MiB and 2 of 64 MiB written one after the other and read back, through
 * the data folder's disk and through object storage (the S3 driver against
 * s3rver, a fake S3 server that keeps objects as files, in a process of its
 * own on 127.0.0.1). MiB/s per row, and this process's peak RSS growth while
 * the large contents stream (the S3 driver holds a few 8 MiB parts at most).
 *
 * The drivers run in this process, without HTTP in front: what is measured
 * is the store, not the server. s3rver is a development tool, not a tuned
 * server: the S3 figures bound what the driver costs, not what a real
 * object store gives. Prints figures; asserts nothing. BENCH_RUNS (default
 * 3) runs per row, the best kept.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createBlobStores, type ObjectStorageConfig } from '@atrium/server';
import { freePort, repo, stop, tempDir } from './lib.js';

const MiB = 1024 * 1024;
const runs = Number(process.env.BENCH_RUNS ?? 3);
const rows = [
  { label: '20 x 1 MiB', count: 20, size: MiB },
  { label: '2 x 64 MiB', count: 2, size: 64 * MiB },
];

interface Store {
  write(source: Readable): Promise<{ key: string; size: number }>;
  read(key: string): Promise<Readable | null>;
}

/** `size` bytes in 64 KiB chunks, as an upload arrives. */
function content(block: Buffer, size: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= size) return void this.push(null);
      const chunk = block.subarray(0, Math.min(block.length, size - sent));
      sent += chunk.length;
      this.push(chunk);
    },
  });
}

async function drain(stream: Readable | null): Promise<number> {
  let bytes = 0;
  for await (const chunk of stream!) bytes += (chunk as Buffer).length;
  return bytes;
}

/** Peak RSS growth over `work`, sampled every 5 ms. */
async function withPeakRss<T>(work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  const base = process.memoryUsage.rss();
  let peak = 0;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss() - base)), 5);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage.rss() - base);
    return { result, peak };
  } finally {
    clearInterval(timer);
  }
}

async function measure(name: string, store: Store): Promise<void> {
  const block = crypto.randomBytes(64 * 1024);
  for (const row of rows) {
    let bestUp = 0;
    let bestDown = 0;
    let peak = 0;
    for (let run = 0; run < runs; run++) {
      const { result, peak: grew } = await withPeakRss(async () => {
        const started = performance.now();
        const keys: string[] = [];
        for (let i = 0; i < row.count; i++) keys.push((await store.write(content(block, row.size))).key);
        const wrote = performance.now() - started;
        const readStart = performance.now();
        let bytes = 0;
        for (const key of keys) bytes += await drain(await store.read(key));
        if (bytes !== row.count * row.size) throw new Error(`read ${bytes} bytes of ${row.count * row.size}`);
        return { wrote, read: performance.now() - readStart };
      });
      const total = (row.count * row.size) / MiB;
      bestUp = Math.max(bestUp, total / (result.wrote / 1000));
      bestDown = Math.max(bestDown, total / (result.read / 1000));
      peak = Math.max(peak, grew);
    }
    console.log(`${name.padEnd(5)} ${row.label.padEnd(11)} write ${bestUp.toFixed(0).padStart(5)} MiB/s   read ${bestDown.toFixed(0).padStart(5)} MiB/s   peak RSS growth ${(peak / MiB).toFixed(0)} MiB`);
  }
}

const dataDir = tempDir('atrium-bench-blobs-');
const s3Dir = tempDir('atrium-bench-s3-');
const port = await freePort();
const bucket = 'atrium-bench';
const s3rver = spawn(process.execPath, ['--import', 'tsx', path.join(repo, 'scripts/cluster/s3rver.ts'), String(port), s3Dir, bucket], { stdio: ['ignore', 'pipe', 'inherit'] });
try {
  await new Promise<void>((resolve, reject) => {
    s3rver.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
    s3rver.once('exit', (code) => reject(new Error(`s3rver exited with ${code}`)));
  });
  const objectStorage: ObjectStorageConfig = {
    bucket,
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    forcePathStyle: true,
    prefix: '',
  };
  console.log(`blob stores, one content at a time, best of ${runs} runs (${process.platform}, ${process.version})`);
  await measure('disk', createBlobStores(dataDir, null).files);
  await measure('s3', createBlobStores(dataDir, objectStorage).files);
} finally {
  await stop(s3rver);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(s3Dir, { recursive: true, force: true });
}
