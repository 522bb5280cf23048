import type { JSX } from 'react';
import { AppsIcon, CloseIcon, HomeIcon, KeyboardIcon, LogoutIcon, MaximizeIcon, MinimizeIcon, PanelIcon, SearchIcon, SlidersIcon, UserIcon, WindowIcon } from '@atrium/app-kit';

/** The desktop's icons for the icon names commands carry (client-core's Command.icon). */
const ICONS: Readonly<Record<string, (props: { width: number; height: number }) => JSX.Element>> = {
  apps: AppsIcon,
  home: HomeIcon,
  keyboard: KeyboardIcon,
  search: SearchIcon,
  preferences: SlidersIcon,
  accounts: UserIcon,
  logout: LogoutIcon,
  panelTop: PanelIcon,
  panelBottom: PanelIcon,
  windows: WindowIcon,
  close: CloseIcon,
  minimize: MinimizeIcon,
  maximize: MaximizeIcon,
};

/** A command's icon (decorative: the label names the command), or an empty place of the same size so labels line up. */
export function CommandIcon({ name, size = 16 }: { name: string | undefined; size?: number }): JSX.Element {
  const Icon = name ? ICONS[name] : undefined;
  return (
    <span className="atr-command-icon" aria-hidden="true" style={{ width: size, height: size }}>
      {Icon && <Icon width={size} height={size} />}
    </span>
  );
}
