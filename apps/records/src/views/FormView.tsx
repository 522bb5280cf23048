import { useModel, useTranslation } from '@atrium/app-kit';
import type { AppCommand } from '@atrium/sdk';
import { labelOf, type Entity, type EntityRights } from '@atrium/shared/apps';
import { useEffect, useId, useRef, useState, type JSX, type ReactNode, type RefObject } from 'react';
import type { FormModel, FormState } from '../model/FormModel.js';
import { FileUploads } from '../model/FileUploads.js';
import { FieldInput, type PickerSources } from './FieldInput.js';
import { FileField } from './FileField.js';
import { formCommands } from './formCommands.js';
import { RECORD_VIEWS } from './slots.js';
import { failureText, problemText } from './texts.js';
import type { RecordsApi } from '../model/RecordsApi.js';
import { TransitionDialog } from './workflow/TransitionDialog.js';
import { WorkflowPanel } from './workflow/WorkflowPanel.js';

/** What the form asks of the window around it. */
export interface FormActions {
  /** Opens a new record's form (in a window of its own). */
  create(): void;
  /** Shows another record in this window (next and previous of the list it was opened from). */
  go(name: string): void;
  /** Asks a question; resolves whether the user agreed. */
  confirm(title: string, message: string): Promise<boolean>;
  /** The records of the list the form was opened from, in order. */
  sequence: readonly string[];
  sources: PickerSources;
  app: string;
  api: RecordsApi;
  /** Opens a file (a path of the desktop's files) in the application of its type. */
  openFile(path: string): void;
  /** A file's size in bytes (a path of the desktop's files), or null when it cannot be read. */
  fileSize(path: string): Promise<number | null>;
  /** Puts the form's commands in the desktop's command registry for the form's window; returns their removal. */
  registerCommands(commands: readonly AppCommand[]): () => void;
}

/** What a form's file fields share: the uploads, and how a file opens. */
interface FilesOfForm {
  uploads: FileUploads;
  app: string;
  open(path: string): void;
  sizeOf(path: string): Promise<number | null>;
}

interface Section {
  label?: string;
  fields: string[];
}

/** The form's tabs of sections, as the entity's form view declares them, else one section of every field. */
function layoutOf(entity: Entity, language: string): Array<{ label: string | null; sections: Section[] }> {
  const form = entity.views.form;
  const section = (s: { label?: Parameters<typeof labelOf>[0]; fields: string[] }): Section => (s.label ? { label: labelOf(s.label, language), fields: s.fields } : { fields: s.fields });
  if (form && 'tabs' in form) return form.tabs.map((tab) => ({ label: labelOf(tab.label, language), sections: tab.sections.map(section) }));
  if (form && 'sections' in form) return [{ label: null, sections: form.sections.map(section) }];
  return [{ label: null, sections: [{ fields: Object.keys(entity.fields) }] }];
}

/** One field with its label, required mark, help, input and problem (tied to the input by aria-describedby). */
function FieldRow({ model, state, fieldKey, sources, files }: { model: FormModel; state: FormState; fieldKey: string; sources: PickerSources; files: FilesOfForm }): JSX.Element | null {
  const { t, language } = useTranslation();
  const base = useId();
  const field = model.entity.fields[fieldKey];
  if (!field || model.isHidden(fieldKey)) return null;
  const id = `${base}-input`;
  const problem = model.problemOf(fieldKey);
  const helpId = field.help ? `${base}-help` : undefined;
  const problemId = problem ? `${base}-problem` : undefined;
  const describedBy = [helpId, problemId].filter(Boolean).join(' ') || undefined;
  const label = labelOf(field.label, language);
  const readOnly = model.isReadOnly(fieldKey);
  const grouped = field.type === 'multiChoice' || field.type === 'rating' || field.type === 'table' || field.type === 'file';
  return (
    <div className={`atk-field rec-field rec-field--${field.type}${problem ? ' rec-field--invalid' : ''}`} data-testid={`records.field.${fieldKey}`}>
      {grouped ? (
        <span className="rec-field__label" id={`${base}-label`}>
          {label}
          {field.required && <Required />}
        </span>
      ) : (
        <label className="rec-field__label" htmlFor={id}>
          {label}
          {field.required && <Required />}
        </label>
      )}
      {field.type === 'file' ? (
        <FileField
          id={id}
          fieldKey={fieldKey}
          label={label}
          value={state.values[fieldKey] ?? null}
          record={state.record?.deletedAt ? null : (state.record?.name ?? null)}
          editable={!readOnly && !state.record?.deletedAt}
          uploads={files.uploads}
          describedBy={describedBy}
          open={(name) => state.record && files.open(`records:/${files.app}/${state.record.name}/${name}`)}
          sizeOf={(name) => (state.record ? files.sizeOf(`records:/${files.app}/${state.record.name}/${name}`) : Promise.resolve(null))}
          remove={(fileId) => model.removeFile(fieldKey, fileId)}
        />
      ) : (
      <FieldInput
        id={id}
        field={field}
        value={state.values[fieldKey] ?? null}
        readOnly={readOnly}
        invalid={problem !== undefined}
        describedBy={describedBy}
        sources={sources}
        label={label}
        onChange={(value) => model.set(fieldKey, value)}
        onBlur={() => model.touch(fieldKey)}
        cellProblem={(path) => {
          const p = model.problemOf(`${fieldKey}.${path}`);
          return p ? problemText(t, p) : undefined;
        }}
      />
      )}
      {field.help && (
        <span id={helpId} className="atk-field__help">
          {labelOf(field.help, language)}
        </span>
      )}
      {problem && (
        <span id={problemId} className="atk-problem" data-testid={`records.problem.${fieldKey}`}>
          {problemText(t, problem)}
        </span>
      )}
    </div>
  );
}

