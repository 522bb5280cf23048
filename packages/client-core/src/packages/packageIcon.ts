import type { PackageManifestEntry } from '@atrium/shared';

/**
 * The icon of a package for windows and menus: the address of its icon file
 * (an icon with a dot, under the package's base address), else an icon name
 * of the icon package (its icon, or its fontIcon), else null. The UI shows
 * an address as an image and a name through Appearance.iconOf.
 */
export function packageIcon(entry: Pick<PackageManifestEntry, 'icon' | 'fontIcon' | 'base'>): string | null {
  const { icon, fontIcon, base } = entry;
  if (icon && !icon.includes('.')) return icon;
  if (icon && base) return `${base}${icon}`;
  return fontIcon ?? null;
}
