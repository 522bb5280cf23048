/**
 * The keys of a key binding ('Alt+Shift+K', 'Ctrl+X', 'Delete') as a person
 * reads them, in the user's language (docs/KEYBOARD.md#key-names): the
 * modifiers in the order they are held (Ctrl, Alt, Shift, Meta), then the
 * key; letters and F-keys in capitals, arrows as arrows, the named keys
 * (Delete, Home, Enter...) as the user's keyboards print them ('Entf',
 * 'Pos1' in German), from the desktop's texts 'shortcuts.key.<name>'. The
 * desktop's menus, guide and palette and the applications' menus all write
 * keys with it. A binding that does not parse is given back as it is.
 */
import { KEY_MODIFIERS, normalizeKey } from '@atrium/shared';

const HELD_ORDER = ['ctrl', 'alt', 'shift', 'meta'] as const;
/** Keys written as a symbol, the same in every language. */
const SYMBOLS: Readonly<Record<string, string>> = { arrowup: '↑', arrowdown: '↓', arrowleft: '←', arrowright: '→' };
/** Keys named by the desktop's texts (shortcuts.key.<name>), with their English names when a text is missing. */
const NAMED: Readonly<Record<string, string>> = {
  escape: 'Esc', enter: 'Enter', tab: 'Tab', backspace: 'Backspace', delete: 'Delete', home: 'Home', end: 'End', pageup: 'PageUp', pagedown: 'PageDown', space: 'Space',
};
const MODIFIER_NAMES: Readonly<Record<(typeof HELD_ORDER)[number], string>> = { ctrl: 'Ctrl', alt: 'Alt', shift: 'Shift', meta: 'Meta' };

export function keyLabels(binding: string, translate: (key: string) => string): string[] {
  const parts = binding.endsWith('++') ? [...binding.slice(0, -2).split('+'), '+'] : binding.split('+');
  const key = parts.pop();
  if (!key) return [binding];
  const held = new Set<string>();
  for (const part of parts) {
    const modifier = KEY_MODIFIERS[part.toLowerCase()];
    if (!modifier) return [binding];
    held.add(modifier);
  }
  const named = (name: string, english: string) => {
    const text = translate(`shortcuts.key.${name}`);
    return text && text !== `shortcuts.key.${name}` ? text : english;
  };
  const labels = HELD_ORDER.filter((m) => held.has(m)).map((m) => named(m, MODIFIER_NAMES[m]));
  const lower = normalizeKey(key);
  const english = NAMED[lower];
  labels.push(SYMBOLS[lower] ?? (english ? named(lower, english) : lower.length === 1 || /^f\d{1,2}$/.test(lower) ? lower.toUpperCase() : key));
  return labels;
}
