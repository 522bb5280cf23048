import { DialogBase, type DialogCallback, type DialogContext, type DialogOptions } from './DialogModel.js';

export interface AlertState {
  title: string;
  message: string;
  type: 'info' | 'error' | 'refused';
  /** What to do next (options.hint), or null. */
  hint: string | null;
  /** For the error type: the error's message and stack (or 'No stack'), shown read-only behind the Details disclosure. null otherwise. */
  errorText: string | null;
  /** For the error type: the id the failure was logged with (options.errorId), shown and copied with the details. null when none was given. */
  errorId: string | null;
}

/**
 * An alert (docs/behaviour/dialogs.md#alert): title defaults to 'Alert' (translated), one
 * 'close' button, which is also the only way to close it with the pointer:
 * its window has no close button of its own (two controls named Close would
 * do the same thing). The error type keeps the error's message and stack,
 * or 'No stack', as details the view shows on request with the error's id;
 * it plays the bell and stays on top. Other types play the message sound.
 * Calls back with no value (null).
 */
export class AlertDialog extends DialogBase<AlertState> {
  constructor(context: DialogContext, options: DialogOptions, callback: DialogCallback) {
    const { translate } = context;
    const type = options.type === 'error' || options.type === 'refused' ? options.type : 'info';
    const title = options.title ?? (() => translate('dialog.alert.title'));
    const message = options.message ?? '';
    const error = type === 'error';
    const hint = typeof options.hint === 'string' && options.hint !== '' ? options.hint : null;
    const initial: AlertState = { title: typeof title === 'function' ? title(translate) : title, message, type, hint, errorText: error ? errorText(options, translate('dialog.alert.noStack')) : null, errorId: (error && options.errorId) || null };
    super(context, options, callback, { kind: 'alert', title, buttons: ['close'], initial, ontop: error, closeable: false });
    context.sounds?.play(error ? 'bell' : 'message');
  }

  /** What the Copy button puts on the clipboard: the error id (when there is one) and the details. */
  copyText(): string {
    const { errorId, errorText: details } = this.getState();
    const id = errorId ? `${this.context.translate('dialog.alert.errorId', { id: errorId })}\n` : '';
    return `${id}${details ?? this.getState().message}`;
  }

  protected callbackValue(): unknown {
    return null;
  }
}

function errorText(options: DialogOptions, noStack: string): string {
  const { error } = options;
  const message = error?.message || options.message || '';
  return `${message}\n\n${error?.stack || noStack}`;
}
