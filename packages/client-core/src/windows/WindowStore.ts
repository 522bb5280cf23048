import type { Translate } from './WindowIdExistsError.js';
import { mediaOf, type Bounds } from './geometry.js';
import type { WindowFlags, WindowRecord } from './types.js';
import { toFront, zIndexes } from './zOrder.js';

/** A window's record plus what WindowManager remembers about it. Internal to windows/. */
export interface WindowEntry {
  record: WindowRecord;
  /** Geometry to go back to when a maximize or snap is undone. */
  saved: Bounds | null;
  /** A title made of texts: the function giving it in the current language (WindowManager.retitle). */
  titleSource?: ((t: Translate) => string) | undefined;
}

const sameBounds = (a: Bounds, b: Bounds) =>
  a.position.left === b.position.left && a.position.top === b.position.top && a.dimension.width === b.dimension.width && a.dimension.height === b.dimension.height;

/**
 * The window records, their z-order and change notifications, without the
 * rules (WindowManager adds those). Changes made inside batch() are announced
 * once at its end: each changed window's subscribers, then the list's
 * subscribers if a list-level change was marked, then open/close events.
 */
export class WindowStore {
  protected readonly entries = new Map<number, WindowEntry>();
  /** wids bottom first; zIndex is derived from it per layer. */
  protected stack: readonly number[] = [];
  #list: readonly WindowRecord[] = [];
  readonly #listListeners = new Set<() => void>();
  readonly #anyListeners = new Set<() => void>();
  readonly #windowListeners = new Map<number, Set<() => void>>();
  readonly #openListeners = new Set<(w: WindowRecord) => void>();
  readonly #closeListeners = new Set<(w: WindowRecord) => void>();
  #depth = 0;
  readonly #dirty = new Set<number>();
  #listDirty = false;
  #events: Array<() => void> = [];

  /** Every open window in opening order; the same array (and records) until a list-level change. */
  windows(): readonly WindowRecord[] {
    return this.#list;
  }

  /** The live record of a window; undefined once it is closed. */
  get(wid: number): WindowRecord | undefined {
    return this.entries.get(wid)?.record;
  }

  /** The focused window, if any. */
  focused(): WindowRecord | undefined {
    for (const { record } of this.entries.values()) if (record.state.focused) return record;
    return undefined;
  }

  /** Calls the listener after list-level changes (open, close, z-order, focus, title, icon, minimize, maximize). */
  subscribe(listener: () => void): () => void {
    this.#listListeners.add(listener);
    return () => this.#listListeners.delete(listener);
  }

  /** Calls the listener once after each operation that changed any window (a drag: once per frame). */
  subscribeAny(listener: () => void): () => void {
    this.#anyListeners.add(listener);
    return () => this.#anyListeners.delete(listener);
  }