function Required(): JSX.Element {
  const { t } = useTranslation();
  return (
    <span className="rec-required" title={t('records.form.required')}>
      {' *'}
      <span className="atk-hidden">{t('records.form.required')}</span>
    </span>
  );
}

/** The records of the list the form came from that come before and after the one shown. */
function neighbours(sequence: readonly string[], name: string | undefined): { previous?: string | undefined; next?: string | undefined } {
  const at = name === undefined ? -1 : sequence.indexOf(name);
  return { previous: at > 0 ? sequence[at - 1] : undefined, next: at >= 0 && at < sequence.length - 1 ? sequence[at + 1] : undefined };
}

/** The form's state and what its buttons and commands do with it. */
interface FormControls {
  model: FormModel;
  state: FormState;
  previous: string | undefined;
  next: string | undefined;
  deleted: boolean;
  /** The user may change the record, and it is not deleted. */
  editable: boolean;
  canCreate: boolean;
  /** Saves; when a field keeps the record from being saved, the first such field gets the focus. */
  save(): Promise<void>;
  /** Deletes the record once the user agreed. */
  remove(): Promise<void>;
}

function useFormControls(model: FormModel, rights: EntityRights, actions: FormActions, root: RefObject<HTMLDivElement | null>): FormControls {
  const { t } = useTranslation();
  const state = useModel(model);
  const record = state.record;
  const { previous, next } = neighbours(actions.sequence, record?.name);
  const deleted = record?.deletedAt !== undefined;
  const editable = state.rights.update && !deleted;
  const save = async () => {
    if (!editable) return;
    const saved = await model.save();
    if (saved === null) root.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  };
  const remove = async () => {
    if (!record) return;
    if (await actions.confirm(t('records.form.confirmDeleteTitle'), t('records.form.confirmDelete', { title: record.title || record.name }))) await model.remove();
  };
  return { model, state, previous, next, deleted, editable, canCreate: rights.actions.includes('create'), save, remove };
}

/**
 * The form's keys as commands of the desktop (formCommands: New, Save, the
 * previous and next record), registered for the form's window while the
 * form is shown; they act on the form as it is when they run.
 */
function useFormCommands(controls: FormControls, actions: FormActions): void {
  const latest = useRef({ controls, actions });
  useEffect(() => {
    latest.current = { controls, actions };
  });
  const register = actions.registerCommands;
  useEffect(
    () =>
      register(
        formCommands(() => {
          const { controls: c, actions: a } = latest.current;
          return { canCreate: c.canCreate, create: a.create, canSave: c.editable, save: () => void c.save(), previous: c.previous, next: c.next, go: a.go };
        }),
      ),
    [register],
  );
}

