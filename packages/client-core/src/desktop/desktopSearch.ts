import type { DesktopSearch } from '@atrium/sdk';
import type { Clock } from '../env.js';
import type { RequestMethod } from '../packages/DesktopHooks.js';
import type { PackageManager } from '../packages/PackageManager.js';
import type { GlobalSearchModel } from '../search/GlobalSearchModel.js';
import { lazyDesktopSearch } from '../search/lazyDesktopSearch.js';
import type { SearchService } from '../search/SearchService.js';
import type { FileSearchModel } from '../vfs/FileSearchModel.js';
import type { FileEntry, FileSystem } from '../vfs/FileSystem.js';
import type { DesktopUi } from './DesktopUi.js';

/** The desktop's searches, each loaded with its first use so that the shell does not carry them. */
export interface DesktopSearches {
  /** One search and Recent list for the panel and every application (Desktop.search). */
  search: DesktopSearch;
  /** The panel's global search model, made on first use. */
  globalSearch(): Promise<GlobalSearchModel>;
  /** The filesystem search overlay's model, made on first use. */
  fileSearch(): Promise<FileSearchModel>;
  dispose(): void;
}

export interface DesktopSearchesOptions {
  clock: Clock;
  request<T>(method: RequestMethod, path: string, body?: unknown): Promise<T>;
  /** The profile's stored search history (comma-separated, newest first). */
  storedHistory(): string;
  ui: DesktopUi;
  files: FileSystem;
  openFile(file: FileEntry): Promise<void>;
  /** The package manager (made after the searches: the applications' hooks carry `search`). */
  packages(): PackageManager;
}

/**
 * The global search (docs/behaviour/search.md), loaded with the first search
 * or the magnifier's first press, and the filesystem search overlay
 * (docs/behaviour/files.md#search-overlay); each is disposed with the desktop
 * once loaded.
 */
export function desktopSearches(o: DesktopSearchesOptions): DesktopSearches {
  let searchService: Promise<SearchService> | null = null;
  let loadedSearch: SearchService | null = null;
  const loadSearchService = () =>
    (searchService ??= import('../search/SearchService.js').then((m) => (loadedSearch = new m.SearchService({ request: o.request, storedHistory: o.storedHistory, now: () => o.clock.now() }))));
  let globalSearch: Promise<GlobalSearchModel> | null = null;
  let fileSearch: Promise<FileSearchModel> | null = null;
  const ignore = () => undefined;
  return {
    search: lazyDesktopSearch({ load: loadSearchService, loaded: () => loadedSearch, storedHistory: o.storedHistory }),
    globalSearch: () =>
      (globalSearch ??= Promise.all([import('../search/GlobalSearchModel.js'), loadSearchService()]).then(
        ([m, service]) => new m.GlobalSearchModel({ search: service, ui: o.ui, launch: (launchRequest) => o.packages().launch(launchRequest) }),
      )),
    fileSearch: () => (fileSearch ??= import('../vfs/FileSearchModel.js').then((m) => m.desktopFileSearch({ files: o.files, clock: o.clock, openFile: o.openFile, packages: o.packages(), ui: o.ui }))),
    dispose() {
      void globalSearch?.then((model) => model.dispose(), ignore);
      void searchService?.then((service) => service.dispose(), ignore);
      void fileSearch?.then((model) => model.dispose(), ignore);
    },
  };
}
