import { useId, useState, type JSX, type ReactNode } from 'react';
import { AlertIcon, ChevronRightIcon } from './icons.js';

export interface FailureStateProps {
  /** What could not be done ('Your tasks could not be loaded'). */
  title: string;
  /** Why, in words a user understands, and what to do. */
  reason: ReactNode;
  /** The Retry button: its label and what it does; leave it out when retrying cannot help. */
  retry?: { label: string; onRetry(): void };
  /** The technical details (error code, message) behind a disclosure, with the disclosure's label. */
  details?: { label: string; text: string };
  /** Further buttons (go home, mount), after Retry. */
  actions?: ReactNode;
  /** Replaces the warning icon. */
  icon?: ReactNode;
  /** Added to the root (the app's layout of it: filling its area). */
  className?: string;
  /** Test ids: the root, the Retry button, the disclosure's button and text. */
  testIds?: { root?: string; retry?: string; details?: string; detailsText?: string };
}

/**
 * The failure state an app draws where its content would be (docs/APPLICATIONS.md,
 * "Failure state"): a warning icon, the title, the reason (announced to screen
 * readers), a Retry button and the technical details behind a disclosure,
 * closed at first.
 */
export function FailureState({ title, reason, retry, details, actions, icon, className, testIds = {} }: FailureStateProps): JSX.Element {
  const [expanded, setExpanded] = useState(false);
  const detailsId = useId();
  return (
    <div className={className ? `atk-failure ${className}` : 'atk-failure'} data-testid={testIds.root}>
      <span className="atk-failure__icon">{icon ?? <AlertIcon width={40} height={40} />}</span>
      <h2 className="atk-failure__title">{title}</h2>
      <p className="atk-failure__reason" role="alert">
        {reason}
      </p>
      {(retry || actions) && (
        <div className="atk-failure__actions">
          {retry && (
            <button type="button" className="atk-failure__button" onClick={retry.onRetry} data-testid={testIds.retry}>
              {retry.label}
            </button>
          )}
          {actions}
        </div>
      )}
      {details && (
        <div className="atk-disclosure">
          <button
            type="button"
            className="atk-disclosure__toggle"
            aria-expanded={expanded}
            aria-controls={expanded ? detailsId : undefined}
            onClick={() => setExpanded((open) => !open)}
            data-testid={testIds.details}
          >
            <ChevronRightIcon width={16} height={16} className="atk-disclosure__chevron" />
            {details.label}
          </button>
          {expanded && (
            <pre id={detailsId} className="atk-disclosure__text" data-testid={testIds.detailsText}>
              {details.text}
            </pre>
          )}
        </div>
      )}
    </div>
  );
}

/** The technical details of a failure: its code (when it has one) over its message. */
export function failureDetails(error: unknown): string {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  const message = error instanceof Error ? error.message : typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string' ? (error as { message: string }).message : String(error);
  return typeof code === 'string' && code !== '' ? `${code}\n${message}` : message;
}
