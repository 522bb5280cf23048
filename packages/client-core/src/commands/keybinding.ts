/**
 * Keybinding strings ('Alt+`', 'Alt+Shift+W', 'Alt+Shift+ArrowUp',
 * 'Alt+Space', 'Ctrl++'): modifiers in any order and case (Alt/Option,
 * Shift, Ctrl/Control, Meta/Cmd), then one key named as KeyboardEvent.key
 * names it (case-insensitive).
 */
import { KEY_MODIFIERS, normalizeKey } from '@atrium/shared';

/** A parsed keybinding: the key (normalized, lower case) and the exact modifiers it needs. */
export interface KeyChord {
  key: string;
  alt: boolean;
  shift: boolean;
  ctrl: boolean;
  meta: boolean;
}

/** The parts of a KeyboardEvent a keybinding is matched against. */
export interface KeyEventLike {
  key: string;
  code?: string;
  altKey: boolean;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}

const CODE_KEYS: Record<string, string> = {
  Backquote: '`', Minus: '-', Equal: '=', BracketLeft: '[', BracketRight: ']', Backslash: '\\',
  Semicolon: ';', Quote: "'", Comma: ',', Period: '.', Slash: '/', Space: 'space',
};

export { normalizeKey };

/**
 * The key a KeyboardEvent.code stands for on a US layout ('KeyW' -> 'w',
 * 'Digit1' -> '1', 'Backquote' -> '`', 'ArrowUp' -> 'arrowup').
 */
export function keyFromCode(code: string): string {
  if (/^Key[A-Z]$/.test(code)) return code.slice(3).toLowerCase();
  if (/^Digit\d$/.test(code)) return code.slice(5);
  return CODE_KEYS[code] ?? code.toLowerCase();
}

/** Parses a keybinding string; throws on an unknown modifier or a missing key. */
export function parseKeybinding(binding: string): KeyChord {
  const parts = binding.split('+');
  let key = parts.pop() ?? '';
  if (key === '' && parts[parts.length - 1] === '') {
    parts.pop(); // 'Ctrl++': the key is '+'
    key = '+';
  }
  if (!key.trim() && key !== ' ') throw new Error(`Keybinding '${binding}' names no key`);
  const chord: KeyChord = { key: normalizeKey(key === ' ' ? key : key.trim()), alt: false, shift: false, ctrl: false, meta: false };
  for (const part of parts) {
    const modifier = KEY_MODIFIERS[part.trim().toLowerCase()];
    if (!modifier) throw new Error(`Unknown modifier '${part}' in keybinding '${binding}'`);
    chord[modifier] = true;
  }
  return chord;
}

/**
 * Whether the event presses the chord: the same modifiers exactly, and the
 * same key, read from event.key or (byCode) from event.code. The code
 * fallback matters because Alt and Shift change event.key on some layouts
 * (Shift+` gives '~', Alt+` a dead key on macOS).
 */
export function chordMatches(chord: KeyChord, event: KeyEventLike, byCode = false): boolean {
  if (chord.alt !== event.altKey || chord.shift !== event.shiftKey || chord.ctrl !== event.ctrlKey || chord.meta !== event.metaKey) return false;
  if (!byCode) return normalizeKey(event.key) === chord.key;
  return event.code !== undefined && event.code !== '' && keyFromCode(event.code) === chord.key;
}

const KEY_NAMES: Record<string, string> = {
  space: 'Space', escape: 'Escape', arrowup: 'ArrowUp', arrowdown: 'ArrowDown', arrowleft: 'ArrowLeft', arrowright: 'ArrowRight',
  enter: 'Enter', tab: 'Tab', backspace: 'Backspace', delete: 'Delete', home: 'Home', end: 'End', pageup: 'PageUp', pagedown: 'PageDown',
};

/** The chord written back as a keybinding string in a fixed order ('Ctrl+Alt+Shift+Meta+Key'), key names capitalised. */
export function formatKeybinding(chord: KeyChord): string {
  const parts: string[] = [];
  if (chord.ctrl) parts.push('Ctrl');
  if (chord.alt) parts.push('Alt');
  if (chord.shift) parts.push('Shift');
  if (chord.meta) parts.push('Meta');
  const key = KEY_NAMES[chord.key] ?? (/^f\d{1,2}$/.test(chord.key) ? chord.key.toUpperCase() : chord.key.length === 1 ? chord.key.toUpperCase() : chord.key);
  parts.push(key);
  return parts.join('+');
}
