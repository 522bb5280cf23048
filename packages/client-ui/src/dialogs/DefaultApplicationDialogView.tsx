import type { DefaultApplicationDialog } from '@atrium/client-core';
import { useId, type JSX } from 'react';
import { useTranslation } from '../i18n/useTranslation.js';
import { useObservable } from '../hooks/useObservable.js';

/** The default-application chooser: the message, a select of applications and 'Use as default'. */
export function DefaultApplicationDialogView({ model }: { model: DefaultApplicationDialog }): JSX.Element {
  const { t } = useTranslation();
  const { value, checked, choices } = useObservable(model);
  const id = useId();
  const message = model.options.message;
  return (
    <>
      <div className="atr-field">
        <label className="atr-dialog__label" htmlFor={id} data-testid="dialog.message">
          {message || t('dialog.defaultApplication.application')}
        </label>
        <select id={id} className="atr-input atr-dialog__select" value={value ?? ''} data-testid="dialog.defaultApplication.select" data-autofocus onChange={(event) => model.setValue(event.target.value)}>
          {Object.entries(choices).map(([name, title]) => (
            <option key={name} value={name}>
              {title}
            </option>
          ))}
        </select>
      </div>
      <label className="atr-dialog__check">
        <input type="checkbox" checked={checked} data-testid="dialog.defaultApplication.remember" onChange={(event) => model.setChecked(event.target.checked)} />
        <span>{t('dialog.defaultApplication.remember')}</span>
      </label>
    </>
  );
}