/** Save, New, the previous and next record, the timeline, Delete and Restore. */
function FormToolbar({ controls, entity, actions, timeline }: { controls: FormControls; entity: Entity; actions: FormActions; timeline: { shown: boolean; toggle(): void } | null }): JSX.Element {
  const { t, language } = useTranslation();
  const { model, state, previous, next, deleted, editable } = controls;
  const record = state.record;
  return (
    <div className="rec-toolbar" role="toolbar" aria-label={labelOf(entity.label, language)}>
      {editable && (
        <button type="button" className="rec-button atk-primary" disabled={state.saving} aria-keyshortcuts="Control+S" onClick={() => void controls.save()} data-testid="records.save">
          {state.saving ? t('records.form.saving') : t('records.form.save')}
        </button>
      )}
      {controls.canCreate && (
        <button type="button" className="rec-button" aria-keyshortcuts="Alt+N" onClick={actions.create} data-testid="records.form.new">
          {t('records.form.new')}
        </button>
      )}
      {actions.sequence.length > 1 && record && (
        <>
          <button type="button" className="rec-button" disabled={!previous} aria-keyshortcuts="Alt+PageUp" onClick={() => previous && actions.go(previous)} data-testid="records.form.previous">
            {t('records.form.previous')}
          </button>
          <button type="button" className="rec-button" disabled={!next} aria-keyshortcuts="Alt+PageDown" onClick={() => next && actions.go(next)} data-testid="records.form.next">
            {t('records.form.next')}
          </button>
        </>
      )}
      <span className="rec-toolbar__end">
        {record && timeline && (
          <button type="button" className="rec-button" aria-pressed={timeline.shown} onClick={timeline.toggle} data-testid="records.form.timeline">
            {t('records.form.timeline')}
          </button>
        )}
        {record && state.rights.delete && !deleted && (
          <button type="button" className="rec-button rec-button--danger" onClick={() => void controls.remove()} data-testid="records.delete">
            {t('records.form.delete')}
          </button>
        )}
        {record && deleted && state.rights.delete && (
          <button type="button" className="rec-button" onClick={() => void model.restore()} data-testid="records.restore">
            {t('records.form.restore')}
          </button>
        )}
      </span>
    </div>
  );
}

/** What the user must know above the fields: a change made meanwhile, a conflict, a refusal, problems, a deleted or read-only record. */
function FormNotices({ controls }: { controls: FormControls }): JSX.Element {
  const { t } = useTranslation();
  const { model, state, deleted } = controls;
  return (
    <div className="rec-notices" aria-live="polite">
      {state.changedBy !== null && (
        <div className="rec-notice rec-notice--warning" role="alert" data-testid="records.changed">
          <span>{t('records.form.changedBy', { user: state.changedBy || t('records.form.someoneElse') })}</span>
          <button type="button" className="rec-button" onClick={() => void model.reload()}>
            {t('records.form.reload')}
          </button>
          <button type="button" className="rec-button rec-button--quiet" onClick={() => model.dismissChange()}>
            {t('records.form.keepEdits')}
          </button>
        </div>
      )}
      {state.conflict && (
        <div className="rec-notice rec-notice--error" role="alert" data-testid="records.conflict">
          <span>{t('records.error.conflict', { user: state.conflict.user || t('records.form.someoneElse'), version: state.conflict.version })}</span>
          <button type="button" className="rec-button" onClick={() => void model.reload()}>
            {t('records.form.reload')}
          </button>
        </div>
      )}
      {state.failure && (
        <div className="rec-notice rec-notice--error" role="alert" data-testid="records.failure">
          {failureText(t, state.failure)}
        </div>
      )}
      {state.shown === 'all' && Object.keys(state.problems).length > 0 && (
        <div className="rec-notice rec-notice--error" role="alert" data-testid="records.problems">
          {t('records.form.problems')}
        </div>
      )}
      {deleted && <div className="rec-notice">{t('records.form.deleted')}</div>}
      {state.record && !deleted && !state.rights.update && <div className="rec-notice">{t('records.form.readOnly')}</div>}
    </div>
  );
}

/** The form view's tabs (the arrows move between them), each a list of sections of fields. */
function FormFields({ controls, entity, sources, files, tab, onTab, header }: { controls: FormControls; entity: Entity; sources: PickerSources; files: FilesOfForm; tab: number; onTab(index: number): void; header?: ReactNode }): JSX.Element {
  const { language } = useTranslation();
  const tabsId = useId();
  const layout = layoutOf(entity, language);
  const current = layout[Math.min(tab, layout.length - 1)]!;
  const tabbed = layout.length > 1;
  return (
    <form
      className="rec-form__body"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void controls.save();
      }}
    >
      {header}
      {tabbed && <FormTabs labels={layout.map((item) => item.label)} label={labelOf(entity.label, language)} id={tabsId} tab={tab} onTab={onTab} />}
      <div id={`${tabsId}-panel`} role={tabbed ? 'tabpanel' : undefined} aria-labelledby={tabbed ? `${tabsId}-${tab}` : undefined}>
        {current.sections.map((section, index) => (
          <fieldset key={index} className="rec-section">
            {section.label && <legend className="rec-section__title">{section.label}</legend>}
            {section.fields.map((key) => (
              <FieldRow key={key} model={controls.model} state={controls.state} fieldKey={key} sources={sources} files={files} />
            ))}
          </fieldset>
        ))}
      </div>
    </form>
  );
}

