/**
 * The Text Editor (docs/behaviour/files.md): opens the text file it was
 * launched with (args.file, a file entry, or the page address's
 * file option, a 'name:/path'), or an empty
 * untitled document; edits it in a plain text area and saves it through the
 * user's filesystems. Its window title is the file's name, marked while
 * modified. Which file its window shows is kept in its own settings, so
 * that a restored session opens that file again; a window without one does
 * not come back (docs/behaviour/desktop.md#an-application-restores-its-own-document).
 * The model holds the rules (TextEditorModel.ts); the view renders it.
 */
import { appDialogs, reactContent, windowDocument } from '@atrium/app-kit';
import { defineApplication, type AppWindow, type Application, type FileEntry } from '@atrium/sdk';
import { TextEditorModel, type TextEditorHost } from './TextEditorModel.js';
import { TextEditorView } from './TextEditorView.js';
import { TEXT_EDITOR_TEXTS } from './texts.js';

/** The desktop as the model needs it: dialogs modal to the editor's window. */
function hostOf(app: Application, window: () => AppWindow | undefined): TextEditorHost {
  const dialogs = appDialogs(app, window);
  return {
    files: app.desktop.files,
    t: (key, vars) => app.desktop.t(key, vars),
    dialog: dialogs.show,
  };
}

export default defineApplication(async (app) => {
  // Its own texts, before anything renders (docs/APPLICATIONS.md, "Texts").
  await TEXT_EDITOR_TEXTS.install(app.desktop);
  const restorable = windowDocument(app, 'editor');
  if (!restorable.comesBack) {
    // A restored window without a file: nothing to show again. Text typed into it was never kept: say so.
    if (restorable.saved?.modified) app.notify({ title: app.desktop.t('textEditor.reopen.draftLost.title'), message: app.desktop.t('textEditor.reopen.draftLost.message') });
    restorable.forget();
    app.destroy();
    return;
  }
  const model = new TextEditorModel(
    // The dialogs are modal to the window, created just below.
    hostOf(app, () => editor),
    { wrap: app.settings.get<boolean>('wrap', true) !== false },
  );
  const editor: AppWindow = app.createWindow({
    id: restorable.windowId,
    // 'Untitled' follows the language (docs/behaviour/windows.md#title).
    title: () => model.title,
    icon: app.metadata.icon ?? null,
    dimension: { width: 720, height: 520 },
    attributes: { minDimension: { width: 320, height: 240 }, clamp: true },
    render: reactContent(() => <TextEditorView model={model} />),
  });
  // Closing the window with unsaved changes asks first (Discard / Cancel / Save); closed, it does not come back.
  editor.onBeforeClose(async () => {
    const closing = !model.modified || (await model.confirmDiscard());
    if (closing) restorable.forget();
    return closing;
  });
  let title = model.title;
  let wrap = model.getState().wrap;
  let shown = { path: model.path, modified: model.modified };
  model.subscribe(() => {
    if (model.title !== title) {
      title = model.title;
      editor.setTitle(() => model.title);
    }
    if (model.getState().wrap !== wrap) app.settings.set('wrap', (wrap = model.getState().wrap));
    if (model.path !== shown.path || model.modified !== shown.modified) restorable.remember((shown = { path: model.path, modified: model.modified }));
  });
  // The file the restored window showed; else a file entry given by the desktop (openFile), or a path from the page
  // address (?app=...&file=home:/a.txt).
  const saved = restorable.saved;
  const file = (app.args.file ?? app.options.file) as { path?: unknown } | string | undefined;
  if (saved?.path) void model.reopen({ path: saved.path, modified: saved.modified });
  else if (typeof file === 'string') void model.load(file);
  else if (typeof file?.path === 'string') void model.load(file as FileEntry);
});
