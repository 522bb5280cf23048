/**
 * Base of every model: a state snapshot and change listeners. The snapshot is
 * replaced, never mutated, so it fits React's useSyncExternalStore.
 */
export abstract class Observable<S> {
  #state: S;
  readonly #listeners = new Set<() => void>();

  protected constructor(initial: S) {
    this.#state = initial;
  }

  /** The current snapshot; the same object until the state changes. */
  getState(): S {
    return this.#state;
  }

  /** Calls the listener after every change; returns an unsubscribe. */
  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Replaces the snapshot and notifies the listeners when it is a different object. */
  protected setState(next: S): void {
    if (Object.is(next, this.#state)) return;
    this.#state = next;
    for (const listener of [...this.#listeners]) listener();
  }

  /** Drops every listener (part of a model's dispose). */
  protected clearListeners(): void {
    this.#listeners.clear();
  }
}
