import { PANEL_ITEMS } from '@atrium/shared';
import { WINDOW_ICON_MENU, WINDOW_LIST_MENU } from '../commands/windowCommands.js';

/** An entry of a menu: a command id, a separator ('-'), or a submenu with its label key. */
export type MenuEntry = string | { labelKey: string; entries: readonly MenuEntry[] };

/** The desktop's menus that list commands. */
export type MenuId = 'windowIcon' | 'windowList' | 'panel' | 'desktop';

/** The panel-item commands ('panel.addItem.menu', ...), one per item type. */
export const PANEL_ADD_ITEM_COMMANDS = PANEL_ITEMS.map((name) => `panel.addItem.${name}`);

const PANEL_ENTRIES: readonly MenuEntry[] = [
  { labelKey: 'panel.menu.position', entries: ['panel.position.top', 'panel.position.bottom'] },
  { labelKey: 'panel.menu.addItem', entries: PANEL_ADD_ITEM_COMMANDS },
  'panel.removeItem',
  '-',
  'panel.add',
  'panel.remove',
  '-',
  'session.saveAndLogout',
  'session.logout',
];

/**
 * Every command menu of the desktop, as data (docs/behaviour/desktop.md): a
 * view renders the entries a menu lists and asks the command registry for
 * each one's label, icon, enabled state and check; it never restates a rule.
 */
export const MENUS: Readonly<Record<MenuId, readonly MenuEntry[]>> = {
  windowIcon: WINDOW_ICON_MENU,
  windowList: WINDOW_LIST_MENU,
  panel: PANEL_ENTRIES,
  desktop: ['desktop.preferences', 'desktop.showDesktop', 'desktop.shortcuts', 'desktop.palette', '-', ...PANEL_ENTRIES],
};
