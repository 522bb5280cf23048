import { CloseIcon, useTranslation } from '@atrium/app-kit';
import type { DatasetColumn, DatasetInfo, DatasetResult, DrillFilter } from '@atrium/shared/dashboards';
import { useId, type JSX } from 'react';
import { textOf, type DashboardModel, type DashboardState } from '../model/DashboardModel.js';
import { columnLabel, valueText, type FormatContext } from '../model/format.js';
import { datasetOf, type CrossFilter } from '../model/queries.js';

const EMPTY_RESULT: DatasetResult = { columns: [], rows: [], truncated: false, people: {}, links: {}, readAt: '' };

/** The column a dimension's values are of, to show them as a table cell would be. */
function dimensionColumn(info: DatasetInfo | undefined, key: string): DatasetColumn {
  const dimension = info?.dimensions.find((d) => d.key === key);
  return { key, kind: 'dimension', type: dimension?.type ?? 'text', ...(dimension?.part ? { part: dimension.part } : {}) };
}

/** The dashboard's filters: for each, Any or one of its values. */
export function DashboardFilters({ model, state }: { model: DashboardModel; state: DashboardState }): JSX.Element | null {
  const { t, language } = useTranslation();
  const id = useId();
  const filters = state.dashboard?.definition.filters ?? [];
  if (filters.length === 0) return null;
  return (
    <>
      {filters.map((spec, index) => {
        const info = datasetOf(state.datasets, spec);
        const options = state.filterOptions[index];
        const fmt: FormatContext = { locale: language, t, info, result: options?.result ?? EMPTY_RESULT };
        const column = dimensionColumn(info, spec.dimension);
        const chosen = state.chosen.find((c) => c.index === index)?.value ?? '';
        const values = options?.values ?? (chosen ? [chosen] : []);
        return (
          <div className="dsh-filter" key={index}>
            <label htmlFor={`${id}-${index}`}>{spec.label ? textOf(spec.label, language) : columnLabel(spec.dimension, fmt)}</label>
            <select id={`${id}-${index}`} value={chosen} onChange={(e) => model.chooseFilter(index, e.target.value === '' ? null : e.target.value)} data-testid={`dashboard.filter.${index}`}>
              <option value="">{t('dashboards.filters.any')}</option>
              {values.map((value) => (
                <option key={value} value={value}>
                  {valueText(column, value, fmt)}
                </option>
              ))}
            </select>
          </div>
        );
      })}
    </>
  );
}

function Chip({ label, onRemove, testId }: { label: string; onRemove(): void; testId: string }): JSX.Element {
  const { t } = useTranslation();
  return (
    <li className="dsh-chip" data-testid={testId}>
      <span>{label}</span>
      <button type="button" className="dsh-chip__remove" aria-label={t('dashboards.filters.remove', { filter: label })} onClick={onRemove}>
        <CloseIcon width={14} height={14} aria-hidden="true" />
      </button>
    </li>
  );
}

/** The filters in force besides the dashboard's own: those it was opened with and the cross-filters, each a removable chip. */
export function Chips({ model, state }: { model: DashboardModel; state: DashboardState }): JSX.Element | null {
  const { t, language } = useTranslation();
  if (state.crossFilters.length === 0 && state.openedWith.length === 0) return null;
  const chipText = (info: DatasetInfo | undefined, result: DatasetResult | null | undefined, dimension: string, value: DrillFilter['value']) => {
    const fmt: FormatContext = { locale: language, t, info, result: result ?? EMPTY_RESULT };
    const shown = Array.isArray(value) ? value.map((v) => valueText(dimensionColumn(info, dimension), v, fmt)).join(', ') : valueText(dimensionColumn(info, dimension), value === undefined || typeof value === 'boolean' ? String(value ?? '') || null : value, fmt);
    return t('dashboards.filters.chip', { dimension: columnLabel(dimension, fmt), value: shown });
  };
  const crossText = (filter: CrossFilter) => chipText(datasetOf(state.datasets, filter), model.widget(filter.slotId)?.getState().result, filter.dimension, filter.value);
  const openedInfo = (dimension: string) => state.datasets.find((d) => d.dimensions.some((x) => x.key === dimension));
  return (
    <ul className="dsh-chips" aria-label={t('dashboards.filters.applied')} data-testid="dashboard.chips">
      {state.openedWith.map((filter, i) => (
        <Chip key={`o${i}`} label={chipText(openedInfo(filter.dimension), null, filter.dimension, filter.value)} onRemove={() => model.removeOpenedWith(filter)} testId="dashboard.chip.opened" />
      ))}
      {state.crossFilters.map((filter, i) => (
        <Chip key={`c${i}`} label={crossText(filter)} onRemove={() => model.removeCrossFilter(filter)} testId="dashboard.chip.cross" />
      ))}
    </ul>
  );
}
