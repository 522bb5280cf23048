import { DialogBase, type DialogCallback, type DialogContext, type DialogOptions } from './DialogModel.js';

export interface AlertState {
  title: string;
  message: string;
  type: 'info' | 'error';
  /** For the error type: the error's message and stack (or 'No stack'), shown read-only. null otherwise. */
  errorText: string | null;
}

/**
 * An alert (docs/behaviour/dialogs.md#alert): title defaults to 'Alert' (translated), one
 * 'close' button. The error type shows the error's message and stack, or
 * 'No stack', plays the bell and stays on top; other types play the message
 * sound. Calls back with no value (null).
 */
export class AlertDialog extends DialogBase<AlertState> {
  constructor(context: DialogContext, options: DialogOptions, callback: DialogCallback) {
    const { translate } = context;
    const type = options.type === 'error' ? 'error' : 'info';
    const title = options.title ?? translate('dialog.alert.title');
    const message = options.message ?? '';
    const initial: AlertState = { title, message, type, errorText: type === 'error' ? errorText(options, translate('dialog.alert.noStack')) : null };
    super(context, options, callback, { kind: 'alert', title, buttons: ['close'], initial, ontop: type === 'error' });
    context.sounds?.play(type === 'error' ? 'bell' : 'message');
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
