import type { ChoiceDialog } from '@atrium/client-core';
import { useId, type JSX } from 'react';
import { useTranslation } from '../i18n/useTranslation.js';
import { useObservable } from '../hooks/useObservable.js';

/** Up to this many choices are shown as radio buttons, more as a select: the dialog is 400x200 (docs/behaviour/dialogs.md#sizes). */
const RADIO_MAX = 2;

/** A choice: the message, then the choices as radio buttons (a few) or a select (many). */
export function ChoiceDialogView({ model }: { model: ChoiceDialog }): JSX.Element {
  const { t } = useTranslation();
  const { value, choices } = useObservable(model);
  const id = useId();
  const message = model.options.message;
  const entries = Object.entries(choices);
  const label = message || t('dialog.choice.label');
  if (entries.length > RADIO_MAX) {
    return (
      <div className="atr-field">
        <label className={message ? 'atr-dialog__label' : 'atr-visually-hidden'} htmlFor={id} data-testid="dialog.message">
          {label}
        </label>
        <select id={id} className="atr-input atr-dialog__select" value={value ?? ''} data-testid="dialog.choice.select" data-autofocus onChange={(event) => model.setValue(event.target.value)}>
          {entries.map(([key, text]) => (
            <option key={key} value={key}>
              {text}
            </option>
          ))}
        </select>
      </div>
    );
  }
  return (
    <fieldset className="atr-choice" data-testid="dialog.choice.radios">
      <legend className={message ? 'atr-dialog__label' : 'atr-visually-hidden'} data-testid="dialog.message">
        {label}
      </legend>
      {entries.map(([key, text]) => (
        <label key={key} className="atr-choice__option">
          <input
            type="radio"
            name={id}
            value={key}
            checked={value === key}
            data-testid={`dialog.choice.${key}`}
            data-autofocus={value === key || undefined}
            onChange={() => model.setValue(key)}
          />
          <span>{text}</span>
        </label>
      ))}
    </fieldset>
  );
}
