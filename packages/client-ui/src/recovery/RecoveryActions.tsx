import type { JSX } from 'react';

export interface RecoveryActionsProps {
  submitLabel: string;
  /** Shows the spinner on the submit button and disables it. */
  busy: boolean;
  /** The way back to the login form ('Go Back', 'Cancel'). */
  backLabel: string;
  onBack(): void;
  /** Prefix of the buttons' test ids: `<prefix>.submit` and `<prefix>.<backTestId>`. */
  testIdPrefix: string;
  backTestId: string;
}

/** The two buttons of the recovery screens: submit (with its busy state) and the way back. */
export function RecoveryActions({ submitLabel, busy, backLabel, onBack, testIdPrefix, backTestId }: RecoveryActionsProps): JSX.Element {
  return (
    <div className="atr-form__actions">
      <button type="submit" className="atr-button atr-button--primary atr-button--block" disabled={busy} data-testid={`${testIdPrefix}.submit`}>
        {busy && <span className="atr-spinner" aria-hidden="true" />}
        {submitLabel}
      </button>
      <button type="button" className="atr-button atr-button--secondary atr-button--block" onClick={onBack} data-testid={`${testIdPrefix}.${backTestId}`}>
        {backLabel}
      </button>
    </div>
  );
}
