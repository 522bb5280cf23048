import { Model, type AppDialogs } from '@atrium/app-kit';
import type { FileEntry, FileSystem } from '@atrium/sdk';
import { basenameVfsPath, humanFileSize, parentVfsPath } from '@atrium/shared';
import { fileErrorText, type Translate } from '@atrium/sdk';

/** The mime patterns the Text Editor opens (metadata.json `mimes`, the open dialog's filter). */
export const TEXT_MIMES = ['^text/', '^application/json$', '^application/xml$', '^application/javascript$'];

/** Files above this size are not opened (a text area holding them would freeze the page): 5 MiB. */
export const MAX_EDITABLE_BYTES = 5 * 1024 * 1024;

/** The name a new document is saved under unless the user types another. */
export const UNTITLED_FILENAME = 'Untitled.txt';

/** What the editor asks of the desktop: the files, the dialogs (resolving with the button and value) and the texts. */
export interface TextEditorHost {
  files: FileSystem;
  dialog: AppDialogs['show'];
  t: Translate;
}

/** A file too large to edit: what the editor shows instead, with an address to download it. */
export interface TooLargeFile {
  file: FileEntry;
  downloadUrl: string | null;
}

/**
 * A file a restored window showed (docs/behaviour/desktop.md#an-application-restores-its-own-document): while it is opened
 * again, and, when it could not be, why, instead of a document.
 */
export interface Reopening {
  path: string;
  filename: string;
  /** The translated sentence of why it could not be opened again; null while it is being opened. */
  failure: string | null;
  /** It is no longer there (moved, renamed or deleted since): trying again cannot help. */
  missing: boolean;
}

export interface TextEditorState {
  /** The file being edited; null for an untitled document. */
  file: FileEntry | null;
  text: string;
  /** The text as last read or saved: the document is modified when `text` differs. */
  savedText: string;
  status: 'ready' | 'loading' | 'saving';
  /** The translated sentence of the last failure (reading or saving), until the next success or dismiss. */
  error: string | null;
  /** Set instead of a document when the chosen file is above MAX_EDITABLE_BYTES. */
  tooLarge: TooLargeFile | null;
  /** The file a restored window showed, while it is opened again or when it could not be. */
  reopening: Reopening | null;
  /** A translated sentence about the document shown (changes a restored window had not saved are not kept), until dismissed or another document. */
  notice: string | null;
  /** Long lines wrap at the window's edge. */
  wrap: boolean;
  /** Where the caret is, 1-based. */
  cursor: { line: number; column: number };
  /** Counts the documents shown (opened, or new): the caret goes to the top of each. */
  opened: number;
}

const encoder = new TextEncoder();

/** Line and column (1-based) of an offset in a text. */
export function cursorOf(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lastBreak = before.lastIndexOf('\n');
  let line = 1;
  for (let i = before.indexOf('\n'); i !== -1; i = before.indexOf('\n', i + 1)) line++;
  return { line, column: before.length - lastBreak };
}

/** Whether a value is a file entry an app was given (args.file). */
function isEntry(value: unknown): value is FileEntry {
  return typeof value === 'object' && value !== null && typeof (value as FileEntry).path === 'string';
}

/** Failures that say the file is no longer where it was: trying again cannot help. */
const GONE = new Set(['vfs.notFound', 'vfs.isADirectory']);

/**
 * The Text Editor's document and rules (docs/behaviour/files.md): one text
 * file of the user's filesystems, or an untitled document. Opening reads
 * the file as text (refusing files above MAX_EDITABLE_BYTES, offering a
 * download instead); Save writes to the file (an untitled document is saved
 * as); Save As asks for a target through the file dialog, which itself asks
 * before overwriting. Replacing or closing a modified document first asks
 * Save / Discard / Cancel. A failure keeps the text and shows the
 * translated filesystem text.
 */
export class TextEditorModel extends Model<TextEditorState> {
  readonly #host: TextEditorHost;
  /** Counts loads, so that only the latest lands. */
  #loads = 0;

