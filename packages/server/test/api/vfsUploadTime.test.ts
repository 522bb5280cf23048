/**
 * @module-tag embedded-only
 *
 * Uploads may take longer than the whole-request limit (docs/SECURITY.md,
 * "Files"): a writefile whose body keeps arriving past REQUEST_TIMEOUT is
 * stored, while one on which nothing arrives for CONNECTION_IDLE_TIMEOUT is
 * closed and leaves nothing behind; other requests keep their 408.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAccount, makeUser, signIn } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';
import { multipart, VfsClient } from '../helpers/vfs.js';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe(`long uploads on ${databaseKind}`, () => {
  let t: TestApp;
  let port: number;
  let client: VfsClient;
  beforeAll(async () => {
    t = await createTestApp({ env: { REQUEST_TIMEOUT: '1', HEADERS_TIMEOUT: '0.8', CONNECTION_IDLE_TIMEOUT: '1.5' } });
    const org = await makeAccount(t.services.stores);
    const user = await makeUser(t.services.stores, t.hasher, { accounts: [org.id] });
    client = new VfsClient(t, (await signIn(t.app, t.config.wrapperPrefix, user.username)).jwt);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(() => t.close());

  /** Sends a writefile head and then the body in slices, `interval` ms apart; resolves with what the server sent back. */
  async function slowUpload(path: string, slices: number, interval: number, stopAfter = slices): Promise<string> {
    const { payload, headers } = multipart({ path }, Buffer.alloc(slices * 100, 'a'));
    const socket = net.connect({ host: '127.0.0.1', port });
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
    socket.write(
      `POST /vfs/writefile HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${client.jwt}\r\nContent-Type: ${headers['content-type']}\r\nContent-Length: ${payload.length}\r\nConnection: close\r\n\r\n`,
    );
    const step = Math.ceil(payload.length / slices);
    for (let i = 0; i < stopAfter && !socket.destroyed; i++) {
      socket.write(payload.subarray(i * step, (i + 1) * step));
      await pause(interval);
    }
    await closed;
    return received;
  }

  it('stores an upload that keeps arriving for longer than the whole-request limit', async () => {
    const answer = await slowUpload('home:/slow.bin', 12, 250);
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(Number((await client.get('stat', { path: 'home:/slow.bin' })).json<{ data: { size: number } }>().data.size)).toBe(1200);
  });

  it('closes an upload on which nothing arrives for the idle limit, keeping nothing', async () => {
    await slowUpload('home:/stalled.bin', 12, 100, 3);
    expect((await client.get('exists', { path: 'home:/stalled.bin' })).json<{ data: boolean }>().data).toBe(false);
    await pause(200);
    // On the disk, no temporary file is left either (a bucket keeps none: TEST_BLOB_STORE=s3).
    if (!t.config.objectStorage) expect(fs.readdirSync(path.join(t.config.dataDir, 'files', 'tmp'))).toEqual([]);
  });
});
