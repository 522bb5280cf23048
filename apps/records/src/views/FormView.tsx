import { useModel, useTranslation } from '@atrium/app-kit';
import { labelOf, type Entity, type EntityRights } from '@atrium/shared/apps';
import { useEffect, useId, useRef, useState, type JSX, type KeyboardEvent } from 'react';
import type { FormModel, FormState } from '../model/FormModel.js';
import { FileUploads } from '../model/FileUploads.js';
import { FieldInput, type PickerSources } from './FieldInput.js';
import { FileField } from './FileField.js';
import { RECORD_VIEWS } from './slots.js';
import { failureText, problemText } from './texts.js';
import type { RecordsApi } from '../model/RecordsApi.js';

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
    <div className={`rec-field rec-field--${field.type}${problem ? ' rec-field--invalid' : ''}`} data-testid={`records.field.${fieldKey}`}>
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
        <span id={helpId} className="rec-field__help">
          {labelOf(field.help, language)}
        </span>
      )}
      {problem && (
        <span id={problemId} className="rec-problem" data-testid={`records.problem.${fieldKey}`}>
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

/**
 * A record's form (apps/records/README.md): its tabs and sections, one
 * input per field, Save (Ctrl+S), New (Alt+N), the previous and next record
 * of the list it came from (Alt+Page Up, Alt+Page Down), Delete and
 * Restore; above them what the user must know: a change made meanwhile by
 * someone else, a refusal, a deleted or read-only record.
 */
export function FormView({ model, entity, rights, actions }: { model: FormModel; entity: Entity; rights: EntityRights; actions: FormActions }): JSX.Element {
  const { t, language } = useTranslation();
  const state = useModel(model);
  const [tab, setTab] = useState(0);
  const [timeline, setTimeline] = useState(false);
  const [uploads] = useState(() => new FileUploads({ api: actions.api, done: (detail, field) => model.attached(detail, field) }, actions.app));
  // Uploads still going up stop with the form.
  useEffect(() => () => uploads.dispose(), [uploads]);
  const files: FilesOfForm = { uploads, app: actions.app, open: actions.openFile, sizeOf: actions.fileSize };
  const tabsId = useId();
  const layout = layoutOf(entity, language);
  const record = state.record;
  const at = record ? actions.sequence.indexOf(record.name) : -1;
  const previous = at > 0 ? actions.sequence[at - 1] : undefined;
  const next = at >= 0 && at < actions.sequence.length - 1 ? actions.sequence[at + 1] : undefined;
  const deleted = record?.deletedAt !== undefined;
  const editable = state.rights.update && !deleted;
  const Timeline = RECORD_VIEWS.timeline;
  const root = useRef<HTMLDivElement>(null);
  /** Saves; when a field keeps the record from being saved, the first such field gets the focus. */
  const save = async () => {
    if (!editable) return;
    const saved = await model.save();
    if (saved === null) root.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  };

  const remove = async () => {
    if (!record) return;
    if (await actions.confirm(t('records.form.confirmDeleteTitle'), t('records.form.confirmDelete', { title: record.title || record.name }))) await model.remove();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const key = event.key.toLowerCase();
    if ((event.ctrlKey || event.metaKey) && !event.altKey && key === 's') {
      event.preventDefault();
      void save();
    } else if (event.altKey && !event.ctrlKey && key === 'n' && rights.actions.includes('create')) {
      event.preventDefault();
      actions.create();
    } else if (event.altKey && event.key === 'PageUp' && previous) {
      event.preventDefault();
      actions.go(previous);
    } else if (event.altKey && event.key === 'PageDown' && next) {
      event.preventDefault();
      actions.go(next);
    }
  };

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
  const current = layout[Math.min(tab, layout.length - 1)]!;
  return (
    <div className="atk-app rec rec-form" ref={root} onKeyDown={onKeyDown} data-testid="records.form">
      <div className="rec-toolbar" role="toolbar" aria-label={labelOf(entity.label, language)}>
        {editable && (
          <button type="button" className="rec-button atk-primary" disabled={state.saving} aria-keyshortcuts="Control+S" onClick={() => void save()} data-testid="records.save">
            {state.saving ? t('records.form.saving') : t('records.form.save')}
          </button>
        )}
        {rights.actions.includes('create') && (
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
          {record && Timeline && (
            <button type="button" className="rec-button" aria-pressed={timeline} onClick={() => setTimeline((open) => !open)} data-testid="records.form.timeline">
              {t('records.form.timeline')}
            </button>
          )}
          {record && state.rights.delete && !deleted && (
            <button type="button" className="rec-button rec-button--danger" onClick={() => void remove()} data-testid="records.delete">
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
        {record && !deleted && !state.rights.update && <div className="rec-notice">{t('records.form.readOnly')}</div>}
      </div>
      <div className="rec-form__main">
        <form
          className="rec-form__body"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          {layout.length > 1 && (
            <div className="rec-tabs" role="tablist" aria-label={labelOf(entity.label, language)}>
              {layout.map((item, index) => (
                <button
                  key={index}
                  type="button"
                  role="tab"
                  id={`${tabsId}-${index}`}
                  aria-selected={index === tab}
                  aria-controls={`${tabsId}-panel`}
                  tabIndex={index === tab ? 0 : -1}
                  className="rec-tab"
                  onClick={() => setTab(index)}
                  onKeyDown={(e) => {
                    const to = e.key === 'ArrowRight' ? (index + 1) % layout.length : e.key === 'ArrowLeft' ? (index - 1 + layout.length) % layout.length : null;
                    if (to === null) return;
                    e.preventDefault();
                    setTab(to);
                    document.getElementById(`${tabsId}-${to}`)?.focus();
                  }}
                >
                  {item.label}
                </button>
              ))}
            </div>
          )}
          <div id={`${tabsId}-panel`} role={layout.length > 1 ? 'tabpanel' : undefined} aria-labelledby={layout.length > 1 ? `${tabsId}-${tab}` : undefined}>
            {current.sections.map((section, index) => (
              <fieldset key={index} className="rec-section">
                {section.label && <legend className="rec-section__title">{section.label}</legend>}
                {section.fields.map((key) => (
                  <FieldRow key={key} model={model} state={state} fieldKey={key} sources={actions.sources} files={files} />
                ))}
              </fieldset>
            ))}
          </div>
        </form>
        {timeline && record && Timeline && (
          <aside className="rec-form__side" aria-label={t('records.form.timeline')}>
            <Timeline app={actions.app} entity={entity} record={record} api={actions.api} canComment={state.rights.comment} people={state.people} links={state.links} />
          </aside>
        )}
      </div>
    </div>
  );
}
