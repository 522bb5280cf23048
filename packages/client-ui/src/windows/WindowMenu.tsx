import { WINDOW_ICON_MENU, type WindowRecord } from '@atrium/client-core';
import type { JSX } from 'react';
import { useDesktop } from '../desktop/DesktopContext.js';
import { CommandMenu } from '../menus/CommandMenu.js';

export interface WindowMenuProps {
  record: WindowRecord;
  /** Id of the icon button that opens the menu. */
  labelledBy: string;
  /** Closes the menu; refocus says whether focus goes back to the icon button (Escape) or stays where the user put it. */
  onClose(refocus: boolean): void;
}

/** After these the window is still there to take focus back. */
const keepsWindow = (id: string) => id !== 'window.close' && id !== 'window.minimizeOrRaise';

/**
 * The window's icon menu: Minimize or Raise, Maximize or Restore, Move,
 * Resize and Close from the command registry, each acting on this window
 * and enabled as its attributes allow (docs/behaviour/windows.md).
 */
export function WindowMenu({ record, labelledBy, onClose }: WindowMenuProps): JSX.Element {
  const { commands } = useDesktop();
  return <CommandMenu registry={commands} entries={WINDOW_ICON_MENU} context={{ wid: record.wid }} labelledBy={labelledBy} className="atr-window-menu" testId="window.menu" testIdPrefix="window.menu" onClose={onClose} refocusAfter={keepsWindow} />;
}
