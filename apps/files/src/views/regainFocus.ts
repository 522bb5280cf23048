/**
 * After an action that asked in a dialog, the focus goes back to the
 * listing when nothing else has it (the dialog's window gave it back to the
 * Files window's frame, or to nobody), so that the keys go on working.
 */
export function regainFocus(root: Element | null): void {
  if (!root) return;
  const active = document.activeElement;
  const frame = root.closest('[data-testid="window"]');
  if (active && active !== document.body && active !== frame) return;
  root.querySelector<HTMLElement>('[data-testid="files.listing"]')?.focus();
}
