/**
 * @module-tag embedded-only
 *
 * Slow consumers on the websockets (docs/API.md, Websockets): a connection
 * whose client does not take its messages is dropped with 4408 once more
 * than the per-connection cap waits for it, so one user relaying large
 * messages to sockets that never read cannot make the server hold memory
 * without bound; connections that keep up are unaffected.
 */
import { SocketClose, SocketNames } from '@atrium/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRecord } from '../../src/users/UserStore.js';
import { makeAccount, makeUser, signIn } from '../helpers/factories.js';
import { settle, TestSocket } from '../helpers/socketClient.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';

const CAP = 256 * 1024;
const GRACE = 1500;
/** Near the largest message a socket accepts (64 KiB). */
const MESSAGE = { name: 'crm/update', params: { blob: 'x'.repeat(60 * 1024) } };
const MESSAGE_BYTES = JSON.stringify(MESSAGE).length;
const BATCH = 20;
/** Far more than the operating system's socket buffers can absorb for a client that does not read. */
const MAX_MESSAGES = 1500;

describe(`slow websocket consumers on ${databaseKind}`, () => {
  let t: TestApp;
  let base: string;
  let ada: UserRecord;
  let jwt: string;
  const open: TestSocket[] = [];

  beforeAll(async () => {
    t = await createTestApp({
      rateLimits: { auth: 1000 },
      socketLimits: { maxBufferedBytes: CAP, slowCloseGrace: GRACE, maxMessagesPerSecond: 100_000, revalidateInterval: 3_600_000 },
    });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    base = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const account = await makeAccount(t.services.stores);
    ada = await makeUser(t.services.stores, t.hasher, { accounts: [account.id] });
    const crm = await t.services.stores.apps.create({ name: 'CRM', title: 'Customer Relations', category: 'sales and marketing' });
    await t.services.stores.apps.grant(ada.id, crm.id);
    jwt = (await signIn(t.app, t.config.wrapperPrefix, ada.username)).jwt;
  });
  afterAll(async () => {
    for (const socket of open) socket.ws.terminate();
    await t.close();
  });

  async function ready(): Promise<TestSocket> {
    const socket = await TestSocket.open(`${base}/apps/CRM/socket`);
    open.push(socket);
    await socket.authenticate(jwt);
    return socket;
  }

  const adaConnections = () => t.services.sockets.hub.peers().filter((p) => p.userId === ada.id).length;
  const slowDrops = () => t.logs.filter((line) => line.includes('"event":"socket.slow"')).length;

  it('drops connections that do not read with 4408 and keeps what the server holds for them bounded, while a reader that keeps up gets everything', async () => {
    const sender = await ready();
    const fast = await ready();
    const slow = [await ready(), await ready(), await ready()];
    for (const socket of slow) socket.ws.pause();
    expect(adaConnections()).toBe(5);

    let sent = 0;
    let mostHeld = 0;
    while (sent < MAX_MESSAGES && slowDrops() < slow.length) {
      for (let i = 0; i < BATCH; i++) sender.send(MESSAGE);
      sent += BATCH;
      // The reader that keeps up takes each batch before the next is sent.
      while (fast.received('crm/update').length < sent) await settle(5);
      mostHeld = Math.max(mostHeld, t.services.sockets.hub.bufferedBytes());
    }
    expect(slowDrops(), `after ${sent} messages`).toBe(slow.length);
    // Each slow connection holds at most the cap (the message that would pass it is not queued); the fast one little.
    expect(mostHeld).toBeLessThanOrEqual(slow.length * CAP + 2 * MESSAGE_BYTES);
    expect(fast.received('crm/update')).toHaveLength(sent);
    expect(fast.received(SocketNames.error)).toEqual([]);

    // A slow client that starts reading again gets what was queued, then the close code.
    slow[0]!.ws.resume();
    expect((await slow[0]!.closed).code).toBe(SocketClose.tooSlow);
    // The others never read: they are cut after the grace period, and the server lets go of them.
    await settle(GRACE + 300);
    expect(adaConnections()).toBe(2);
    expect(t.services.sockets.hub.bufferedBytes()).toBeLessThan(2 * MESSAGE_BYTES);

    // The connections that kept up still work.
    sender.send({ name: 'crm/after', params: {} });
    await fast.next('crm/after');
    await Promise.all([sender.close(), fast.close()]);
  });
});
