import type { SoundName } from '../sounds/SoundPlayer.js';
import type { FileSystem } from '../vfs/FileSystem.js';
import { AlertDialog } from './AlertDialog.js';
import { ChoiceDialog } from './ChoiceDialog.js';
import { ColorDialog } from './ColorDialog.js';
import { ConfirmDialog } from './ConfirmDialog.js';
import { DefaultApplicationDialog } from './DefaultApplicationDialog.js';
import { DIALOG_KINDS, type AnyDialogOptions, type DialogCallback, type DialogContext, type DialogKind, type DialogModel, type DialogOptions, type DialogWindows, type FileDialogOptions, type Translate } from './DialogModel.js';
import { FileDialog } from './FileDialog.js';
import { FontDialog } from './FontDialog.js';
import { PromptDialog } from './PromptDialog.js';
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

type Factory = (context: DialogContext, options: AnyDialogOptions, callback: DialogCallback) => DialogModel;

const FACTORIES: Readonly<Record<DialogKind, Factory>> = {
  alert: (c, o, cb) => new AlertDialog(c, o as DialogOptions, cb),
  confirm: (c, o, cb) => new ConfirmDialog(c, o as DialogOptions, cb),
  prompt: (c, o, cb) => new PromptDialog(c, o as DialogOptions, cb),
  progress: (c, o, cb) => new ProgressDialog(c, o as DialogOptions, cb),
  color: (c, o, cb) => new ColorDialog(c, o as DialogOptions, cb),
  font: (c, o, cb) => new FontDialog(c, o as DialogOptions, cb),
  file: (c, o, cb) => new FileDialog(c, o as FileDialogOptions, cb),
  choice: (c, o, cb) => new ChoiceDialog(c, o as DialogOptions, cb),
  defaultApplication: (c, o, cb) => new DefaultApplicationDialog(c, o as DialogOptions, cb),
};

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
   * without a callback (docs/behaviour/dialogs.md#kinds).
   */
  create(kind: string, options: DialogOptions | FileDialogOptions, callback?: DialogCallback): DialogModel {
    if (!isDialogKind(kind)) throw new Error(`Dialog '${kind}' does not exist`);
    if (typeof callback !== 'function') throw new Error('Dialog requires a callback');
    const dialog = FACTORIES[kind](this.#context, options ?? {}, callback);
    this.#dialogs = [...this.#dialogs, dialog];
    this.#notify();
    return dialog;
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

  /** Destroys every open dialog (each calls back with its negative button) and drops the listeners. */
  dispose(): void {
    for (const dialog of [...this.#dialogs]) dialog.destroy();
    this.#listeners.clear();
  }

  #notify(): void {
    for (const listener of [...this.#listeners]) listener();
  }
}
