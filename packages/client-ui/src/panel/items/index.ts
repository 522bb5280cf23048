import type { PanelPosition } from '@atrium/client-core';
import type { PanelItemName } from '@atrium/shared';
import type { ComponentType } from 'react';
import { SearchItem } from '../../search/SearchItem.js';
import { NotificationsItem } from '../../work/NotificationsItem.js';
import { HomeItem } from './HomeItem.js';
import { LogoutItem } from './LogoutItem.js';
import { MenuItem } from './MenuItem.js';
import { ProfileItem } from './ProfileItem.js';
import { TrayItem } from './TrayItem.js';
import { WindowListItem } from './WindowListItem.js';

/** What every panel item view gets: where it sits and its options from the settings. */
export interface PanelItemProps {
  panel: number;
  item: number;
  position: PanelPosition;
  options: Readonly<Record<string, unknown>>;
}

/**
 * The view of each panel-item type.
 */
export const PANEL_ITEM_VIEWS: Readonly<Record<PanelItemName, ComponentType<PanelItemProps> | null>> = {
  menu: MenuItem,
  windows: WindowListItem,
  tray: TrayItem,
  profile: ProfileItem,
  notifications: NotificationsItem,
  search: SearchItem,
  logout: LogoutItem,
  home: HomeItem,
};
