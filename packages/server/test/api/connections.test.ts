/**
 * @module-tag embedded-only
 *
 * Slow clients on real sockets (docs/SECURITY.md, "Connections"): a request
 * head or body trickled in a byte at a time is answered 408 and closed once
 * its time is up, and a flood of slow connections larger than the cap does
 * not keep /healthz, or a signed-in user's websocket, from working.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAccount, makeUser, signIn } from '../helpers/factories.js';
import { settle, TestSocket } from '../helpers/socketClient.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';

async function listen(t: TestApp): Promise<number> {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

/** A raw connection that keeps what the server sends and reports when the server closes it. */
function rawConnection(port: number) {
  const socket = net.connect({ host: '127.0.0.1', port });
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  socket.on('error', () => undefined);
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(received)));
  const opened = new Promise<void>((resolve) => socket.on('connect', () => resolve()));
  return { socket, closed, opened };
}

/** Writes one byte of `text` every `interval` ms until the connection closes or the text is written; returns how many were written. */
async function trickle(socket: net.Socket, text: string, interval: number): Promise<number> {
  let written = 0;
  while (written < text.length && !socket.destroyed) {
    socket.write(text[written]!);
    written++;
    await settle(interval);
  }
  return written;
}

describe(`time limits of slow requests on ${databaseKind}`, () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ env: { REQUEST_TIMEOUT: '1.5', HEADERS_TIMEOUT: '0.8', CONNECTION_IDLE_TIMEOUT: '30' } });
    port = await listen(t);
  });
  afterAll(() => t.close());

  it('answers 408 and closes a request whose body arrives a byte at a time, before the body is complete', async () => {
    const { socket, closed, opened } = rawConnection(port);
    await opened;
    const body = JSON.stringify({ level: 'info', message: 'x'.repeat(200) });
    socket.write(`POST ${t.config.apiPrefix}/logger HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`);
    const written = await trickle(socket, body, 50);
    expect(written).toBeLessThan(body.length);
    expect(await closed).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('answers 408 and closes a request whose head arrives a byte at a time', async () => {
    const { socket, closed, opened } = rawConnection(port);
    await opened;
    const head = `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ${'y'.repeat(300)}\r\n\r\n`;
    const written = await trickle(socket, head, 20);
    expect(written).toBeLessThan(head.length);
    expect(await closed).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('still answers a request that arrives in time', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(res.status).toBe(200);
  });
});

describe(`the cap on connections on ${databaseKind}`, () => {
  const CAP = 40;
  let t: TestApp;
  let port: number;
  let jwt: string;
  beforeAll(async () => {
    // Long time limits: here only the cap keeps the server reachable.
    t = await createTestApp({ rateLimits: { auth: 1000 }, env: { MAX_CONNECTIONS: String(CAP), REQUEST_TIMEOUT: '600', HEADERS_TIMEOUT: '600' } });
    port = await listen(t);
    const account = await makeAccount(t.services.stores);
    const user = await makeUser(t.services.stores, t.hasher, { accounts: [account.id] });
    jwt = (await signIn(t.app, t.config.wrapperPrefix, user.username)).jwt;
  });
  afterAll(() => t.close());

  it('keeps /healthz and open websockets working while three times the cap of slow connections are opened, never holding more than the cap', async () => {
    const desktop = await TestSocket.open(`ws://127.0.0.1:${port}/socket`);
    await desktop.authenticate(jwt);

    const slow = [];
    let mostOpen = 0;
    for (let i = 0; i < 3 * CAP; i++) {
      const connection = rawConnection(port);
      await connection.opened;
      // Half send a request head that never ends, half a body that never ends.
      connection.socket.write(
        i % 2 ? 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ' : `POST ${t.config.apiPrefix}/logger HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{`,
      );
      slow.push(connection);
      mostOpen = Math.max(mostOpen, t.connections.stats().open);
    }
    await settle(100);
    expect(mostOpen).toBeLessThanOrEqual(CAP);
    expect(t.connections.stats().evicted).toBeGreaterThanOrEqual(2 * CAP);

    for (let i = 0; i < 5; i++) {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(res.status).toBe(200);
    }
    expect(desktop.ws.readyState).toBe(1);
    desktop.send({ name: 'osjs/application:socket:message', params: { pid: 1, name: 'Nothing', args: [] } });
    expect((await desktop.next('atrium/error')).params).toMatchObject({ message: expect.any(String) });

    for (const connection of slow) connection.socket.destroy();
    await desktop.close();
  });
});
