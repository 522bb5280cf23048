import type { AlertDialog } from '@atrium/client-core';
import { useEffect, useId, useRef, useState, type JSX } from 'react';
import { useTranslation } from '../i18n/useTranslation.js';
import { useObservable } from '../hooks/useObservable.js';
import { dialogMessageId } from '../windows/focusable.js';
import { AlertIcon, ChevronRightIcon, InfoIcon, LockIcon } from '@atrium/app-kit';

type CopyStatus = 'idle' | 'copied' | 'failed';

/**
 * An alert (docs/behaviour/dialogs.md#alert): its message with an icon of
 * its type (an error's, a padlock for a refusal, an information's), then
 * what to do next when the caller says it. The error type keeps its
 * technical details (message and stack, or 'No stack') behind a Details
 * button, collapsed at first, so that the sentence is what the user reads;
 * expanded, it shows the error's id, the details in a read-only text area
 * and a button copying both.
 */
export function AlertDialogView({ model }: { model: AlertDialog }): JSX.Element {
  const state = useObservable(model);
  const error = state.type === 'error';
  const icon =
    state.type === 'error' ? (
      <AlertIcon className="atr-dialog__icon" data-icon="error" />
    ) : state.type === 'refused' ? (
      <LockIcon className="atr-dialog__icon" data-icon="refused" />
    ) : (
      <InfoIcon className="atr-dialog__icon" data-icon="info" />
    );
  return (
    <>
      <p id={dialogMessageId(model.wid)} className={`atr-dialog__message atr-dialog__message--${state.type}`} data-testid="dialog.message">
        {icon}
        <span className="atr-dialog__message-text">{state.message}</span>
      </p>
      {state.hint && (
        <p className="atr-dialog__hint" data-testid="dialog.hint">
          {state.hint}
        </p>
      )}
      {error && state.errorText !== null && <ErrorDetails model={model} errorId={state.errorId} text={state.errorText} />}
    </>
  );
}

function ErrorDetails({ model, errorId, text }: { model: AlertDialog; errorId: string | null; text: string }): JSX.Element {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const [copy, setCopy] = useState<CopyStatus>('idle');
  const regionId = useId();
  const detailsId = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  // The alert keeps its size: once expanded, its content scrolls to put the details in view (the sentence stays above them).
  useEffect(() => {
    const button = toggle.current;
    const content = button?.closest<HTMLElement>('.atr-dialog__content');
    if (!expanded || !button || !content) return;
    content.scrollTop = button.getBoundingClientRect().top - content.getBoundingClientRect().top + content.scrollTop - 6;
  }, [expanded]);

  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(model.copyText());
      setCopy('copied');
    } catch {
      // No clipboard (refused, or not offered here): the text is selected for the user to copy.
      area.current?.focus();
      area.current?.select();
      setCopy('failed');
    }
  };

  return (
    <div className={`atr-dialog__disclosure${expanded ? ' atr-dialog__disclosure--expanded' : ''}`}>
      <div className="atr-dialog__disclosure-bar">
        <button
          ref={toggle}
          type="button"
          className="atr-dialog__disclosure-toggle"
          aria-expanded={expanded}
          aria-controls={expanded ? regionId : undefined}
          data-testid="dialog.alert.toggle"
          onClick={() => setExpanded((open) => !open)}
        >
          <ChevronRightIcon className="atr-dialog__disclosure-chevron" width={16} height={16} />
          {t('dialog.alert.disclosure')}
        </button>
        {expanded && errorId && (
          <span className="atr-dialog__error-id" data-testid="dialog.alert.errorId">
            {t('dialog.alert.errorId', { id: errorId })}
          </span>
        )}
        {expanded && (
          <button type="button" className="atr-button atr-button--secondary atr-dialog__copy" data-testid="dialog.alert.copy" onClick={() => void handleCopy()}>
            {t('dialog.alert.copy')}
          </button>
        )}
      </div>
      {expanded && (
        <div id={regionId} className="atr-dialog__disclosure-region" data-testid="dialog.alert.region">
          <span className="atr-dialog__copy-status" role="status" data-testid="dialog.alert.copyStatus">
            {copy === 'copied' ? t('dialog.alert.copied') : copy === 'failed' ? t('dialog.alert.copyFailed') : ''}
          </span>
          <label className="atr-visually-hidden" htmlFor={detailsId}>
            {t('dialog.alert.details')}
          </label>
          <textarea ref={area} id={detailsId} className="atr-dialog__details" data-testid="dialog.alert.details" readOnly value={text} spellCheck={false} />
        </div>
      )}
    </div>
  );
}
