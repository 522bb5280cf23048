/**
 * Loads a chunk of the page's code again after an earlier load failed
 * (docs/ARCHITECTURE.md, "Client start-up"). Browsers keep the failure of
 * a module they could not fetch for the page's whole life (Chromium does
 * since version 150): asking for the same address again fails at once,
 * without a request. So when a load fails and the error names the module's
 * address (Chromium: "Failed to fetch dynamically imported module: <url>",
 * Firefox: "error loading dynamically imported module: <url>"), the module
 * is asked for once more under that address with a query of its own, which
 * the browser fetches anew. Its own imports resolve to the modules already
 * loaded, so nothing is evaluated twice.
 */
export async function retryImport<T>(load: () => Promise<T>, fresh: (url: string) => Promise<unknown> = (url) => import(/* @vite-ignore */ url)): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const url = failedModuleUrl(error);
    if (url === null) throw error;
    return (await fresh(`${url}${url.includes('?') ? '&' : '?'}retry=${Date.now().toString(36)}`)) as T;
  }
}

/** The address of the module a failed dynamic import names, if it names one of this page's origin. */
export function failedModuleUrl(error: unknown): string | null {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const match = /dynamically imported module:?\s*(\S+)/i.exec(message);
  if (!match) return null;
  try {
    const url = new URL(match[1]!);
    return typeof location !== 'undefined' && url.origin !== location.origin ? null : url.href;
  } catch {
    return null;
  }
}
