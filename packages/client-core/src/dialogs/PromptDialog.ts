import { DialogBase, type DialogCallback, type DialogContext, type DialogOptions } from './DialogModel.js';

export interface PromptState {
  value: string;
  placeholder: string;
}

/** Asks for a line of text: starts from options.value, shows options.placeholder; calls back with the text. */
export class PromptDialog extends DialogBase<PromptState> {
  constructor(context: DialogContext, options: DialogOptions, callback: DialogCallback) {
    super(context, options, callback, {
      kind: 'prompt',
      title: () => context.translate('dialog.prompt.title'),
      buttons: ['ok', 'cancel'],
      initial: { value: typeof options.value === 'string' ? options.value : '', placeholder: options.placeholder ?? '' },
    });
  }

  setValue(value: string): void {
    this.setState({ ...this.getState(), value: String(value) });
  }

  protected callbackValue(): unknown {
    return this.getState().value;
  }
}
