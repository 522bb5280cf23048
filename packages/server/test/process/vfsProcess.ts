/** Starting the real server process on a data folder and talking to its filesystem over 127.0.0.1. */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const repo = path.resolve(import.meta.dirname, '../../../..');

export interface ServerProcess {
  child: ChildProcess;
  address: string;
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts `src/main.ts` on the data folder and waits for its printed address. */
export async function startServer(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repo, 'packages/server/src/main.ts')], {
    cwd: repo,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (d: Buffer) => (text += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (text += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  for (let i = 0; i < 1200; i++) {
    const match = /Atrium is running at (http:\/\/\S+)/.exec(text);
    if (match?.[1]) return { child, address: match[1], output: () => text, exited };
    if (child.exitCode !== null) throw new Error(`server exited: ${text}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`no address printed: ${text}`);
}

/** Signs in as a demo user and returns the access token. */
export async function signInDemo(address: string, username = 'demo'): Promise<string> {
  const res = await fetch(`${address}/api/wrapper/auth`, { method: 'POST', body: new URLSearchParams({ username, password: 'Demo@1234' }) });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status}`);
  return ((await res.json()) as { data: { jwt: string } }).data.jwt;
}

/** Peak resident memory of a process (VmHWM), in bytes. */
export function peakRss(pid: number): number {
  const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmHWM:'));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0) * 1024;
}

/** Current resident memory of a process (VmRSS), in bytes. */
export function currentRss(pid: number): number {
  const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0) * 1024;
}

/**
 * Uploads generated content with writefile, streaming: `chunk(i)` gives the
 * i-th piece (null when done). Resolves with the answer's status and body
 * and the SHA-256 of what was sent; rejects when the connection breaks.
 */
export function streamUpload(
  address: string,
  jwt: string,
  vfsPath: string,
  chunk: (i: number) => Buffer | null,
  onProgress?: (sent: number) => void,
): Promise<{ status: number; body: string; sha256: string; size: number }> {
  const boundary = `----atrium${crypto.randomBytes(8).toString('hex')}`;
  const hash = crypto.createHash('sha256');
  let size = 0;
  return new Promise((resolve, reject) => {
    const req = http.request(`${address}/vfs/writefile`, {
      method: 'POST',
      headers: { authorization: `Bearer ${jwt}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, sha256: hash.digest('hex'), size }));
      res.on('error', reject);
    });
    req.write(`--${boundary}\r\nContent-Disposition: form-data; name="path"\r\n\r\n${vfsPath}\r\n`);
    req.write(`--${boundary}\r\nContent-Disposition: form-data; name="upload"; filename="upload.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`);
    let i = 0;
    const pump = () => {
      for (;;) {
        const piece = chunk(i++);
        if (!piece) {
          req.end(`\r\n--${boundary}--\r\n`);
          return;
        }
        hash.update(piece);
        size += piece.length;
        onProgress?.(size);
        if (!req.write(piece)) {
          req.once('drain', pump);
          return;
        }
      }
    };
    pump();
  });
}

/** Downloads a file with readfile, streaming, and returns its status, size and SHA-256. */
export function streamDownload(address: string, jwt: string, vfsPath: string): Promise<{ status: number; size: number; sha256: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${address}/vfs/readfile?path=${encodeURIComponent(vfsPath)}`, { headers: { authorization: `Bearer ${jwt}` } }, (res) => {
      const hash = crypto.createHash('sha256');
      let size = 0;
      res.on('data', (d: Buffer) => {
        size += d.length;
        hash.update(d);
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, size, sha256: hash.digest('hex') }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}
