/**
 * Preview (docs/behaviour/files.md): shows the image, video, audio or PDF
 * file it was launched with (args.file, a file entry, or the page
 * address's file option, a 'name:/path') by its address, with zoom for images and the previous and next files of the
 * same folder. Its window title follows the file. The model holds the rules
 * (PreviewModel.ts); the view renders it.
 */
import { reactContent } from '@atrium/app-kit';
import { defineApplication, type FileEntry } from '@atrium/sdk';
import { PreviewModel } from './PreviewModel.js';
import { PreviewView } from './PreviewView.js';
import { PREVIEW_TEXTS } from './texts.js';

export default defineApplication(async (app) => {
  // Its own texts, before anything renders (docs/APPLICATIONS.md, "Texts").
  await PREVIEW_TEXTS.install(app.desktop);
  const model = new PreviewModel({ files: app.desktop.files, t: (key, vars) => app.desktop.t(key, vars) });
  const preview = app.createWindow({
    id: 'preview',
    icon: app.metadata.icon ?? null,
    dimension: { width: 800, height: 600 },
    attributes: { minDimension: { width: 320, height: 240 }, clamp: true },
    render: reactContent(<PreviewView model={model} locale={app.desktop.locale} />),
  });
  // The file's name, else the app's title in the current language (docs/behaviour/windows.md#title).
  let title: string | null = null;
  model.subscribe(() => {
    if (model.title === title) return;
    title = model.title;
    preview.setTitle(() => model.title ?? app.title);
  });
  // A file entry given by the desktop (openFile), or a path from the page address (?app=...&file=home:/a.txt).
  const file = (app.args.file ?? app.options.file) as { path?: unknown } | string | undefined;
  if (typeof file === 'string') void model.show(file);
  else if (typeof file?.path === 'string') void model.show(file as FileEntry);
});
