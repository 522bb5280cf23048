import { Model } from '@atrium/app-kit';
import type { FileEntry, FileSystem } from '@atrium/sdk';
import { basenameVfsPath, parentVfsPath } from '@atrium/shared';
import { fileErrorText, type Translate } from '@atrium/sdk';

/** The mime patterns Preview shows (metadata.json `mimes`). */
export const PREVIEW_MIMES = ['^image/', '^video/', '^audio/', '^application/pdf$'];

/** How a file is shown. */
export type PreviewKind = 'image' | 'video' | 'audio' | 'pdf';

/** The kind of preview of a mime type, or null when Preview cannot show it. */
export function previewKindOf(mime: string): PreviewKind | null {
  const base = mime.split(';')[0]!.trim().toLowerCase();
  if (base.startsWith('image/')) return 'image';
  if (base.startsWith('video/')) return 'video';
  if (base.startsWith('audio/')) return 'audio';
  if (base === 'application/pdf') return 'pdf';
  return null;
}

/** The zoom steps of an image, as scales (1 is 100 %). */
export const ZOOM_STEPS = [0.1, 0.25, 0.33, 0.5, 0.67, 0.75, 1, 1.25, 1.5, 2, 3, 4, 6, 8];

/** What Preview asks of the desktop: the files and the texts. */
export interface PreviewHost {
  files: FileSystem;
  t: Translate;
}

export interface PreviewState {
  /** The file shown (also while it loads or when it failed). */
  file: FileEntry | null;
  /** The path of the file asked for (also before its entry is known, and when it could not be found). */
  path: string | null;
  kind: PreviewKind | null;
  /** The address the browser loads it from. */
  url: string | null;
  /**
   * loading: finding the file or waiting for the browser to load it;
   * ready: shown; error: `error` says why (missing file, a type Preview does not show, a file the browser cannot show).
   */
  status: 'empty' | 'loading' | 'ready' | 'error';
  error: string | null;
  /** 'fit': the image fits the window (never enlarged); otherwise a scale (1: 100 %). */
  zoom: 'fit' | number;
  /** The scale a fitted image is shown at (told by the view), for zooming from fit. */
  fitScale: number;
  /** The previewable files of the file's folder, in listing order (for previous/next). */
  siblings: readonly FileEntry[];
}

/** Whether a value is a file entry an app was given (args.file). */
function isEntry(value: unknown): value is FileEntry {
  return typeof value === 'object' && value !== null && typeof (value as FileEntry).path === 'string';
}

/**
 * Preview's rules: shows one image, video, audio or PDF file by its address
 * (the entry's `url`, else FileSystem.url), fits images to the window and
 * zooms them in steps, and moves to the previous or next previewable file
 * of the same folder. A missing file or a type Preview cannot show is an
 * error state with a translated sentence.
 */
export class PreviewModel extends Model<PreviewState> {
  readonly #host: PreviewHost;
  #shows = 0;

  constructor(host: PreviewHost) {
    super({ file: null, path: null, kind: null, url: null, status: 'empty', error: null, zoom: 'fit', fitScale: 1, siblings: [] });
    this.#host = host;
  }

  /** The window title: the file's name (also of one asked for and not found), else the app's (null). */
  get title(): string | null {
    const { file, path } = this.getState();
    return file?.filename ?? (path === null ? null : basenameVfsPath(path) || path);
  }

  /** Index of the file among its siblings (-1 when it is not listed). */
  get index(): number {
    const { file, siblings } = this.getState();
    return file ? siblings.findIndex((s) => s.path === file.path) : -1;
  }

  get hasPrevious(): boolean {
    return this.index > 0;
  }

  get hasNext(): boolean {
    const index = this.index;
    return index >= 0 && index < this.getState().siblings.length - 1;
  }

  /** The scale an image is drawn at now. */
  get scale(): number {
    const { zoom, fitScale } = this.getState();
    return zoom === 'fit' ? fitScale : zoom;
  }

  /** Shows a file (an entry or a 'name:/path'); lists its folder for previous/next unless `siblings` are given. */
  show(file: FileEntry | string, siblings?: readonly FileEntry[]): Promise<void> {
    return this.#show(file, siblings, false);
  }

