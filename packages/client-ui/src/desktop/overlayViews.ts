import { preloadedModule } from '../hooks/usePreloadedModule.js';

/**
 * The desktop's menus (the application menu, context menus, a window's icon
 * menu, the profile menu) and the overlays a user opens now and then (the
 * shortcut guide, the command palette): one chunk (desktopOverlayViews.ts)
 * that the signed-in shell does not carry. DesktopOverlays fetches it once
 * the desktop is idle, or at the user's first key or pointer press, so a
 * menu still opens at once (docs/PERFORMANCE.md, Bytes on the wire).
 */
export const overlayViews = preloadedModule(() => import('./desktopOverlayViews.js'));
