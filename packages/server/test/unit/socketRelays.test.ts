/**
 * Relaying between one user's connections on several servers
 * (SocketRelays): what is written and announced, and how a server delivers
 * another's relays: in the sender's order, only to that user's connections
 * of that socket, after checking the application again. The two-server
 * journey on PostgreSQL is test/api/clusterSockets.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { SOCKET_PATH, appSocketPath } from '@atrium/shared';
import { describe, expect, it, vi } from 'vitest';
import { LocalEventBus, Subscribers, type BusListener, type EventBus } from '../../src/events/EventBus.js';
import type { Log } from '../../src/logger.js';
import { SocketHub, type SocketPeer } from '../../src/sockets/SocketHub.js';
import type { SocketRelay, SocketRelayStore } from '../../src/sockets/SocketRelayStore.js';
import { parseSocketRelayMessage, SOCKET_RELAY_TOPIC, SocketRelays, type SocketRelaysDeps } from '../../src/sockets/SocketRelays.js';

const log: Log & { warnings: object[] } = {
  warnings: [],
  debug: () => undefined,
  info: () => undefined,
  warn(obj) {
    this.warnings.push(obj);
  },
  error: () => undefined,
};

/** A bus shared with other servers: what is published is kept; `fromElsewhere` plays another server's message. */
class SharedBus implements EventBus {
  readonly published: Array<{ topic: string; payload: Record<string, unknown> }> = [];
  private readonly subscribers = new Subscribers();
  publish(topic: string, payload: Record<string, unknown>): void {
    this.published.push({ topic, payload });
    this.subscribers.deliver(topic, payload, 'here', () => undefined);
  }
  subscribe(topic: string, listener: BusListener): () => void {
    return this.subscribers.subscribe(topic, listener);
  }
  onResync(): () => void {
    return () => undefined;
  }
  fromElsewhere(payload: unknown): void {
    this.subscribers.deliver(SOCKET_RELAY_TOPIC, payload, 'elsewhere', () => undefined);
  }
  async close(): Promise<void> {}
}

/** Relays in memory; `slow` makes the read of an id wait until released. */
class MemoryRelays implements SocketRelayStore {
  readonly rows = new Map<string, SocketRelay>();
  readonly reads: string[] = [];
  readonly slow = new Map<string, Promise<void>>();
  async add(relay: SocketRelay): Promise<void> {
    this.rows.set(relay.id, relay);
  }
  async find(id: string): Promise<SocketRelay | null> {
    this.reads.push(id);
    await this.slow.get(id);
    return this.rows.get(id) ?? null;
  }
  async purgeOlderThan(): Promise<number> {
    return 0;
  }
}

/** A connection that keeps what it is sent. */
function peer(userId: string, path = SOCKET_PATH): SocketPeer & { got: string[] } {
  const got: string[] = [];
  return { id: randomUUID(), userId, sessionId: randomUUID(), path, app: path === SOCKET_PATH ? null : 'CRM', got, sendText: (data) => got.push(data), close: () => undefined, bufferedAmount: 0 };
}

function setup(bus: EventBus = new SharedBus(), canUseApp: (userId: string, app: string) => Promise<boolean> = async () => true, presence?: SocketRelaysDeps['presence']) {
  const store = new MemoryRelays();
  const hub = new SocketHub(10);
  const relays = new SocketRelays({ bus, store, hub, canUseApp, log, ...(presence ? { presence } : {}) });
  relays.start();
  return { store, hub, relays, canUseApp };
}

