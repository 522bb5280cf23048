/**
 * Server cold start: time from spawning the server process to its first
 * healthy answer, on a new data folder (cluster creation, migrations, demo
 * data) once, then on that existing folder several times. Prints figures.
 * BENCH_RUNS (default 5).
 */
import fs from 'node:fs';
import { databaseLabel, freePort, median, startAtrium, stop, tempDir, waitForOk } from './lib.js';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const dataDir = tempDir('atrium-coldstart-');

async function startOnce(): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = startAtrium(dataDir, port);
  try {
    return await waitForOk(`http://127.0.0.1:${port}/healthz`, started, 120_000);
  } finally {
    await stop(child);
  }
}

try {
  const first = await startOnce();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await startOnce());
  console.log(`\ncold start (spawn to first healthy answer), ${databaseLabel}, Node ${process.version}`);
  console.log(`new data folder (create cluster, migrate, demo data): ${first.toFixed(0)} ms`);
  console.log(`existing data folder, ${runs} runs: median ${median(times).toFixed(0)} ms, min ${Math.min(...times).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms`);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
