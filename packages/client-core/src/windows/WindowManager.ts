import type { Clock } from '../env.js';
import { DEFAULT_WINDOW_FLAGS, normalizeAttributes } from './attributes.js';
import { boundsInViewport, constrainPosition, initialBounds, mediaOf, resizeBounds, snapBounds } from './geometry.js';
import type { Dimension, Position, ResizeEdge, SnapZone, WindowAttributes, WindowOptions, WindowRecord, WindowSessionRecord, WindowTitle } from './types.js';
import { isDesktopModal } from './desktopModal.js';
import { LoadingDebounce } from './LoadingDebounce.js';
import { WindowIdExistsError, type Translate } from './WindowIdExistsError.js';
import { WindowStore, type WindowEntry } from './WindowStore.js';
import { toBack } from './zOrder.js';

/** What a WindowManager needs: the clock for the loading debounce, the desktop viewport, optionally i18n. */
export interface WindowManagerOptions {
  clock: Clock;
  viewport: Dimension;
  translate?: Translate;
}

const finite = (...values: number[]) => values.every(Number.isFinite);

/** The function of a title made of texts, which retitle() calls again; none for a plain text. */
const sourceOf = (title: WindowTitle | undefined) => (typeof title === 'function' ? title : undefined);

/**
 * The desktop's windows (docs/behaviour/windows.md): immutable WindowRecord snapshots and the
 * operations that enforce the window rules. Operations return false when a
 * rule refuses them (unknown wid included). Notifications are batched per
 * operation: subscribe() fires on list-level changes only (open, close,
 * z-order, focus, title, icon, minimized, maximized) and subscribeWindow(wid)
 * on any change of that window, so dragging one window notifies only its own
 * subscribers. windows() keeps its identity (and its records) between
 * list-level changes: read a window's live geometry with get(wid).
 */
export class WindowManager extends WindowStore {
  readonly #loading: LoadingDebounce;
  readonly #translate: Translate | null;
  #viewport: Dimension;
  #nextWid = 1;
  /** Per window: what its app answers before the user closes it (docs/behaviour/windows.md#closing). */
  readonly #closeGuards = new Map<number, () => boolean | Promise<boolean>>();
  /** Windows whose guard is being asked (a second request while it asks is ignored). */
  readonly #asking = new Set<number>();
  /** Per modal of the desktop: the window focused when it opened, which takes the focus back when it closes. */
  readonly #returnTo = new Map<number, number | null>();

  constructor(options: WindowManagerOptions) {
    super();
    this.#loading = new LoadingDebounce(options.clock, (wid, loading) => this.batch(() => this.with(wid, (e) => this.setFlags(e, { loading }, false))));
    this.#viewport = { ...options.viewport };
    this.#translate = options.translate ?? null;
  }

  /** The viewport windows are laid out in. */
  viewport(): Dimension {
    return this.#viewport;
  }

  // ---------------- operations ----------------

