/**
 * What the servers tell one another (docs/DEPLOYMENT.md, "The event bus"):
 * a message is a topic and a small JSON payload of ids, never the data
 * itself, so that it fits PostgreSQL NOTIFY's 8,000 bytes and a reader
 * fetches what changed with its own rights. A message is delivered to the
 * publishing process at once (before publish returns) and to the other
 * servers through the driver. A server whose bus connection dropped may
 * have missed messages: when it is back, `onResync` listeners are told, so
 * that they drop what they remember rather than trust it.
 */
/** Told of a message: its payload, and whether this server published it or another one did. */
export type BusListener = (payload: unknown, origin: 'here' | 'elsewhere') => void;

export interface EventBus {
  /**
   * True for the bus of one server alone (the embedded database), whose
   * messages never leave this process: there is no other server to reach,
   * and what would be written for them is not. Any other bus is shared.
   */
  readonly local?: boolean;
  /** Tells every subscriber of the topic, here at once and on the other servers through the driver. */
  publish(topic: string, payload: Record<string, unknown>): void;
  /** Returns the function that unsubscribes. Payloads from other servers are untrusted input: check their shape. */
  subscribe(topic: string, listener: BusListener): () => void;
  /** Told when messages may have been missed (the connection to the bus came back). Returns the function that unsubscribes. */
  onResync(listener: () => void): () => void;
  close(): Promise<void>;
}

/** Whether the bus reaches other servers (every bus but the in-process one). */
export function isSharedBus(bus: EventBus): boolean {
  return bus.local !== true;
}

/** PostgreSQL NOTIFY's limit on a payload, less room for the envelope. */
export const MAX_PAYLOAD_BYTES = 7_000;

/** The subscribers of one process, by topic: what every driver delivers to. */
export class Subscribers {
  private readonly byTopic = new Map<string, Set<BusListener>>();
  private readonly resync = new Set<() => void>();

  subscribe(topic: string, listener: BusListener): () => void {
    let set = this.byTopic.get(topic);
    if (!set) this.byTopic.set(topic, (set = new Set()));
    set.add(listener);
    return () => void set.delete(listener);
  }

  onResync(listener: () => void): () => void {
    this.resync.add(listener);
    return () => void this.resync.delete(listener);
  }

  /** Hands a payload to the topic's listeners; one that throws does not keep it from the others. */
  deliver(topic: string, payload: unknown, origin: 'here' | 'elsewhere', onError: (err: unknown) => void): void {
    for (const listener of [...(this.byTopic.get(topic) ?? [])]) {
      try {
        listener(payload, origin);
      } catch (err) {
        onError(err);
      }
    }
  }

  resynced(onError: (err: unknown) => void): void {
    for (const listener of [...this.resync]) {
      try {
        listener();
      } catch (err) {
        onError(err);
      }
    }
  }
}

/** The payload as the bus sends it; a payload too large for every driver is a programming error. */
export function encodePayload(payload: Record<string, unknown>): string {
  const text = JSON.stringify(payload);
  if (Buffer.byteLength(text) > MAX_PAYLOAD_BYTES) throw new Error(`A bus message must carry ids, not data: ${Buffer.byteLength(text)} bytes`);
  return text;
}

/** One server alone (the embedded database): messages stay in this process. */
export class LocalEventBus implements EventBus {
  readonly local = true;
  private readonly subscribers = new Subscribers();

  constructor(private readonly onError: (err: unknown) => void = () => undefined) {}

  publish(topic: string, payload: Record<string, unknown>): void {
    encodePayload(payload);
    this.subscribers.deliver(topic, payload, 'here', this.onError);
  }

  subscribe(topic: string, listener: BusListener): () => void {
    return this.subscribers.subscribe(topic, listener);
  }

  onResync(listener: () => void): () => void {
    return this.subscribers.onResync(listener);
  }

  async close(): Promise<void> {}
}
