import { useTranslation } from '@atrium/app-kit';
import type { TaskItem, TaskSort } from '@atrium/shared';
import { useEffect, useLayoutEffect, useRef, useState, type JSX, type KeyboardEvent } from 'react';
import type { PrioritiesModel, PrioritiesState } from '../model/PrioritiesModel.js';
import { ColourIcon, Icon } from './icons.js';
import { TaskActionButtons } from './TaskActionButtons.js';
import { tabId } from './Toolbar.js';
import type { Formats } from './useFormats.js';

export interface TaskGridProps {
  model: PrioritiesModel;
  state: PrioritiesState;
  formats: Formats;
  /** An application's title in the user's language, from its name. */
  appTitle(name: string): string;
}

/** Element id of a task's row. */
export const rowId = (uuid: string) => `prt-row-${uuid}`;

interface RowProps extends Omit<TaskGridProps, 'state'> {
  task: TaskItem;
  index: number;
  view: PrioritiesState['view'];
  active: boolean;
  highlighted: boolean;
  completing: boolean;
  onActivate(): void;
}

function TaskRow({ model, task, index, view, active, highlighted, completing, formats, appTitle, onActivate }: RowProps): JSX.Element {
  const { t } = useTranslation();
  const actions = model.actions(task);
  const colour = task.rygStatus;
  // Whom the task concerns besides the user: who gave it (their own tasks) or who has it (tasks they follow).
  const person = view === 'followups' ? task.assignee : task.creator;
  return (
    <div
      id={rowId(task.uuid)}
      role="row"
      className={`prt-row prt-row--${colour.toLowerCase()}${highlighted ? ' prt-row--highlighted' : ''}`}
      aria-rowindex={index + 2}
      aria-current={highlighted || undefined}
      tabIndex={active ? 0 : -1}
      data-testid="priorities.task"
      data-task={task.uuid}
      data-colour={colour}
      data-end={task.end_date ?? ''}
      data-active={active || undefined}
      onFocus={(event) => event.target === event.currentTarget && onActivate()}
      onClick={onActivate}
      onDoubleClick={() => void model.edit(task)}
    >
      <div role="gridcell" className="prt-cell prt-cell--status">
        <span className="prt-bar" aria-hidden="true" />
        <ColourIcon colour={colour} className="prt-colour__icon" />
        <span className="prt-colour__name" title={t(`priorities.meaning.${colour}`)}>
          {t(`priorities.colour.${colour}`)}
        </span>
      </div>
      <div role="gridcell" className="prt-cell prt-cell--task">
        <span className="prt-task__name" title={task.task_name} data-testid="priorities.task.name">
          {task.task_name}
        </span>
        {task.delegated_from && (
          <span className="prt-task__delegated" data-testid="priorities.task.delegated">
            {t('priorities.task.delegatedBy', { name: task.delegated_from.name })}
          </span>
        )}
      </div>
      <div role="gridcell" className="prt-cell prt-cell--app">
        <span className="prt-ellipsis" data-testid="priorities.task.app">
          {appTitle(task.appName)}
        </span>
      </div>
      <div role="gridcell" className="prt-cell prt-cell--person">
        {/* Named on a phone, where the column headers are not shown. */}
        <span className="prt-cell__label">{t(view === 'followups' ? 'priorities.columns.assignee' : 'priorities.columns.creator')}</span>
        <span className="prt-ellipsis" data-testid="priorities.task.person">
          {person.name}
        </span>
      </div>
      <div role="gridcell" className="prt-cell prt-cell--date">
        <span className="prt-cell__label">{t('priorities.columns.endDate')}</span>
        <span data-testid="priorities.task.end">{task.end_date ? formats.date(task.end_date) : <span className="prt-muted">{t('priorities.task.noEndDate')}</span>}</span>
      </div>
      {view === 'snoozed' && (
        <div role="gridcell" className="prt-cell prt-cell--snoozed">
          <span className="prt-cell__label">{t('priorities.columns.snoozedUntil')}</span>
          <span data-testid="priorities.task.snoozed">{task.snoozed_till ? formats.date(task.snoozed_till) : ''}</span>
        </div>
      )}
      <div role="gridcell" className="prt-cell prt-cell--comments">
        <span className="prt-comments" aria-label={t('priorities.task.comments', { count: formats.number(task.comment_count) })} role="img">
          <Icon name="comments" size={16} />
          <span aria-hidden="true">{formats.number(task.comment_count)}</span>
        </span>
      </div>
      <div role="gridcell" className="prt-cell prt-cell--actions">
        <TaskActionButtons model={model} task={task} actions={actions} completing={completing} tabbable={active} />
      </div>
    </div>
  );
}

