import { fileErrorText } from '@atrium/sdk';
import { humanFileSize, joinVfsPath, mimeOfFilename } from '@atrium/shared';
import { DIRECTORY_MIME, type FileEntry, type FileSystem, type Mountpoint } from '../vfs/FileSystem.js';
import { mimeAccepted } from '../vfs/mimeAccepted.js';
import { DialogBase, type DialogCallback, type DialogContext, type FileDialogOptions } from './DialogModel.js';

export type { FileDialogOptions } from './DialogModel.js';

export interface FileDialogState {
  type: 'open' | 'save';
  filetype: 'file' | 'directory';
  /** The directory listed ('' before any is chosen). */
  path: string;
  /** The name typed (save mode). */
  filename: string;
  /** The directory's entries: every directory, and the files whose mime is accepted. */
  entries: readonly FileEntry[];
  selected: FileEntry | null;
  loading: boolean;
  /** Why the listing failed (the filesystem's failure in the user's language), or null. */
  error: string | null;
  /** The mountpoints offered: not those both read-only and restricted (docs/behaviour/files.md#mountpoints). */
  mountpoints: readonly Mountpoint[];
}

/** Whether the file chooser offers a mountpoint (docs/behaviour/files.md#mountpoints). */
export function isMountpointOffered(mountpoint: Mountpoint): boolean {
  return !(mountpoint.attributes.readOnly && mountpoint.attributes.visibility === 'restricted');
}

// The listing's filter lives in ../vfs, so that opening a file does not bring this chooser's code with it.
export { mimeAccepted };

/**
 * The file open/save chooser (docs/behaviour/dialogs.md#file-chooser). Lists a directory through
 * FileSystem.readdir, keeping directories and the files whose mime matches
 * options.mime. ok is enabled when a file (a directory when filetype is
 * 'directory') is selected, or when a filename is typed in save mode.
 *
 * ok calls back with a FileEntry: the selected one (open), or the target
 * (save: the typed name in the listed directory). A save with an empty
 * filename calls back with null ("returns no value"). A save onto an
 * existing path first asks 'Do you want to overwrite {{path}}?' (a confirm
 * dialog modal to this one) and completes only on 'yes'; otherwise this
 * dialog stays open for another name. If the existence check fails, saving
 * proceeds (docs/behaviour/dialogs.md#overwrite-prompt). Other buttons call back with the selection (or null).
 */
export class FileDialog extends DialogBase<FileDialogState> {
  readonly #fs: FileSystem;
  readonly #mime: readonly string[];
  /** Counts listings, so that only the latest one lands. */
  #listing = 0;
  /** The entry a save settled on (after the overwrite question). */
  #target: FileEntry | null = null;

  constructor(context: DialogContext, options: FileDialogOptions, callback: DialogCallback) {
    const fileSystem = options.fileSystem ?? context.fileSystem;
    if (!fileSystem) throw new Error('The file dialog needs a filesystem');
    const type = options.type === 'save' ? 'save' : 'open';
    super(context, options, callback, {
      kind: 'file',
      title: () => context.translate(type === 'save' ? 'dialog.file.saveTitle' : 'dialog.file.openTitle'),
      buttons: ['ok', 'cancel'],
      initial: {
        type,
        filetype: options.filetype === 'directory' ? 'directory' : 'file',
        path: options.path ?? '',
        filename: options.filename ?? '',
        entries: [],
        selected: null,
        loading: true,
        error: null,
        mountpoints: [],
      },
    });
    this.#fs = fileSystem;
    this.#mime = options.mime ?? [];
    void this.#start(options.path);
  }

