/**
 * Which other servers are on the bus (docs/DEPLOYMENT.md, "Sockets across
 * servers"): each server says `hello` when it starts listening on the bus
 * (and again when its bus connection comes back), `alive` every
 * ANNOUNCE_MS, and `bye` when it stops; one that hears another's `hello`
 * answers `alive` at once. A server not heard of for ALIVE_MS is taken to
 * be gone. Work meant only for the other servers (a socket message relayed
 * through the database) is skipped when there is none: a single server on
 * PostgreSQL writes nothing for nobody. For ALIVE_MS after this server's
 * own hello it assumes others may be there, as their answers may still be
 * on their way.
 */
import { randomUUID } from 'node:crypto';
import type { EventBus } from './EventBus.js';

/** The bus topic of the servers' announcements. */
export const PRESENCE_TOPIC = 'servers';
/** Milliseconds between a server's `alive` announcements. */
export const ANNOUNCE_MS = 10_000;
/** Milliseconds after which a server not heard of is taken to be gone. */
export const ALIVE_MS = 30_000;

type Announcement = 'hello' | 'alive' | 'bye';

/** Another server's announcement, checked: null when it is none. */
function parseAnnouncement(payload: unknown): { server: string; kind: Announcement } | null {
  if (!payload || typeof payload !== 'object') return null;
  const { server, kind } = payload as Record<string, unknown>;
  if (typeof server !== 'string' || !/^[0-9a-f-]{36}$/i.test(server)) return null;
  return kind === 'hello' || kind === 'alive' || kind === 'bye' ? { server, kind } : null;
}

export interface PresenceTimers {
  now(): number;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

const realTimers: PresenceTimers = {
  now: () => performance.now(),
  setInterval: (fn, ms) => setInterval(fn, ms).unref(),
  clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout),
};

export class ServerPresence {
  /** This server's id on the bus. */
  readonly id = randomUUID();
  /** When each other server was last heard of. */
  private readonly heard = new Map<string, number>();
  /** When this server last said hello (null: not started). */
  private helloAt: number | null = null;
  private stops: Array<() => void> = [];
  private timer: unknown = null;

  constructor(
    private readonly bus: EventBus,
    private readonly timers: PresenceTimers = realTimers,
  ) {}

  start(): void {
    if (this.helloAt !== null) return;
    this.stops = [
      this.bus.subscribe(PRESENCE_TOPIC, (payload, origin) => {
        if (origin === 'elsewhere') this.heardOf(payload);
      }),
      // Back on the bus after a drop: the others may have come or gone meanwhile.
      this.bus.onResync(() => this.hello()),
    ];
    this.timer = this.timers.setInterval(() => this.announce('alive'), ANNOUNCE_MS);
    this.hello();
  }

  stop(): void {
    if (this.helloAt === null) return;
    for (const stop of this.stops.splice(0)) stop();
    this.timers.clearInterval(this.timer);
    this.announce('bye');
    this.helloAt = null;
    this.heard.clear();
  }

  /** Whether another server may be on the bus: one was heard of lately, or this one said hello only lately. */
  othersMayListen(): boolean {
    const now = this.timers.now();
    if (this.helloAt !== null && now - this.helloAt < ALIVE_MS) return true;
    for (const [server, at] of this.heard) {
      if (now - at < ALIVE_MS) return true;
      this.heard.delete(server);
    }
    return false;
  }

  private hello(): void {
    this.helloAt = this.timers.now();
    this.announce('hello');
  }

  private announce(kind: Announcement): void {
    this.bus.publish(PRESENCE_TOPIC, { server: this.id, kind });
  }

  private heardOf(payload: unknown): void {
    const announcement = parseAnnouncement(payload);
    if (!announcement || announcement.server === this.id) return;
    if (announcement.kind === 'bye') return void this.heard.delete(announcement.server);
    this.heard.set(announcement.server, this.timers.now());
    if (announcement.kind === 'hello') this.announce('alive');
  }
}
