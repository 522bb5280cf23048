import { FailureState, useModel, useTranslation } from '@atrium/app-kit';
import type { DashboardDto, Widget } from '@atrium/shared/dashboards';
import { useEffect, useId, useRef, useState, type JSX, type RefObject } from 'react';
import { dashboardTextOf, type EditorModel } from '../../model/EditorModel.js';
import { refusalText } from '../../model/refusal.js';
import { AddWidgetForm } from './AddWidgetForm.js';
import { DashboardForm } from './DashboardForm.js';
import { EditorGrid } from './EditorGrid.js';
import { announcementText } from './editorText.js';
import { WidgetForm } from './WidgetForm.js';
import './DashboardEditor.css';

export interface DashboardEditorProps {
  model: EditorModel;
  /** Asks a yes/no question (the desktop's confirm dialog, modal to the window): true for yes. */
  confirm(question: { title: string; message: string }): Promise<boolean>;
  /** The editor is done: after a save, with the dashboard as saved, or after Cancel, with null. */
  onClose(saved: DashboardDto | null): void;
}

/** Why the last save did not happen, with Reload after a conflict. */
function SaveNotice({ model }: { model: EditorModel }): JSX.Element | null {
  const { t } = useTranslation();
  const { saveProblem } = useModel(model);
  if (saveProblem === null) return null;
  return (
    <div className="atk-notice" role="alert" data-testid="dashboards.editor.saveProblem">
      {saveProblem.kind === 'conflict' ? (
        <>
          <span>{t('dashboards.editor.save.conflict')}</span>
          <button type="button" className="atk-button" onClick={() => void model.reload()} data-testid="dashboards.editor.reload">
            {t('dashboards.editor.save.reload')}
          </button>
        </>
      ) : (
        <span className="dbe-notice__text">{saveProblem.kind === 'invalid' ? t('dashboards.editor.save.invalid') : t('dashboards.editor.save.failed', { message: saveProblem.code ? refusalText({ code: saveProblem.code, params: saveProblem.params, message: saveProblem.message }, t) : saveProblem.message })}</span>
      )}
    </div>
  );
}

/** The toolbar: Add widget, Undo, what is unsaved, Save and Cancel. */
function Toolbar({ model, adding, addId, addRef, onAdd, onSave, onCancel }: { model: EditorModel; adding: boolean; addId: string; addRef: RefObject<HTMLButtonElement | null>; onAdd(): void; onSave(): void; onCancel(): void }): JSX.Element {
  const { t } = useTranslation();
  const { canUndo, dirty, saving, problems, status } = useModel(model);
  return (
    <div className="dbe-toolbar" role="group" aria-label={t('dashboards.editor.toolbar')}>
      <button ref={addRef} type="button" className="atk-button" aria-expanded={adding} aria-controls={adding ? addId : undefined} disabled={status !== 'ready'} onClick={onAdd} data-testid="dashboards.editor.add">
        {t('dashboards.editor.add.label')}
      </button>
      <button type="button" className="atk-button" disabled={!canUndo} onClick={() => model.undo()} data-testid="dashboards.editor.undo">
        {t('dashboards.editor.undo')}
      </button>
      <span className="dbe-toolbar__status" data-testid="dashboards.editor.status">
        {[dirty ? t('dashboards.editor.unsaved') : '', problems.length > 0 ? t('dashboards.editor.problemCount', { count: problems.length }) : ''].filter(Boolean).join(' · ')}
      </span>
      <button type="button" className="atk-button atk-primary" disabled={saving || status !== 'ready'} onClick={onSave} data-testid="dashboards.editor.save">
        {saving ? t('dashboards.editor.saving') : t('dashboards.editor.save.label')}
      </button>
      <button type="button" className="atk-button" onClick={onCancel} data-testid="dashboards.editor.cancel">
        {t('dashboards.editor.cancel')}
      </button>
    </div>
  );
}

/**
 * The dashboard editor (docs/behaviour/dashboards.md#editing-a-dashboard),
 * shown in the dashboard's window in place of the dashboard: the grid in
 * edit mode, the side panel's form of the selected widget (or of the
 * dashboard), the toolbar, and a live region that says where a widget went.
 */
export function DashboardEditor({ model, confirm, onClose }: DashboardEditorProps): JSX.Element {
  const { t, language } = useTranslation();
  const state = useModel(model);
  const [adding, setAdding] = useState(false);
  const addId = useId();
  const addButton = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const [focusForm, setFocusForm] = useState(0);

  useEffect(() => {
    if (model.getState().status === 'loading') void model.load();
  }, [model]);
  useEffect(() => {
    if (focusForm > 0) heading.current?.focus();
  }, [focusForm]);

  const selected = state.selected === null ? undefined : state.definition.widgets.find((w) => w.id === state.selected);
  const remove = async (widget: Widget) => {
    const title = dashboardTextOf(widget.title, language) || t('dashboards.editor.untitled');
    if (!(await confirm({ title: t('dashboards.editor.remove.title'), message: t('dashboards.editor.remove.message', { title }) }))) return;
    model.removeWidget(widget.id);
    // The removed widget had the focus: it goes to a place that stays.
    addButton.current?.focus();
  };
  const save = async () => {
    const saved = await model.save();
    if (saved) onClose(saved);
  };
  const cancel = async () => {
    if (model.getState().dirty && !(await confirm({ title: t('dashboards.editor.discard.title'), message: t('dashboards.editor.discard.message') }))) return;
    onClose(null);
  };

  return (
    <div className="dbe" data-testid="dashboards.editor">
      <Toolbar model={model} adding={adding} addId={addId} addRef={addButton} onAdd={() => setAdding(!adding)} onSave={() => void save()} onCancel={() => void cancel()} />
      {adding ? (
        <AddWidgetForm
          id={addId}
          model={model}
          onClose={() => {
            setAdding(false);
            addButton.current?.focus();
          }}
          onAdded={() => {
            setAdding(false);
            setFocusForm((n) => n + 1);
          }}
        />
      ) : null}
      <SaveNotice model={model} />
      {state.status === 'loading' ? (
        <div className="atk-state" role="status">
          <span className="atk-spinner" aria-hidden="true" />
          {t('dashboards.editor.loading')}
        </div>
      ) : state.status === 'failed' ? (
        <FailureState title={t('dashboards.editor.loadFailed')} reason={state.loadProblem ?? ''} retry={{ label: t('common.retry'), onRetry: () => void model.load() }} testIds={{ root: 'dashboards.editor.failed', retry: 'dashboards.editor.retry' }} />
      ) : (
        <div className="dbe-body">
          <EditorGrid model={model} onRemove={(w) => void remove(w)} />
          <aside className="dbe-panel" aria-label={t('dashboards.editor.panel')}>
            {selected ? <WidgetForm key={selected.id} model={model} widget={selected} headingRef={heading} /> : <DashboardForm model={model} onRemove={(w) => void remove(w)} />}
          </aside>
        </div>
      )}
      <div className="atk-hidden" aria-live="polite" aria-atomic="true" data-testid="dashboards.editor.live">
        {state.announcement ? <span key={state.announcement.seq}>{announcementText(state.announcement, t)}</span> : null}
      </div>
    </div>
  );
}
