import { CloseIcon, useTranslation } from '@atrium/app-kit';
import { labelOf, type ConditionOp, type Entity, type RecordFilter } from '@atrium/shared/apps';
import type { JSX } from 'react';
import { columnType, filterOps, COLOURS } from '../model/fields.js';
import type { ListModel, ListState } from '../model/ListModel.js';
import { useColumnLabel } from './RecordTable.js';

/** A filter's value typed in an input of its column's type (what the query sends). */
function valueInput(entity: Entity, filter: RecordFilter, state: ListState, onChange: (value: RecordFilter['value']) => void, label: string, t: (key: string) => string, language: string): JSX.Element | null {
  if (filter.op === 'empty' || filter.op === 'notEmpty') return null;
  const type = columnType(entity, filter.field);
  const field = entity.fields[filter.field];
  const current = filter.value;
  const common = { 'aria-label': label, className: 'rec-input rec-filter__value' };
  if (field && (field.type === 'choice' || field.type === 'multiChoice')) {
    return (
      <select {...common} value={typeof current === 'string' ? current : ''} onChange={(e) => onChange(e.target.value)}>
        <option value="" />
        {field.choices.map((c) => (
          <option key={c.value} value={c.value}>
            {labelOf(c.label, language)}
          </option>
        ))}
      </select>
    );
  }
  if (type === 'colour') {
    return (
      <select {...common} value={typeof current === 'string' ? current : ''} onChange={(e) => onChange(e.target.value)}>
        <option value="" />
        {COLOURS.map((c) => (
          <option key={c} value={c}>
            {t(`records.colour.${c}`)}
          </option>
        ))}
      </select>
    );
  }
  if (type === 'boolean') {
    return (
      <select {...common} value={current === true ? 'true' : current === false ? 'false' : ''} onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value === 'true')}>
        <option value="" />
        <option value="true">{t('records.value.yes')}</option>
        <option value="false">{t('records.value.no')}</option>
      </select>
    );
  }
  if (type === 'user') {
    const me = typeof current === 'object' && current !== null && 'me' in current;
    return (
      <select {...common} value={me ? '@me' : typeof current === 'string' ? current : ''} onChange={(e) => onChange(e.target.value === '@me' ? { me: true } : e.target.value)}>
        <option value="" />
        <option value="@me">{t('records.value.me')}</option>
        {Object.entries(state.people).map(([id, name]) => (
          <option key={id} value={id}>
            {name}
          </option>
        ))}
      </select>
    );
  }
  const numeric = type === 'number' || type === 'decimal' || type === 'percent' || type === 'duration' || type === 'rating';
  const inputType = numeric ? 'number' : type === 'date' ? 'date' : type === 'datetime' ? 'datetime-local' : 'text';
  const shown = typeof current === 'string' && type === 'datetime' ? current.slice(0, 16) : typeof current === 'string' || typeof current === 'number' ? String(current) : '';
  return (
    <input
      {...common}
      type={inputType}
      value={shown}
      onChange={(e) => {
        const text = e.target.value;
        if (numeric) onChange(text === '' ? undefined : Number(text));
        else if (type === 'datetime') onChange(text === '' ? undefined : new Date(text).toISOString());
        else onChange(text);
      }}
    />
  );
}

