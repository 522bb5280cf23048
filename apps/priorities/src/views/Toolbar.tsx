import { useTranslation } from '@atrium/app-kit';
import { NOTIFICATION_TYPES, TASK_SORTS, type NotificationType, type RygCount, type TaskSort } from '@atrium/shared';
import { useRef, type JSX, type KeyboardEvent } from 'react';
import type { PrioritiesModel, PrioritiesState } from '../model/PrioritiesModel.js';
import { COLOURS, countText } from '../model/taskList.js';
import { ColourIcon, Icon } from './icons.js';
import type { Formats } from './useFormats.js';

/** The element ids the tabs and their panel share. */
export const tabId = (view: NotificationType) => `prt-tab-${view}`;
export const PANEL_ID = 'prt-panel';

/** The three views as tabs: arrows, Home and End move between them and show the one reached. */
export function ViewTabs({ model, view }: { model: PrioritiesModel; view: NotificationType }): JSX.Element {
  const { t } = useTranslation();
  const list = useRef<HTMLDivElement>(null);
  const handleKeyDown = (event: KeyboardEvent) => {
    const index = NOTIFICATION_TYPES.indexOf(view);
    const last = NOTIFICATION_TYPES.length - 1;
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = NOTIFICATION_TYPES[(next + NOTIFICATION_TYPES.length) % NOTIFICATION_TYPES.length]!;
    void model.setView(target);
    list.current?.querySelector<HTMLElement>(`#${tabId(target)}`)?.focus();
  };
  return (
    <div ref={list} className="prt-tabs" role="tablist" aria-label={t('priorities.views.label')} onKeyDown={handleKeyDown} data-testid="priorities.views">
      {NOTIFICATION_TYPES.map((type) => (
        <button
          key={type}
          id={tabId(type)}
          type="button"
          role="tab"
          className="prt-tab"
          aria-selected={type === view}
          aria-controls={PANEL_ID}
          tabIndex={type === view ? 0 : -1}
          data-view={type}
          onClick={() => void model.setView(type)}
        >
          {t(`priorities.views.${type}`)}
        </button>
      ))}
    </div>
  );
}

const countOf = (counts: RygCount, colour: (typeof COLOURS)[number]) => counts[colour.toLowerCase() as keyof RygCount];

/** The colour counters: each shows only its colour (pressed), All shows every colour. */
export function ColourFilters({ model, state, formats }: { model: PrioritiesModel; state: PrioritiesState; formats: Formats }): JSX.Element {
  const { t } = useTranslation();
  const all = COLOURS.reduce((sum, colour) => sum + countOf(state.counts, colour), 0);
  return (
    <div className="prt-filters" role="group" aria-label={t('priorities.filter.label')} data-testid="priorities.filters">
      <button
        type="button"
        className="prt-filter prt-filter--all"
        aria-pressed={state.filter === null}
        data-testid="priorities.filter.all"
        onClick={() => void model.setFilter(null)}
      >
        <span className="prt-filter__name">{t('priorities.filter.all')}</span>
        <span className="prt-filter__count">{countText(all, formats.number)}</span>
      </button>
      {COLOURS.map((colour) => {
        const count = countOf(state.counts, colour);
        return (
          <button
            key={colour}
            type="button"
            className={`prt-filter prt-filter--${colour.toLowerCase()}`}
            aria-pressed={state.filter === colour}
            title={t(`priorities.meaning.${colour}`)}
            data-testid="priorities.filter"
            data-colour={colour}
            onClick={() => void model.setFilter(colour)}
          >
            <ColourIcon colour={colour} className="prt-filter__icon" />
            <span className="prt-filter__name">{t(`priorities.colour.${colour}`)}</span>
            {/* What the colour means, for screen readers (sighted users have it as the tooltip). */}
            <span className="atk-hidden"> {t(`priorities.meaning.${colour}`)} </span>
            <span className="prt-filter__count" data-testid="priorities.filter.count">
              {countText(count, formats.number)}
            </span>
          </button>
        );
      })}
    </div>
  );
}

/** Sort by end date or status, and the order. */
export function SortControls({ model, sort, order }: { model: PrioritiesModel; sort: TaskSort; order: 'asc' | 'desc' }): JSX.Element {
  const { t } = useTranslation();
  return (
    <div className="prt-sort">
      <label className="prt-sort__label">
        <span>{t('priorities.sort.label')}</span>
        <select className="prt-select" value={sort} data-testid="priorities.sort" onChange={(event) => void model.setSort(event.target.value as TaskSort, order)}>
          {TASK_SORTS.map((key) => (
            <option key={key} value={key}>
              {t(`priorities.sort.${key}`)}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className="prt-button prt-button--quiet"
        aria-label={t('priorities.sort.order', { order: t(`priorities.sort.${order}`) })}
        title={t('priorities.sort.order', { order: t(`priorities.sort.${order}`) })}
        data-testid="priorities.order"
        data-order={order}
        onClick={() => void model.setSort(sort, order === 'asc' ? 'desc' : 'asc')}
      >
        <Icon name={order === 'asc' ? 'ascending' : 'descending'} />
        <span className="prt-sort__order">{t(`priorities.sort.${order}`)}</span>
      </button>
    </div>
  );
}
