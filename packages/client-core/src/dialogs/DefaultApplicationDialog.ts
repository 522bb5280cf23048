import { DialogBase, type DialogCallback, type DialogContext, type DialogOptions } from './DialogModel.js';
import { validChoice } from './ChoiceDialog.js';

/** The default-application value (docs/behaviour/dialogs.md#default-application): the chosen application and whether to remember it as the default. */
export interface DefaultApplicationValue {
  value: string | null;
  checked: boolean;
}

export interface DefaultApplicationState extends DefaultApplicationValue {
  /** Application name -> title. */
  choices: Readonly<Record<string, string>>;
}

/**
 * Chooses the application to open a file with, and whether to use it as the
 * default ('dialog.defaultApplication.remember'). Choices come from
 * options.choices, else from the service's applications. options.value is a
 * name or a DefaultApplicationValue. Buttons 'ok' and 'close'; calls back
 * with a DefaultApplicationValue.
 */
export class DefaultApplicationDialog extends DialogBase<DefaultApplicationState> {
  constructor(context: DialogContext, options: DialogOptions, callback: DialogCallback) {
    const choices = options.choices ? { ...options.choices } : Object.fromEntries((context.applications?.() ?? []).map((a) => [a.name, a.title]));
    const given = options.value;
    const isValue = typeof given === 'object' && given !== null;
    const initial: DefaultApplicationState = {
      value: validChoice(choices, isValue ? (given as Partial<DefaultApplicationValue>).value : given),
      checked: isValue && (given as Partial<DefaultApplicationValue>).checked === true,
      choices,
    };
    super(context, options, callback, {
      kind: 'defaultApplication',
      title: () => context.translate('dialog.defaultApplication.title'),
      buttons: ['ok', 'close'],
      initial,
    });
  }

  /** Chooses an application; names that are not among the choices are ignored. */
  setValue(name: string): void {
    const state = this.getState();
    if (typeof name === 'string' && Object.hasOwn(state.choices, name) && name !== state.value) this.setState({ ...state, value: name });
  }

  setChecked(checked: boolean): void {
    const state = this.getState();
    if (state.checked !== Boolean(checked)) this.setState({ ...state, checked: Boolean(checked) });
  }

  protected callbackValue(): unknown {
    const { value, checked } = this.getState();
    return { value, checked } satisfies DefaultApplicationValue;
  }
}
