import { DialogBase, type DialogCallback, type DialogContext, type DialogOptions } from './DialogModel.js';

export interface ChoiceState {
  /** The chosen key of `choices`, or null when there is none to choose. */
  value: string | null;
  /** key -> label. */
  choices: Readonly<Record<string, string>>;
}

/** The key if it is one of the choices, else the first key, else null. */
export function validChoice(choices: Readonly<Record<string, string>>, value: unknown): string | null {
  if (typeof value === 'string' && Object.hasOwn(choices, value)) return value;
  return Object.keys(choices)[0] ?? null;
}

/** Picks one of options.choices (key -> label); the value is always one of its keys. Calls back with the key. */
export class ChoiceDialog extends DialogBase<ChoiceState> {
  constructor(context: DialogContext, options: DialogOptions, callback: DialogCallback) {
    const choices = { ...(options.choices ?? {}) };
    super(context, options, callback, {
      kind: 'choice',
      title: () => context.translate('dialog.choice.title'),
      buttons: ['ok', 'cancel'],
      initial: { value: validChoice(choices, options.value), choices },
    });
  }

  /** Chooses a key; anything that is not one of the choices is ignored. */
  setValue(key: string): void {
    const state = this.getState();
    if (typeof key === 'string' && Object.hasOwn(state.choices, key) && key !== state.value) this.setState({ ...state, value: key });
  }

  protected callbackValue(): unknown {
    return this.getState().value;
  }
}
