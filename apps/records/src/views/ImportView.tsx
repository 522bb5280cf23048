import { useModel, useTranslation } from '@atrium/app-kit';
import { labelOf, type Entity, type RecordImportResult, type RecordImportRow } from '@atrium/shared/apps';
import { useId, type JSX } from 'react';
import type { ImportModel, ImportState } from '../model/ImportModel.js';
import { useColumnLabel } from './RecordTable.js';
import { failureText, problemText } from './texts.js';
import { useNumber } from './viewHelpers.js';

/** Rows the preview shows: the refused ones (at most this many), else the first of the file. */
const REFUSED_SHOWN = 200;
const PREVIEW_SHOWN = 50;

const isRefused = (row: RecordImportRow) => Object.keys(row.problems).length > 0;

/** A row's problems in the order of the file's columns; those of fields without a column (and of the row as a whole) after. */
function problemsInOrder(row: RecordImportRow, columns: ReadonlyArray<string | null>): Array<[string, RecordImportRow['problems'][string]]> {
  const place = (key: string) => (columns.includes(key) ? columns.indexOf(key) : columns.length);
  return Object.entries(row.problems).sort(([a], [b]) => place(a) - place(b));
}

/** The server's check of the file: a table of its rows (the refused ones, else the first), each with its problems beside it or "Ready". */
function ImportPreview({ result, entity }: { result: RecordImportResult; entity: Entity }): JSX.Element {
  const { t, language } = useTranslation();
  const number = useNumber();
  const columnLabel = useColumnLabel(entity);
  const problemLabel = (key: string) => (key === '*' ? t('records.import.record') : Object.hasOwn(entity.fields, key) ? labelOf(entity.fields[key]!.label, language) : key);
  const rows = result.refused > 0 ? result.rows.filter(isRefused).slice(0, REFUSED_SHOWN) : result.rows.slice(0, PREVIEW_SHOWN);
  return (
    <div className="rec-list__body">
      <table className="rec-table" data-testid="records.import.preview">
        <thead>
          <tr>
            <th scope="col">{t('records.import.row')}</th>
            {result.columns.map((key, i) => (
              <th key={i} scope="col">
                {key === null ? `${t('records.meta.name')} (${t('records.import.ignored')})` : columnLabel(key)}
              </th>
            ))}
            <th scope="col">{t('records.import.problems')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.row} className={isRefused(row) ? 'rec-import__refused' : undefined} data-testid={`records.import.row.${row.row}`}>
              <th scope="row">{number(row.row)}</th>
              {result.columns.map((_, i) => (
                <td key={i}>{row.cells[i] ?? ''}</td>
              ))}
              <td>
                {isRefused(row) ? (
                  <ul className="rec-import__problems">
                    {problemsInOrder(row, result.columns).map(([key, problem]) => (
                      <li key={key}>
                        {problemLabel(key)}: {problemText(t, problem)}
                      </li>
                    ))}
                  </ul>
                ) : (
                  t('records.import.ready')
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The file input (until the records are made): a file chosen is checked by the server at once. */
function ImportFile({ model, busy }: { model: ImportModel; busy: boolean }): JSX.Element {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="rec-toolbar">
      <label htmlFor={`${id}-file`}>{t('records.import.choose')}</label>
      <input
        id={`${id}-file`}
        type="file"
        accept=".csv,text/csv"
        className="rec-input"
        disabled={busy}
        onChange={async (e) => {
          const file = e.target.files?.[0];
          if (file) await model.choose(file.name, await file.text());
        }}
        data-testid="records.import.file"
      />
    </div>
  );
}

/** "Import records: N" (only when no row is refused), or "Import another file" once done; Close. */
function ImportButtons({ model, state, onClose }: { model: ImportModel; state: ImportState; onClose(): void }): JSX.Element {
  const { t } = useTranslation();
  const number = useNumber();
  return (
    <div className="rec-toolbar">
      <span className="rec-toolbar__end">
        {state.status === 'done' ? (
          <button type="button" className="rec-button" onClick={() => model.reset()} data-testid="records.import.another">
            {t('records.import.another')}
          </button>
        ) : (
          <button type="button" className="rec-button atk-primary" disabled={!model.canImport} onClick={() => void model.importAll()} data-testid="records.import.start">
            {state.status === 'importing' ? t('records.import.importing') : t('records.import.import', { count: number(state.result?.rows.length ?? 0) })}
          </button>
        )}
        <button type="button" className="rec-button" onClick={onClose} data-testid="records.import.close">
          {t('records.import.close')}
        </button>
      </span>
    </div>
  );
}

/**
 * The import of a CSV file into an entity's records (apps/records/README.md):
 * a file input; the server's check as a table of the file's rows, each
 * with its problems beside it (the refused rows first); "Import records: N"
 * only when no row is refused; then how many were made.
 */
export function ImportView({ model, entity, onClose }: { model: ImportModel; entity: Entity; onClose(): void }): JSX.Element {
  const { t, language } = useTranslation();
  const state = useModel(model);
  const number = useNumber();
  const result = state.result;
  const busy = state.status === 'checking' || state.status === 'importing';
  return (
    <section className="atk-app rec rec-import" aria-label={t('records.import.title', { entity: labelOf(entity.pluralLabel, language) })} aria-busy={busy} data-testid="records.import">
      <p className="rec-import__hint">{t('records.import.hint')}</p>
      {state.status !== 'done' && <ImportFile model={model} busy={busy} />}
      {state.fileName !== null && <p>{t('records.import.file', { name: state.fileName })}</p>}
      {state.status === 'checking' && (
        <p className="rec-state" role="status">
          {t('records.import.checking')}
        </p>
      )}
      {state.status === 'failed' && state.failure && (
        <p className="rec-notice rec-notice--error" role="alert" data-testid="records.import.failed">
          {failureText(t, state.failure)}
        </p>
      )}
      {result !== null && state.status !== 'done' && (
        <>
          <p role="status" data-testid="records.import.summary">
            {t('records.import.summary', { rows: number(result.rows.length), refused: number(result.refused) })}
            {result.refused > 0 && ` ${t('records.import.fix')}`}
          </p>
          <ImportPreview result={result} entity={entity} />
        </>
      )}
      {state.status === 'done' && (
        <p className="rec-notice" role="status" data-testid="records.import.done">
          {t('records.import.done', { count: number(state.created.length) })}
        </p>
      )}
      <ImportButtons model={model} state={state} onClose={onClose} />
    </section>
  );
}
