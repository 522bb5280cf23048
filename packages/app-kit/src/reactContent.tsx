import type { AppWindow, AppWindowOptions } from '@atrium/sdk';
import { useSyncExternalStore, type JSX, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** One React tree rendered into one window body. */
interface PortalEntry {
  readonly key: string;
  readonly node: ReactNode;
  readonly body: HTMLElement;
}

/**
 * The React contents of the app windows on screen, by window body. A
 * module-level registry: apps (in their own chunks) add to it through
 * reactContent(), the desktop renders it with <AppPortals/>.
 */
class PortalRegistry {
  #entries: readonly PortalEntry[] = [];
  readonly #listeners = new Set<() => void>();
  #next = 0;

  readonly entries = (): readonly PortalEntry[] => this.#entries;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  /** Adds a tree; the returned function removes it (idempotent). */
  add(node: ReactNode, body: HTMLElement): () => void {
    const entry: PortalEntry = { key: `app-portal-${++this.#next}`, node, body };
    this.#set([...this.#entries, entry]);
    return () => {
      if (this.#entries.includes(entry)) this.#set(this.#entries.filter((e) => e !== entry));
    };
  }

  #set(entries: readonly PortalEntry[]): void {
    this.#entries = entries;
    for (const listener of [...this.#listeners]) listener();
  }
}

const registry = new PortalRegistry();

/**
 * A window's render() for React content: the node (or the node made for the
 * window, to reach its handle) is portalled into the window body by the
 * desktop's <AppPortals/>, so it lives inside the desktop's React tree and
 * has its i18n and desktop contexts. The cleanup removes it.
 */
export function reactContent(content: ReactNode | ((window: AppWindow) => ReactNode)): AppWindowOptions['render'] {
  return (body, window) => registry.add(typeof content === 'function' ? content(window) : content, body);
}

/**
 * A desktop widget's render (docs/APPLICATIONS.md#desktop-widgets) for React
 * content: the node is portalled into the widget's element by the desktop's
 * <AppPortals/>, like a window's content; the returned function removes it.
 */
export function reactWidget(content: ReactNode): (body: HTMLElement) => () => void {
  return (body) => registry.add(content, body);
}

/** Renders every React content of the app windows into its window body (inside the desktop's providers). */
export function AppPortals(): JSX.Element {
  const entries = useSyncExternalStore(registry.subscribe, registry.entries);
  return <>{entries.map((entry) => createPortal(entry.node, entry.body, entry.key))}</>;
}
