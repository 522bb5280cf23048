/**
 * Requests per second and p99 latency of /validatetoken and the profile call
 * on 127.0.0.1 under autocannon, beside a bare Fastify endpoint measured in
 * the same run. Prints figures; asserts nothing.
 * BENCH_DURATION (seconds, default 10) and BENCH_CONNECTIONS (default 10).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { databaseLabel, freePort, startAtrium, stop, tempDir, waitForOk } from './lib.js';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

interface Figure {
  name: string;
  rps: number;
  p99: number;
  errors: number;
}

async function measure(name: string, options: autocannon.Options): Promise<Figure> {
  const result = await autocannon({ connections, duration, ...options });
  const failures = result.errors + result.timeouts + result.non2xx;
  return { name, rps: result.requests.average, p99: result.latency.p99, errors: failures };
}

const atriumPort = await freePort();
const atrium = startAtrium(tempDir('atrium-bench-'), atriumPort);
const barePort = await freePort();
const bare = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'bareServer.ts')], {
  env: { ...process.env, PORT: String(barePort) },
  stdio: ['ignore', 'ignore', 'inherit'],
});
try {
  const base = `http://127.0.0.1:${atriumPort}`;
  await waitForOk(`${base}/healthz`, performance.now(), 120_000);
  await waitForOk(`http://127.0.0.1:${barePort}/`, performance.now());
  const login = await fetch(`${base}/api/wrapper/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'demo', password: 'Demo@1234' }),
  });
  const { data } = (await login.json()) as { data: { jwt: string } };

  const figures = [
    await measure('bare Fastify GET /', { url: `http://127.0.0.1:${barePort}/` }),
    await measure('POST /validatetoken', {
      url: `${base}/api/wrapper/validatetoken`,
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ jwt: data.jwt }).toString(),
    }),
    await measure('GET user/me/a+p+acc+ap+t', { url: `${base}/api/v1/user/me/a+p+acc+ap+t`, headers: { authorization: `Bearer ${data.jwt}` } }),
  ];
  const bareRps = figures[0]!.rps;
  console.log(`\nautocannon: ${connections} connections, ${duration} s each, 127.0.0.1, ${databaseLabel}, Node ${process.version}`);
  console.log('endpoint'.padEnd(28), 'req/s'.padStart(9), 'p99 ms'.padStart(8), 'vs bare'.padStart(8), 'errors'.padStart(7));
  for (const f of figures) {
    console.log(f.name.padEnd(28), f.rps.toFixed(0).padStart(9), f.p99.toFixed(1).padStart(8), `${((f.rps / bareRps) * 100).toFixed(0)}%`.padStart(8), String(f.errors).padStart(7));
  }
} finally {
  await Promise.all([stop(atrium), stop(bare)]);
}
