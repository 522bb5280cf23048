/**
 * Base of the Priorities model: a state snapshot replaced (never mutated) on
 * every change, and listeners, so that React reads it with
 * useSyncExternalStore (the shape of the desktop's own models,
 * docs/ARCHITECTURE.md, "Client start-up").
 */
export abstract class Model<S> {
  #state: S;
  readonly #listeners = new Set<() => void>();

  protected constructor(initial: S) {
    this.#state = initial;
  }

  /** The current snapshot; the same object until the state changes. */
  readonly getState = (): S => this.#state;

  /** Calls the listener after every change; returns an unsubscribe. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  };

  protected update(changes: Partial<S>): void {
    this.#state = { ...this.#state, ...changes };
    for (const listener of [...this.#listeners]) listener();
  }

  protected clearListeners(): void {
    this.#listeners.clear();
  }
}
