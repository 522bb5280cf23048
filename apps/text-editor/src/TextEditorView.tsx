import { FailureState, useModel, useTranslation } from '@atrium/app-kit';
import { humanFileSize } from '@atrium/shared';
import { useEffect, useRef, type JSX, type KeyboardEvent, type RefObject, type SyntheticEvent } from 'react';
import { warnBeforeUnload } from './closeGuard.js';
import { DownloadIcon, NewIcon, OpenIcon, SaveAsIcon, SaveIcon, WrapIcon } from './icons.js';
import { MAX_EDITABLE_BYTES, type TextEditorModel, type TextEditorState } from './TextEditorModel.js';
import './TextEditor.css';

export interface TextEditorViewProps {
  model: TextEditorModel;
}

/** A size whose number and unit stay on one line ('5.0 MiB'). */
const unbroken = (size: string) => size.replace(' ', '\u00a0');

/** Arrow keys, Home and End move between the toolbar's controls (docs/KEYBOARD.md). */
function handleToolbarKey(event: KeyboardEvent<HTMLDivElement>): void {
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>('button:not(:disabled)')];
  const at = controls.indexOf(document.activeElement as HTMLElement);
  const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: controls.length - 1 }[event.key];
  if (to === undefined || controls.length === 0) return;
  event.preventDefault();
  controls[(to + controls.length) % controls.length]?.focus();
}

/** The document's keys: Ctrl+S saves, Ctrl+Shift+S saves as, Ctrl+O opens (not while busy). */
function handleDocumentKey(event: KeyboardEvent<HTMLDivElement>, model: TextEditorModel, busy: boolean): void {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
  const key = event.key.toLowerCase();
  if (key === 's') {
    event.preventDefault();
    if (!busy) void (event.shiftKey ? model.saveAs() : model.save());
  } else if (key === 'o' && !event.shiftKey) {
    event.preventDefault();
    if (!busy) void model.openWithDialog();
  }
}

/** A new window is ready to type in; each document shown (`opened`) starts with the caret at its top. */
function useCaretAtTop(model: TextEditorModel, rootRef: RefObject<HTMLDivElement | null>, opened: number): void {
  useEffect(() => rootRef.current?.querySelector<HTMLTextAreaElement>('textarea')?.focus({ preventScroll: true }), [rootRef]);
  useEffect(() => {
    const area = rootRef.current?.querySelector<HTMLTextAreaElement>('textarea');
    if (!area || opened === 0) return;
    area.setSelectionRange(0, 0);
    area.scrollTop = 0;
    model.setCursor(0);
  }, [model, rootRef, opened]);
}

/** New, Open…, Save, Save As… and wrap. */
function Toolbar({ model, busy, canSave, wrap }: { model: TextEditorModel; busy: boolean; canSave: boolean; wrap: boolean }): JSX.Element {
  const { t } = useTranslation();
  return (
    <div className="ted__bar" role="toolbar" aria-label={t('textEditor.toolbar')} onKeyDown={handleToolbarKey}>
      <button type="button" className="ted__tool" title={t('textEditor.new')} onClick={() => void model.newDocument()} disabled={busy} data-testid="textEditor.new">
        <NewIcon />
        <span>{t('textEditor.new')}</span>
      </button>
      <button type="button" className="ted__tool" title={t('textEditor.open')} onClick={() => void model.openWithDialog()} disabled={busy} aria-keyshortcuts="Control+O" data-testid="textEditor.open">
        <OpenIcon />
        <span>{t('textEditor.open')}</span>
      </button>
      <button type="button" className="ted__tool" title={t('textEditor.save')} onClick={() => void model.save()} disabled={busy || !canSave} aria-keyshortcuts="Control+S" data-testid="textEditor.save">
        <SaveIcon />
        <span>{t('textEditor.save')}</span>
      </button>
      <button type="button" className="ted__tool" title={t('textEditor.saveAs')} onClick={() => void model.saveAs()} disabled={busy || !canSave} aria-keyshortcuts="Control+Shift+S" data-testid="textEditor.saveAs">
        <SaveAsIcon />
        <span>{t('textEditor.saveAs')}</span>
      </button>
      <span className="ted__separator" aria-hidden="true" />
      <button type="button" className="ted__tool" title={t('textEditor.wrap')} aria-pressed={wrap} onClick={() => model.toggleWrap()} data-testid="textEditor.wrap">
        <WrapIcon />
        <span>{t('textEditor.wrap')}</span>
      </button>
    </div>
  );
}

/** A message over the text with a dismiss button: the failure of the last operation (an alert) or a notice. */
function Message({ text, alert, onDismiss }: { text: string; alert: boolean; onDismiss(): void }): JSX.Element {
  const { t } = useTranslation();
  return (
    <div className={alert ? 'ted__error' : 'ted__notice'} role={alert ? 'alert' : 'status'} data-testid={alert ? 'textEditor.error' : 'textEditor.notice'}>
      <span className="ted__error-text">{text}</span>
      <button type="button" className="ted__dismiss" onClick={onDismiss}>
        {t('textEditor.dismiss')}
      </button>
    </div>
  );
}

