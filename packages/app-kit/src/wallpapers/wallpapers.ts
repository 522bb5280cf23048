import { WALLPAPERS, type WallpaperId } from '@atrium/shared';

/**
 * The wallpapers shipped with the product (settings.ts WALLPAPERS): a
 * background src 'wallpaper:<id>' names one. `new URL(..., import.meta.url)`
 * lets Vite bundle each file as an asset without a type declaration for SVG
 * imports.
 */
const URLS: Readonly<Record<WallpaperId, string>> = {
  aurora: new URL('./aurora.svg', import.meta.url).href,
  dunes: new URL('./dunes.svg', import.meta.url).href,
  harbour: new URL('./harbour.svg', import.meta.url).href,
  slate: new URL('./slate.svg', import.meta.url).href,
  meadow: new URL('./meadow.svg', import.meta.url).href,
};

/** A shipped wallpaper: its setting value, image address and the i18n key of its name. */
export interface Wallpaper {
  id: WallpaperId;
  /** 'wallpaper:aurora' */
  src: string;
  url: string;
  labelKey: string;
}

/** Every shipped wallpaper, in the order of WALLPAPERS. */
export const wallpapers: readonly Wallpaper[] = WALLPAPERS.map((id) => ({ id, src: `wallpaper:${id}`, url: URLS[id], labelKey: `wallpaper.${id}` }));

/**
 * The image address of a background src: a shipped wallpaper's asset, an
 * http(s) address or a server path as it is; null for none (colour only) or
 * an unknown wallpaper.
 */
export function wallpaperUrl(src: string | null | undefined): string | null {
  if (!src) return null;
  if (src.startsWith('wallpaper:')) return wallpapers.find((w) => w.src === src)?.url ?? null;
  return /^(https?:\/\/|\/)/.test(src) ? src : null;
}
