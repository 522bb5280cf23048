/**
 * Server cold start, as `npm start` runs it (the compiled server): time from
 * spawning the process to its first live answer (GET /healthz) and to its
 * first ready answer (GET /readyz), the CPU time it used until then (a
 * figure that depends little on the machine's other load), and its resident
 * memory (RSS) at idle after start. First on a new data folder (cluster creation, migrations,
 * demo data) once, then on that existing folder several times; the same
 * again from the TypeScript sources (`npm run dev`) for comparison.
 * Prints figures. BENCH_RUNS (default 5), BENCH_DATABASE_URL.
 */
import fs from 'node:fs';
import { compiledServer, cpuMs, databaseLabel, freePort, median, rssMb, startAtrium, stop, tempDir, waitForOk, type ServerBuild } from './lib.js';

const runs = Number(process.env.BENCH_RUNS ?? 5);
/** How long the server idles after it is ready before its memory is read. */
const IDLE_MS = 2000;

interface Start {
  healthy: number;
  ready: number;
  /** CPU time the process had used when it first answered ready. */
  cpu: number;
  rss: number;
}

async function startOnce(dataDir: string, build: ServerBuild): Promise<Start> {
  const port = await freePort();
  const started = performance.now();
  const child = startAtrium(dataDir, port, {}, build);
  try {
    const healthy = await waitForOk(`http://127.0.0.1:${port}/healthz`, started, 120_000);
    const ready = await waitForOk(`http://127.0.0.1:${port}/readyz`, started, 120_000);
    const cpu = cpuMs(child.pid);
    await new Promise((r) => setTimeout(r, IDLE_MS));
    return { healthy, ready, cpu, rss: rssMb(child.pid) };
  } finally {
    await stop(child);
  }
}

function summary(label: string, starts: Start[]): string {
  const col = (f: (s: Start) => number, unit: string) =>
    `median ${median(starts.map(f)).toFixed(0)} ${unit} (${Math.min(...starts.map(f)).toFixed(0)}-${Math.max(...starts.map(f)).toFixed(0)})`;
  return `${label.padEnd(28)} healthy ${col((s) => s.healthy, 'ms')}, ready ${col((s) => s.ready, 'ms')}, CPU ${col((s) => s.cpu, 'ms')}, RSS ${col((s) => s.rss, 'MB')}`;
}

const dataDir = tempDir('atrium-coldstart-');
try {
  compiledServer();
  const first = await startOnce(dataDir, 'compiled');
  const compiled: Start[] = [];
  const typescript: Start[] = [];
  for (let i = 0; i < runs; i++) {
    compiled.push(await startOnce(dataDir, 'compiled'));
    typescript.push(await startOnce(dataDir, 'typescript'));
  }
  console.log(`\ncold start (spawn to first answer; CPU used until ready; RSS after ${IDLE_MS / 1000} s idle), ${databaseLabel}, Node ${process.version}, ${runs} runs each`);
  console.log(summary('new data folder (compiled)', [first]));
  console.log(summary('existing folder, compiled', compiled));
  console.log(summary('existing folder, TypeScript', typescript));
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