  constructor(host: TextEditorHost, options: { wrap?: boolean } = {}) {
    super({ file: null, text: '', savedText: '', status: 'ready', error: null, tooLarge: null, reopening: null, notice: null, wrap: options.wrap ?? true, cursor: { line: 1, column: 1 }, opened: 0 });
    this.#host = host;
  }

  /** Whether the text differs from what was read or saved. */
  get modified(): boolean {
    return this.getState().text !== this.getState().savedText;
  }

  /** The document's name: the file's (also one being opened again), or the translated 'Untitled'. */
  get filename(): string {
    const { file, tooLarge, reopening } = this.getState();
    return (file ?? tooLarge?.file)?.filename ?? reopening?.filename ?? this.#host.t('textEditor.untitled');
  }

  /** The path of the file the window shows (also one too large to edit, or one being opened again); null for an untitled document. */
  get path(): string | null {
    const { file, tooLarge, reopening } = this.getState();
    return (file ?? tooLarge?.file)?.path ?? reopening?.path ?? null;
  }

  /** The window title: the name, after a '*' while modified. */
  get title(): string {
    return `${this.modified ? '*' : ''}${this.filename}`;
  }

  /** Size of the text as saved (UTF-8 bytes), for people. */
  get size(): string {
    return humanFileSize(encoder.encode(this.getState().text).length);
  }

  setText(text: string): void {
    if (text !== this.getState().text) this.update({ text });
  }

  /** The caret moved to an offset of the text. */
  setCursor(offset: number): void {
    const cursor = cursorOf(this.getState().text, offset);
    const { line, column } = this.getState().cursor;
    if (cursor.line !== line || cursor.column !== column) this.update({ cursor });
  }

  toggleWrap(): void {
    this.update({ wrap: !this.getState().wrap });
  }

  dismissError(): void {
    if (this.getState().error !== null) this.update({ error: null });
  }

  dismissNotice(): void {
    if (this.getState().notice !== null) this.update({ notice: null });
  }

  /** A new untitled document (after asking about unsaved changes). Resolves false when the user cancelled. */
  async newDocument(): Promise<boolean> {
    if (!(await this.confirmDiscard())) return false;
    this.#loads++;
    this.update({ file: null, text: '', savedText: '', status: 'ready', error: null, tooLarge: null, reopening: null, notice: null, cursor: { line: 1, column: 1 }, opened: this.getState().opened + 1 });
    return true;
  }

  /** Opens a file (an entry or a 'name:/path'), after asking about unsaved changes. Resolves false when cancelled or failed. */
  async open(file: FileEntry | string): Promise<boolean> {
    if (!(await this.confirmDiscard())) return false;
    return this.load(file);
  }

  /** Reads a file into the editor without asking (the file the app was launched with). */
  load(file: FileEntry | string): Promise<boolean> {
    return this.#read(file, false);
  }

