import type { TrayEntryEvent, TrayEntryOptions } from '@atrium/sdk';
import { Observable } from '../Observable.js';

/** The largest badge shown as a number; above it the badge reads '99+'. */
export const TRAY_BADGE_MAX = 99;

/** One icon of the tray as the views show it. */
export interface TrayEntry {
  /** Unique within the desktop, in creation order. */
  id: number;
  /** An icon name of the icon package, an image address, or null (the generic glyph). */
  icon: string | null;
  title: string;
  /** A positive whole number, or null for no badge. */
  badge: number | null;
  /** The pid of the application that placed it; null for the desktop's own. */
  owner: number | null;
}

export interface TrayState {
  /** In the order they were placed. */
  entries: readonly TrayEntry[];
}

/** What the code that placed an entry keeps: change it or take it away. */
export interface TrayEntryHandle {
  readonly id: number;
  update(changes: Partial<TrayEntryOptions>): void;
  destroy(): void;
}

interface Handlers {
  onClick?: TrayEntryOptions['onClick'];
  onContextMenu?: TrayEntryOptions['onContextMenu'];
}

/**
 * The text of a badge (docs/behaviour/desktop.md#tray): nothing for no
 * badge, zero, a negative or a non-number; the whole number otherwise, and
 * '99+' above 99.
 */
export function formatBadge(badge: number | null | undefined): string | null {
  if (typeof badge !== 'number' || !Number.isFinite(badge)) return null;
  const count = Math.floor(badge);
  if (count <= 0) return null;
  return count > TRAY_BADGE_MAX ? `${TRAY_BADGE_MAX}+` : String(count);
}

/**
 * The system tray of the desktop (docs/behaviour/desktop.md#tray): icons
 * placed by applications (through the SDK's `desktop.tray`) or by the
 * desktop itself, each with a title, an optional badge and handlers for a
 * click and a context click. The views list the entries and hand the
 * user's clicks back to click() and contextMenu(); an entry's handler that
 * throws is logged and does not break the tray. An application's entries go
 * when it ends (removeOwner), every entry when the desktop goes (dispose).
 */
export class TrayModel extends Observable<TrayState> {
  readonly #handlers = new Map<number, Handlers>();
  #nextId = 1;
  #disposed = false;

  constructor() {
    super({ entries: [] });
  }

  /** Places an entry; owner is the pid of the application that placed it (null: the desktop's own). */
  create(options: TrayEntryOptions, owner: number | null = null): TrayEntryHandle {
    const id = this.#nextId++;
    if (!this.#disposed) {
      this.#handlers.set(id, { onClick: options.onClick, onContextMenu: options.onContextMenu });
      this.setState({ entries: [...this.getState().entries, { id, icon: options.icon ?? null, title: String(options.title ?? ''), badge: badgeOf(options.badge), owner }] });
    }
    return {
      id,
      update: (changes) => this.update(id, changes),
      destroy: () => this.remove(id),
    };
  }

  /** Changes an entry's icon, title, badge or handlers (what is left out stays); nothing once it is gone. */
  update(id: number, changes: Partial<TrayEntryOptions>): void {
    const entries = this.getState().entries;
    const at = entries.findIndex((entry) => entry.id === id);
    const current = entries[at];
    if (!current) return;
    const handlers = this.#handlers.get(id) ?? {};
    if ('onClick' in changes) handlers.onClick = changes.onClick;
    if ('onContextMenu' in changes) handlers.onContextMenu = changes.onContextMenu;
    this.#handlers.set(id, handlers);
    const next: TrayEntry = {
      ...current,
      icon: 'icon' in changes ? (changes.icon ?? null) : current.icon,
      title: 'title' in changes ? String(changes.title ?? '') : current.title,
      badge: 'badge' in changes ? badgeOf(changes.badge) : current.badge,
    };
    if (next.icon === current.icon && next.title === current.title && next.badge === current.badge) return;
    this.setState({ entries: entries.map((entry, index) => (index === at ? next : entry)) });
  }

  /** Takes an entry away (again: nothing). */
  remove(id: number): void {
    this.#handlers.delete(id);
    const entries = this.getState().entries;
    if (entries.some((entry) => entry.id === id)) this.setState({ entries: entries.filter((entry) => entry.id !== id) });
  }

  /** Takes away every entry an application placed (it has ended). */
  removeOwner(owner: number): void {
    const entries = this.getState().entries;
    const kept = entries.filter((entry) => entry.owner !== owner);
    if (kept.length === entries.length) return;
    for (const entry of entries) if (entry.owner === owner) this.#handlers.delete(entry.id);
    this.setState({ entries: kept });
  }

  /** The user clicked an entry (or pressed Enter or Space on it): its click handler runs. */
  click(id: number, event: TrayEntryEvent): void {
    this.#call(id, 'onClick', event);
  }

  /** The user context-clicked an entry (right button, Shift+F10, the context-menu key): its context handler runs. */
  contextMenu(id: number, event: TrayEntryEvent): void {
    this.#call(id, 'onContextMenu', event);
  }

  dispose(): void {
    this.#disposed = true;
    this.#handlers.clear();
    this.setState({ entries: [] });
    this.clearListeners();
  }

  #call(id: number, which: keyof Handlers, event: TrayEntryEvent): void {
    const handler = this.#handlers.get(id)?.[which];
    if (!handler) return;
    try {
      handler({ ...event });
    } catch (error) {
      console.error(`The ${which === 'onClick' ? 'click' : 'context-click'} handler of a tray icon failed.`, error);
    }
  }
}

function badgeOf(badge: number | null | undefined): number | null {
  return formatBadge(badge) === null ? null : Math.floor(badge as number);
}
