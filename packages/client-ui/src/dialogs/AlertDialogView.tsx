import type { AlertDialog } from '@atrium/client-core';
import { useId, type JSX } from 'react';
import { useTranslation } from '../i18n/useTranslation.js';
import { useObservable } from '../hooks/useObservable.js';
import { AlertIcon, InfoIcon } from '../icons.js';

/** An alert: its message with an icon; the error type adds the message and stack (or 'No stack') in a read-only text area (docs/behaviour/dialogs.md#alert). */
export function AlertDialogView({ model }: { model: AlertDialog }): JSX.Element {
  const { t } = useTranslation();
  const state = useObservable(model);
  const detailsId = useId();
  const error = state.type === 'error';
  return (
    <>
      <p className={`atr-dialog__message atr-dialog__message--${state.type}`} data-testid="dialog.message">
        {error ? <AlertIcon className="atr-dialog__icon" /> : <InfoIcon className="atr-dialog__icon" />}
        <span>{state.message}</span>
      </p>
      {error && state.errorText !== null && (
        <>
          <label className="atr-visually-hidden" htmlFor={detailsId}>
            {t('dialog.alert.details')}
          </label>
          <textarea id={detailsId} className="atr-dialog__details" data-testid="dialog.alert.details" readOnly value={state.errorText} spellCheck={false} />
        </>
      )}
    </>
  );
}