/** The file of a restored window that could not be opened again: why, and what to do. */
function ReopenFailure({ model, reopening }: { model: TextEditorModel; reopening: NonNullable<TextEditorState['reopening']> }): JSX.Element {
  const { t } = useTranslation();
  return (
    <FailureState
      title={t('textEditor.reopen.title', { name: reopening.filename })}
      reason={reopening.missing ? t('textEditor.reopen.missing', { path: reopening.path }) : reopening.failure}
      retry={reopening.missing ? undefined : { label: t('common.retry'), onRetry: () => void model.retryReopen() }}
      actions={
        <button type="button" className="atk-failure__button" onClick={() => void model.openWithDialog()} data-testid="textEditor.reopen.open">
          {t('textEditor.open')}
        </button>
      }
      className="ted__reopen"
      testIds={{ root: 'textEditor.reopen', retry: 'textEditor.reopen.retry' }}
    />
  );
}

/** A file too large to edit: an offer to download it. */
function TooLarge({ tooLarge }: { tooLarge: NonNullable<TextEditorState['tooLarge']> }): JSX.Element {
  const { t } = useTranslation();
  return (
    <div className="ted__large" data-testid="textEditor.tooLarge">
      <h2 className="ted__large-title">{t('textEditor.tooLarge.title', { name: tooLarge.file.filename })}</h2>
      <p className="ted__large-text">{t('textEditor.tooLarge.text', { limit: unbroken(humanFileSize(MAX_EDITABLE_BYTES)), size: unbroken(tooLarge.file.humanSize) })}</p>
      {tooLarge.downloadUrl && (
        <a className="ted__download" href={tooLarge.downloadUrl} download={tooLarge.file.filename} data-testid="textEditor.download">
          <DownloadIcon />
          <span>{t('textEditor.download')}</span>
        </a>
      )}
    </div>
  );
}

/** The status line: the path, the modified marker, what is under way, the caret's line and column and the size. */
function StatusLine({ model, state }: { model: TextEditorModel; state: TextEditorState }): JSX.Element {
  const { t } = useTranslation();
  const { status, tooLarge, reopening, cursor } = state;
  return (
    <div className="ted__status" role="group" aria-label={t('textEditor.status')} data-testid="textEditor.status">
      <span className="ted__path" title={model.path ?? undefined} data-testid="textEditor.path">
        {model.path ?? model.filename}
      </span>
      {model.modified && (
        <span className="ted__modified" data-testid="textEditor.modified">
          {t('textEditor.modified')}
        </span>
      )}
      {status !== 'ready' && <span role="status">{t(status === 'saving' ? 'textEditor.saving' : 'textEditor.loading')}</span>}
      <span className="ted__spacer" />
      {!tooLarge && !reopening && <span data-testid="textEditor.position">{t('textEditor.position', { line: cursor.line, column: cursor.column })}</span>}
      {!reopening && <span data-testid="textEditor.size">{tooLarge ? tooLarge.file.humanSize : model.size}</span>}
    </div>
  );
}

/**
 * The Text Editor's window: a toolbar (New, Open…, Save, Save As…, wrap),
 * the failure of the last operation, a notice about the document, the text
 * (or, for a file too large to edit, an offer to download it; for the file
 * of a restored window that could not be opened again, why and what to do)
 * and a status line with the path, the
 * modified marker, the caret's line and column and the size.
 * Ctrl+S saves, Ctrl+Shift+S saves as, Ctrl+O opens.
 */
export function TextEditorView({ model }: TextEditorViewProps): JSX.Element {
  const { t } = useTranslation();
  const state = useModel(model);
  const rootRef = useRef<HTMLDivElement>(null);
  const { text, status, error, tooLarge, reopening, notice, wrap } = state;
  const busy = status !== 'ready';

  useEffect(() => warnBeforeUnload(() => model.modified), [model]);
  useCaretAtTop(model, rootRef, state.opened);

  const handleCaret = (event: SyntheticEvent<HTMLTextAreaElement>) => model.setCursor(event.currentTarget.selectionStart);

  return (
    <div ref={rootRef} className="ted" data-testid="textEditor" onKeyDown={(event) => handleDocumentKey(event, model, busy)}>
      <Toolbar model={model} busy={busy} canSave={!tooLarge && !reopening} wrap={wrap} />
      {error && <Message text={error} alert onDismiss={() => model.dismissError()} />}
      {notice && <Message text={notice} alert={false} onDismiss={() => model.dismissNotice()} />}
      {reopening?.failure ? (
        <ReopenFailure model={model} reopening={reopening} />
      ) : tooLarge ? (
        <TooLarge tooLarge={tooLarge} />
      ) : (
        <textarea
          className={`ted__text${wrap ? '' : ' ted__text--nowrap'}`}
          value={text}
          wrap={wrap ? 'soft' : 'off'}
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          readOnly={status === 'loading'}
          aria-label={t('textEditor.content', { name: model.filename })}
          aria-busy={status === 'loading' || undefined}
          onChange={(event) => {
            model.setText(event.currentTarget.value);
            handleCaret(event);
          }}
          onSelect={handleCaret}
          data-testid="textEditor.text"
        />
      )}
      <StatusLine model={model} state={state} />
    </div>
  );
}
