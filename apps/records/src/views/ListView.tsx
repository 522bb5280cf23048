import { FailureState, useModel, useTranslation } from '@atrium/app-kit';
import { labelOf, type Entity, type EntityRights, type RecordDto } from '@atrium/shared/apps';
import { useState, type JSX } from 'react';
import type { ListModel, ListState } from '../model/ListModel.js';
import { failureOf, type RecordsFailure } from '../model/RecordsApi.js';
import { FilterBar } from './FilterBar.js';
import { RecordTable, useColumnLabel } from './RecordTable.js';
import { failureDetails, failureText } from './texts.js';
import { useNumber } from './viewHelpers.js';

/** What the list asks of the window around it. */
export interface ListActions {
  /** Opens a record in its own window; `names` are the records listed, for its next and previous. */
  open(record: RecordDto, names: readonly string[]): void;
  /** Opens a new record's form. */
  create(): void;
  /** Asks the user for a text (a saved view's name); null when cancelled. */
  prompt(message: string): Promise<string | null>;
  /** Hands a file to the browser as a download. */
  download(filename: string, text: string, type: string): void;
  /** Opens the import of a CSV file into this list's records. */
  importCsv(): void;
}

/** The CSV export of what the list shows, handed to the browser as `{entity}.csv`: whether it is under way, and why it failed. */
function useExport(model: ListModel, plural: string, actions: ListActions): { exporting: boolean; failure: RecordsFailure | null; run(): Promise<void> } {
  const [exporting, setExporting] = useState(false);
  const [failure, setFailure] = useState<RecordsFailure | null>(null);
  const run = async () => {
    setExporting(true);
    setFailure(null);
    try {
      actions.download(`${plural}.csv`, await model.exportCsv(), 'text/csv');
    } catch (error) {
      setFailure(failureOf(error));
    } finally {
      setExporting(false);
    }
  };
  return { exporting, failure, run };
}

/** The saved views of the list: choose one, save the list as it is under a name, delete one. */
function SavedViews({ model, state, actions }: { model: ListModel; state: ListState; actions: ListActions }): JSX.Element {
  const { t } = useTranslation();
  return (
    <select
      className="rec-input"
      aria-label={t('records.list.savedViews')}
      value={state.activeView ?? ''}
      onChange={async (e) => {
        const value = e.target.value;
        if (value === '@save') {
          const name = await actions.prompt(t('records.list.saveViewPrompt'));
          if (name) model.saveView(name);
        } else if (value.startsWith('@delete:')) model.deleteView(value.slice('@delete:'.length));
        else if (value !== '') model.applyView(value);
      }}
      data-testid="records.views"
    >
      <option value="">{t('records.list.allRecords')}</option>
      {state.savedViews.map((v) => (
        <option key={v.name} value={v.name}>
          {v.name}
        </option>
      ))}
      <option value="@save">{t('records.list.saveView')}</option>
      {state.savedViews.map((v) => (
        <option key={`delete:${v.name}`} value={`@delete:${v.name}`}>
          {t('records.list.deleteView', { name: v.name })}
        </option>
      ))}
    </select>
  );
}

/** The columns the user may show, each a check box. */
function ColumnChooser({ model, state, entity }: { model: ListModel; state: ListState; entity: Entity }): JSX.Element {
  const { t } = useTranslation();
  const columnLabel = useColumnLabel(entity);
  return (
    <details className="rec-menu">
      <summary className="rec-button" data-testid="records.columns">
        {t('records.list.columns')}
      </summary>
      <fieldset className="rec-menu__panel">
        <legend className="atk-hidden">{t('records.list.columns')}</legend>
        {model.columnChoices.map((key) => (
          <label key={key} className="rec-check">
            <input type="checkbox" checked={state.columns.includes(key)} onChange={() => model.toggleColumn(key)} data-testid={`records.column.${key}`} />
            {columnLabel(key)}
          </label>
        ))}
      </fieldset>
    </details>
  );
}

/** Search, saved views, columns, the deleted records (with the delete right), Export CSV, Import CSV and New as the rights allow. */
function ListToolbar({ model, state, entity, rights, actions, exporter }: { model: ListModel; state: ListState; entity: Entity; rights: EntityRights; actions: ListActions; exporter: ReturnType<typeof useExport> }): JSX.Element {
  const { t, language } = useTranslation();
  const may = (action: EntityRights['actions'][number]) => rights.actions.includes(action);
  return (
    <div className="rec-toolbar">
      <input
        type="search"
        className="rec-input rec-search"
        placeholder={t('records.list.searchIn', { entity: labelOf(entity.pluralLabel, language) })}
        aria-label={t('records.list.search')}
        value={state.search}
        onChange={(e) => model.setSearch(e.target.value)}
        data-testid="records.search"
      />
      <SavedViews model={model} state={state} actions={actions} />
      <ColumnChooser model={model} state={state} entity={entity} />
      {may('delete') && (
        <label className="rec-check">
          <input type="checkbox" checked={state.deleted} onChange={(e) => model.showDeleted(e.target.checked)} data-testid="records.deleted" />
          {t('records.list.deleted')}
        </label>
      )}
      <span className="rec-toolbar__end">
        {may('export') && (
          <button type="button" className="rec-button" disabled={exporter.exporting} onClick={() => void exporter.run()} data-testid="records.export">
            {t('records.list.export')}
          </button>
        )}
        {may('import') && may('create') && (
          <button type="button" className="rec-button" onClick={actions.importCsv} data-testid="records.import.open">
            {t('records.list.import')}
          </button>
        )}
        {may('create') && (
          <button type="button" className="rec-button atk-primary" onClick={actions.create} data-testid="records.new">
            {t('records.list.new')}
          </button>
        )}
      </span>
    </div>
  );
}

