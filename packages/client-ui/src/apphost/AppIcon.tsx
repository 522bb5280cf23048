import { useCallback, useSyncExternalStore, type JSX } from 'react';
import { useOptionalDesktop } from '../desktop/DesktopContext.js';
import { WindowIcon } from '@atrium/app-kit';

/** Whether an icon is an address (shown as an image) rather than a name of the icon package. */
export function isIconAddress(icon: string): boolean {
  return /[/.:]/.test(icon);
}

const NONE = { subscribe: () => () => undefined, getState: () => null };

export interface AppIconProps {
  /** An image address, an icon name of the icon package ('preferences'), or null. */
  icon: string | null | undefined;
  size: number;
  className?: string;
}

/**
 * A window's or app's icon: an address as an image, a name as the icon
 * package's SVG (drawn in currentColor, following the icon package chosen in
 * the settings), anything else as the generic window glyph. Decorative.
 */
export function AppIcon({ icon, size, className }: AppIconProps): JSX.Element {
  const appearance = useOptionalDesktop()?.appearance ?? null;
  const store = appearance ?? NONE;
  const subscribe = useCallback((listener: () => void) => store.subscribe(listener), [store]);
  // Re-renders when the icon package changes.
  useSyncExternalStore(subscribe, () => store.getState()?.icons ?? null);
  if (icon && isIconAddress(icon)) return <img className={className} src={icon} alt="" width={size} height={size} />;
  const markup = icon ? (appearance?.iconOf(icon) ?? null) : null;
  if (markup) {
    // Markup of the icon package the user chose; packages are installed by the operator and run as code anyway.
    return <span className={['atr-icon', className].filter(Boolean).join(' ')} style={{ width: size, height: size }} aria-hidden="true" dangerouslySetInnerHTML={{ __html: markup }} />;
  }
  return <WindowIcon className={className} width={size} height={size} />;
}
