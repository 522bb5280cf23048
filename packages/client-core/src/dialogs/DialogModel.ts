import { Observable } from '../Observable.js';
import type { SoundName } from '../sounds/SoundPlayer.js';
import type { FileSystem } from '../vfs/FileSystem.js';
import type { WindowManager } from '../windows/WindowManager.js';
import type { Dimension, WindowTitle } from '../windows/types.js';
import { dialogSize, type DialogSize } from './dialogSizes.js';

/** The dialog kinds (docs/behaviour/dialogs.md#kinds). */
export const DIALOG_KINDS = ['alert', 'confirm', 'prompt', 'progress', 'color', 'font', 'file', 'choice', 'defaultApplication'] as const;
export type DialogKind = (typeof DIALOG_KINDS)[number];

/** Dialog options, common to every kind (docs/behaviour/dialogs.md#common-rules). */
export interface DialogOptions {
  /** Default: the kind's own; a function of the translator follows a language switch (docs/behaviour/windows.md#title). */
  title?: WindowTitle;
  message?: string;
  /** An alert's look: information, an error (with its details), or a refusal (access to something the user may not use). */
  type?: 'info' | 'error' | 'refused';
  /** An alert's second paragraph: what to do next. */
  hint?: string;
  /** Button names replacing the kind's own, in their natural order. */
  buttons?: string[];
  /** i18n keys of button labels replacing 'dialog.button.<name>' (the logout question's 'Yes, logout'). */
  labels?: Record<string, string>;
  value?: unknown;
  /** The part of a prompt's text selected when it opens, as [start, end); all of it when absent. */
  selection?: [number, number];
  /** A question whose yes cannot be undone (a deletion): its default button (focused, pressed by Enter) is the negative one. */
  destructive?: boolean;
  placeholder?: string;
  choices?: Record<string, string>;
  yesno?: boolean;
  /** Shown by an alert of type error. */
  error?: { message?: string; stack?: string } | Error;
  /** Shown with an error's details and logged with them, so that support can find the failure (a launch error's id). */
  errorId?: string;
  /** wid of a window: the dialog is modal to it. */
  parent?: number | null;
  /** Default true; false makes escape() do nothing (the alert wrapper). */
  escapable?: boolean;
  /** Buttons shown in reverse order (the alert wrapper). */
  reverseButtons?: boolean;
  /** true: a click outside the dialog is allowed (no block, no shake). */
  outsideClick?: boolean;
}

/** File dialog options (docs/behaviour/dialogs.md#file-chooser). `path` is the directory to start in ('name:/path'); `mime` lists accepted mime patterns. */
export interface FileDialogOptions extends Omit<DialogOptions, 'type'> {
  type: 'open' | 'save';
  filetype?: 'file' | 'directory';
  path?: string;
  filename?: string;
  mime?: string[];
  /** The filesystem to list instead of the desktop's (the developer entry's demo tree). */
  fileSystem?: FileSystem;
}

/** Options of any kind (the file dialog's `type` differs from the others'). */
export type AnyDialogOptions = DialogOptions | FileDialogOptions;

/** Called exactly once per dialog: the button name (or the negative one) and the dialog's value. */
export type DialogCallback = (button: string, value: unknown) => void;

/** Looks up a translated text ('dialog.alert.title', ...). */
export type Translate = (key: string, vars?: Record<string, unknown>) => string;

/** What a dialog needs from the WindowManager (its viewport, when it has one, to fit narrow screens). */
export type DialogWindows = Pick<WindowManager, 'open' | 'close' | 'onDidCloseWindow'> & Partial<Pick<WindowManager, 'viewport'>>;

