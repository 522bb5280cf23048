import type { ProgressDialog } from '@atrium/client-core';
import type { JSX } from 'react';
import { useTranslation } from '../i18n/useTranslation.js';
import { useObservable } from '../hooks/useObservable.js';

/** Progress: the message, a progress bar (role progressbar, 0–100) and the percentage in the interface language. */
export function ProgressDialogView({ model }: { model: ProgressDialog }): JSX.Element {
  const { t, i18n } = useTranslation();
  const { progress } = useObservable(model);
  const message = model.options.message;
  const percent = new Intl.NumberFormat(i18n.language.replace('_', '-'), { style: 'percent', maximumFractionDigits: 0 }).format(progress / 100);
  return (
    <>
      {message && (
        <p className="atr-dialog__message" data-testid="dialog.message">
          {message}
        </p>
      )}
      <div className="atr-progress">
        <div
          className="atr-progress__track"
          role="progressbar"
          aria-label={message || t('dialog.progress.title')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          aria-valuetext={percent}
          data-testid="dialog.progress"
        >
          <div className="atr-progress__bar" style={{ width: `${progress}%` }} />
        </div>
        <span className="atr-progress__value" data-testid="dialog.progress.value">
          {percent}
        </span>
      </div>
    </>
  );
}
