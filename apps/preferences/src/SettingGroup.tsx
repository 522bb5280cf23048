import { LockIcon, useTranslation } from '@atrium/app-kit';
import { useId, type JSX, type ReactNode } from 'react';

export interface SettingGroupProps {
  legend: string;
  /** The setting is locked by the organisation: the note is shown and the fieldset disabled. */
  locked?: boolean;
  /** A refused change, shown below the controls. */
  error?: string | null;
  /** A line below the legend. */
  hint?: string;
  testId: string;
  children: ReactNode;
}

/**
 * One setting's controls under a legend. A locked setting keeps its value
 * on show but every control is disabled, with a lock and the note that the
 * organisation decides it; a refused change shows its reason inline.
 */
export function SettingGroup({ legend, locked = false, error, hint, testId, children }: SettingGroupProps): JSX.Element {
  const { t } = useTranslation();
  const noteId = useId();
  const errorId = useId();
  const describedBy = [locked && noteId, error && errorId].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className="prf-group" disabled={locked} aria-describedby={describedBy} data-testid={testId} data-locked={locked || undefined}>
      <legend className="prf-group__legend">
        {legend}
        {locked && <LockIcon className="prf-group__lock" width={16} height={16} data-testid={`${testId}.lock`} />}
      </legend>
      {hint && <p className="prf-group__hint">{hint}</p>}
      {children}
      {locked && (
        <p id={noteId} className="prf-group__note" data-testid={`${testId}.locked`}>
          {t('preferences.locked')}
        </p>
      )}
      {error && (
        <p id={errorId} className="prf-group__error" role="alert" data-testid={`${testId}.error`}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
