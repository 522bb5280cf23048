import { DialogBase, type DialogCallback, type DialogContext, type DialogOptions } from './DialogModel.js';

export interface ConfirmState {
  message: string;
}

/**
 * A question (docs/behaviour/dialogs.md#confirm): 'yes' and 'no' by default, 'ok' and 'cancel' when
 * yesno is false; the negative one is 'no' or 'cancel'. Minimum height 140.
 * Calls back with no value (null).
 */
export class ConfirmDialog extends DialogBase<ConfirmState> {
  constructor(context: DialogContext, options: DialogOptions, callback: DialogCallback) {
    super(context, options, callback, {
      kind: 'confirm',
      title: () => context.translate('dialog.confirm.title'),
      buttons: options.yesno === false ? ['ok', 'cancel'] : ['yes', 'no'],
      initial: { message: options.message ?? '' },
    });
  }

  protected callbackValue(): unknown {
    return null;
  }
}