/** Another server's relay: its row written, its announcement heard. */
function relayFromElsewhere(bus: SharedBus, store: MemoryRelays, relay: Omit<SocketRelay, 'id'>): string {
  const id = randomUUID();
  store.rows.set(id, { id, ...relay });
  bus.fromElsewhere({ id, userId: relay.userId, path: relay.path, sender: relay.sender });
  return id;
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const ada = randomUUID();
const bob = randomUUID();
const crm = appSocketPath('CRM');

describe('relaying on one server alone (the in-process bus)', () => {
  it('sends to the other connections here and writes nothing', async () => {
    const { store, hub, relays } = setup(new LocalEventBus());
    const [sender, other] = [peer(ada, crm), peer(ada, crm)];
    hub.add(sender);
    hub.add(other);
    await relays.relay(sender, { name: 'crm/updated', params: { id: 1 } }, crm, 'CRM');
    expect(other.got).toEqual(['{"name":"crm/updated","params":{"id":1}}']);
    expect(sender.got).toEqual([]);
    expect(store.rows.size).toBe(0);
    expect(relays.shared).toBe(false);
  });
});

describe('relaying when the bus is shared', () => {
  it('writes the message and announces its id on the bus, never its contents', async () => {
    const bus = new SharedBus();
    const { store, hub, relays } = setup(bus);
    const [sender, other] = [peer(ada, crm), peer(ada, crm)];
    hub.add(sender);
    hub.add(other);
    const secret = 'x'.repeat(20_000);
    await relays.relay(sender, { name: 'crm/note', params: { text: secret } }, crm, 'CRM');
    expect(other.got).toHaveLength(1);
    const [row] = [...store.rows.values()];
    expect(row).toEqual({ id: expect.any(String), userId: ada, path: crm, app: 'CRM', sender: sender.id, body: JSON.stringify({ name: 'crm/note', params: { text: secret } }) });
    expect(bus.published.filter((p) => p.topic === SOCKET_RELAY_TOPIC)).toEqual([{ topic: SOCKET_RELAY_TOPIC, payload: { id: row!.id, userId: ada, path: crm, sender: sender.id } }]);
    // Its own announcement is not delivered twice here.
    await flush();
    expect(other.got).toHaveLength(1);
  });

  it('writes and announces nothing when no other server has been heard of lately (one server alone on PostgreSQL)', async () => {
    const bus = new SharedBus();
    let others = false;
    const { store, hub, relays } = setup(bus, undefined, { start: () => undefined, stop: () => undefined, othersMayListen: () => others });
    const [sender, other] = [peer(ada, crm), peer(ada, crm)];
    hub.add(sender);
    hub.add(other);
    await relays.relay(sender, { name: 'crm/note', params: { text: 'alone' } }, crm, 'CRM');
    expect(other.got).toHaveLength(1);
    expect(store.rows.size).toBe(0);
    expect(bus.published).toEqual([]);
    // Another server comes: the next message is written for it.
    others = true;
    await relays.relay(sender, { name: 'crm/note', params: { text: 'together' } }, crm, 'CRM');
    expect(store.rows.size).toBe(1);
    expect(bus.published.map((p) => p.topic)).toEqual([SOCKET_RELAY_TOPIC]);
  });

  it("delivers another server's relay to that user's connections of that socket only", async () => {
    const bus = new SharedBus();
    const { store, hub } = setup(bus);
    const [app, desktop, bobs] = [peer(ada, crm), peer(ada), peer(bob, crm)];
    [app, desktop, bobs].forEach((p) => hub.add(p));
    relayFromElsewhere(bus, store, { userId: ada, path: crm, app: 'CRM', sender: randomUUID(), body: '{"name":"crm/updated","params":{}}' });
    await vi.waitFor(() => expect(app.got).toEqual(['{"name":"crm/updated","params":{}}']));
    await flush();
    expect(desktop.got).toEqual([]);
    expect(bobs.got).toEqual([]);
  });

  it("keeps one sender's order even when the later message is read first", async () => {
    const bus = new SharedBus();
    const { store, hub } = setup(bus);
    const receiver = peer(ada, crm);
    hub.add(receiver);
    const sender = randomUUID();
    let release = () => undefined as void;
    const firstId = randomUUID();
    store.slow.set(firstId, new Promise<void>((resolve) => (release = resolve)));
    store.rows.set(firstId, { id: firstId, userId: ada, path: crm, app: 'CRM', sender, body: '"first"' });
    bus.fromElsewhere({ id: firstId, userId: ada, path: crm, sender });
    relayFromElsewhere(bus, store, { userId: ada, path: crm, app: 'CRM', sender, body: '"second"' });
    // Both are being read; the second's read has finished, but it waits for the first.
    await flush();
    expect(store.reads).toHaveLength(2);
    expect(receiver.got).toEqual([]);
    release();
    await vi.waitFor(() => expect(receiver.got).toEqual(['"first"', '"second"']));
  });

  it('checks again that the user may use the application, and sends nothing when not', async () => {
    const bus = new SharedBus();
    const canUseApp = vi.fn(async (_userId: string, app: string) => app !== 'Audits');
    const { store, hub } = setup(bus, canUseApp);
    const desktop = peer(ada);
    hub.add(desktop);
    const sender = randomUUID();
    relayFromElsewhere(bus, store, { userId: ada, path: SOCKET_PATH, app: 'Audits', sender, body: '"audits"' });
    relayFromElsewhere(bus, store, { userId: ada, path: SOCKET_PATH, app: 'CRM', sender, body: '"crm"' });
    await vi.waitFor(() => expect(desktop.got).toEqual(['"crm"']));
    expect(canUseApp).toHaveBeenCalledWith(ada, 'Audits');
  });

  it('reads nothing when the user has no connection of that socket here', async () => {
    const bus = new SharedBus();
    const { store, hub } = setup(bus);
    hub.add(peer(ada));
    relayFromElsewhere(bus, store, { userId: ada, path: crm, app: 'CRM', sender: randomUUID(), body: '{}' });
    relayFromElsewhere(bus, store, { userId: bob, path: SOCKET_PATH, app: 'CRM', sender: randomUUID(), body: '{}' });
    await flush();
    expect(store.reads).toEqual([]);
  });

  it('sends nothing for a relay already deleted, or one that is not what its announcement says', async () => {
    const bus = new SharedBus();
    const { store, hub } = setup(bus);
    const desktop = peer(ada);
    hub.add(desktop);
    bus.fromElsewhere({ id: randomUUID(), userId: ada, path: SOCKET_PATH, sender: randomUUID() });
    const bobsId = randomUUID();
    store.rows.set(bobsId, { id: bobsId, userId: bob, path: SOCKET_PATH, app: 'CRM', sender: randomUUID(), body: '"bob"' });
    bus.fromElsewhere({ id: bobsId, userId: ada, path: SOCKET_PATH, sender: randomUUID() });
    await vi.waitFor(() => expect(store.reads).toHaveLength(2));
    await flush();
    expect(desktop.got).toEqual([]);
  });

  it('stops listening when stopped', async () => {
    const bus = new SharedBus();
    const { store, hub, relays } = setup(bus);
    hub.add(peer(ada));
    relays.stop();
    relayFromElsewhere(bus, store, { userId: ada, path: SOCKET_PATH, app: 'CRM', sender: randomUUID(), body: '{}' });
    await flush();
    expect(store.reads).toEqual([]);
  });
});

describe('announcements of relays from other servers', () => {
  it('takes only well-formed ones', () => {
    const good = { id: randomUUID(), userId: ada, path: crm, sender: randomUUID() };
    expect(parseSocketRelayMessage(good)).toEqual(good);
    expect(parseSocketRelayMessage({ ...good, path: SOCKET_PATH, extra: 'dropped' })).toEqual({ ...good, path: SOCKET_PATH });
    for (const bad of [null, 'x', {}, { ...good, id: 'nope' }, { ...good, userId: 7 }, { ...good, path: '/apps/../socket' }, { ...good, path: '/other' }, { ...good, sender: undefined }]) {
      expect(parseSocketRelayMessage(bad), JSON.stringify(bad)).toBeNull();
    }
  });
});
