/**
 * Where each window's content goes: every WindowFrame registers its body
 * element here, and whoever renders a window's content (DialogHost today,
 * applications later) portals into it. Listeners hear when a body element
 * appears or goes away, never on moves.
 */
export class WindowSlots {
  readonly #elements = new Map<number, HTMLElement>();
  readonly #listeners = new Set<() => void>();
  #version = 0;

  /** The body element of a window, if it is mounted. */
  get(wid: number): HTMLElement | undefined {
    return this.#elements.get(wid);
  }

  /** Registers (element) or forgets (null) a window's body element. */
  set(wid: number, element: HTMLElement | null): void {
    if ((this.#elements.get(wid) ?? null) === element) return;
    if (element) this.#elements.set(wid, element);
    else this.#elements.delete(wid);
    this.#version++;
    for (const listener of [...this.#listeners]) listener();
  }

  /** A number that changes whenever a body element is registered or forgotten (a useSyncExternalStore snapshot). */
  readonly version = (): number => this.#version;

  /** Listens to body elements coming and going (bound: pass it to useSyncExternalStore as it is). */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };
}