/** The page's records, or why there are none: loading, a failure (with Retry), an empty list (Clear when filtered). */
function ListBody({ model, state, entity, actions }: { model: ListModel; state: ListState; entity: Entity; actions: ListActions }): JSX.Element {
  const { t } = useTranslation();
  const filtered = state.search.trim() !== '' || state.filters.length > 0 || state.waitingForMe;
  if (state.status === 'loading') {
    return (
      <p className="rec-state" role="status">
        {t('records.list.loading')}
      </p>
    );
  }
  if (state.status === 'failed' && state.failure) {
    return (
      <FailureState
        className="rec-state"
        title={t('records.list.failed')}
        reason={failureText(t, state.failure)}
        retry={state.failure.code === 'records.forbidden' ? undefined : { label: t('records.app.retry'), onRetry: () => void model.refresh() }}
        details={{ label: t('records.app.details'), text: failureDetails(state.failure) }}
        testIds={{ root: 'records.list.failed' }}
      />
    );
  }
  if (state.records.length === 0) {
    return (
      <div className="rec-state" role="status" data-testid="records.empty">
        <p>{filtered ? t('records.list.emptyFiltered') : state.deleted ? t('records.list.emptyDeleted') : t('records.list.empty')}</p>
        {filtered && (
          <button
            type="button"
            className="rec-button"
            onClick={() => {
              model.setSearch('');
              model.setFilters([]);
              model.showWaitingForMe(false);
            }}
          >
            {t('records.list.clear')}
          </button>
        )}
      </div>
    );
  }
  return (
    <RecordTable
      entity={entity}
      records={state.records}
      columns={state.columns}
      sort={state.sort}
      people={state.people}
      links={state.links}
      onSort={(key) => model.sortBy(key)}
      onOpen={(record) => actions.open(record, model.names())}
    />
  );
}

/** Where the page is ("1–50 of 2,134"; past the count's cap "1–50 of 10,000+"), Previous and Next. */
function ListPager({ model }: { model: ListModel }): JSX.Element {
  const { t } = useTranslation();
  const number = useNumber();
  const range = model.range();
  const total = range.capped ? t('records.list.moreThan', { number: number(range.total) }) : number(range.total);
  return (
    <nav className="rec-pager" aria-label={t('records.list.pages')} data-testid="records.pager">
      <span data-testid="records.range">{t('records.list.range', { from: number(range.from), to: number(range.to), total })}</span>
      <button type="button" className="rec-button" disabled={!model.hasPrevious} onClick={() => model.previousPage()} data-testid="records.previous">
        {t('records.list.previous')}
      </button>
      <button type="button" className="rec-button" disabled={!model.hasNext} onClick={() => model.nextPage()} data-testid="records.next">
        {t('records.list.next')}
      </button>
    </nav>
  );
}

/**
 * An entity's list (apps/records/README.md): search, saved views, columns,
 * New (with the create right), Export CSV (with the export right) and
 * Import CSV (with the import and create rights) above
 * the filters, the table of the page, and the pager ("1–50 of 2,134"; past
 * the count's cap "1–50 of 10,000+").
 */
export function ListView({ model, entity, rights, actions }: { model: ListModel; entity: Entity; rights: EntityRights; actions: ListActions }): JSX.Element {
  const { t, language } = useTranslation();
  const state = useModel(model);
  const plural = labelOf(entity.pluralLabel, language);
  const exporter = useExport(model, plural, actions);
  return (
    <section className="rec-list" aria-label={plural} aria-busy={state.busy || state.status === 'loading'} data-testid="records.list">
      <ListToolbar model={model} state={state} entity={entity} rights={rights} actions={actions} exporter={exporter} />
      {exporter.failure && (
        <p className="rec-notice rec-notice--error" role="alert" data-testid="records.export.failed">
          {failureText(t, exporter.failure)}
        </p>
      )}
      <FilterBar model={model} state={state} entity={entity} />
      <div className="rec-list__body">
        <ListBody model={model} state={state} entity={entity} actions={actions} />
      </div>
      {state.status === 'ready' && state.total > 0 && <ListPager model={model} />}
    </section>
  );
}
