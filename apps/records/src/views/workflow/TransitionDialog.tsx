import { useModel, useTranslation } from '@atrium/app-kit';
import { labelOf } from '@atrium/shared/apps';
import { useEffect, useId, useRef, type JSX, type KeyboardEvent } from 'react';
import type { TransitionFlow } from '../../model/workflow.js';
import { workflowFailureText } from './workflowText.js';

/** Keeps Tab within the dialog: from its last control to its first, and back. */
function trapTab(event: KeyboardEvent<HTMLElement>): void {
  if (event.key !== 'Tab') return;
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>('textarea, button:not(:disabled)')];
  const first = controls[0];
  const last = controls.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * The question a step asks before it is taken (docs/behaviour/workflows.md#in-the-runtime):
 * its `confirm` text, and a comment box when the step asks for one (a
 * required comment cannot be sent empty); the step's own label confirms,
 * Cancel or Escape closes it. A refusal of the server shows in it. The
 * form and the board show the same dialog; the keyboard goes back where it
 * was when it closes.
 */
export function TransitionDialog({ flow }: { flow: TransitionFlow }): JSX.Element | null {
  const { t, language } = useTranslation();
  const { pending } = useModel(flow);
  const base = useId();
  const first = useRef<HTMLTextAreaElement & HTMLButtonElement>(null);
  const open = pending !== null;
  useEffect(() => {
    if (!open) return;
    const before = document.activeElement as HTMLElement | null;
    first.current?.focus();
    return () => before?.focus();
  }, [open]);
  if (pending === null) return null;
  const { transition } = pending;
  const action = labelOf(transition.action, language);
  const asksComment = transition.comment !== 'none';
  const problemId = `${base}-problem`;
  return (
    <div className="rec-wf-overlay">
      <div
        className="rec-wf-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${base}-title`}
        aria-describedby={transition.confirm ? `${base}-question` : undefined}
        data-testid="records.workflow.dialog"
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation();
            flow.cancel();
          } else trapTab(event);
        }}
      >
        <h2 id={`${base}-title`} className="rec-wf-dialog__title">
          {action}
        </h2>
        {transition.confirm && (
          <p id={`${base}-question`} data-testid="records.workflow.question">
            {labelOf(transition.confirm, language)}
          </p>
        )}
        {asksComment && (
          <div className="atk-field">
            <label htmlFor={`${base}-comment`}>{transition.comment === 'required' ? t('records.workflow.comment') : t('records.workflow.commentOptional')}</label>
            <textarea
              ref={first}
              id={`${base}-comment`}
              className="rec-input"
              rows={3}
              value={pending.comment}
              required={transition.comment === 'required'}
              aria-invalid={pending.commentMissing || undefined}
              aria-describedby={pending.commentMissing ? problemId : undefined}
              onChange={(e) => flow.setComment(e.target.value)}
              data-testid="records.workflow.comment"
            />
            {pending.commentMissing && (
              <span id={problemId} className="atk-problem" role="alert">
                {t('records.workflow.commentMissing')}
              </span>
            )}
          </div>
        )}
        {pending.refusal && (
          <p className="rec-notice rec-notice--error" role="alert" data-testid="records.workflow.dialogFailure">
            {t('records.workflow.refused', { reason: workflowFailureText(t, pending.refusal) })}
          </p>
        )}
        <div className="rec-wf-dialog__buttons">
          <button type="button" className="rec-button" onClick={() => flow.cancel()} data-testid="records.workflow.cancel">
            {t('records.workflow.cancel')}
          </button>
          <button ref={asksComment ? undefined : first} type="button" className={`rec-button ${transition.decision === 'reject' ? 'rec-button--danger' : 'atk-primary'}`} disabled={pending.sending} onClick={() => void flow.confirm()} data-testid="records.workflow.confirm">
            {pending.sending ? t('records.workflow.sending') : action}
          </button>
        </div>
      </div>
    </div>
  );
}
