/**
 * Counters of this process's sockets: frames refused because they are not
 * messages of the contract (by name, for the protocol's names; every other
 * name counts as 'other', so that a client cannot grow the table), and live
 * updates whose audience could not be found (retries, and those given up).
 * Read with `snapshot()`; tests and operators' probes look here.
 */
export class SocketStats {
  #invalid = 0;
  readonly #invalidByName = new Map<string, number>();
  #liveUpdateRetries = 0;
  #liveUpdateFailures = 0;

  constructor(private readonly knownNames: ReadonlySet<string>) {}

  /** A frame that did not parse was dropped; `name` is what it called itself, if anything. */
  invalidMessage(name: string | null): void {
    this.#invalid++;
    const key = name !== null && this.knownNames.has(name) ? name : 'other';
    this.#invalidByName.set(key, (this.#invalidByName.get(key) ?? 0) + 1);
  }

  /** A live update's audience query failed and is tried again. */
  liveUpdateRetried(): void {
    this.#liveUpdateRetries++;
  }

  /** A live update was given up: its audience query failed every time. */
  liveUpdateFailed(): void {
    this.#liveUpdateFailures++;
  }

  snapshot(): SocketStatsSnapshot {
    return {
      invalidMessages: this.#invalid,
      invalidMessagesByName: Object.fromEntries(this.#invalidByName),
      liveUpdateRetries: this.#liveUpdateRetries,
      liveUpdateFailures: this.#liveUpdateFailures,
    };
  }
}

export interface SocketStatsSnapshot {
  invalidMessages: number;
  invalidMessagesByName: Record<string, number>;
  liveUpdateRetries: number;
  liveUpdateFailures: number;
}
