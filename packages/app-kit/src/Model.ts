/**
 * Base of an application's models (docs/APPLICATIONS.md, "Models"): a state
 * snapshot replaced (never mutated) on every change, and listeners, so that
 * a view follows it with useModel. A model knows nothing of React: it is
 * tested on its own, over a fake host.
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

  /** Replaces the snapshot and tells the listeners, when it is a different object. */
  protected setState(next: S): void {
    if (Object.is(next, this.#state)) return;
    this.#state = next;
    for (const listener of [...this.#listeners]) listener();
  }

  /** Replaces some fields of the snapshot. */
  protected update(changes: Partial<S>): void {
    this.setState({ ...this.#state, ...changes });
  }

  /** Drops every listener (part of a model's dispose). */
  protected clearListeners(): void {
    this.#listeners.clear();
  }
}
