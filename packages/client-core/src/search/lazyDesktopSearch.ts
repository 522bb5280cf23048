import type { DesktopSearch } from '@atrium/sdk';

export interface LazyDesktopSearchOptions {
  /** Loads (once) the desktop's search: the same one the panel uses. */
  load(): Promise<DesktopSearch>;
  /** The search once loaded (by this or by the panel), else null. */
  loaded(): DesktopSearch | null;
  /** The profile's stored history (comma-separated, newest first). */
  storedHistory(): string;
}

/**
 * Desktop.search before its code has arrived: the search and the Recent
 * list (SearchService) load with the first search, the magnifier's first
 * press or an application's first call, so the desktop's start does not
 * carry them. Until then the recent searches are the profile's stored ones.
 */
export function lazyDesktopSearch({ load, loaded, storedHistory }: LazyDesktopSearchOptions): DesktopSearch {
  return {
    query: async (text, options) => (await load()).query(text, options),
    history: () => {
      const search = loaded();
      if (search) return search.history();
      void load().catch((error: unknown) => console.warn('The global search could not be loaded.', error));
      // Read as searchHistoryEntries reads it (newest first, comma-separated), without loading that rule here.
      return storedHistory()
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => entry !== '');
    },
    remember: async (text) => (await load()).remember(text),
  };
}
