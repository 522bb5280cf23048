import { listKeyHandler, RygIcon, useTranslation } from '@atrium/app-kit';
import { labelOf, type Entity, type RecordDto } from '@atrium/shared/apps';
import type { JSX } from 'react';
import type { ListSort } from '../model/ListModel.js';
import { valueText, type ValueContext } from '../model/valueText.js';
import { useValueContext } from './viewHelpers.js';

/** A column's heading: its field's label in the user's language, or the record's own column's name. */
export function useColumnLabel(entity: Entity): (key: string) => string {
  const { t, language } = useTranslation();
  return (key) => {
    const field = entity.fields[key];
    return field ? labelOf(field.label, language) : t(`records.meta.${key}`);
  };
}

/** A cell's text: a field's value as it reads, whole, or a record's own column. */
function cellText(record: RecordDto, key: string, entity: Entity, display: ValueContext): string {
  switch (key) {
    case 'name':
      return record.name;
    case 'owner':
    case 'createdBy':
    case 'updatedBy':
      return record[key]?.name ?? '';
    case 'createdAt':
    case 'updatedAt':
      return valueText({ type: 'datetime', label: { en_EN: key } }, record[key], display, Number.POSITIVE_INFINITY);
    default:
      return valueText(entity.fields[key], record.values[key], display, Number.POSITIVE_INFINITY);
  }
}

export interface RecordTableProps {
  entity: Entity;
  records: readonly RecordDto[];
  columns: readonly string[];
  sort: ListSort | null;
  people: Readonly<Record<string, string>>;
  links: Readonly<Record<string, string>>;
  onSort(column: string): void;
  onOpen(record: RecordDto): void;
}

/**
 * The records of a page as a table: the colour, then the chosen columns,
 * each heading a button that sorts by it (aria-sort says how). The rows are
 * one stop of the Tab key: the arrows move between them, Enter or a double
 * click opens one. At phone width each row stacks into a card (CSS).
 */
export function RecordTable({ entity, records, columns, sort, people, links, onSort, onOpen }: RecordTableProps): JSX.Element {
  const { t } = useTranslation();
  const display = useValueContext(people, links);
  const columnLabel = useColumnLabel(entity);
  return (
    <table className="rec-table" data-testid="records.table">
      <thead>
        <tr>
          <th scope="col" className="rec-table__colour">
            <span className="atk-hidden">{t('records.list.colour')}</span>
          </th>
          {columns.map((key) => {
            const sorted = sort?.field === key ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined;
            return (
              <th key={key} scope="col" aria-sort={sorted}>
                <button type="button" className="rec-table__sort" onClick={() => onSort(key)} data-testid={`records.sort.${key}`}>
                  {columnLabel(key)}
                  <span aria-hidden="true" className="rec-table__arrow">
                    {sorted === 'ascending' ? '▲' : sorted === 'descending' ? '▼' : ''}
                  </span>
                </button>
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            const row = (event.target as HTMLElement).closest<HTMLElement>('tr[data-name]');
            const record = records.find((r) => r.name === row?.dataset.name);
            if (record) {
              event.preventDefault();
              onOpen(record);
            }
            return;
          }
          listKeyHandler('tr[data-name]', { wrap: false })(event);
        }}
      >
        {records.map((record, index) => (
          <tr
            key={record.name}
            data-name={record.name}
            tabIndex={index === 0 ? 0 : -1}
            className={`rec-row rec-row--${record.colour.toLowerCase()}`}
            aria-label={t('records.list.open', { title: record.title || record.name })}
            onDoubleClick={() => onOpen(record)}
            data-testid="records.row"
          >
            <td className="rec-table__colour">
              <RygIcon colour={record.colour} width={16} height={16} aria-hidden="true" />
              <span className="atk-hidden">{t(`records.colour.${record.colour}`)}</span>
            </td>
            {columns.map((key, i) => (
              <td key={key} data-label={columnLabel(key)}>
                {i === 0 ? (
                  <a
                    href="#"
                    tabIndex={-1}
                    className="rec-table__open"
                    onClick={(event) => {
                      event.preventDefault();
                      onOpen(record);
                    }}
                  >
                    {cellText(record, key, entity, display) || record.name}
                  </a>
                ) : (
                  cellText(record, key, entity, display)
                )}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