/** Every dialog model: state is an Observable; exactly one callback call over its lifetime. */
export interface DialogModel<S = unknown> {
  readonly kind: DialogKind;
  /** Its window in the WindowManager. */
  readonly wid: number;
  /** In display order (reversed when reverseButtons); the UI translates 'dialog.button.<name>'. */
  readonly buttons: readonly string[];
  /** What Escape, closing the window and destroy pass ('cancel', 'no' or 'close'). */
  readonly negativeButton: string;
  /**
   * What Enter presses (docs/KEYBOARD.md) and the UI shows as the primary
   * button: the first positive one (ok, yes), else the only button; null
   * when there is none (several buttons, none positive).
   */
  readonly defaultButton: string | null;
  readonly options: AnyDialogOptions;
  /** true once it has called back (and closed). */
  readonly finished: boolean;
  getState(): S;
  subscribe(listener: () => void): () => void;
  /** Whether pressing the button would do anything (e.g. the file dialog's ok). */
  isButtonEnabled(button: string): boolean;
  /** Calls back (once) with the button and closes; a file save may first ask to overwrite. Disabled or unknown buttons are ignored. */
  press(button: string): Promise<void>;
  /** The negative button, unless escapable is false. */
  escape(): void;
  /** The negative button if it has not called back yet; closes the window. */
  destroy(): void;
}

/** What the service gives each dialog. */
export interface DialogContext {
  windows: DialogWindows;
  translate: Translate;
  sounds?: { play(name: SoundName): void } | undefined;
  fileSystem?: FileSystem | undefined;
  applications?: (() => Array<{ name: string; title: string }>) | undefined;
  /** Creates another dialog through the same service (the file dialog's overwrite prompt). */
  create(kind: DialogKind, options: AnyDialogOptions, callback: DialogCallback): DialogModel;
  /** A window id no other dialog has. */
  nextWindowId(): string;
  /** Told once the dialog has called back and closed. */
  didFinish(dialog: DialogModel): void;
}

/** How a kind sets up its base: its title, natural buttons, initial state and whether it stays on top. */
export interface DialogSetup<S> {
  kind: DialogKind;
  /** The kind's own title, given as a function so that it follows a language switch. */
  title: WindowTitle;
  buttons: readonly string[];
  initial: S;
  ontop?: boolean;
  /** false: the window has no close button, menu item or command of its own (the alert, whose only button closes it). */
  closeable?: boolean;
}

/** Buttons that accept; every other button is negative. */
const POSITIVE_BUTTONS: ReadonlySet<string> = new Set(['ok', 'yes']);

/** The first button that does not accept, if any. */
export const firstNegative = (buttons: readonly string[]): string | undefined => buttons.find((b) => !POSITIVE_BUTTONS.has(b));

/**
 * The button Enter presses and focus starts on: the first positive one,
 * else the only one, else none; for a destructive question the first
 * negative one (docs/behaviour/dialogs.md#default-button).
 */
export function defaultButtonOf(buttons: readonly string[], destructive = false): string | null {
  if (destructive) return firstNegative(buttons) ?? null;
  return buttons.find((b) => POSITIVE_BUTTONS.has(b)) ?? (buttons.length === 1 ? buttons[0]! : null);
}

/** Space kept free around a dialog squeezed into a narrow viewport (it may still be moved). */
const VIEWPORT_MARGIN = 8;

/**
 * The size a dialog opens with in a viewport: its kind's size, narrowed (and
 * its minimum with it) to the viewport less a margin, so that a dialog always
 * fits a 320 px wide screen with its buttons reachable (docs/ACCESSIBILITY.md).
 * The window's own 100x100 minimum still applies.
 */
export function fitDialogSize(size: DialogSize, viewport: Dimension | null): DialogSize {
  if (!viewport || !(viewport.width > 0) || !(viewport.height > 0)) return size;
  const room = { width: Math.max(0, viewport.width - 2 * VIEWPORT_MARGIN), height: Math.max(0, viewport.height - 2 * VIEWPORT_MARGIN) };
  const fit = (d: Dimension): Dimension => ({ width: Math.min(d.width, room.width), height: Math.min(d.height, room.height) });
  return { dimension: fit(size.dimension), minDimension: fit(size.minDimension) };
}

