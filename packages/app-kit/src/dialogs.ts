import type { Application, AppWindow, DialogOptions, FileDialogOptions, FileEntry } from '@atrium/sdk';

/** The button pressed ('ok', 'cancel', 'yes', 'no', 'close') and the dialog's value. */
export interface DialogAnswer {
  button: string;
  value: unknown;
}

/** The desktop's dialogs as promises, modal to the app's window (docs/APPLICATIONS.md, "Dialogs"). */
export interface AppDialogs {
  /** Any kind, as the desktop answers it. */
  show(kind: 'alert' | 'confirm' | 'prompt' | 'choice', options: DialogOptions): Promise<DialogAnswer>;
  show(kind: 'file', options: FileDialogOptions): Promise<DialogAnswer>;
  /** A question: resolves with the button pressed (Escape and closing give the negative one). */
  confirm(options: DialogOptions & { message: string }): Promise<string>;
  /** A text asked for: what the user typed, or null when cancelled. */
  prompt(options: DialogOptions & { message: string }): Promise<string | null>;
  /** The file chooser: the entry chosen (or to save as), or null when cancelled. */
  chooseFile(options: FileDialogOptions): Promise<FileEntry | null>;
}

/** Whether a dialog's value is a file entry (the file chooser's). */
function isEntry(value: unknown): value is FileEntry {
  return typeof value === 'object' && value !== null && typeof (value as FileEntry).path === 'string';
}

/**
 * The dialogs of an application (Application.dialog) as promises with typed
 * options. `parent` names the window they are modal to (asked at each
 * dialog: the window may be created after the dialogs).
 */
export function appDialogs(app: Pick<Application, 'dialog'>, parent: () => AppWindow | null | undefined = () => null): AppDialogs {
  const show = (kind: 'alert' | 'confirm' | 'prompt' | 'choice' | 'file', options: DialogOptions | FileDialogOptions): Promise<DialogAnswer> =>
    new Promise((resolve) => app.dialog(kind, { ...options, parent: options.parent ?? parent()?.wid ?? null }, (button, value) => resolve({ button, value })));
  return {
    show,
    confirm: async (options) => (await show('confirm', options)).button,
    prompt: async (options) => {
      const { button, value } = await show('prompt', options);
      return button === 'ok' ? String(value ?? '') : null;
    },
    chooseFile: async (options) => {
      const { button, value } = await show('file', options);
      return button === 'ok' && isEntry(value) ? value : null;
    },
  };
}
