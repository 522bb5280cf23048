import { desktopServerDirection, type AppSocketServerMessage, type SocketMessage } from '@atrium/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeClock } from '../testing/FakeClock.js';
import { FakeSocketServer } from '../testing/FakeWebSocket.js';
import { SocketClient, type ConnectionEvent, type SocketClientOptions } from './SocketClient.js';

/** Lets queued microtasks (socket accepts, close events, refreshes) run; no timers involved. */
async function microtasks(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

const clients: Array<{ dispose(): void }> = [];
function setup<In extends SocketMessage = AppSocketServerMessage>(options: Partial<SocketClientOptions<In>> = {}) {
  const clock = new FakeClock();
  const server = new FakeSocketServer();
  let token: string | null = 'token-1';
  const client = new SocketClient<In>({ clock, createSocket: server.factory, url: 'wss://atrium.example/socket', token: () => token, ...options });
  clients.push(client);
  const events: ConnectionEvent[] = [];
  client.onConnection((e) => events.push(e));
  return {
    clock,
    server,
    client,
    events,
    setToken: (next: string | null) => {
      token = next;
    },
  };
}
afterEach(() => {
  clients.splice(0).forEach((c) => c.dispose());
  vi.restoreAllMocks();
});

describe('SocketClient connecting', () => {
  it('authenticates with the token first, then is open; messages sent before are queued and flushed in order', async () => {
    const { client, server } = setup();
    const statuses: string[] = [];
    client.onStatus((s) => statuses.push(s));
    client.send('app/hello', { n: 1 });
    client.connect();
    client.send('app/hello', { n: 2 });
    expect(client.status).toBe('connecting');
    await microtasks();
    expect(server.last!.url).toBe('wss://atrium.example/socket');
    expect(server.last!.sent).toEqual([
      { name: 'atrium/auth', params: { token: 'token-1' } },
      { name: 'app/hello', params: { n: 1 } },
      { name: 'app/hello', params: { n: 2 } },
    ]);
    expect(client.getState()).toEqual({ status: 'open', everOpen: true });
    expect(statuses).toEqual(['connecting', 'open']);
    client.send('app/hello');
    expect(server.last!.sent.at(-1)).toEqual({ name: 'app/hello' });
  });

  it('hands server messages of its contract to the listeners of their name, with their params', async () => {
    const { client, server } = setup({ contract: desktopServerDirection });
    const got: unknown[] = [];
    const stop = client.on('atrium/settings:changed', (params) => got.push(params.keys));
    client.connect();
    await microtasks();
    server.broadcast('atrium/settings:changed', { keys: ['desktop.font'] });
    stop();
    server.broadcast('atrium/settings:changed', { keys: [] });
    expect(got).toEqual([['desktop.font']]);
    expect(client.droppedMessages).toBe(0);
  });

  it.each([
    ['not JSON', '{oops secret'],
    ['not {name, params}', JSON.stringify({ params: 'secret' })],
    ['a name the desktop socket does not carry', JSON.stringify({ name: 'chat/hello', params: 'secret' })],
    ['settings changed without keys', JSON.stringify({ name: 'atrium/settings:changed', params: { secret: true } })],
    ['a task change of an unknown reason', JSON.stringify({ name: 'tasks:changed', params: { reason: 'secret', taskId: 't', task_name: 'n', appName: 'a', by: { id: 'u', name: 'n' } } })],
    ['a vfs change whose directories are not text', JSON.stringify({ name: 'vfs:changed', params: { directories: [{ secret: 1 }] } })],
    ['an application message without its pid', JSON.stringify({ name: 'osjs/application:socket:message', params: { name: 'Chat', args: 'secret' } })],
    ['a binary frame', new Blob(['secret'])],
  ])('drops %s: logged by its name only, counted, no listener called, and the socket goes on', async (_what, data) => {
    const log = { warn: vi.fn(), error: vi.fn() };
    const { client, server } = setup({ contract: desktopServerDirection, log });
    const heard: string[] = [];
    for (const name of ['atrium/settings:changed', 'tasks:changed', 'vfs:changed', 'osjs/application:socket:message', 'atrium/ready'] as const) client.on(name, () => heard.push(name));
    client.connect();
    await microtasks();
    heard.splice(0);
    server.last!.onmessage?.({ data });
    expect(client.droppedMessages).toBe(1);
    expect(heard).toEqual([]);
    expect(log.warn).toHaveBeenCalledOnce();
    expect(JSON.stringify(log.warn.mock.calls)).not.toContain('secret');
    server.broadcast('vfs:changed', { directories: ['home:/'] });
    expect(heard).toEqual(['vfs:changed']);
    expect(client.status).toBe('open');
  });

  it("drops an application socket's message named as the protocol's own, and passes the application's own messages", async () => {
    const log = { warn: vi.fn(), error: vi.fn() };
    const { client, server } = setup({ log });
    const got: unknown[] = [];
    client.on('chat/typing', (params) => got.push(params));
    client.on('atrium/settings:changed', (params) => got.push(params));
    client.connect();
    await microtasks();
    server.broadcast('atrium/settings:changed', { keys: [] });
    server.broadcast('chat/typing', { who: 'ada' });
    expect(got).toEqual([{ who: 'ada' }]);
    expect(client.droppedMessages).toBe(1);
    expect(log.warn.mock.calls[0]![0]).toContain('atrium/settings:changed');
  });

  it('is not ready on an atrium/ready the contract refuses', async () => {
    const { client, server } = setup({ contract: desktopServerDirection, log: { warn: vi.fn(), error: vi.fn() } });
    // The server answers atrium/auth by hand here.
    server.receive = () => undefined;
    client.connect();
    await microtasks();
    server.last!.push('atrium/ready', { user: 'ada' });
    expect(client.status).toBe('connecting');
    expect(client.droppedMessages).toBe(1);
    server.last!.push('atrium/ready', { user: { id: 'u-1', username: 'ada' }, connection: 'c-1' });
    expect(client.status).toBe('open');
  });

  it('refuses a message larger than the server accepts', () => {
    const { client } = setup();
    expect(() => client.send('big', 'x'.repeat(70 * 1024))).toThrow("The socket message 'big' is too large");
  });
});

describe('SocketClient reconnecting', () => {
  it("announces 'lost', reconnects after 1000 ms and announces 'restored'", async () => {
    const { clock, client, server, events } = setup();
    client.connect();
    await microtasks();
    server.goDown();
    expect(events).toEqual(['lost']);
    expect(client.status).toBe('closed');
    server.comeBack();
    client.send('app/queued');
    clock.advance(999);
    expect(server.sockets).toHaveLength(1);
    clock.advance(1);
    expect(server.sockets).toHaveLength(2);
    await microtasks();
    expect(events).toEqual(['lost', 'restored']);
    expect(client.status).toBe('open');
    expect(server.last!.sent.map((m) => m.name)).toEqual(['atrium/auth', 'app/queued']);
  });

  it('reconnects at once when its server goes away (1001: stopped or upgraded), another one taking the connection', async () => {
    const { clock, client, server, events } = setup();
    client.connect();
    await microtasks();
    server.last!.serverClose(1001);
    expect(events).toEqual(['lost']);
    clock.advance(0);
    expect(server.sockets).toHaveLength(2);
    await microtasks();
    expect(events).toEqual(['lost', 'restored']);
    expect(client.status).toBe('open');
  });

  it('tells the listeners of missed messages when it is ready again after a drop, and when the server says it may have missed some', async () => {
    const { clock, client, server, events } = setup({ contract: desktopServerDirection });
    const missed: string[] = [];
    client.onConnection((event) => missed.push(`connection ${event}`));
    client.onMissed(() => missed.push('missed'));
    client.connect();
    await microtasks();
    // The first connection missed nothing.
    expect(missed).toEqual([]);
    server.last!.serverClose(1006);
    clock.advance(1000);
    await microtasks();
    expect(missed).toEqual(['connection lost', 'connection restored', 'missed']);
    // The server's own link to the other servers came back: the connection never dropped, nothing is announced to the user.
    server.broadcast('atrium/resync', {});
    expect(missed).toEqual(['connection lost', 'connection restored', 'missed', 'missed']);
    expect(events).toEqual(['lost', 'restored']);
    expect(client.droppedMessages).toBe(0);
  });

  it('keeps trying every reconnectInterval while the server is down, announcing the loss once', async () => {
    const { clock, client, server, events } = setup({ reconnectInterval: 2000 });
    client.connect();
    await microtasks();
    server.goDown();
    for (let i = 0; i < 3; i++) {
      clock.advance(2000);
      await microtasks();
    }
    expect(server.sockets).toHaveLength(4);
    expect(events).toEqual(['lost']);
  });

  it('backs off from reconnectInterval up to maxReconnectInterval', async () => {
    const { clock, client, server } = setup({ reconnectInterval: 1000, maxReconnectInterval: 5000 });
    client.connect();
    await microtasks();
    server.goDown();
    const attemptsAt: number[] = [];
    const start = clock.now();
    for (let t = 0; t < 20_000; t += 250) {
      const before = server.sockets.length;
      clock.advance(250);
      await microtasks();
      if (server.sockets.length > before) attemptsAt.push(clock.now() - start);
    }
    expect(attemptsAt).toEqual([1000, 3000, 7000, 12_000, 17_000]);
  });

  it("announces 'failed' once when the very first attempt fails, and 'restored' when it finally connects", async () => {
    const { clock, client, server, events } = setup();
    server.up = false;
    client.connect();
    await microtasks();
    clock.advance(1000);
    await microtasks();
    expect(events).toEqual(['failed']);
    expect(client.getState()).toEqual({ status: 'closed', everOpen: false });
    server.comeBack();
    clock.advance(1000);
    await microtasks();
    expect(events).toEqual(['failed', 'restored']);
  });

  it('on 4401 refreshes the token and reconnects with the new one', async () => {
    const refresh = vi.fn(async () => {
      tokens.setToken('token-2');
      return true;
    });
    const tokens = setup({ refresh });
    const { client, server, events } = tokens;
    server.acceptToken = (t) => t === 'token-2';
    client.connect();
    await microtasks();
    expect(refresh).toHaveBeenCalledOnce();
    expect(server.sockets[0]!.closed).toMatchObject({ by: 'server', code: 4401 });
    expect(server.sockets).toHaveLength(2);
    expect(server.last!.sent[0]).toEqual({ name: 'atrium/auth', params: { token: 'token-2' } });
    expect(client.status).toBe('open');
    expect(events).toEqual([]);
  });

  it('stays closed when the refresh fails (the session is over)', async () => {
    const { clock, client, server } = setup({ refresh: async () => false });
    server.acceptToken = () => false;
    client.connect();
    await microtasks();
    clock.advance(60_000);
    await microtasks();
    expect(server.sockets).toHaveLength(1);
    expect(client.status).toBe('closed');
  });

  it('without a token it does not authenticate and waits for a refresh', async () => {
    const refresh = vi.fn(async () => false);
    const { client, server, setToken } = setup({ refresh });
    setToken(null);
    client.connect();
    await microtasks();
    expect(server.last!.sent).toEqual([]);
    expect(refresh).toHaveBeenCalledOnce();
  });

  it('does not reconnect after 4403 (the app is not available)', async () => {
    const { clock, client, server } = setup();
    client.connect();
    await microtasks();
    server.last!.serverClose(4403);
    clock.advance(10_000);
    await microtasks();
    expect(server.sockets).toHaveLength(1);
    expect(client.status).toBe('closed');
  });
});

describe('SocketClient.close', () => {
  it('closes on purpose: no reconnect, no lost event, the queue is dropped', async () => {
    const { clock, client, server, events } = setup();
    client.connect();
    await microtasks();
    client.close();
    client.send('later');
    expect(server.sockets[0]!.closed).toMatchObject({ by: 'client', code: 1000 });
    clock.advance(10_000);
    await microtasks();
    expect(server.sockets).toHaveLength(1);
    expect(events).toEqual([]);
    expect(client.status).toBe('closed');
    expect(clock.pending).toBe(0);
  });

  it('cancels a pending reconnect', async () => {
    const { clock, client, server } = setup();
    client.connect();
    await microtasks();
    server.goDown();
    client.close();
    expect(clock.pending).toBe(0);
    clock.advance(5000);
    expect(server.sockets).toHaveLength(1);
  });
});
