/**
 * Moves focus in a vertical list of items by key (docs/KEYBOARD.md): ArrowDown
 * and ArrowUp to the next and previous item (wrapping; ArrowUp from outside
 * the list goes to the last), Home and End to the first and last. Returns
 * whether the key was one of these (the caller then prevents its default).
 */
export function focusByKey(items: readonly HTMLElement[], key: string): boolean {
  const at = items.indexOf(document.activeElement as HTMLElement);
  const go = (index: number) => items[(index + items.length) % items.length]?.focus();
  switch (key) {
    case 'ArrowDown':
      go(at + 1);
      return true;
    case 'ArrowUp':
      go(at < 0 ? -1 : at - 1);
      return true;
    case 'Home':
      go(0);
      return true;
    case 'End':
      go(-1);
      return true;
    default:
      return false;
  }
}