/**
 * The common life of a dialog: opens its window centred, not resizable, not
 * maximizable or minimizable, never saved in the session, modal to
 * `options.parent` when given, else to the desktop, at its kind's size; calls back exactly once —
 * on a press, escape(), destroy() or its window being closed — then closes
 * its window and tells the service.
 */
export abstract class DialogBase<S> extends Observable<S> implements DialogModel<S> {
  readonly kind: DialogKind;
  readonly wid: number;
  readonly buttons: readonly string[];
  readonly negativeButton: string;
  readonly defaultButton: string | null;
  readonly options: AnyDialogOptions;
  protected readonly context: DialogContext;
  #callback: DialogCallback;
  #finished = false;
  #pressing = false;
  readonly #stopWatchingWindow: () => void;

  protected constructor(context: DialogContext, options: AnyDialogOptions, callback: DialogCallback, setup: DialogSetup<S>) {
    super(setup.initial);
    this.context = context;
    this.options = options;
    this.kind = setup.kind;
    this.#callback = callback;
    const natural = options.buttons?.length ? [...options.buttons] : [...setup.buttons];
    this.buttons = options.reverseButtons ? natural.reverse() : natural;
    this.negativeButton = firstNegative(options.buttons ?? []) ?? firstNegative(setup.buttons) ?? 'cancel';
    this.defaultButton = defaultButtonOf(natural, options.destructive === true);
    const parent = options.parent ?? null;
    const size = fitDialogSize(dialogSize(setup.kind), context.windows.viewport?.() ?? null);
    this.wid = context.windows.open({
      id: context.nextWindowId(),
      title: options.title ?? setup.title,
      parent,
      dimension: size.dimension,
      attributes: {
        gravity: 'center',
        resizable: false,
        maximizable: false,
        minimizable: false,
        sessionable: false,
        // Modal to its parent, else to the desktop (docs/behaviour/dialogs.md#common-rules).
        modal: true,
        ontop: setup.ontop ?? false,
        closeable: setup.closeable ?? true,
        minDimension: size.minDimension,
      },
    }).wid;
    this.#stopWatchingWindow = context.windows.onDidCloseWindow((w) => {
      if (w.wid === this.wid) this.#finish(this.negativeButton, false);
    });
  }

  get finished(): boolean {
    return this.#finished;
  }

  isButtonEnabled(button: string): boolean {
    return this.buttons.includes(button);
  }

  async press(button: string): Promise<void> {
    if (this.#finished || this.#pressing || !this.isButtonEnabled(button)) return;
    this.#pressing = true;
    let proceed: boolean;
    try {
      proceed = await this.beforePress(button);
    } finally {
      this.#pressing = false;
    }
    if (proceed) this.#finish(button, true);
  }

  escape(): void {
    if (this.options.escapable === false) return;
    this.#finish(this.negativeButton, true);
  }

  destroy(): void {
    this.#finish(this.negativeButton, true);
  }

  /** The value passed to the callback with this button. */
  protected abstract callbackValue(button: string): unknown;

  /** Runs before a press calls back; false keeps the dialog open (the file dialog's overwrite prompt). */
  protected beforePress(_button: string): Promise<boolean> | boolean {
    return true;
  }

  #finish(button: string, closeWindow: boolean): void {
    if (this.#finished) return;
    this.#finished = true;
    this.#stopWatchingWindow();
    try {
      this.#callback(button, this.callbackValue(button));
    } catch (error) {
      // The dialog still closes: a failing callback must not leave a window nobody can dismiss.
      console.error(`The ${this.kind} dialog's callback failed.`, error);
    } finally {
      this.#callback = () => undefined;
      if (closeWindow) this.context.windows.close(this.wid);
      this.context.didFinish(this);
    }
  }
}