/** A column header; the sortable ones sort by themselves (again: the other way round) and say how they are sorted. */
function Header({ label, className, sortKey, state, model }: { label: string; className: string; sortKey?: TaskSort; state: PrioritiesState; model: PrioritiesModel }): JSX.Element {
  const sorted = sortKey !== undefined && state.sort === sortKey;
  return (
    <div role="columnheader" className={`prt-head__cell ${className}`} aria-sort={sorted ? (state.order === 'asc' ? 'ascending' : 'descending') : undefined}>
      {sortKey ? (
        <button type="button" className="prt-head__sort" tabIndex={-1} onClick={() => void model.setSort(sortKey)} data-testid={`priorities.column.${sortKey}`}>
          {label}
          {sorted && <Icon name={state.order === 'asc' ? 'ascending' : 'descending'} size={14} />}
        </button>
      ) : (
        label
      )}
    </div>
  );
}

/** The column headers; the person's column is who gave the task, or who has it among follow-ups. */
function HeadRow({ state, model }: { state: PrioritiesState; model: PrioritiesModel }): JSX.Element {
  const { t } = useTranslation();
  const personLabel = state.view === 'followups' ? t('priorities.columns.assignee') : t('priorities.columns.creator');
  return (
    <div role="rowgroup" className="prt-head">
      <div role="row" className="prt-head__row" aria-rowindex={1}>
        <Header label={t('priorities.columns.status')} className="prt-cell--status" sortKey="status" state={state} model={model} />
        <Header label={t('priorities.columns.task')} className="prt-cell--task" state={state} model={model} />
        <Header label={t('priorities.columns.application')} className="prt-cell--app" state={state} model={model} />
        <Header label={personLabel} className="prt-cell--person" state={state} model={model} />
        <Header label={t('priorities.columns.endDate')} className="prt-cell--date" sortKey="end_date" state={state} model={model} />
        {state.view === 'snoozed' && <Header label={t('priorities.columns.snoozedUntil')} className="prt-cell--snoozed" state={state} model={model} />}
        <Header label={t('priorities.columns.comments')} className="prt-cell--comments" state={state} model={model} />
        <Header label={t('priorities.columns.actions')} className="prt-cell--actions" state={state} model={model} />
      </div>
    </div>
  );
}

/**
 * A key in the grid (`target` has focus): Up, Down, Home, End between rows, Enter opens the active
 * task, Right to the row's actions, Page Up and Page Down between pages. False for a key it leaves.
 */
function gridKey(key: string, target: HTMLElement, grid: { model: PrioritiesModel; state: PrioritiesState; active: TaskItem | null; focusRow(index: number): void }): boolean {
  const { model, state, active, focusRow } = grid;
  const onRow = target.getAttribute('role') === 'row';
  const index = active ? state.tasks.indexOf(active) : 0;
  switch (key) {
    case 'ArrowDown':
      focusRow(index + 1);
      return true;
    case 'ArrowUp':
      focusRow(index - 1);
      return true;
    case 'Home':
    case 'End':
      if (!onRow) return false;
      focusRow(key === 'Home' ? 0 : state.tasks.length - 1);
      return true;
    case 'PageDown':
    case 'PageUp':
      void model.goToPage(state.page + (key === 'PageDown' ? 1 : -1));
      return true;
    case 'Enter':
      if (!onRow || !active) return false;
      void model.edit(active);
      return true;
    case 'ArrowRight':
      if (!onRow) return false;
      target.querySelector<HTMLElement>('.prt-actions button')?.focus();
      return true;
    default:
      return false;
  }
}