/** The tab list of a form with tabs: a click or the arrow keys choose one. */
function FormTabs({ labels, label, id, tab, onTab }: { labels: Array<string | null>; label: string; id: string; tab: number; onTab(index: number): void }): JSX.Element {
  return (
    <div className="rec-tabs" role="tablist" aria-label={label}>
      {labels.map((text, index) => (
        <button
          key={index}
          type="button"
          role="tab"
          id={`${id}-${index}`}
          aria-selected={index === tab}
          aria-controls={`${id}-panel`}
          tabIndex={index === tab ? 0 : -1}
          className="rec-tab"
          onClick={() => onTab(index)}
          onKeyDown={(e) => {
            const to = e.key === 'ArrowRight' ? (index + 1) % labels.length : e.key === 'ArrowLeft' ? (index - 1 + labels.length) % labels.length : null;
            if (to === null) return;
            e.preventDefault();
            onTab(to);
            document.getElementById(`${id}-${to}`)?.focus();
          }}
        >
          {text}
        </button>
      ))}
    </div>
  );
}

/**
 * A record's form (apps/records/README.md): its tabs and sections, one
 * input per field, Save, New, the previous and next record of the list it
 * came from, Delete and Restore; above them what the user must know: a
 * change made meanwhile by someone else, a refusal, a deleted or read-only
 * record. Its keys are commands of the desktop while its window is focused
 * (Ctrl+S saves, Alt+N opens a new record, Alt+Page Up and Alt+Page Down
 * go to the previous and next record: formCommands).
 */
export function FormView({ model, entity, rights, actions }: { model: FormModel; entity: Entity; rights: EntityRights; actions: FormActions }): JSX.Element {
  const { t } = useTranslation();
  const root = useRef<HTMLDivElement>(null);
  const controls = useFormControls(model, rights, actions, root);
  useFormCommands(controls, actions);
  // The tab shown and the timeline stay as they are while another record of the list loads.
  const [tab, setTab] = useState(0);
  const [timeline, setTimeline] = useState(false);
  const [uploads] = useState(() => new FileUploads({ api: actions.api, done: (detail, field) => model.attached(detail, field) }, actions.app));
  // Uploads still going up stop with the form.
  useEffect(() => () => uploads.dispose(), [uploads]);
  const files: FilesOfForm = { uploads, app: actions.app, open: actions.openFile, sizeOf: actions.fileSize };
  const { state } = controls;
  const record = state.record;
  const Timeline = RECORD_VIEWS.timeline;
  if (state.status === 'loading') {
    return (
      <p className="atk-app rec rec-state" role="status">
        {t('records.form.loading')}
      </p>
    );
  }
  if (state.status === 'missing' || (state.status === 'failed' && !record)) {
    return (
      <p className="atk-app rec rec-state" role="alert" data-testid="records.form.missing">
        {state.status === 'missing' || !state.failure ? t('records.form.missing') : failureText(t, state.failure)}
      </p>
    );
  }
  return (
    <div className="atk-app rec rec-form" ref={root} data-testid="records.form">
      <FormToolbar controls={controls} entity={entity} actions={actions} timeline={Timeline ? { shown: timeline, toggle: () => setTimeline((open) => !open) } : null} />
      <FormNotices controls={controls} />
      <div className="rec-form__main">
        <FormFields
          controls={controls}
          entity={entity}
          sources={actions.sources}
          files={files}
          tab={tab}
          onTab={setTab}
          header={<WorkflowPanel model={model} state={state} entity={entity} sources={{ ...actions.sources, people: { ...actions.sources.people, ...state.people } }} />}
        />
        {timeline && record && Timeline && (
          <aside className="rec-form__side" aria-label={t('records.form.timeline')}>
            <Timeline app={actions.app} entity={entity} record={record} api={actions.api} canComment={state.rights.comment} people={state.people} links={state.links} />
          </aside>
        )}
      </div>
      <TransitionDialog flow={model.transitions} />
    </div>
  );
}
