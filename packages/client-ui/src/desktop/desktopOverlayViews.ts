/** The desktop's menus and the overlays a user opens now and then, in a chunk of their own (overlayViews.ts: loaded when the desktop is idle). */
export { CommandMenu } from '../menus/CommandMenu.js';
export { AppMenu } from '../panel/AppMenu.js';
export { ProfileMenu } from '../panel/ProfileMenu.js';
export { WindowMenu } from '../windows/WindowMenu.js';
export { CommandPalette } from './CommandPalette.js';
export { ShortcutGuide } from './ShortcutGuide.js';