  /**
   * Opens again the file a restored window showed, titled with its name
   * from the start. Changes it had not saved are not kept, and a notice
   * says so; a file no longer there, or that cannot be read now, shows why
   * instead of an empty document (docs/behaviour/desktop.md#an-application-restores-its-own-document).
   */
  async reopen(saved: { path: string; modified: boolean }): Promise<boolean> {
    this.update({ reopening: { path: saved.path, filename: basenameVfsPath(saved.path) || saved.path, failure: null, missing: false }, notice: null });
    const opened = await this.#read(saved.path, true);
    if (opened && saved.modified) this.update({ notice: this.#host.t('textEditor.reopen.unsaved', { name: this.filename }) });
    return opened;
  }

  /** Tries again to open the file a restored window showed. */
  retryReopen(): Promise<boolean> {
    const reopening = this.getState().reopening;
    return reopening ? this.reopen({ path: reopening.path, modified: false }) : Promise.resolve(false);
  }

  async #read(file: FileEntry | string, reopen: boolean): Promise<boolean> {
    const load = ++this.#loads;
    this.update({ status: 'loading', error: null });
    const { files, t } = this.#host;
    try {
      // A fresh entry: the size decides whether it can be edited, and the entry given may be old.
      const entry = await files.stat(isEntry(file) ? file.path : file);
      if (load !== this.#loads) return false;
      if (entry.isDirectory) throw Object.assign(new Error(`'${entry.path}' is a directory`), { code: 'vfs.isADirectory', params: { path: entry.path } });
      if (entry.size > MAX_EDITABLE_BYTES) {
        const downloadUrl = await files.url(entry.path, { download: true }).catch(() => null);
        if (load !== this.#loads) return false;
        this.update({ file: null, text: '', savedText: '', status: 'ready', tooLarge: { file: entry, downloadUrl }, reopening: null, notice: null, cursor: { line: 1, column: 1 } });
        return false;
      }
      const text = await files.readfile(entry.path, 'text');
      if (load !== this.#loads) return false;
      this.update({ file: entry, text, savedText: text, status: 'ready', error: null, tooLarge: null, reopening: null, notice: null, cursor: { line: 1, column: 1 }, opened: this.getState().opened + 1 });
      return true;
    } catch (error) {
      if (load !== this.#loads) return false;
      const reopening = this.getState().reopening;
      if (reopen && reopening) {
        const code = (error as { code?: unknown } | null)?.code;
        this.update({ status: 'ready', reopening: { ...reopening, failure: fileErrorText(error, t), missing: typeof code === 'string' && GONE.has(code) } });
      } else this.update({ status: 'ready', error: fileErrorText(error, t) });
      return false;
    }
  }

  /** Asks for a file with the open dialog, then opens it. */
  async openWithDialog(): Promise<boolean> {
    const { button, value } = await this.#host.dialog('file', { type: 'open', mime: TEXT_MIMES, ...this.#startPath() });
    if (button !== 'ok' || !isEntry(value)) return false;
    return this.open(value);
  }

  /** Saves to the file; an untitled document is saved as. Resolves whether it was saved. */
  async save(): Promise<boolean> {
    const { file } = this.getState();
    if (!file) return this.saveAs();
    return this.#write(file.path);
  }

  /** Asks for a target with the save dialog (which asks before overwriting), then saves there. */
  async saveAs(): Promise<boolean> {
    const name = this.getState().file?.filename ?? this.getState().tooLarge?.file.filename ?? UNTITLED_FILENAME;
    const { button, value } = await this.#host.dialog('file', { type: 'save', mime: TEXT_MIMES, filename: name, ...this.#startPath() });
    if (button !== 'ok' || !isEntry(value)) return false;
    return this.#write(value.path);
  }

  /**
   * Asks what to do with unsaved changes: Save (resolves whether it was
   * saved), Discard (true) or Cancel (false). Resolves true at once when
   * nothing is modified.
   */
  async confirmDiscard(): Promise<boolean> {
    if (!this.modified) return true;
    const { button } = await this.#host.dialog('confirm', {
      title: this.#host.t('textEditor.unsaved.title'),
      message: this.#host.t('textEditor.unsaved.message', { name: this.filename }),
      // Escape and closing give the first negative button: Cancel. Shown as Discard, Cancel, Save.
      buttons: ['yes', 'cancel', 'no'],
      reverseButtons: true,
      labels: { yes: 'textEditor.unsaved.save', no: 'textEditor.unsaved.discard' },
    });
    if (button === 'yes') return this.save();
    return button === 'no';
  }

  async #write(path: string): Promise<boolean> {
    const text = this.getState().text;
    this.update({ status: 'saving', error: null });
    try {
      const entry = await this.#host.files.writefile(path, text);
      this.update({ file: { ...entry, filename: entry.filename || basenameVfsPath(entry.path) }, savedText: text, status: 'ready', tooLarge: null });
      return true;
    } catch (error) {
      this.update({ status: 'ready', error: fileErrorText(error, this.#host.t) });
      return false;
    }
  }

  /** The dialogs start in the current file's folder. */
  #startPath(): { path?: string } {
    const file = this.getState().file ?? this.getState().tooLarge?.file;
    return file ? { path: parentVfsPath(file.path) } : {};
  }
}
