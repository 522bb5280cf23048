/**
 * How key bindings name their keys, shared by the desktop's command
 * registry (which matches them) and the app kit (which writes them for
 * people): the modifiers and their other spellings, and a key name
 * normalized for comparison.
 */

export type KeyModifier = 'ctrl' | 'alt' | 'shift' | 'meta';

/** Each spelling of a modifier in a binding, lower case ('Option' is Alt, 'Cmd' is Meta). */
export const KEY_MODIFIERS: Readonly<Record<string, KeyModifier>> = {
  alt: 'alt', option: 'alt', shift: 'shift', ctrl: 'ctrl', control: 'ctrl', meta: 'meta', cmd: 'meta', command: 'meta',
};

/** A key name normalized for comparison: lower case, ' ' / 'Spacebar' = 'space', 'Esc' = 'escape'. */
export function normalizeKey(key: string): string {
  if (key === ' ' || /^space(bar)?$/i.test(key)) return 'space';
  if (/^esc$/i.test(key)) return 'escape';
  return key.toLowerCase();
}
