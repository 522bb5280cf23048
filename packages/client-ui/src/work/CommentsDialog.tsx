import { CommentsModel, type CommentsState } from '@atrium/client-core';
import { TASK_COMMENT_MAX_LENGTH } from '@atrium/shared';
import { useEffect, useId, useRef, type FormEvent, type JSX, type KeyboardEvent, type RefObject } from 'react';
import { useDesktop } from '../desktop/DesktopContext.js';
import { ModalOverlay } from '../desktop/ModalOverlay.js';
import { useObservable } from '../hooks/useObservable.js';
import { useOwnedModel } from '../hooks/useOwnedModel.js';
import { useCataloguePart } from '../i18n/useCataloguePart.js';
import { useTranslation } from '../i18n/useTranslation.js';
import { useAppTitle, useDateFormat, useProblemText } from './workFormat.js';
import './WorkDialogs.css';

/**
 * The comments dialog (docs/behaviour/work.md#comments), 650 px wide,
 * fetched when first opened: a task's comments, oldest first, with their
 * author and time in the user's language, kept live while it is open; and
 * a new comment of at most 2000 characters with the characters left.
 * Comments are rendered as text, never as HTML. Opened by the notification
 * centre's Comments and by applications (Desktop.tasks.showComments).
 */
export default function CommentsDialog({ taskId }: { taskId: string }): JSX.Element | null {
  const ready = useCataloguePart('work');
  const { work, packages } = useDesktop();
  const model = useOwnedModel(() => {
    const created = new CommentsModel({
      client: packages.desktop.tasks,
      taskId,
      onTaskChange: (listener) => work.onTaskChange(listener),
      onResync: (listener) => work.onResync(listener),
    });
    void created.load();
    return created;
  }, [taskId]);
  if (!ready || !model) return null;
  return <Dialog model={model} onClose={() => work.closeDialog()} />;
}

function Dialog({ model, onClose }: { model: CommentsModel; onClose(): void }): JSX.Element {
  const { t } = useTranslation();
  const state = useObservable(model);
  const appTitle = useAppTitle();
  const problemText = useProblemText();
  const titleId = useId();
  const list = useRef<HTMLOListElement>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const { status, task, comments, problem } = state;

  // The newest comment in view: on arrival, after adding one, and when another user adds one.
  useEffect(() => {
    const element = list.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [comments.length]);

  // Once the comments have arrived, the comment field takes the focus the dialog held.
  useEffect(() => {
    if (status === 'ready' && document.activeElement?.getAttribute('role') === 'dialog') field.current?.focus({ preventScroll: true });
  }, [status]);

  return (
    <ModalOverlay labelledBy={titleId} onDismiss={onClose} className="atr-work-dialog atr-work-dialog--comments" testId="work.commentsDialog">
      <h2 id={titleId} className="atr-modal__title">
        {t('work.commentsDialog.title')}
      </h2>
      <div className="atr-modal__body atr-work-dialog__comments-body">
        {task && (
          <div className="atr-work-dialog__task">
            <p className="atr-work-dialog__name">{task.task_name}</p>
            <p className="atr-work-dialog__meta">{appTitle(task.appName)}</p>
          </div>
        )}
        {status === 'loading' && <p role="status">{t('work.commentsDialog.loading')}</p>}
        {status === 'ready' && comments.length === 0 && <p className="atr-work-dialog__none">{t('work.commentsDialog.none')}</p>}
        {comments.length > 0 && <CommentList ref={list} comments={comments} />}
        {problem && (
          <p className="atr-message atr-message--error" role="alert" data-testid="work.commentsDialog.problem">
            {problemText(problem)}
          </p>
        )}
      </div>
      <AddComment model={model} field={field} onClose={onClose} />
    </ModalOverlay>
  );
}

/** The comments, oldest first, with their author and time; scrolls when long, reachable with Tab so the keyboard can scroll it. */
function CommentList({ ref, comments }: { ref: RefObject<HTMLOListElement | null>; comments: CommentsState['comments'] }): JSX.Element {
  const { t } = useTranslation();
  const date = useDateFormat();
  return (
    <ol ref={ref} className="atr-work-dialog__comments" aria-label={t('work.commentsDialog.list')} tabIndex={0} data-testid="work.comments.list">
      {comments.map((comment) => (
        <li key={comment.id} className="atr-work-comment" data-testid="work.comment">
          <p className="atr-work-comment__head">
            <strong>{comment.author.name}</strong> <time dateTime={comment.created_at}>{date(comment.created_at)}</time>
          </p>
          <p className="atr-work-comment__text" data-testid="work.comment.text">
            {comment.text}
          </p>
        </li>
      ))}
    </ol>
  );
}

/** The new comment with the characters left, Close and Add; Ctrl+Enter (or ⌘+Enter) adds it, Enter alone starts a new line. */
function AddComment({ model, field, onClose }: { model: CommentsModel; field: RefObject<HTMLTextAreaElement | null>; onClose(): void }): JSX.Element {
  const { t } = useTranslation();
  const { status, text, sending } = useObservable(model);
  const fieldId = useId();
  const leftId = useId();
  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (await model.send()) field.current?.focus();
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void model.send();
    }
  };
  return (
    <form className="atr-work-dialog__add" onSubmit={(event) => void handleSubmit(event)} noValidate>
      <label htmlFor={fieldId} className="atr-field__label">
        {t('work.commentsDialog.add')}
      </label>
      <textarea
        ref={field}
        id={fieldId}
        className="atr-input atr-work-dialog__text"
        rows={3}
        maxLength={TASK_COMMENT_MAX_LENGTH}
        value={text}
        disabled={status !== 'ready'}
        aria-describedby={leftId}
        data-testid="work.commentsDialog.text"
        onChange={(event) => model.setText(event.target.value)}
        onKeyDown={handleKeyDown}
      />
      <div className="atr-work-dialog__add-foot">
        <span id={leftId} className="atr-work-dialog__left" data-testid="work.commentsDialog.left">
          {t('work.commentsDialog.left', { count: model.remaining() })}
        </span>
        <span className="atr-work-dialog__buttons">
          <button type="button" className="atr-button atr-button--secondary" data-testid="work.commentsDialog.close" onClick={onClose}>
            {t('work.commentsDialog.close')}
          </button>
          <button type="submit" className="atr-button atr-button--primary" disabled={!model.canSend() || sending} data-testid="work.commentsDialog.send">
            {t('work.commentsDialog.send')}
          </button>
        </span>
      </div>
    </form>
  );
}
