/**
 * @module-tag postgres
 *
 * Live updates (docs/API.md, "Files"): after a change, the users who can
 * see the changed directory hear `vfs:changed` on their desktop socket.
 */
import { VFS_CHANGED_MESSAGE } from '@atrium/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeAccount, makeUser, signIn } from '../helpers/factories.js';
import { settle, TestSocket } from '../helpers/socketClient.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';
import { VfsClient } from '../helpers/vfs.js';

describe(`vfs:changed on ${databaseKind}`, () => {
  let t: TestApp;
  const sockets: TestSocket[] = [];
  let ada: VfsClient;
  let adaSocket: TestSocket;
  let bobSocket: TestSocket;
  let carolSocket: TestSocket;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const team = await makeAccount(t.services.stores);
    const other = await makeAccount(t.services.stores);
    const users = [
      await makeUser(t.services.stores, t.hasher, { accounts: [team.id] }),
      await makeUser(t.services.stores, t.hasher, { accounts: [team.id] }),
      await makeUser(t.services.stores, t.hasher, { accounts: [other.id] }),
    ];
    const jwts = await Promise.all(users.map(async (u) => (await signIn(t.app, t.config.wrapperPrefix, u.username)).jwt));
    ada = new VfsClient(t, jwts[0]!);
    for (const jwt of jwts) {
      const socket = await TestSocket.open(`${origin.replace('http', 'ws')}/socket`, { origin: 'http://atrium.test' });
      await socket.authenticate(jwt);
      sockets.push(socket);
    }
    [adaSocket, bobSocket, carolSocket] = sockets as [TestSocket, TestSocket, TestSocket];
  });
  afterAll(async () => {
    for (const socket of sockets) socket.ws.terminate();
    await t.close();
  });
  afterEach(() => vi.restoreAllMocks());

  const logged = (event: string) => t.logs.map((l) => JSON.parse(l) as { level: number; event?: string; message?: string }).filter((l) => l.event === event);

  it('tells the members of the organisation of a change in its shared folder, nobody else', async () => {
    await ada.post('mkdir', { path: 'shared:/Plans' });
    expect((await bobSocket.next(VFS_CHANGED_MESSAGE)).params).toEqual({ directories: ['shared:/'] });
    expect((await adaSocket.next(VFS_CHANGED_MESSAGE)).params).toEqual({ directories: ['shared:/'] });
    await settle();
    expect(carolSocket.received(VFS_CHANGED_MESSAGE)).toEqual([]);
  });

  it('tells only the owner of a change in a home', async () => {
    const before = bobSocket.received(VFS_CHANGED_MESSAGE).length;
    await ada.write('home:/mine.txt', 'x');
    expect((await adaSocket.next(VFS_CHANGED_MESSAGE)).params).toEqual({ directories: ['home:/'] });
    await settle();
    expect(bobSocket.received(VFS_CHANGED_MESSAGE)).toHaveLength(before);
  });

  it('tries the audience of a change again when its query fails, and the members still hear of it', async () => {
    const isMember = vi.spyOn(t.services.stores.accounts, 'isMember').mockRejectedValueOnce(new Error('database unavailable'));
    const retries = t.services.sockets.stats.snapshot().liveUpdateRetries;
    await ada.post('mkdir', { path: 'shared:/Retried' });
    expect((await bobSocket.next(VFS_CHANGED_MESSAGE)).params).toEqual({ directories: ['shared:/'] });
    expect((await adaSocket.next(VFS_CHANGED_MESSAGE)).params).toEqual({ directories: ['shared:/'] });
    expect(t.services.sockets.stats.snapshot().liveUpdateRetries - retries).toBe(1);
    // Every user online is asked once per attempt: the failed attempt's, then the second's.
    expect(isMember.mock.calls.length).toBe(2 * sockets.length);
    expect(logged('live-update.retry').filter((l) => l.message === VFS_CHANGED_MESSAGE && l.level === 40)).toHaveLength(1);
    await settle();
    expect(carolSocket.received(VFS_CHANGED_MESSAGE).filter((m) => JSON.stringify(m.params).includes('shared:'))).toEqual([]);
  });

  it('logs an error and counts a change whose audience cannot be found at all; later changes are sent again', async () => {
    vi.spyOn(t.services.stores.accounts, 'isMember').mockRejectedValue(new Error('database unavailable'));
    const failures = t.services.sockets.stats.snapshot().liveUpdateFailures;
    const before = bobSocket.received(VFS_CHANGED_MESSAGE).length;
    await ada.post('mkdir', { path: 'shared:/Lost' });
    await vi.waitFor(() => expect(t.services.sockets.stats.snapshot().liveUpdateFailures - failures).toBe(1), { timeout: 5000 });
    expect(logged('live-update.failed').filter((l) => l.message === VFS_CHANGED_MESSAGE && l.level === 50)).toHaveLength(1);
    expect(bobSocket.received(VFS_CHANGED_MESSAGE)).toHaveLength(before);
    vi.restoreAllMocks();
    await ada.post('mkdir', { path: 'shared:/Found' });
    expect((await bobSocket.next(VFS_CHANGED_MESSAGE)).params).toEqual({ directories: ['shared:/'] });
    expect(bobSocket.outsideContract).toEqual([]);
  });
});
