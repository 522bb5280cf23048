import type { JSX } from 'react';
import { AlertIcon, CheckIcon } from '@atrium/app-kit';

export interface FormMessageProps {
  kind: 'error' | 'success';
  text: string;
  id?: string;
  testId?: string;
}

/**
 * An error (red) or success (green) message under a form. Errors are alerts,
 * successes polite status updates, so screen readers announce both.
 */
export function FormMessage({ kind, text, id, testId }: FormMessageProps): JSX.Element {
  const Icon = kind === 'error' ? AlertIcon : CheckIcon;
  return (
    <p id={id} className={`atr-message atr-message--${kind}`} role={kind === 'error' ? 'alert' : 'status'} data-testid={testId}>
      <Icon className="atr-message__icon" />
      <span>{text}</span>
    </p>
  );
}
