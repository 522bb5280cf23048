import type { BackgroundSettings } from '@atrium/shared';
import { useCallback, useEffect, useMemo, useSyncExternalStore, type CSSProperties } from 'react';
import { bootAppearanceOf, writeBootAppearance, type Appearance } from '@atrium/client-core';
import { useAtrium } from '../AtriumContext.js';
import { wallpaperUrl } from '@atrium/app-kit';
import { clearBootAppearance } from './bootAppearance.js';

/** Font stacks of the desktop fonts (Lato or Roboto: docs/behaviour/settings.md#appearance), with the theme's fallbacks (system and Chinese fonts, theme/vision.css). */
export function fontStack(font: string): string {
  return `'${font}', var(--atr-font-fallback)`;
}

/** How each background style lays the picture out. */
const LAYOUT: Record<Exclude<BackgroundSettings['style'], 'color'>, CSSProperties> = {
  cover: { backgroundSize: 'cover', backgroundPosition: 'center', backgroundRepeat: 'no-repeat' },
  contain: { backgroundSize: 'contain', backgroundPosition: 'center', backgroundRepeat: 'no-repeat' },
  repeat: { backgroundSize: 'auto', backgroundPosition: 'top left', backgroundRepeat: 'repeat' },
  center: { backgroundSize: 'auto', backgroundPosition: 'center', backgroundRepeat: 'no-repeat' },
};

/** The desktop surface's background: the colour, with the wallpaper over it unless the style is colour only. */
export function backgroundStyle(background: BackgroundSettings): CSSProperties {
  const url = background.style === 'color' ? null : wallpaperUrl(background.src);
  if (!url) return { background: background.color };
  return { backgroundColor: background.color, backgroundImage: `url(${JSON.stringify(url)})`, ...LAYOUT[background.style as keyof typeof LAYOUT] };
}

const NO_APPEARANCE = {
  subscribe: () => () => undefined,
  getState: () => null,
};

/**
 * The desktop's look from the Appearance model: the theme's custom
 * properties and colour scheme, the font and the background as the
 * desktop surface's style; the theme is also set on the document (its
 * scroll bars, form controls and anything portalled outside the desktop),
 * and taken off again when the desktop goes (the login page is Vision's).
 * The theme's colour scheme and page background are remembered locally
 * whenever it changes, for the next page load to boot in them
 * (bootAppearance); once a theme is on, the boot colours come off.
 */
export function useAppearance(appearance: Appearance | null): CSSProperties | undefined {
  const store = appearance ?? NO_APPEARANCE;
  const subscribe = useCallback((listener: () => void) => store.subscribe(listener), [store]);
  const state = useSyncExternalStore(subscribe, () => store.getState());
  const theme = state?.theme ?? null;
  const { env } = useAtrium().platform;

  useEffect(() => {
    if (!theme) return;
    const boot = bootAppearanceOf(theme);
    if (boot) writeBootAppearance(env, boot);
    clearBootAppearance();
    const root = document.documentElement;
    const names = Object.keys(theme.variables);
    for (const name of names) root.style.setProperty(name, theme.variables[name] ?? null);
    root.style.colorScheme = theme.colorScheme;
    return () => {
      for (const name of names) root.style.removeProperty(name);
      root.style.removeProperty('color-scheme');
    };
  }, [theme, env]);

  return useMemo(() => {
    if (!state) return undefined;
    // The font is the text's; controls and titles keep the theme's interface font.
    const style: Record<string, string | number | undefined> = { ...backgroundStyle(state.background), fontFamily: fontStack(state.font), '--atr-font': fontStack(state.font) };
    if (state.theme) {
      for (const [name, value] of Object.entries(state.theme.variables)) style[name] = value;
      style.colorScheme = state.theme.colorScheme;
    }
    return style as CSSProperties;
  }, [state]);
}