  /**
   * Opens a window on top of its layer and focuses it (when focusable).
   * Throws WindowIdExistsError when its application already has a window
   * with that id. Bounds as initialBounds gives them (default 400x300, min
   * 100x100; gravity wins over a given position; otherwise missing
   * coordinates come from the 30 px cascade by wid). An unknown parent is
   * ignored; a modal child keeps its parent loading until it closes. A modal
   * window without a parent is a modal of the desktop
   * (docs/behaviour/windows.md#modal-windows): on top of every window, it
   * takes the focus and keeps it while it is open; a window opened meanwhile
   * opens behind it.
   */
  open(options: WindowOptions): WindowRecord {
    return this.batch(() => {
      const appId = options.appId ?? null;
      for (const { record } of this.entries.values()) {
        if (record.appId === appId && record.id === options.id) throw new WindowIdExistsError(options.id, this.#translate);
      }
      const wid = this.#nextWid++;
      const parent = options.parent != null && this.entries.has(options.parent) ? options.parent : null;
      const attributes = this.#layered(normalizeAttributes(options.attributes), parent);
      const bounds = initialBounds(options, attributes, this.#viewport, wid - 1);
      const record: WindowRecord = {
        wid, id: options.id, appId, title: this.#titleText(options.title), icon: options.icon ?? null, parent,
        ...bounds, zIndex: 0, media: mediaOf(bounds.dimension.width),
        state: DEFAULT_WINDOW_FLAGS, attributes, breadcrumb: [...(options.breadcrumb ?? [])], snapped: null,
      };
      const entry: WindowEntry = { record, saved: null, titleSource: sourceOf(options.title) };
      if (isDesktopModal(record)) this.#returnTo.set(wid, this.focused()?.wid ?? null);
      this.add(entry);
      if (parent !== null && attributes.modal) this.#loading.modalChild(parent, 1);
      this.#focus(entry);
      return entry.record;
    });
  }

  /**
   * Closes a window after its children. A modal child's parent stops loading;
   * when the focused window closes, focus goes to its parent or the topmost
   * focusable window. Not refused by closeable (that attribute governs the
   * user's close button, menu item and command; an app may always close its windows).
   */
  close(wid: number): boolean {
    return this.batch(() => this.#close(wid));
  }

  /**
   * The user asks to close a window (its close button, menu item, command or
   * the window list): its guard decides first, when its app set one (unsaved
   * work); then it closes like close(). Resolves whether it closed. A guard
   * that throws keeps the window open.
   */
  async requestClose(wid: number): Promise<boolean> {
    if (!this.entries.has(wid) || this.#asking.has(wid)) return false;
    const guard = this.#closeGuards.get(wid);
    if (guard) {
      this.#asking.add(wid);
      let allowed: boolean;
      try {
        allowed = (await guard()) === true;
      } catch {
        allowed = false;
      } finally {
        this.#asking.delete(wid);
      }
      if (!allowed) return false;
    }
    return this.close(wid);
  }

  /** Sets (or, with null, removes) what the window's app answers before the user closes it. */
  setCloseGuard(wid: number, guard: (() => boolean | Promise<boolean>) | null): void {
    if (guard && this.entries.has(wid)) this.#closeGuards.set(wid, guard);
    else this.#closeGuards.delete(wid);
  }

  /**
   * Focuses and brings to the front of its layer; refused while minimized or
   * when not focusable. Blurs the previously focused window. While a modal of
   * the desktop is open, a window outside it is refused and the modal keeps
   * (or takes) the focus.
   */
  focus(wid: number): boolean {
    return this.batch(() => this.with(wid, (entry) => this.#focus(entry)));
  }

  /**
   * Focuses windows in the order given, as if they had been opened one
   * after the other (a restored session: the last in front and focused),
   * in one change: the views hear of it once.
   */
  focusInOrder(wids: readonly number[]): void {
    this.batch(() => {
      for (const wid of wids) this.with(wid, (entry) => this.#focus(entry));
    });
  }

  /** Removes focus from the window (if it has it). */
  blur(wid: number): void {
    this.batch(() => this.with(wid, (entry) => this.setFlags(entry, { focused: false }, true)));
  }

  /** Undoes minimize, brings to the front and focuses (when focusable). */
  raise(wid: number): boolean {
    return this.batch(() =>
      this.with(wid, (entry) => {
        this.setFlags(entry, { minimized: false }, true);
        if (!this.#focus(entry)) this.toFront(wid);
        return true;
      }),
    );
  }

  /** Minimizes (and blurs) the window; only if minimizable. */
  minimize(wid: number): boolean {
    return this.batch(() =>
      this.with(wid, (entry) => {
        if (!entry.record.attributes.minimizable) return false;
        this.setFlags(entry, { minimized: true, focused: false }, true);
        return true;
      }),
    );
  }

  /** Fills the viewport, remembering the geometry to restore; only if maximizable. */
  maximize(wid: number): boolean {
    return this.batch(() => this.with(wid, (entry) => this.#maximize(entry, null)));
  }

  /** Undoes maximize or snap, back to the remembered geometry; false when neither applies. */
  restore(wid: number): boolean {
    return this.batch(() =>
      this.with(wid, (entry) => {
        const { record, saved } = entry;
        if (!record.state.maximized && !record.snapped) return false;
        const back = saved ?? record;
        const bounded = this.#clampViewport(record.attributes.clamp);
        entry.saved = null;
        this.setBounds(entry, { position: constrainPosition(back.position, back.dimension, bounded), dimension: back.dimension }, { snapped: null });
        this.setFlags(entry, { maximized: false }, true);
        return true;
      }),
    );
  }

  /** Restores a maximized window, maximizes any other. */
  toggleMaximize(wid: number): boolean {
    return this.get(wid)?.state.maximized ? this.restore(wid) : this.maximize(wid);
  }

  /** Moves the window; only if moveable and not maximized. The top never goes above 0; with clamp it stays inside the viewport. Ends a snap. */
  move(wid: number, position: Position): boolean {
    return this.batch(() =>
      this.with(wid, (entry) => {
        const { record } = entry;
        if (!record.attributes.moveable || record.state.maximized || !finite(position.left, position.top)) return false;
        const rounded = { left: Math.round(position.left), top: Math.round(position.top) };
        this.#unsnap(entry);
        this.setBounds(entry, { position: constrainPosition(rounded, record.dimension, this.#clampViewport(record.attributes.clamp)), dimension: record.dimension });
        return true;
      }),
    );
  }

  /**
   * Resizes the window; only if resizable and not maximized. Clamped to the
   * min/max dimension (and the viewport with clamp); from edge n, w, nw, ne
   * or sw the opposite side stays fixed. Ends a snap.
   */
  resize(wid: number, dimension: Dimension, edge: ResizeEdge = 'se'): boolean {
    return this.batch(() =>
      this.with(wid, (entry) => {
        const { record } = entry;
        if (!record.attributes.resizable || record.state.maximized || !finite(dimension.width, dimension.height)) return false;
        const wanted = { width: Math.round(dimension.width), height: Math.round(dimension.height) };
        const { minDimension, maxDimension, clamp } = record.attributes;
        this.#unsnap(entry);
        this.setBounds(entry, resizeBounds(record, wanted, edge, minDimension, maxDimension, this.#clampViewport(clamp)));
        return true;
      }),
    );
  }

  /** Sets the moving flag (only for a moveable, non-maximized window). */
  beginMove(wid: number): void {
    this.batch(() => this.with(wid, (e) => this.setFlags(e, { moving: e.record.attributes.moveable && !e.record.state.maximized }, false)));
  }

  /** Clears the moving flag. */
  endMove(wid: number): void {
    this.batch(() => this.with(wid, (e) => this.setFlags(e, { moving: false }, false)));
  }

  /** Sets the resizing flag (only for a resizable, non-maximized window). */
  beginResize(wid: number): void {
    this.batch(() => this.with(wid, (e) => this.setFlags(e, { resizing: e.record.attributes.resizable && !e.record.state.maximized }, false)));
  }

  /** Clears the resizing flag. */
  endResize(wid: number): void {
    this.batch(() => this.with(wid, (e) => this.setFlags(e, { resizing: false }, false)));
  }

  /**
   * Snaps to the left or right half of the viewport at full height (only if
   * moveable and resizable), remembering the geometry to restore; 'top'
   * maximizes (only if maximizable) with snapped 'top'.
   */
  snap(wid: number, zone: SnapZone): boolean {
    return this.batch(() =>
      this.with(wid, (entry) => {
        if (zone === 'top') return this.#maximize(entry, 'top');
        const { attributes, state } = entry.record;
        if (!attributes.moveable || !attributes.resizable) return false;
        entry.saved ??= { position: entry.record.position, dimension: entry.record.dimension };
        this.setBounds(entry, snapBounds(zone, this.#viewport, entry.record.attributes), { snapped: zone });
        if (state.maximized) this.setFlags(entry, { maximized: false }, true);
        return true;
      }),
    );
  }

  /**
   * Sets the title shown in the header and the window list: a text, or a
   * function of the translator that retitle() calls again after a language
   * switch (docs/behaviour/windows.md#title).
   */
  setTitle(wid: number, title: WindowTitle): void {
    this.batch(() =>
      this.with(wid, (e) => {
        e.titleSource = sourceOf(title);
        const text = this.#titleText(title);
        return e.record.title !== text && this.update(e, { title: text }, true);
      }),
    );
  }

  /**
   * Computes again, in the current language, the title of every window
   * whose title is made of texts (given as a function): called when the
   * interface language changes, so that title bars, the window list and
   * every other reader show the new language's titles.
   */
  retitle(): void {
    this.batch(() => {
      for (const { record, titleSource } of this.entries.values()) if (titleSource) this.setTitle(record.wid, titleSource);
    });
  }

  /** A title's text now, in the current language; a function that fails gives no title. */
  #titleText(title: WindowTitle | undefined): string {
    try {
      return typeof title === 'function' ? title(this.#translate ?? String) : (title ?? '');
    } catch (error) {
      console.error(error);
      return '';
    }
  }

  /** Sets the icon shown in the header and the window list. */
  setIcon(wid: number, icon: string | null): void {
    this.batch(() => this.with(wid, (e) => e.record.icon !== icon && this.update(e, { icon }, true)));
  }

  /** Sets the breadcrumb shown after the title. */
  setBreadcrumb(wid: number, crumbs: string[]): void {
    this.batch(() => this.with(wid, (e) => this.update(e, { breadcrumb: [...crumbs] }, false)));
  }

  /** Turning loading on takes effect after 250 ms (cancelled by turning it off first); turning it off is immediate unless a modal child is open. */
  setLoading(wid: number, loading: boolean): void {
    if (this.entries.has(wid)) this.#loading.ask(wid, loading);
  }

  /** Changes the viewport: maximized and snapped windows follow it, clamp windows are kept inside it. */
  setViewport(viewport: Dimension): void {
    this.batch(() => {
      this.#viewport = { ...viewport };
      for (const entry of this.entries.values()) {
        const bounds = boundsInViewport(entry.record, this.#viewport);
        if (bounds) this.setBounds(entry, bounds);
      }
    });
  }

  /**
   * Focuses the next (1) or previous (-1) non-minimized focusable window in
   * z-order, wrapping. Next takes the bottom-most window when the focused one
   * is on top; previous takes the one below and sends the focused one to the
   * back, so repeating either visits every window. Without a focused window
   * the topmost is focused. A modal of the desktop is never one of the
   * windows cycled through: while one is open, it keeps the focus.
   */
  cycleFocus(direction: 1 | -1): WindowRecord | undefined {
    return this.batch(() => {
      const modal = this.#desktopModal();
      if (modal) return this.#focus(modal) ? modal.record : undefined;
      const ring = this.stack.map((wid) => this.entries.get(wid)).filter((e): e is WindowEntry => !!e && !e.record.state.minimized && e.record.attributes.focusable);
      ring.sort((a, b) => a.record.zIndex - b.record.zIndex);
      const current = ring.findIndex((e) => e.record.state.focused);
      const target = current < 0 ? ring[ring.length - 1] : ring[(current + direction + ring.length) % ring.length];
      if (!target) return undefined;
      const previous = ring[current];
      this.#focus(target);
      if (direction === -1 && previous && previous !== target) this.reorder(toBack(this.stack, previous.record.wid));
      return target.record;
    });
  }

  /** Session records (docs/behaviour/windows.md#session-records) of the sessionable windows; maximized or snapped ones carry their restore geometry. */
  sessionRecords(): WindowSessionRecord[] {
    return [...this.entries.values()]
      .filter((e) => e.record.attributes.sessionable)
      .map(({ record, saved }) => ({
        id: record.id,
        maximized: record.state.maximized,
        minimized: record.state.minimized,
        position: { ...(saved ?? record).position },
        dimension: { ...(saved ?? record).dimension },
      }));
  }

  /** The session record of one window (restore geometry when maximized or snapped); null when it is gone or not sessionable. */
  sessionRecord(wid: number): WindowSessionRecord | null {
    const entry = this.entries.get(wid);
    if (!entry || !entry.record.attributes.sessionable) return null;
    const { record, saved } = entry;
    return {
      id: record.id,
      maximized: record.state.maximized,
      minimized: record.state.minimized,
      position: { ...(saved ?? record).position },
      dimension: { ...(saved ?? record).dimension },
    };
  }

  /** Cancels timers and drops every window and listener (no close events). */
  dispose(): void {
    this.#loading.dispose();
    this.#returnTo.clear();
    this.clear();
  }

  // ---------------- internals ----------------

  #clampViewport(clamp: boolean): Dimension | null {
    return clamp ? this.#viewport : null;
  }

  /** A move or resize ends a half snap: the window keeps its current geometry and forgets the remembered one. */
  #unsnap(entry: WindowEntry): void {
    if (!entry.record.snapped) return;
    entry.saved = null;
    this.update(entry, { snapped: null }, false);
  }

  #maximize(entry: WindowEntry, snapped: SnapZone | null): boolean {
    const { record } = entry;
    if (!record.attributes.maximizable) return false;
    if (!record.state.maximized && !record.snapped) entry.saved = { position: record.position, dimension: record.dimension };
    this.setBounds(entry, snapBounds('top', this.#viewport), { snapped });
    this.setFlags(entry, { maximized: true }, true);
    return true;
  }

  /**
   * A modal is in the layer of what it is modal to: a modal of the desktop is
   * on top of every window, and so is a modal child of an on-top window (the
   * overwrite question of a file chooser the desktop asked).
   */
  #layered(attributes: WindowAttributes, parent: number | null): WindowAttributes {
    if (!attributes.modal || attributes.ontop) return attributes;
    const parentOntop = parent !== null && (this.entries.get(parent)?.record.attributes.ontop ?? false);
    return parent === null || parentOntop ? { ...attributes, ontop: true } : attributes;
  }

  /** The newest open modal of the desktop, which holds the focus while it is open. */
  #desktopModal(): WindowEntry | undefined {
    let newest: WindowEntry | undefined;
    for (const entry of this.entries.values()) if (isDesktopModal(entry.record)) newest = entry;
    return newest;
  }

  /** Whether the window is the given one or one of its children (at any depth). */
  #within(entry: WindowEntry, ancestor: number): boolean {
    for (let e: WindowEntry | undefined = entry; e; e = e.record.parent === null ? undefined : this.entries.get(e.record.parent)) if (e.record.wid === ancestor) return true;
    return false;
  }

  #focus(entry: WindowEntry): boolean {
    const { state, attributes, wid } = entry.record;
    const modal = this.#desktopModal();
    if (modal && !this.#within(entry, modal.record.wid)) {
      // The desktop's modal keeps the focus: the window comes forward behind it.
      this.toFront(wid);
      this.#focus(modal);
      return false;
    }
    if (state.minimized || !attributes.focusable) return false;
    for (const other of this.entries.values()) if (other !== entry) this.setFlags(other, { focused: false }, true);
    this.setFlags(entry, { focused: true }, true);
    this.toFront(wid);
    return true;
  }

  #close(wid: number): boolean {
    const entry = this.entries.get(wid);
    if (!entry) return false;
    for (const child of [...this.entries.values()]) if (child.record.parent === wid) this.#close(child.record.wid);
    this.#loading.forget(wid);
    this.#closeGuards.delete(wid);
    this.remove(entry);
    const parent = entry.record.parent === null ? undefined : this.entries.get(entry.record.parent);
    if (parent && entry.record.attributes.modal) this.#loading.modalChild(parent.record.wid, -1);
    // A modal of the desktop gives the focus back to the window that had it when it opened.
    const returnTo = this.#returnTo.get(wid);
    this.#returnTo.delete(wid);
    const before = returnTo == null ? undefined : this.entries.get(returnTo);
    if (entry.record.state.focused) {
      const candidates = [...this.stack].reverse().map((w) => this.entries.get(w));
      for (const next of [parent ?? before, ...candidates]) if (next && this.#focus(next)) break;
    }
    return true;
  }
}
