import type { DialogModel } from '@atrium/client-core';
import type { JSX } from 'react';
import { useTranslation } from '../i18n/useTranslation.js';

/**
 * The dialog's buttons in the model's order (already reversed when the
 * options say so), labelled 'dialog.button.<name>', each enabled as the
 * model says; the default button (what Enter presses) is the primary one.
 * Call it on every state change: enabled-ness follows the state.
 */
export function DialogButtons({ model }: { model: DialogModel }): JSX.Element {
  const { t } = useTranslation();
  return (
    <div className="atr-dialog__buttons">
      {model.buttons.map((button) => (
        <button
          key={button}
          type="button"
          className={`atr-button atr-dialog__button ${button === model.defaultButton ? 'atr-button--primary' : 'atr-button--secondary'}`}
          data-testid={`dialog.button.${button}`}
          disabled={!model.isButtonEnabled(button)}
          onClick={() => void model.press(button)}
        >
          {t(labelKeyOf(model, button), { defaultValue: button })}
        </button>
      ))}
    </div>
  );
}

/** The i18n key of a button's label: the dialog's own (options.labels) or 'dialog.button.<name>'. */
function labelKeyOf(model: DialogModel, button: string): string {
  const labels = model.options.labels;
  const own = labels && Object.hasOwn(labels, button) ? labels[button] : undefined;
  return typeof own === 'string' ? own : `dialog.button.${button}`;
}