/**
 * One page of tasks as a grid: a row per task, operated with the keyboard
 * (Up, Down, Home, End between rows, Enter opens the task in its
 * application, Right or Tab to the row's actions, Page Up and Page Down
 * between pages). Only the active row and its actions are in the Tab order.
 */
export function TaskGrid({ model, state, formats, appTitle }: TaskGridProps): JSX.Element {
  const grid = useRef<HTMLDivElement>(null);
  // The row chosen (its id and place), and the opened task it was chosen after: a newly opened task is chosen itself.
  const [chosen, setChosen] = useState<{ id: string | null; index: number; after: string | null }>({ id: null, index: 0, after: null });
  const focusInside = useRef(false);
  const { tasks } = state;
  const highlightId = state.highlight?.id ?? null;
  const highlightListed = highlightId !== null && tasks.some((task) => task.uuid === highlightId);
  const activeId = highlightListed && chosen.after !== highlightId ? highlightId : chosen.id;

  // The active row: the one chosen if still listed, else the one now at its place.
  const active = tasks.length > 0 ? (tasks.find((task) => task.uuid === activeId) ?? tasks[Math.min(chosen.index, tasks.length - 1)]!) : null;
  const choose = (task: TaskItem) => setChosen({ id: task.uuid, index: tasks.indexOf(task), after: highlightId });

  // The task it was opened at is brought into sight when listed.
  useEffect(() => {
    if (highlightListed && highlightId) document.getElementById(rowId(highlightId))?.scrollIntoView?.({ block: 'nearest' });
  }, [highlightId, highlightListed]);

  // A row that went away with the focus in it (completed): the focus goes to the row now at its place.
  useLayoutEffect(() => {
    if (!active || !focusInside.current) return;
    const current = document.activeElement;
    if (current && current !== document.body && grid.current?.contains(current)) return;
    document.getElementById(rowId(active.uuid))?.focus();
  }, [active]);

  const focusRow = (index: number) => {
    const task = tasks[Math.max(0, Math.min(tasks.length - 1, index))];
    if (!task) return;
    choose(task);
    const row = document.getElementById(rowId(task.uuid));
    row?.focus();
    row?.scrollIntoView?.({ block: 'nearest' });
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (gridKey(event.key, event.target as HTMLElement, { model, state, active, focusRow })) event.preventDefault();
  };
  return (
    <div
      ref={grid}
      role="grid"
      className={`prt-grid prt-grid--${state.view}`}
      aria-labelledby={tabId(state.view)}
      aria-rowcount={state.total + 1}
      aria-busy={state.busy || undefined}
      data-testid="priorities.list"
      data-busy={state.busy || undefined}
      onKeyDown={handleKeyDown}
      onFocus={() => (focusInside.current = true)}
      onBlur={(event) => {
        // Focus leaving for another element outside (not lost with a removed row).
        if (event.relatedTarget && !grid.current?.contains(event.relatedTarget as Node)) focusInside.current = false;
      }}
    >
      <HeadRow state={state} model={model} />
      <div role="rowgroup" className="prt-body">
        {tasks.map((task, i) => (
          <TaskRow
            key={task.uuid}
            model={model}
            task={task}
            index={state.page * state.pageSize + i}
            view={state.view}
            active={task === active}
            highlighted={task.uuid === highlightId}
            completing={state.completing.includes(task.uuid)}
            formats={formats}
            appTitle={appTitle}
            onActivate={() => choose(task)}
          />
        ))}
      </div>
    </div>
  );
}
