import type { SoundName } from '../sounds/SoundPlayer.js';
import type { FileSystem } from '../vfs/FileSystem.js';
import { AlertDialog } from './AlertDialog.js';
import { ConfirmDialog } from './ConfirmDialog.js';
import { DIALOG_KINDS, firstNegative, type AnyDialogOptions, type DialogCallback, type DialogContext, type DialogKind, type DialogModel, type DialogOptions, type DialogWindows, type FileDialogOptions, type Translate } from './DialogModel.js';
import { PromptDialog } from './PromptDialog.js';
import { retryImport } from '../retryImport.js';
import { ProgressDialog } from './ProgressDialog.js';

export interface DialogServiceOptions {
  /** The WindowManager (or anything with its open, close and onDidCloseWindow). */
  windows: DialogWindows;
  translate: Translate;
  sounds?: { play(name: SoundName): void };
  /** Needed by the file dialog. */
  fileSystem?: FileSystem;
  /** Choices of the default-application dialog when its options give none. */
  applications?: () => Array<{ name: string; title: string }>;
}

/** Creates the model of one dialog kind. */
export type DialogFactory = (context: DialogContext, options: AnyDialogOptions, callback: DialogCallback) => DialogModel;

/** The kinds a desktop opens now and then, whose models are loaded when first needed (seldomDialogs.ts). */
export const SELDOM_DIALOG_KINDS = ['color', 'font', 'file', 'choice', 'defaultApplication'] as const;
export type SeldomDialogKind = (typeof SELDOM_DIALOG_KINDS)[number];

/** The negative button of each of those kinds: what one that could not open calls back with (unless its options name buttons). */
const SELDOM_NEGATIVE: Readonly<Record<SeldomDialogKind, string>> = { color: 'cancel', font: 'cancel', file: 'cancel', choice: 'cancel', defaultApplication: 'close' };

/**
 * The models this page can create at once: the kinds a desktop needs early
 * and often (an alert, a question, a value, a progress), and the others once
 * their code has arrived (loadDialogKinds).
 */
const FACTORIES: Partial<Record<DialogKind, DialogFactory>> = {
  alert: (c, o, cb) => new AlertDialog(c, o as DialogOptions, cb),
  confirm: (c, o, cb) => new ConfirmDialog(c, o as DialogOptions, cb),
  prompt: (c, o, cb) => new PromptDialog(c, o as DialogOptions, cb),
  progress: (c, o, cb) => new ProgressDialog(c, o as DialogOptions, cb),
};

/** Makes kinds' models available to every DialogService of the page (loadDialogKinds does it once their code has arrived). */
export function registerDialogKinds(kinds: Partial<Record<DialogKind, DialogFactory>>): void {
  Object.assign(FACTORIES, kinds);
}

let seldomKinds: Promise<void> | null = null;

/**
 * Loads the models of the kinds a desktop opens now and then (colour, font,
 * file, choice, default application): a chunk of their own, fetched once
 * per page and shared by every DialogService, so that the signed-in shell
 * does not carry them (docs/PERFORMANCE.md). The desktop calls it when it
 * is idle; open() calls it for such a dialog asked for before. A failed
 * load is tried again the next time (under an address of its own:
 * retryImport).
 */
export function loadDialogKinds(): Promise<void> {
  seldomKinds ??= retryImport(() => import('./seldomDialogs.js')).then(
    (module) => registerDialogKinds(module.SELDOM_DIALOGS),
    (error: unknown) => {
      seldomKinds = null;
      throw error;
    },
  );
  return seldomKinds;
}

/** A dialog asked for with open() while its kind's code is on its way. */
interface PendingDialog {
  kind: SeldomDialogKind;
  options: AnyDialogOptions;
  callback: DialogCallback;
}

const isSeldomKind = (kind: DialogKind): kind is SeldomDialogKind => (SELDOM_DIALOG_KINDS as readonly string[]).includes(kind);

/** Whether a text names a dialog kind. */
export function isDialogKind(kind: unknown): kind is DialogKind {
  return typeof kind === 'string' && (DIALOG_KINDS as readonly string[]).includes(kind);
}

let windowCount = 0;

/**
 * Creates dialogs (docs/behaviour/dialogs.md) and keeps the list of open ones for the UI, which
 * renders each by its kind inside its window. A dialog leaves the list once
 * it has called back and closed.
 */
export class DialogService {
  readonly #context: DialogContext;
  #dialogs: readonly DialogModel[] = [];
  readonly #listeners = new Set<() => void>();
  readonly #pending = new Set<PendingDialog>();

