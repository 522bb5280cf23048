/**
 * Preview (docs/behaviour/files.md): shows the image, video, audio or PDF
 * file it was launched with (args.file, a file entry, or the page
 * address's file option, a 'name:/path') by its address, with zoom for images and the previous and next files of the
 * same folder. Its window title follows the file. Which file its window
 * shows is kept in its own settings, so that a restored session shows that
 * file again; a window without one does not come back
 * (docs/behaviour/desktop.md#an-application-restores-its-own-document).
 * The model holds the rules (PreviewModel.ts); the view renders it.
 */
import { reactContent, windowDocument } from '@atrium/app-kit';
import { defineApplication, type FileEntry } from '@atrium/sdk';
import { PreviewModel } from './PreviewModel.js';
import { PreviewView } from './PreviewView.js';
import { PREVIEW_TEXTS } from './texts.js';

export default defineApplication(async (app) => {
  // Its own texts, before anything renders (docs/APPLICATIONS.md, "Texts").
  await PREVIEW_TEXTS.install(app.desktop);
  const restorable = windowDocument(app, 'preview');
  if (!restorable.comesBack) {
    // A restored window without a file: nothing to show again.
    restorable.forget();
    app.destroy();
    return;
  }
  const model = new PreviewModel({ files: app.desktop.files, t: (key, vars) => app.desktop.t(key, vars) });
  const preview = app.createWindow({
    id: restorable.windowId,
    icon: app.metadata.icon ?? null,
    dimension: { width: 800, height: 600 },
    attributes: { minDimension: { width: 320, height: 240 }, clamp: true },
    render: reactContent(<PreviewView model={model} locale={app.desktop.locale} />),
  });
  // Closed by the user, it does not come back.
  preview.onBeforeClose(() => {
    restorable.forget();
    return true;
  });
  // The file's name, else the app's title in the current language (docs/behaviour/windows.md#title).
  let title: string | null = null;
  let path: string | null = null;
  model.subscribe(() => {
    if (model.title !== title) {
      title = model.title;
      preview.setTitle(() => model.title ?? app.title);
    }
    if (model.getState().path !== path) restorable.remember({ path: (path = model.getState().path), modified: false });
  });
  // The file the restored window showed; else a file entry given by the desktop (openFile), or a path from the page
  // address (?app=...&file=home:/a.txt).
  const file = (app.args.file ?? app.options.file) as { path?: unknown } | string | undefined;
  if (restorable.saved?.path) void model.reopen(restorable.saved.path);
  else if (typeof file === 'string') void model.show(file);
  else if (typeof file?.path === 'string') void model.show(file as FileEntry);
});
