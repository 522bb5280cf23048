/** The overlays a user opens now and then, in a chunk of their own (DesktopOverlays loads it when the desktop is idle). */
export { CommandPalette } from './CommandPalette.js';
export { ShortcutGuide } from './ShortcutGuide.js';