  constructor(options: DialogServiceOptions) {
    this.#context = {
      windows: options.windows,
      translate: options.translate,
      sounds: options.sounds,
      fileSystem: options.fileSystem,
      applications: options.applications,
      create: (kind, dialogOptions, callback) => this.create(kind, dialogOptions, callback),
      // Unique across services too: two services may share one WindowManager.
      nextWindowId: () => `Dialog_${++windowCount}`,
      didFinish: (dialog) => {
        this.#dialogs = this.#dialogs.filter((d) => d !== dialog);
        this.#notify();
      },
    };
  }

  /**
   * Opens a dialog of that kind. Throws Error("Dialog '<kind>' does not
   * exist") for an unknown kind and Error('Dialog requires a callback')
   * without a callback (docs/behaviour/dialogs.md#kinds). A kind whose code
   * has not arrived yet (loadDialogKinds) is refused: open() waits for it.
   */
  create(kind: string, options: DialogOptions | FileDialogOptions, callback?: DialogCallback): DialogModel {
    if (!isDialogKind(kind)) throw new Error(`Dialog '${kind}' does not exist`);
    if (typeof callback !== 'function') throw new Error('Dialog requires a callback');
    const factory = FACTORIES[kind];
    if (!factory) throw new Error(`Dialog '${kind}' is not loaded yet: open it with open()`);
    const dialog = factory(this.#context, options ?? {}, callback);
    this.#dialogs = [...this.#dialogs, dialog];
    this.#notify();
    return dialog;
  }

  /**
   * Opens a dialog of that kind as create() does: at once when its model's
   * code is there (always for alert, confirm, prompt and progress; for the
   * other kinds once loadDialogKinds has run, which the desktop does when
   * idle), else as soon as it has arrived. Throws as create() does for an
   * unknown kind, a missing callback or a file dialog without a filesystem.
   * Resolves with the dialog, or null when it could not open (its code could
   * not be loaded, it failed to start, or the service was disposed
   * meanwhile): its callback has then had its negative button and null.
   */
  open(kind: string, options: DialogOptions | FileDialogOptions, callback?: DialogCallback): Promise<DialogModel | null> {
    if (!isDialogKind(kind) || typeof callback !== 'function' || FACTORIES[kind] || !isSeldomKind(kind)) return Promise.resolve(this.create(kind, options, callback));
    if (kind === 'file' && !((options as FileDialogOptions | undefined)?.fileSystem ?? this.#context.fileSystem)) throw new Error('The file dialog needs a filesystem');
    const pending: PendingDialog = { kind, options: options ?? {}, callback };
    this.#pending.add(pending);
    const giveUp = (what: string, error: unknown): null => {
      console.error(`The ${kind} dialog ${what}.`, error);
      this.#cancel(pending);
      return null;
    };
    return loadDialogKinds().then(
      () => {
        if (!this.#pending.has(pending)) return null;
        try {
          const dialog = this.create(kind, pending.options, callback);
          this.#pending.delete(pending);
          return dialog;
        } catch (error) {
          return giveUp('could not open', error);
        }
      },
      (error: unknown) => giveUp('could not be loaded', error),
    );
  }

  /**
   * The product's alert wrapper (docs/behaviour/dialogs.md#the-products-alert): Escape disabled, buttons reversed,
   * outside click allowed unless the options say otherwise. The callback is
   * optional here.
   */
  alert(message: string, options: DialogOptions = {}, callback: DialogCallback = () => undefined): DialogModel {
    return this.create('alert', { ...options, message, escapable: false, reverseButtons: true, outsideClick: options.outsideClick ?? true }, callback);
  }

  /** The open dialogs, oldest first; the same array until one opens or finishes. */
  dialogs(): readonly DialogModel[] {
    return this.#dialogs;
  }

  /** Calls the listener when a dialog opens or finishes; returns an unsubscribe. */
  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Destroys every open dialog (each calls back with its negative button), gives up those open() waits for (the same) and drops the listeners. */
  dispose(): void {
    for (const pending of [...this.#pending]) this.#cancel(pending);
    for (const dialog of [...this.#dialogs]) dialog.destroy();
    this.#listeners.clear();
  }

  /** A dialog open() waits for calls back with its negative button, once, and is no longer waited for. */
  #cancel(pending: PendingDialog): void {
    if (!this.#pending.delete(pending)) return;
    try {
      pending.callback(firstNegative(pending.options.buttons ?? []) ?? SELDOM_NEGATIVE[pending.kind], null);
    } catch (error) {
      console.error(`The ${pending.kind} dialog's callback failed.`, error);
    }
  }

  #notify(): void {
    for (const listener of [...this.#listeners]) listener();
  }
}
