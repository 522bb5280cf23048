import type { ActionId } from './actions.js';
import type { Step } from './selection.js';

/** The keys a listing reacts to (a KeyboardEvent has them). */
export interface KeyInput {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/** What a key does in the listing. */
export type KeyIntent =
  | { kind: 'move'; step: Step; extend: boolean }
  | { kind: 'selectAll' }
  | { kind: 'clear' }
  | { kind: 'toggleFocused' }
  | { kind: 'up' }
  | { kind: 'action'; id: ActionId }
  | { kind: 'menu' };

/**
 * The listing's keys (the app's README): arrows move (Shift extends the
 * selection; in the icon view Up and Down move a row of `columns`), Home
 * and End, Ctrl/Cmd+A selects all, Escape clears, Ctrl+Space toggles the
 * focused item, Enter opens, Alt+Enter shows properties, Backspace and
 * Alt+Up go up, F2 renames, Delete deletes, Ctrl/Cmd+C, X and V copy, cut
 * and paste, Shift+F10 and the context-menu key open the menu.
 */
export function keyIntent(event: KeyInput, columns = 1): KeyIntent | null {
  const mod = event.ctrlKey || event.metaKey;
  const extend = event.shiftKey;
  switch (event.key) {
    case 'ArrowDown':
      return event.altKey ? null : { kind: 'move', step: columns, extend };
    case 'ArrowUp':
      return event.altKey ? { kind: 'up' } : { kind: 'move', step: -columns, extend };
    case 'ArrowRight':
      return columns > 1 ? { kind: 'move', step: 1, extend } : null;
    case 'ArrowLeft':
      return columns > 1 ? { kind: 'move', step: -1, extend } : null;
    case 'Home':
      return { kind: 'move', step: 'first', extend };
    case 'End':
      return { kind: 'move', step: 'last', extend };
    case 'Enter':
      return { kind: 'action', id: event.altKey ? 'properties' : 'open' };
    case 'Backspace':
      return { kind: 'up' };
    case 'F2':
      return { kind: 'action', id: 'rename' };
    case 'Delete':
      return { kind: 'action', id: 'delete' };
    case 'Escape':
      return { kind: 'clear' };
    case 'F10':
      return event.shiftKey ? { kind: 'menu' } : null;
    case 'ContextMenu':
      return { kind: 'menu' };
    case ' ':
      return mod ? { kind: 'toggleFocused' } : null;
  }
  if (!mod || event.altKey) return null;
  switch (event.key.toLowerCase()) {
    case 'a':
      return { kind: 'selectAll' };
    case 'c':
      return { kind: 'action', id: 'copy' };
    case 'x':
      return { kind: 'action', id: 'cut' };
    case 'v':
      return { kind: 'action', id: 'paste' };
  }
  return null;
}
