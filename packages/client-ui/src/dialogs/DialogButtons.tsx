import type { DialogModel } from '@atrium/client-core';
import type { JSX } from 'react';
import { useTranslation } from '../i18n/useTranslation.js';

/** Buttons that accept: shown as the primary button. */
const POSITIVE = new Set(['ok', 'yes']);

/**
 * The dialog's buttons in the model's order (already reversed when the
 * options say so), labelled 'dialog.button.<name>', each enabled as the
 * model says. Call it on every state change: enabled-ness follows the state.
 */
export function DialogButtons({ model }: { model: DialogModel }): JSX.Element {
  const { t } = useTranslation();
  const single = model.buttons.length === 1;
  return (
    <div className="atr-dialog__buttons">
      {model.buttons.map((button) => (
        <button
          key={button}
          type="button"
          className={`atr-button atr-dialog__button ${POSITIVE.has(button) || single ? 'atr-button--primary' : 'atr-button--secondary'}`}
          data-testid={`dialog.button.${button}`}
          disabled={!model.isButtonEnabled(button)}
          onClick={() => void model.press(button)}
        >
          {t(`dialog.button.${button}`, { defaultValue: button })}
        </button>
      ))}
    </div>
  );
}
