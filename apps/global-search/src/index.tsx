/**
 * GlobalSearch (docs/behaviour/search.md#globalsearch-application): the
 * results of the global search, by kind, for the text and filter it was
 * launched with (`searchedValue`, `selectedFilter`: the panel's search). A
 * singleton: a new search from the panel reaches the running window (its
 * 'attention' event carries the new arguments) instead of opening another.
 * The model holds the rules (SearchResultsModel.ts); the view renders it.
 */
import { reactContent } from '@atrium/app-kit';
import { defineApplication } from '@atrium/sdk';
import { GlobalSearchView } from './GlobalSearchView.js';
import { SearchResultsModel } from './SearchResultsModel.js';
import { GLOBAL_SEARCH_TEXTS } from './texts.js';
import './GlobalSearch.css';

export default defineApplication(async (app) => {
  // Its own texts, before anything renders (docs/APPLICATIONS.md, "Texts").
  await GLOBAL_SEARCH_TEXTS.install(app.desktop);
  const { desktop } = app;
  const model = new SearchResultsModel({
    search: desktop.search,
    launch: (name, args) => desktop.launch(args === undefined ? { app: name } : { app: name, args }),
    showProfileCard: (userId, at) => desktop.showProfileCard(userId, at),
    openFile: (path) => desktop.openFile(path),
    showComments: (taskId) => desktop.tasks.showComments(taskId),
  });
  const window = app.createWindow({
    id: 'results',
    icon: app.metadata.icon ?? null,
    dimension: { width: 760, height: 560 },
    // Fits into small screens (a phone gets the whole width).
    attributes: { minDimension: { width: 320, height: 320 }, clamp: true },
    render: reactContent(<GlobalSearchView model={model} />),
  });
  // The window's title names the text searched; the app's title follows the language (docs/behaviour/windows.md#title).
  let searchedBefore = '';
  const unsubscribe = model.subscribe(() => {
    const { searched } = model.getState();
    if (searched === searchedBefore) return;
    searchedBefore = searched;
    window.setTitle(() => (searched ? `${searched} – ${app.title}` : app.title));
  });
  app.on('attention', (payload) => {
    const args = (payload as { args?: Readonly<Record<string, unknown>> } | null)?.args;
    if (args) void model.show(args);
  });
  app.on('destroy', () => {
    unsubscribe();
    model.dispose();
  });
  void model.show(app.args);
});