  /**
   * Shows again the file a restored window showed: a file no longer there
   * says so, with its name and where it was (docs/behaviour/desktop.md#an-application-restores-its-own-document).
   */
  reopen(path: string): Promise<void> {
    return this.#show(path, undefined, true);
  }

  async #show(file: FileEntry | string, siblings: readonly FileEntry[] | undefined, reopen: boolean): Promise<void> {
    const show = ++this.#shows;
    const { files, t } = this.#host;
    const given = isEntry(file) ? file : null;
    const path = isEntry(file) ? file.path : file;
    this.update({ file: given, path, kind: given ? previewKindOf(given.mime) : null, url: null, status: 'loading', error: null, zoom: 'fit' });
    let entry: FileEntry;
    try {
      entry = await files.stat(path);
    } catch (error) {
      if (show !== this.#shows) return;
      const gone = reopen && (error as { code?: unknown } | null)?.code === 'vfs.notFound';
      this.update({ status: 'error', error: gone ? t('preview.reopen.missing', { name: this.title ?? path, path }) : fileErrorText(error, t) });
      return;
    }
    if (show !== this.#shows) return;
    const kind = entry.isFile ? previewKindOf(entry.mime) : null;
    this.update({ file: entry, path: entry.path, kind });
    if (!kind) {
      this.update({ status: 'error', error: t('preview.unsupported', { name: entry.filename }) });
    } else {
      try {
        // The fresh entry's address first: one given long ago (a restored session) may have expired.
        const url = entry.url ?? given?.url ?? (await files.url(entry.path));
        if (show !== this.#shows) return;
        // 'ready' once the browser has loaded it (loaded()).
        this.update({ url });
      } catch (error) {
        if (show === this.#shows) this.update({ status: 'error', error: fileErrorText(error, t) });
        return;
      }
    }
    if (siblings) this.update({ siblings });
    else await this.#listSiblings(entry, show);
  }

  /** The browser loaded the file (the image decoded, the media has its metadata, the frame loaded). */
  loaded(): void {
    if (this.getState().status === 'loading' && this.getState().url) this.update({ status: 'ready' });
  }

  /** The browser could not load or decode the file. */
  failed(): void {
    if (this.getState().url) this.update({ status: 'error', error: this.#host.t('preview.failed', { name: this.getState().file?.filename ?? '' }) });
  }

  async previous(): Promise<void> {
    if (this.hasPrevious) await this.show(this.getState().siblings[this.index - 1]!, this.getState().siblings);
  }

  async next(): Promise<void> {
    if (this.hasNext) await this.show(this.getState().siblings[this.index + 1]!, this.getState().siblings);
  }

  /** The view measured the scale at which the image fits its area (never above 1: small images are not enlarged). */
  setFitScale(scale: number): void {
    const fitScale = Number.isFinite(scale) && scale > 0 ? Math.min(1, scale) : 1;
    if (fitScale !== this.getState().fitScale) this.update({ fitScale });
  }

  /** The next larger zoom step. */
  zoomIn(): void {
    const current = this.scale;
    const step = ZOOM_STEPS.find((s) => s > current + 1e-6);
    if (step !== undefined) this.update({ zoom: step });
  }

  /** The next smaller zoom step. */
  zoomOut(): void {
    const current = this.scale;
    const step = [...ZOOM_STEPS].reverse().find((s) => s < current - 1e-6);
    if (step !== undefined) this.update({ zoom: step });
  }

  /** Fits the image to the window. */
  fit(): void {
    this.update({ zoom: 'fit' });
  }

  /** Shows the image at 100 %. */
  actualSize(): void {
    this.update({ zoom: 1 });
  }

  /** An address that downloads the file. */
  async downloadUrl(): Promise<string | null> {
    const file = this.getState().file;
    if (!file) return null;
    return this.#host.files.url(file.path, { download: true });
  }

  async #listSiblings(entry: FileEntry, show: number): Promise<void> {
    let siblings: FileEntry[] = [];
    try {
      siblings = (await this.#host.files.readdir(parentVfsPath(entry.path))).filter((e) => e.isFile && previewKindOf(e.mime) !== null);
    } catch {
      // Without a listing there is no previous or next: the file itself is still shown.
    }
    if (show === this.#shows) this.update({ siblings });
  }
}
