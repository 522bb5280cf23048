import { useTranslation } from '@atrium/app-kit';
import type { DatasetResult } from '@atrium/shared/dashboards';
import { useMemo, useState, type JSX, type KeyboardEvent } from 'react';
import { columnLabel, valueText, type FormatContext } from '../model/format.js';

export interface DataTableProps {
  result: DatasetResult;
  fmt: FormatContext;
  /** The table's name for screen readers (the widget's title). */
  caption: string;
  /** A click or Enter on a row: the index of its row in the result (absent: rows do nothing). */
  onActivate?(rowIndex: number): void;
}

type Sort = { column: number; direction: 'ascending' | 'descending' } | null;

function compare(a: string | number | null, b: string | number | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b), undefined, { numeric: true });
}

/** Up and Down move between rows, Home and End to the first and last; Enter activates. */
function rowKeys(event: KeyboardEvent<HTMLTableRowElement>, activate: (() => void) | undefined): void {
  const row = event.currentTarget;
  const rows = [...(row.parentElement?.children ?? [])] as HTMLElement[];
  const at = rows.indexOf(row);
  const to = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: rows.length - 1 }[event.key];
  if (to !== undefined) {
    event.preventDefault();
    rows[Math.max(0, Math.min(rows.length - 1, to))]?.focus();
  } else if (event.key === 'Enter' && activate) {
    event.preventDefault();
    activate();
  }
}

/**
 * A result as a real table (docs/behaviour/dashboards.md#tables): a table
 * widget, or a chart's Show data. Its columns sort by a click or Enter on
 * their header (again: the other way); its rows take the focus (Up, Down,
 * Home, End), and a click or Enter on a row drills as a click on that
 * element of the chart would.
 */
export function DataTable({ result, fmt, caption, onActivate }: DataTableProps): JSX.Element {
  const { t } = useTranslation();
  const [sort, setSort] = useState<Sort>(null);
  const order = useMemo(() => {
    const rows = result.rows.map((_, i) => i);
    if (!sort) return rows;
    const sign = sort.direction === 'ascending' ? 1 : -1;
    return rows.sort((a, b) => sign * compare(result.rows[a]![sort.column] ?? null, result.rows[b]![sort.column] ?? null));
  }, [result, sort]);
  const sortBy = (column: number) => setSort((s) => ({ column, direction: s?.column === column && s.direction === 'ascending' ? 'descending' : 'ascending' }));
  return (
    <div className="dsh-table-wrap">
      <table className="dsh-table" data-testid="widget.table">
        <caption className="atk-hidden">{caption}</caption>
        <thead>
          <tr>
            {result.columns.map((column, i) => {
              // A drill to detail answers the records' own name and title beside the dataset's dimensions.
              const label = column.kind === 'record' && (column.key === 'name' || column.key === 'title') ? t(`dashboards.table.record.${column.key}`) : columnLabel(column.key, fmt);
              const current = sort?.column === i ? sort.direction : undefined;
              return (
                <th key={column.key} scope="col" aria-sort={current ?? 'none'} className={column.kind === 'measure' ? 'dsh-num' : undefined}>
                  <button type="button" className="dsh-sort" onClick={() => sortBy(i)} title={t('dashboards.table.sortBy', { column: label })}>
                    {label}
                    <span aria-hidden="true" className="dsh-sort__arrow">{current === 'ascending' ? '▲' : current === 'descending' ? '▼' : ''}</span>
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {order.map((rowIndex) => {
            const row = result.rows[rowIndex]!;
            const activate = onActivate ? () => onActivate(rowIndex) : undefined;
            return (
              <tr key={rowIndex} tabIndex={0} className={activate ? 'dsh-row dsh-row--clickable' : 'dsh-row'} onClick={activate} onKeyDown={(e) => rowKeys(e, activate)} data-testid="widget.row">
                {result.columns.map((column, i) => (
                  <td key={column.key} className={column.kind === 'measure' ? 'dsh-num' : undefined}>
                    {valueText(column, row[i] ?? null, fmt)}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