  /** Calls the listener after any change of that window (its closing included), and of no other. */
  subscribeWindow(wid: number, listener: () => void): () => void {
    let listeners = this.#windowListeners.get(wid);
    if (!listeners) this.#windowListeners.set(wid, (listeners = new Set()));
    const set = listeners;
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.#windowListeners.get(wid) === set) this.#windowListeners.delete(wid);
    };
  }

  /** Calls the listener with each newly opened window. */
  onDidOpenWindow(listener: (w: WindowRecord) => void): () => void {
    this.#openListeners.add(listener);
    return () => this.#openListeners.delete(listener);
  }

  /** Calls the listener with the last record of each closed window (children closed with a parent included). */
  onDidCloseWindow(listener: (w: WindowRecord) => void): () => void {
    this.#closeListeners.add(listener);
    return () => this.#closeListeners.delete(listener);
  }

  /** Runs fn and announces its changes once at the end of the outermost batch. */
  protected batch<T>(fn: () => T): T {
    this.#depth++;
    try {
      return fn();
    } finally {
      if (--this.#depth === 0) this.#flush();
    }
  }

  /** fn on the window's entry, or false when there is no such window. */
  protected with<T>(wid: number, fn: (entry: WindowEntry) => T): T | false {
    const entry = this.entries.get(wid);
    return entry ? fn(entry) : false;
  }

  /** Replaces the window's record; list marks a list-level change. */
  protected update(entry: WindowEntry, changes: Partial<WindowRecord>, list: boolean): void {
    entry.record = { ...entry.record, ...changes };
    this.#dirty.add(entry.record.wid);
    if (list) this.#listDirty = true;
  }

  /** Sets state flags; nothing happens when they already hold. */
  protected setFlags(entry: WindowEntry, flags: Partial<WindowFlags>, list: boolean): void {
    const state = entry.record.state;
    if ((Object.keys(flags) as Array<keyof WindowFlags>).every((k) => flags[k] === state[k])) return;
    this.update(entry, { state: { ...state, ...flags } }, list);
  }

  /** Sets position and dimension (media follows) and optionally snapped; a per-window change only. */
  protected setBounds(entry: WindowEntry, bounds: Bounds, extra: Partial<Pick<WindowRecord, 'snapped'>> = {}): void {
    const snappedSame = extra.snapped === undefined || extra.snapped === entry.record.snapped;
    if (snappedSame && sameBounds(bounds, entry.record)) return;
    this.update(entry, { position: { ...bounds.position }, dimension: { ...bounds.dimension }, media: mediaOf(bounds.dimension.width), ...extra }, false);
  }

  /** Adds a window on top of its layer and queues its open event. */
  protected add(entry: WindowEntry): void {
    this.entries.set(entry.record.wid, entry);
    this.#dirty.add(entry.record.wid);
    this.#listDirty = true;
    this.reorder([...this.stack, entry.record.wid]);
    this.#events.push(() => this.#openListeners.forEach((l) => l(entry.record)));
  }

  /** Removes a window and queues its close event. */
  protected remove(entry: WindowEntry): void {
    const wid = entry.record.wid;
    this.entries.delete(wid);
    this.#dirty.add(wid);
    this.#listDirty = true;
    this.reorder(this.stack.filter((w) => w !== wid));
    this.#events.push(() => this.#closeListeners.forEach((l) => l(entry.record)));
  }

  /** Brings the window to the front of its layer. */
  protected toFront(wid: number): void {
    this.reorder(toFront(this.stack, wid));
  }

  /** Takes a new stacking order and renumbers the zIndexes that changed. */
  protected reorder(stack: readonly number[]): void {
    if (stack === this.stack) return;
    this.stack = stack;
    this.#listDirty = true;
    const z = zIndexes(stack, (wid) => this.entries.get(wid)?.record.attributes.ontop ?? false);
    for (const [wid, zIndex] of z) {
      const entry = this.entries.get(wid);
      if (entry && entry.record.zIndex !== zIndex) this.update(entry, { zIndex }, true);
    }
  }

  /** Drops every window and listener, announcing nothing. */
  protected clear(): void {
    this.entries.clear();
    this.stack = [];
    this.#list = [];
    this.#dirty.clear();
    this.#listDirty = false;
    this.#events = [];
    this.#listListeners.clear();
    this.#windowListeners.clear();
    this.#openListeners.clear();
    this.#closeListeners.clear();
  }

  #flush(): void {
    const listChanged = this.#listDirty;
    if (listChanged) this.#list = [...this.entries.values()].map((e) => e.record);
    this.#listDirty = false;
    const changed = [...this.#dirty];
    this.#dirty.clear();
    const events = this.#events;
    this.#events = [];
    if (changed.length > 0) for (const listener of [...this.#anyListeners]) listener();
    for (const wid of changed) {
      const listeners = this.#windowListeners.get(wid);
      if (!this.entries.has(wid)) this.#windowListeners.delete(wid);
      for (const listener of [...(listeners ?? [])]) listener();
    }
    if (listChanged) for (const listener of [...this.#listListeners]) listener();
    for (const event of events) event();
  }
}
