/**
 * Requests per second and latency (p50, p99) of authenticated calls on
 * 127.0.0.1 under autocannon, beside a bare Fastify endpoint measured in the
 * same run (first and last; the reference is the mean of both): the profile
 * call GET v1 /user/me (bearer token), the full profile GET
 * user/me/a+p+acc+ap+t, the notification centre's GET
 * user/getusernotifications (take 5) and POST /validatetoken (urlencoded, multipart and
 * JSON labelled text/plain). The server runs compiled, as
 * `npm start` runs it. Latencies are autocannon's, in whole milliseconds.
 * Prints figures; asserts nothing.
 * BENCH_DURATION (seconds per row, default 10), BENCH_CONNECTIONS (default 10),
 * BENCH_DATABASE_URL (PostgreSQL instead of the embedded database).
 */
import fs from 'node:fs';
import autocannon from 'autocannon';
import { databaseLabel, defaultServerBuild, freePort, startAtrium, stop, tempDir, waitForOk, startBare } from './lib.js';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** Seconds of load before each measured row, so that each endpoint is measured warm. */
const warmup = Math.min(2, Math.max(1, Math.round(duration / 5)));

interface Figure {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** A FormData of text fields. */
function formOf(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

/** The body and content type a browser sends (undici frames them the same way). */
async function browserBody(body: FormData | string): Promise<{ body: Buffer; headers: Record<string, string> }> {
  const request = new Request('http://127.0.0.1/', { method: 'POST', body });
  return { body: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type') ?? '' } };
}

async function measure(name: string, options: autocannon.Options): Promise<Figure> {
  await autocannon({ connections, ...options, duration: warmup });
  const result = await autocannon({ connections, duration, ...options });
  const failures = result.errors + result.timeouts + result.non2xx;
  return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: failures };
}

const dataDir = tempDir('atrium-bench-');
const atriumPort = await freePort();
const atrium = startAtrium(dataDir, atriumPort);
const barePort = await freePort();
const bare = startBare(barePort);
try {
  const base = `http://127.0.0.1:${atriumPort}`;
  await waitForOk(`${base}/readyz`, performance.now(), 120_000);
  await waitForOk(`http://127.0.0.1:${barePort}/`, performance.now());
  const login = await fetch(`${base}/api/wrapper/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'demo', password: 'Demo@1234' }),
  });
  const { data } = (await login.json()) as { data: { jwt: string } };
  const authorization = `Bearer ${data.jwt}`;

  const bareUrl = `http://127.0.0.1:${barePort}/`;
  const figures = [
    await measure('bare Fastify GET /', { url: bareUrl }),
    await measure('GET /api/v1/user/me', { url: `${base}/api/v1/user/me`, headers: { authorization } }),
    await measure('GET user/me/a+p+acc+ap+t', { url: `${base}/api/v1/user/me/a+p+acc+ap+t`, headers: { authorization } }),
    await measure('GET user/getusernotifications', { url: `${base}/api/v1/user/getusernotifications?type=assignments&take=5&skip=0`, headers: { authorization } }),
    await measure('POST /validatetoken', {
      url: `${base}/api/wrapper/validatetoken`,
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ jwt: data.jwt }).toString(),
    }),
    // The same call in the encodings a browser's FormData and a string body send (docs/COMPATIBILITY.md#encodings).
    await measure('POST /validatetoken multipart', { url: `${base}/api/wrapper/validatetoken`, method: 'POST', ...(await browserBody(formOf({ jwt: data.jwt }))) }),
    await measure('POST /validatetoken text/plain', { url: `${base}/api/wrapper/validatetoken`, method: 'POST', ...(await browserBody(JSON.stringify({ jwt: data.jwt }))) }),
    // Measured again last: the reference is the mean of both, so that a change of load during the run shows.
    await measure('bare Fastify GET / (again)', { url: bareUrl }),
  ];
  const bareRps = (figures[0]!.rps + figures[figures.length - 1]!.rps) / 2;
  console.log(
    `\nautocannon: ${connections} connections, ${duration} s per row after ${warmup} s of warm-up, 127.0.0.1, ${databaseLabel}, ` +
      `${defaultServerBuild} server, Node ${process.version}`,
  );
  console.log('endpoint'.padEnd(32), 'req/s'.padStart(8), 'p50 ms'.padStart(7), 'p99 ms'.padStart(7), 'of bare'.padStart(8), 'errors'.padStart(7));
  for (const f of figures) {
    console.log(
      f.name.padEnd(32),
      f.rps.toFixed(0).padStart(8),
      f.p50.toFixed(0).padStart(7),
      f.p99.toFixed(0).padStart(7),
      `${((f.rps / bareRps) * 100).toFixed(0)}%`.padStart(8),
      String(f.errors).padStart(7),
    );
  }
} finally {
  await Promise.all([stop(atrium), stop(bare)]);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
