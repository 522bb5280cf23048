/**
 * Has the browser ask before the page goes (reload, closing the tab) while
 * `needed()` (a form with unsaved changes). Closing a form's window itself
 * is asked through the window's onBeforeClose (index.tsx). Returns the teardown.
 */
export function warnBeforeUnload(needed: () => boolean): () => void {
  const onBeforeUnload = (event: BeforeUnloadEvent) => {
    if (needed()) event.preventDefault();
  };
  window.addEventListener('beforeunload', onBeforeUnload);
  return () => window.removeEventListener('beforeunload', onBeforeUnload);
}