/** A quick filter of the list's view: Any, or one of a choice field's choices (Yes or No for a yes/no field); none for a field of another type. */
function QuickFilter({ model, state, entity, fieldKey }: { model: ListModel; state: ListState; entity: Entity; fieldKey: string }): JSX.Element | null {
  const { t, language } = useTranslation();
  const field = entity.fields[fieldKey];
  const current = state.filters.find((f) => f.field === fieldKey && f.op === 'eq')?.value;
  if (!field) return null;
  const options =
    field.type === 'choice' || field.type === 'multiChoice'
      ? field.choices.map((c) => ({ value: c.value, label: labelOf(c.label, language) }))
      : field.type === 'boolean'
        ? [
            { value: 'true', label: t('records.value.yes') },
            { value: 'false', label: t('records.value.no') },
          ]
        : null;
  if (!options) return null;
  return (
    <label className="rec-filter rec-filter--quick">
      <span>{labelOf(field.label, language)}</span>
      <select
        className="rec-input"
        value={current === undefined || current === null ? '' : String(current)}
        onChange={(e) => model.setQuickFilter(fieldKey, e.target.value === '' ? undefined : field.type === 'boolean' ? e.target.value === 'true' : e.target.value)}
        data-testid={`records.quick.${fieldKey}`}
      >
        <option value="">{t('records.list.any')}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** "Waiting for me": a toggle of the records with an open workflow task of the user's (an entity with a workflow). */
function WaitingForMe({ model, state }: { model: ListModel; state: ListState }): JSX.Element | null {
  const { t } = useTranslation();
  if (!model.offersWaitingForMe) return null;
  return (
    <button type="button" className="rec-button rec-filter--waiting" aria-pressed={state.waitingForMe} onClick={() => model.showWaitingForMe(!state.waitingForMe)} data-testid="records.waitingForMe">
      {t('records.workflow.waitingForMe')}
    </button>
  );
}

/**
 * The list's filters: "Waiting for me" (an entity with a workflow), the view's quick filters (its state field first) (a choice of each), then any
 * column compared by one of its type's comparisons with a value of its type.
 * A filter still missing its value is shown but not sent.
 */
export function FilterBar({ model, state, entity }: { model: ListModel; state: ListState; entity: Entity }): JSX.Element {
  const { t, language } = useTranslation();
  const columnLabel = useColumnLabel(entity);
  const quick = model.quickFilters;
  const others = state.filters.map((filter, index) => ({ filter, index })).filter(({ filter }) => !(quick.includes(filter.field) && filter.op === 'eq'));
  const replace = (index: number, filter: RecordFilter | null) => model.setFilters(state.filters.flatMap((f, i) => (i !== index ? [f] : filter ? [filter] : [])));
  const choices = [...model.columnChoices, 'colour'];
  return (
    <div className="rec-filters" role="group" aria-label={t('records.list.filters')} data-testid="records.filters">
      <WaitingForMe model={model} state={state} />
      {quick.map((key) => (
        <QuickFilter key={key} model={model} state={state} entity={entity} fieldKey={key} />
      ))}
      {others.map(({ filter, index }) => {
        const ops = filterOps(columnType(entity, filter.field));
        return (
          <div key={index} className="rec-filter" data-testid="records.filter">
            <select className="rec-input" aria-label={t('records.list.filterField')} value={filter.field} onChange={(e) => replace(index, { field: e.target.value, op: filterOps(columnType(entity, e.target.value))[0]! })}>
              {choices.map((key) => (
                <option key={key} value={key}>
                  {columnLabel(key)}
                </option>
              ))}
            </select>
            <select className="rec-input" aria-label={t('records.list.filterOp')} value={filter.op} onChange={(e) => replace(index, { ...filter, op: e.target.value as ConditionOp })}>
              {ops.map((op) => (
                <option key={op} value={op}>
                  {t(`records.op.${op}`)}
                </option>
              ))}
            </select>
            {valueInput(entity, filter, state, (value) => replace(index, value === undefined ? { field: filter.field, op: filter.op } : { ...filter, value }), t('records.list.filterValue'), t, language)}
            <button type="button" className="rec-icon-button" aria-label={t('records.list.removeFilter')} title={t('records.list.removeFilter')} onClick={() => replace(index, null)}>
              <CloseIcon width={16} height={16} />
            </button>
          </div>
        );
      })}
      <button
        type="button"
        className="rec-button rec-button--quiet"
        onClick={() => {
          const field = model.columnChoices[0] ?? 'name';
          model.setFilters([...state.filters, { field, op: filterOps(columnType(entity, field))[0]! }]);
        }}
        data-testid="records.addFilter"
      >
        {t('records.list.addFilter')}
      </button>
    </div>
  );
}
