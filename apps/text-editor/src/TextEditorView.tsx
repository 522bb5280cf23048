import { FailureState, useModel, useTranslation } from '@atrium/app-kit';
import { humanFileSize } from '@atrium/shared';
import { useEffect, useRef, type JSX, type KeyboardEvent, type SyntheticEvent } from 'react';
import { warnBeforeUnload } from './closeGuard.js';
import { DownloadIcon, NewIcon, OpenIcon, SaveAsIcon, SaveIcon, WrapIcon } from './icons.js';
import { MAX_EDITABLE_BYTES, type TextEditorModel } from './TextEditorModel.js';
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
  const { text, status, error, tooLarge, reopening, notice, wrap, cursor } = state;
  const busy = status !== 'ready';
  const modified = model.modified;

  useEffect(() => warnBeforeUnload(() => model.modified), [model]);

  // A new window is ready to type in; each document shown starts with the caret at its top.
  useEffect(() => rootRef.current?.querySelector<HTMLTextAreaElement>('textarea')?.focus({ preventScroll: true }), []);
  useEffect(() => {
    const area = rootRef.current?.querySelector<HTMLTextAreaElement>('textarea');
    if (!area || state.opened === 0) return;
    area.setSelectionRange(0, 0);
    area.scrollTop = 0;
    model.setCursor(0);
  }, [model, state.opened]);

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
    const key = event.key.toLowerCase();
    if (key === 's') {
      event.preventDefault();
      if (!busy) void (event.shiftKey ? model.saveAs() : model.save());
    } else if (key === 'o' && !event.shiftKey) {
      event.preventDefault();
      if (!busy) void model.openWithDialog();
    }
  };
  const handleCaret = (event: SyntheticEvent<HTMLTextAreaElement>) => model.setCursor(event.currentTarget.selectionStart);

  return (
    <div ref={rootRef} className="ted" data-testid="textEditor" onKeyDown={handleKeyDown}>
      <div className="ted__bar" role="toolbar" aria-label={t('textEditor.toolbar')} onKeyDown={handleToolbarKey}>
        <button type="button" className="ted__tool" title={t('textEditor.new')} onClick={() => void model.newDocument()} disabled={busy} data-testid="textEditor.new">
          <NewIcon />
          <span>{t('textEditor.new')}</span>
        </button>
        <button type="button" className="ted__tool" title={t('textEditor.open')} onClick={() => void model.openWithDialog()} disabled={busy} aria-keyshortcuts="Control+O" data-testid="textEditor.open">
          <OpenIcon />
          <span>{t('textEditor.open')}</span>
        </button>
        <button type="button" className="ted__tool" title={t('textEditor.save')} onClick={() => void model.save()} disabled={busy || !!tooLarge || !!reopening} aria-keyshortcuts="Control+S" data-testid="textEditor.save">
          <SaveIcon />
          <span>{t('textEditor.save')}</span>
        </button>
        <button type="button" className="ted__tool" title={t('textEditor.saveAs')} onClick={() => void model.saveAs()} disabled={busy || !!tooLarge || !!reopening} aria-keyshortcuts="Control+Shift+S" data-testid="textEditor.saveAs">
          <SaveAsIcon />
          <span>{t('textEditor.saveAs')}</span>
        </button>
        <span className="ted__separator" aria-hidden="true" />
        <button type="button" className="ted__tool" title={t('textEditor.wrap')} aria-pressed={wrap} onClick={() => model.toggleWrap()} data-testid="textEditor.wrap">
          <WrapIcon />
          <span>{t('textEditor.wrap')}</span>
        </button>
      </div>
      {error && (
        <div className="ted__error" role="alert" data-testid="textEditor.error">
          <span className="ted__error-text">{error}</span>
          <button type="button" className="ted__dismiss" onClick={() => model.dismissError()}>
            {t('textEditor.dismiss')}
          </button>
        </div>
      )}
      {notice && (
        <div className="ted__notice" role="status" data-testid="textEditor.notice">
          <span className="ted__error-text">{notice}</span>
          <button type="button" className="ted__dismiss" onClick={() => model.dismissNotice()}>
            {t('textEditor.dismiss')}
          </button>
        </div>
      )}
      {reopening?.failure ? (
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
      ) : tooLarge ? (
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
      <div className="ted__status" role="group" aria-label={t('textEditor.status')} data-testid="textEditor.status">
        <span className="ted__path" title={model.path ?? undefined} data-testid="textEditor.path">
          {model.path ?? model.filename}
        </span>
        {modified && (
          <span className="ted__modified" data-testid="textEditor.modified">
            {t('textEditor.modified')}
          </span>
        )}
        {status !== 'ready' && <span role="status">{t(status === 'saving' ? 'textEditor.saving' : 'textEditor.loading')}</span>}
        <span className="ted__spacer" />
        {!tooLarge && !reopening && <span data-testid="textEditor.position">{t('textEditor.position', { line: cursor.line, column: cursor.column })}</span>}
        {!reopening && <span data-testid="textEditor.size">{tooLarge ? tooLarge.file.humanSize : model.size}</span>}
      </div>
    </div>
  );
}
