/**
 * Which other servers are on the bus (ServerPresence): hello, alive and bye
 * between servers, the answer to a newcomer, the grace after one's own
 * hello, and a server not heard of for long taken to be gone. The servers'
 * buses are linked in memory; time and the announcements' timer move by hand.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Subscribers, type BusListener, type EventBus } from '../../src/events/EventBus.js';
import { ALIVE_MS, ANNOUNCE_MS, PRESENCE_TOPIC, ServerPresence, type PresenceTimers } from '../../src/events/ServerPresence.js';

/** Servers' buses linked to one another: what one publishes reaches itself as 'here' and the others as 'elsewhere'. */
class LinkedBuses {
  private readonly buses: Array<{ subscribers: Subscribers; resync: Array<() => void> }> = [];
  readonly published: Array<{ from: number; payload: Record<string, unknown> }> = [];

  bus(): EventBus & { resync(): void } {
    const me = { subscribers: new Subscribers(), resync: [] as Array<() => void> };
    const index = this.buses.push(me) - 1;
    return {
      publish: (topic, payload) => {
        this.published.push({ from: index, payload });
        for (const other of this.buses) other.subscribers.deliver(topic, payload, other === me ? 'here' : 'elsewhere', () => undefined);
      },
      subscribe: (topic: string, listener: BusListener) => me.subscribers.subscribe(topic, listener),
      onResync: (listener: () => void) => {
        me.resync.push(listener);
        return () => undefined;
      },
      resync: () => me.resync.forEach((listener) => listener()),
      close: async () => undefined,
    };
  }
}

/** A hand-moved clock with one interval per presence, fired by `advance`. */
class HandTimers implements PresenceTimers {
  private time = 0;
  private readonly intervals = new Map<number, { fn: () => void; ms: number; next: number }>();
  private ids = 0;
  now(): number {
    return this.time;
  }
  setInterval(fn: () => void, ms: number): unknown {
    this.intervals.set(++this.ids, { fn, ms, next: this.time + ms });
    return this.ids;
  }
  clearInterval(handle: unknown): void {
    this.intervals.delete(handle as number);
  }
  advance(ms: number, only?: (id: number) => boolean): void {
    const end = this.time + ms;
    for (;;) {
      const due = [...this.intervals].filter(([, i]) => i.next <= end).sort((a, b) => a[1].next - b[1].next)[0];
      if (!due) break;
      this.time = due[1].next;
      due[1].next += due[1].ms;
      if (!only || only(due[0])) due[1].fn();
    }
    this.time = end;
  }
}

function setUp() {
  const links = new LinkedBuses();
  const timers = new HandTimers();
  return { links, timers, server: () => new ServerPresence(links.bus(), timers) };
}

describe('ServerPresence', () => {
  it('takes itself to be alone once the grace after its hello has passed and nobody answered', () => {
    const { timers, server } = setUp();
    const one = server();
    expect(one.othersMayListen()).toBe(false);
    one.start();
    // Answers may still be on their way.
    expect(one.othersMayListen()).toBe(true);
    timers.advance(ALIVE_MS);
    expect(one.othersMayListen()).toBe(false);
    one.stop();
  });

  it('knows of a server that starts later at once, and the newcomer of it, from the answer to its hello', () => {
    const { links, timers, server } = setUp();
    const one = server();
    one.start();
    timers.advance(ALIVE_MS);
    expect(one.othersMayListen()).toBe(false);
    const two = server();
    two.start();
    expect(one.othersMayListen()).toBe(true);
    // The newcomer's hello, and the answer at once.
    expect(links.published.slice(-2)).toEqual([
      { from: 1, payload: { server: two.id, kind: 'hello' } },
      { from: 0, payload: { server: one.id, kind: 'alive' } },
    ]);
    // Long after the newcomer's own grace, each keeps the other alive with its announcements.
    timers.advance(5 * ALIVE_MS);
    expect([one.othersMayListen(), two.othersMayListen()]).toEqual([true, true]);
    one.stop();
    two.stop();
  });

  it('forgets a server that said bye at once, and one killed (never heard of again) after ALIVE_MS', () => {
    const { timers, server } = setUp();
    const [one, two, three] = [server(), server(), server()];
    one.start();
    two.start();
    three.start();
    timers.advance(ALIVE_MS);
    two.stop();
    expect(one.othersMayListen()).toBe(true);
    timers.advance(ANNOUNCE_MS);
    // The third is killed: its announcements (the third timer) stop, nothing says bye.
    timers.advance(ALIVE_MS - 1, (id) => id !== 3);
    expect(one.othersMayListen()).toBe(true);
    timers.advance(ANNOUNCE_MS, (id) => id !== 3);
    expect(one.othersMayListen()).toBe(false);
    one.stop();
  });

  it('says hello again when its bus connection is back, and takes no notice of what is not an announcement', () => {
    const { links, timers } = setUp();
    const bus = links.bus();
    const one = new ServerPresence(bus, timers);
    one.start();
    timers.advance(ALIVE_MS);
    const other = links.bus();
    for (const payload of [{ server: 'x', kind: 'alive' }, { server: randomUUID(), kind: 'shout' }, { kind: 'alive' }]) other.publish(PRESENCE_TOPIC, payload);
    expect(one.othersMayListen()).toBe(false);
    bus.resync();
    expect(links.published.at(-1)?.payload).toEqual({ server: one.id, kind: 'hello' });
    expect(one.othersMayListen()).toBe(true);
    one.stop();
  });
});
