/**
 * Files: the user's files and folders in one window (apps/files/README.md).
 * A framework-free model (model/FilesModel.ts) holds the state and the rules
 * over the desktop's filesystem (app.desktop.files); the React views render
 * it. Launched with `path` (a folder) it opens there; opened for a folder
 * (`file`, the desktop's openFile) it shows that folder.
 */
import { appDialogs, reactContent } from '@atrium/app-kit';
import { defineApplication, type AppWindow, type Application } from '@atrium/sdk';
import { joinVfsPath, parentVfsPath } from '@atrium/shared';
import { FilesModel, type FilesHost } from './model/FilesModel.js';
import { FilesView } from './views/FilesView.js';
import { FILES_TEXTS } from './texts.js';
import './Files.css';

/**
 * The folder a launch asks for: `path`, or the folder given as `file` (a
 * file's own folder), in the launch arguments or else the page address's
 * options (`/?app=Files&path=home:/Documents`).
 */
export function startPathOf(args: Readonly<Record<string, unknown>>, options: Readonly<Record<string, unknown>> = {}): string | undefined {
  if (args.path === undefined && args.file === undefined && (options.path !== undefined || options.file !== undefined)) return startPathOf(options);
  if (typeof args.path === 'string' && args.path !== '') return args.path;
  const file = args.file as { path?: unknown; isDirectory?: unknown } | string | undefined;
  if (typeof file === 'string') return file;
  if (file && typeof file.path === 'string') return file.isDirectory === false ? parentVfsPath(file.path) : file.path;
  return undefined;
}

/** The model's host over the application: the desktop's filesystem, its dialogs (modal to the window), openFile and the app's settings. */
export function applicationHost(app: Application, windowOf: () => AppWindow | null): FilesHost {
  const { desktop } = app;
  const dialogs = appDialogs(app, windowOf);
  return {
    files: desktop.files,
    t: (key, values) => desktop.t(key, values),
    openFile: (entry) => desktop.openFile(entry),
    confirm: async (message, title, options = {}) => (await dialogs.confirm({ title, message, ...options })) === 'yes',
    prompt: (message, title, value, selection) => dialogs.prompt({ title, message, value, ...(selection ? { selection } : {}) }),
    askOverwrite: async (name, directory) => {
      // The product's overwrite question (docs/behaviour/dialogs.md#overwrite-prompt) with three answers; Escape skips.
      const button = await dialogs.confirm({
        title: desktop.t('files.overwrite.title'),
        message: desktop.t('dialog.file.overwrite', { path: joinVfsPath(directory, name) }),
        buttons: ['yes', 'ok', 'no'],
        labels: { yes: 'files.overwrite.replace', ok: 'files.overwrite.keepBoth', no: 'files.overwrite.skip' },
      });
      return button === 'yes' ? 'replace' : button === 'ok' ? 'keepBoth' : 'skip';
    },
    download: (url, filename) => {
      const anchor = document.createElement('a');
      anchor.href = url;
      anchor.download = filename;
      anchor.rel = 'noopener';
      anchor.hidden = true;
      document.body.append(anchor);
      anchor.click();
      anchor.remove();
    },
    preferences: app.settings,
  };
}

export default defineApplication(async (app) => {
  // Its own texts, before anything renders (docs/APPLICATIONS.md, "Texts").
  await FILES_TEXTS.install(app.desktop);
  let window: AppWindow | null = null;
  const model = new FilesModel(applicationHost(app, () => window));
  window = app.createWindow({
    id: 'files',
    icon: app.metadata.icon ?? null,
    dimension: { width: 860, height: 560 },
    // Fits into small screens (a phone gets the whole width; the side bar folds away).
    attributes: { minDimension: { width: 320, height: 300 }, clamp: true },
    render: reactContent((win) => <FilesView model={model} appTitle={() => app.title} window={win} />),
  });
  app.on('destroy', () => model.dispose());
  void model.start(startPathOf(app.args, app.options));
});
