import { INVALID_PANEL_ITEM, PANEL_ITEMS, type PanelItemName, type PanelSettings } from '@atrium/shared';
import { Observable } from '../Observable.js';
import type { SettingsStore } from '../settings/SettingsStore.js';

/** Where a panel sits. */
export type PanelPosition = 'top' | 'bottom';

/** A panel as the desktop shows it: its index in the 'desktop.panels' setting, its place and its items. */
export interface PanelView {
  index: number;
  position: PanelPosition;
  ontop: boolean;
  items: ReadonlyArray<{ name: PanelItemName; options?: Record<string, unknown> }>;
}

export interface PanelsState {
  panels: readonly PanelView[];
  /** The desktop is locked ('desktop.lock') or the panels setting is locked by configuration: no panel change is allowed. */
  locked: boolean;
}

/** At most this many panels (one at the top, one at the bottom). */
export const MAX_PANELS = 2;
/** A panel added from its menu (docs/behaviour/desktop.md#panels: on top, no items). */
const NEW_PANEL: Omit<PanelSettings, 'position'> = { ontop: true, items: [] };

/** Thrown when an item type is not one of the panel items. */
export class InvalidPanelItemError extends Error {
  constructor() {
    super(INVALID_PANEL_ITEM);
    this.name = 'InvalidPanelItemError';
  }
}

/** Whether a name is a panel-item type. */
export function isPanelItem(name: string): name is PanelItemName {
  return (PANEL_ITEMS as readonly string[]).includes(name);
}

/**
 * The desktop's panels, read from and written to the 'desktop.panels'
 * setting (docs/behaviour/desktop.md#panels). Every change is refused
 * (returns false) while the desktop is locked. Changes go through the
 * settings store, which applies them at once and saves them; another tab's
 * change arrives through the settings too.
 */
export class Panels extends Observable<PanelsState> {
  readonly #settings: SettingsStore;
  readonly #unsubscribe: () => void;

  constructor(settings: SettingsStore) {
    super(read(settings));
    this.#settings = settings;
    this.#unsubscribe = settings.subscribe(() => {
      const next = read(settings);
      const current = this.getState();
      if (next.locked !== current.locked || JSON.stringify(next.panels) !== JSON.stringify(current.panels)) this.setState(next);
    });
  }

  /** Moves a panel to the top or the bottom; a panel already there takes the other place. */
  setPosition(index: number, position: PanelPosition): boolean {
    return this.#change((panels) => {
      const panel = panels[index];
      if (!panel || panel.position === position) return null;
      return panels.map((p, i) => (i === index ? { ...p, position } : p.position === position ? { ...p, position: panel.position } : p));
    });
  }

  /** Adds a panel at the free place (at most two). */
  addPanel(): boolean {
    return this.#change((panels) => {
      if (panels.length >= MAX_PANELS) return null;
      const position: PanelPosition = panels.some((p) => p.position === 'top') ? 'bottom' : 'top';
      return [...panels, { ...NEW_PANEL, position, items: [] }];
    });
  }

  /** Removes a panel. */
  removePanel(index: number): boolean {
    return this.#change((panels) => (panels[index] ? panels.filter((_, i) => i !== index) : null));
  }

  /** Adds an item to a panel; throws InvalidPanelItemError ('Invalid panel item specified') for an unknown type. */
  addItem(index: number, name: string): boolean {
    if (!isPanelItem(name)) throw new InvalidPanelItemError();
    return this.#change((panels) => {
      const panel = panels[index];
      if (!panel || panel.items.some((i) => i.name === name)) return null;
      return panels.map((p, i) => (i === index ? { ...p, items: [...p.items, { name }] } : p));
    });
  }

  /** Removes the item at a place in a panel. */
  removeItem(index: number, itemIndex: number): boolean {
    return this.#change((panels) => {
      const panel = panels[index];
      if (!panel?.items[itemIndex]) return null;
      return panels.map((p, i) => (i === index ? { ...p, items: p.items.filter((_, j) => j !== itemIndex) } : p));
    });
  }

  /** Whether the panel at index has an item of that type. */
  hasItem(index: number, name: PanelItemName): boolean {
    return this.getState().panels[index]?.items.some((i) => i.name === name) ?? false;
  }

  dispose(): void {
    this.#unsubscribe();
    this.clearListeners();
  }

  #change(update: (panels: PanelSettings[]) => PanelSettings[] | null): boolean {
    if (this.getState().locked) return false;
    const next = update(stored(this.#settings));
    if (!next) return false;
    this.#settings.set('desktop.panels', next);
    return true;
  }
}

function stored(settings: SettingsStore): PanelSettings[] {
  const value = settings.get('desktop.panels');
  return Array.isArray(value) ? (value as PanelSettings[]).map((p) => ({ ...p, items: [...p.items] })) : [];
}

function read(settings: SettingsStore): PanelsState {
  const panels = stored(settings).map((p, index) => ({
    index,
    position: p.position,
    ontop: p.ontop,
    // Items of an unknown type cannot be saved; one coming from elsewhere is left out rather than shown broken.
    items: p.items.filter((i): i is PanelView['items'][number] => isPanelItem(i.name)),
  }));
  return { panels, locked: settings.get('desktop.lock') === true || settings.isLocked('desktop.panels') };
}
