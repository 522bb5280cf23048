/**
 * @module-tag embedded-only
 *
 * A refused upload's answer reaches the client (docs/SECURITY.md, "Files"):
 * the real server, in a process of its own on 127.0.0.1, refuses by its
 * Content-Length an upload far past the upload limit before reading it,
 * while the client is still sending 64 MiB. Whether the client reads the
 * answer as it sends (node:http) or only once it has sent everything (a
 * raw socket, as a browser does), it gets the 413 every time, never a
 * reset connection. In the server's own process the race seldom shows:
 * client and server would share one event loop.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInDemo, startServer, type ServerProcess } from './vfsProcess.js';

const RUNS = 30;
const SIZE = 64 * 1024 * 1024;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-refusal-'));
let server: ServerProcess;
let jwt: string;

beforeAll(async () => {
  server = await startServer(dataDir, { VFS_UPLOAD_LIMIT: String(1024 * 1024), LOG_LEVEL: 'warn' });
  jwt = await signInDemo(server.address);
}, 120_000);

afterAll(async () => {
  if (server.child.exitCode === null) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A writefile of SIZE bytes: its head, its body and its Content-Type. */
function upload(): { body: Buffer; type: string } {
  const boundary = `----atrium${crypto.randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="path"\r\n\r\nhome:/far-too-big.bin\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="upload"; filename="far-too-big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    Buffer.alloc(SIZE, 0x61),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

/** node:http, which reads the answer while it is still sending: the status and error code, or how the request failed. */
function viaHttp(): Promise<string> {
  const { body, type } = upload();
  const url = new URL(server.address);
  return new Promise((resolve) => {
    const request = http.request({ host: url.hostname, port: url.port, method: 'POST', path: '/vfs/writefile', headers: { authorization: `Bearer ${jwt}`, 'content-type': type, 'content-length': body.length } });
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve(`${response.statusCode} ${(JSON.parse(text) as { code?: string }).code}`));
    });
    request.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
    request.end(body);
  });
}

/** A raw socket that sends the whole request before it reads anything, as a browser sends an upload. */
function viaSocket(): Promise<string> {
  const { body, type } = upload();
  const url = new URL(server.address);
  return new Promise((resolve) => {
    const socket = net.connect({ host: url.hostname, port: Number(url.port) });
    const received: Buffer[] = [];
    let failure = '';
    socket.on('error', (e: NodeJS.ErrnoException) => (failure ||= e.code ?? e.message));
    socket.on('connect', () => {
      socket.write(`POST /vfs/writefile HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${jwt}\r\nContent-Type: ${type}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`);
      socket.end(body, () => socket.on('data', (chunk: Buffer) => received.push(chunk)));
    });
    socket.on('close', () => {
      const text = Buffer.concat(received).toString('utf8');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text)?.[1];
      const code = /"code":"([^"]+)"/.exec(text)?.[1];
      resolve(status ? `${status} ${code}` : failure || 'closed without an answer');
    });
  });
}

describe('the answer to an upload refused before it is read', () => {
  it(`reaches clients still sending ${SIZE / 1024 / 1024} MiB, in every one of ${RUNS} runs each`, async () => {
    const outcomes: string[] = [];
    for (let run = 0; run < RUNS; run++) {
      outcomes.push(await viaHttp());
      outcomes.push(await viaSocket());
    }
    expect(outcomes).toEqual(Array.from({ length: 2 * RUNS }, () => '413 vfs.tooLarge'));
    // Nothing of it reached the log as an error.
    expect(server.output()).not.toMatch(/"level":(50|60)/);
  }, 120_000);
});