  /** Lists another directory (clears the selection). Resolves once listed or failed. */
  async navigate(path: string): Promise<void> {
    const listing = ++this.#listing;
    this.setState({ ...this.getState(), path, entries: [], selected: null, loading: true, error: null });
    let entries: FileEntry[] = [];
    let error: string | null = null;
    try {
      entries = (await this.#fs.readdir(path)).filter((e) => e.isDirectory || mimeAccepted(e.mime, this.#mime));
    } catch (e) {
      error = fileErrorText(e, this.context.translate);
    }
    if (listing !== this.#listing || this.finished) return;
    this.setState({ ...this.getState(), entries, loading: false, error });
  }

  /** Selects an entry (null: none); in save mode a selected file's name becomes the filename. */
  select(entry: FileEntry | null): void {
    const state = this.getState();
    const filename = state.type === 'save' && entry?.isFile ? entry.filename : state.filename;
    this.setState({ ...state, selected: entry, filename });
  }

  /** Double click / Enter on an entry: a directory is listed, a file is chosen (ok). */
  async open(entry: FileEntry): Promise<void> {
    if (entry.isDirectory) return this.navigate(entry.path);
    this.select(entry);
    return this.press('ok');
  }

  setFilename(filename: string): void {
    const state = this.getState();
    if (state.filename !== filename) this.setState({ ...state, filename: String(filename) });
  }

  override isButtonEnabled(button: string): boolean {
    if (!super.isButtonEnabled(button)) return false;
    if (button !== 'ok') return true;
    const { selected, filetype, type, filename } = this.getState();
    const selectable = selected !== null && (filetype === 'directory' ? selected.isDirectory : selected.isFile);
    return selectable || (type === 'save' && filename.trim() !== '');
  }

  protected override async beforePress(button: string): Promise<boolean> {
    this.#target = null;
    const state = this.getState();
    if (button !== 'ok' || state.type !== 'save') return true;
    let target: FileEntry | null;
    try {
      target = this.#saveTarget(state);
    } catch (error) {
      // No directory listed yet (or a malformed one): there is nowhere to save.
      this.setState({ ...state, error: fileErrorText(error, this.context.translate) });
      return false;
    }
    if (!target) return true;
    // If the existence check fails, saving proceeds (docs/behaviour/dialogs.md#overwrite-prompt).
    const exists = await this.#fs.exists(target.path).catch(() => false);
    if (exists && !(await this.#askOverwrite(target.path))) return false;
    this.#target = target;
    return true;
  }

  protected callbackValue(button: string): unknown {
    const state = this.getState();
    if (button === 'ok' && state.type === 'save') return this.#target;
    const { selected, filetype } = state;
    if (button !== 'ok') return selected;
    return selected && (filetype === 'directory' ? selected.isDirectory : selected.isFile) ? selected : null;
  }

  async #start(path: string | undefined): Promise<void> {
    let mountpoints: Mountpoint[] = [];
    try {
      mountpoints = (await this.#fs.mountpoints()).filter(isMountpointOffered);
    } catch (error) {
      console.warn('The mountpoints could not be listed.', error);
    }
    if (this.finished) return;
    this.setState({ ...this.getState(), mountpoints });
    const start = path ?? mountpoints[0]?.root;
    if (start === undefined) this.setState({ ...this.getState(), loading: false });
    else await this.navigate(start);
  }

  /** The entry a save writes to: the typed name in the listed directory; null without a name. */
  #saveTarget(state: FileDialogState): FileEntry | null {
    const filename = state.filename.trim();
    if (filename === '') return null;
    const path = joinVfsPath(state.path, filename);
    const listed = state.entries.find((e) => e.path === path);
    if (listed) return listed;
    const isDirectory = state.filetype === 'directory';
    return { isDirectory, isFile: !isDirectory, mime: isDirectory ? DIRECTORY_MIME : mimeOfFilename(filename), size: 0, humanSize: humanFileSize(0), path, filename };
  }

  /** Asks through the same service, modal to this dialog; true only on 'yes'. */
  #askOverwrite(path: string): Promise<boolean> {
    return new Promise((resolve) => {
      this.context.create('confirm', { message: this.context.translate('dialog.file.overwrite', { path }), parent: this.wid }, (button) => resolve(button === 'yes'));
    });
  }
}
