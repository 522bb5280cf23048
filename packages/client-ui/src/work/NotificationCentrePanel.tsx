import type { NotificationCentreModel } from '@atrium/client-core';
import { NOTIFICATION_PAGE_SIZE, NOTIFICATION_TYPES, RYG_STATUSES, taskLaunchArgs, type NotificationType, type RygCount, type RygStatus, type TaskItem } from '@atrium/shared';
import { useEffect, useId, useLayoutEffect, useRef, useState, type CSSProperties, type JSX, type KeyboardEvent, type RefObject } from 'react';
import { useDesktop } from '../desktop/DesktopContext.js';
import { useReturnFocus } from '../desktop/ModalOverlay.js';
import { useObservable } from '../hooks/useObservable.js';
import { useTabOut } from '../hooks/useTabOut.js';
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon, RygIcon, useDismiss } from '@atrium/app-kit';
import { useCataloguePart } from '../i18n/useCataloguePart.js';
import { useTranslation } from '../i18n/useTranslation.js';
import { NOTIFICATION_CENTRE_BUTTON, shownCount } from './NotificationsItem.js';
import { colourClass, useAppTitle, useDateFormat } from './workFormat.js';
import './NotificationCentre.css';

/** The clipboard the panel belongs to: the one shown (a desktop may have one in each panel). */
function clipboard(): HTMLElement | null {
  const buttons = [...document.querySelectorAll<HTMLElement>(`[${NOTIFICATION_CENTRE_BUTTON}]`)];
  return buttons.find((el) => el.offsetParent !== null) ?? buttons[0] ?? null;
}

/** Between the desktop's top and bottom panels, along the right edge (the whole width on a phone: NotificationCentre.css). */
function placeOf(): CSSProperties {
  const height = window.innerHeight;
  let top = 0;
  let bottom = 0;
  for (const panel of document.querySelectorAll<HTMLElement>('.atr-panel')) {
    const box = panel.getBoundingClientRect();
    if (box.height === 0) continue;
    if (box.top < height / 2) top = Math.max(top, box.bottom);
    else bottom = Math.max(bottom, height - box.top);
  }
  return { top, bottom };
}

const COUNT_KEY: Readonly<Record<(typeof RYG_STATUSES)[number], keyof RygCount>> = { RED: 'red', YELLOW: 'yellow', GREEN: 'green', BLUE: 'blue' };

/**
 * The notification centre's side panel (docs/behaviour/work.md#notification-centre),
 * fetched with its texts when the clipboard first opens it: the view
 * (My Priorities, My Follow Up, My Snoozed Items), the four colour counters
 * acting as filters, the page's tasks by application with their actions,
 * the pages beyond the first five, and View All. Focus moves into it when
 * it opens; Escape closes it and gives focus back to the clipboard, and so
 * does Tab past its last control (Shift+Tab before its first: useTabOut); a
 * press outside it closes it too. The rules are the desktop's NotificationCentreModel's.
 */
export default function NotificationCentrePanel(): JSX.Element | null {
  const { work } = useDesktop();
  const ready = useCataloguePart('work');
  return ready ? <Panel model={work} /> : null;
}

function Panel({ model }: { model: NotificationCentreModel }): JSX.Element {
  const { t } = useTranslation();
  const { packages } = useDesktop();
  const state = useObservable(model);
  const panel = useRef<HTMLElement>(null);
  const select = useRef<HTMLSelectElement>(null);
  const place = usePanelPlace();
  const titleId = useId();
  useReturnFocus(panel);

  useEffect(() => {
    select.current?.focus({ preventScroll: true });
  }, []);

  // The clipboard toggles the panel itself; the work dialogs and notifications sit above it.
  useDismiss(panel, () => model.close(), { escape: false, insideSelector: `[${NOTIFICATION_CENTRE_BUTTON}], .atr-modal, .atr-toasts` });

  const closeToClipboard = () => {
    const button = clipboard();
    model.close();
    button?.focus({ preventScroll: true });
  };
  useTabOut(panel, closeToClipboard);

  const handleKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    event.stopPropagation();
    closeToClipboard();
  };

  const launch = (app: string, args?: Record<string, unknown>) => {
    model.close();
    void packages.launch({ app, ...(args ? { args } : {}) });
  };

  const { type, filter, loading, failed, groups, ryg_count, total, skip } = state;
  const empty = !loading && !failed && groups.length === 0;
  return (
    <section ref={panel} className="atr-work" style={place} role="dialog" aria-modal="false" aria-labelledby={titleId} data-testid="work.panel" onKeyDown={handleKeyDown}>
      <h2 id={titleId} className="atr-visually-hidden">
        {t('work.panel')}
      </h2>
      <Head model={model} type={type} select={select} />
      <Counters model={model} filter={filter} counts={ryg_count} />
      <div className="atr-work__list" aria-busy={loading} data-testid="work.list">
        {loading && (
          <div className="atr-work__loading" role="status" data-testid="work.loading">
            <span className="atr-work__spinner" aria-hidden="true" />
            <span className="atr-visually-hidden">{t('work.loading')}</span>
          </div>
        )}
        {empty && (
          <p className="atr-work__empty" data-testid="work.empty">
            {t('work.empty')}
          </p>
        )}
        {groups.map((group) => (
          <Group key={group.appUuid || group.appName} appName={group.appName} count={group.count} tasks={group.data} snoozedView={type === 'snoozed'} model={model} onEdit={(task) => launch(task.appName, taskLaunchArgs(task))} />
        ))}
      </div>
      {total > NOTIFICATION_PAGE_SIZE && <Pager skip={skip} total={total} onSkip={(next) => model.setSkip(next)} />}
      <div className="atr-work__foot">
        <button type="button" className="atr-button atr-button--primary atr-button--block" data-testid="work.viewAll" onClick={() => launch('Priorities')}>
          {t('work.viewAll')}
        </button>
      </div>
    </section>
  );
}

/** Between the panels, measured again when the browser's window is resized. */
function usePanelPlace(): CSSProperties | undefined {
  const [place, setPlace] = useState<CSSProperties | undefined>(undefined);
  useLayoutEffect(() => {
    const measure = () => setPlace(placeOf());
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);
  return place;
}

/** The view's select (focused when the panel opens) and the close button. */
function Head({ model, type, select }: { model: NotificationCentreModel; type: NotificationType; select: RefObject<HTMLSelectElement | null> }): JSX.Element {
  const { t } = useTranslation();
  const selectId = useId();
  return (
    <div className="atr-work__head">
      <label htmlFor={selectId} className="atr-visually-hidden">
        {t('work.view')}
      </label>
      <select ref={select} id={selectId} className="atr-work__view" value={type} data-testid="work.view" onChange={(event) => model.setType(event.target.value as NotificationType)}>
        {NOTIFICATION_TYPES.map((view) => (
          <option key={view} value={view}>
            {t(`work.views.${view}`)}
          </option>
        ))}
      </select>
      <button type="button" className="atr-icon-button" aria-label={t('work.close')} title={t('work.close')} data-testid="work.close" onClick={() => model.close()}>
        <CloseIcon width={18} height={18} />
      </button>
    </div>
  );
}

/** The four colour counters, each a filter that a second press takes off. */
function Counters({ model, filter, counts }: { model: NotificationCentreModel; filter: RygStatus | null; counts: RygCount }): JSX.Element {
  const { t } = useTranslation();
  return (
    <div className="atr-work__counters" role="group" aria-label={t('work.colours')}>
      {RYG_STATUSES.map((colour) => (
        <button
          key={colour}
          type="button"
          className={`atr-work__counter atr-work--${colour.toLowerCase()}`}
          aria-pressed={filter === colour}
          data-testid={`work.counter.${colour}`}
          onClick={() => model.toggleFilter(colour)}
        >
          {/* Its shape and its word, not its hue alone, tell one colour from another. */}
          <RygIcon colour={colour} className="atr-work__colour-icon" width={16} height={16} />
          <span className="atr-work__colour-name">{t(`work.colour.${colour}`)}</span>{' '}
          <span className="atr-work__count">{shownCount(counts[COUNT_KEY[colour]])}</span>
        </button>
      ))}
    </div>
  );
}

function Group({ appName, count, tasks, snoozedView, model, onEdit }: { appName: string; count: number; tasks: TaskItem[]; snoozedView: boolean; model: NotificationCentreModel; onEdit(task: TaskItem): void }): JSX.Element {
  const appTitle = useAppTitle();
  const headingId = useId();
  return (
    <section className="atr-work__group" aria-labelledby={headingId} data-testid="work.group">
      <h3 id={headingId} className="atr-work__app">
        <span>{appTitle(appName)}</span>
        <span className="atr-work__app-count">{count}</span>
      </h3>
      <ul className="atr-work__tasks">
        {tasks.map((task) => (
          <TaskRow key={task.uuid} task={task} snoozedView={snoozedView} model={model} onEdit={onEdit} />
        ))}
      </ul>
    </section>
  );
}

function TaskRow({ task, snoozedView, model, onEdit }: { task: TaskItem; snoozedView: boolean; model: NotificationCentreModel; onEdit(task: TaskItem): void }): JSX.Element {
  const { t } = useTranslation();
  const { now } = useDesktop();
  const date = useDateFormat();
  const appTitle = useAppTitle();
  const nameId = useId();
  // A snoozed task (the user's own: My Snoozed Items) can always be woken up; any other only by its assignee when GREEN with its end date ahead.
  const snoozable = snoozedView || model.maySnooze(task);
  return (
    <li className={`atr-work-task atr-work--${colourClass(task)}`} data-testid="work.task" data-task={task.uuid} data-colour={task.rygStatus}>
      <span className="atr-work-task__bar" aria-hidden="true" />
      <div className="atr-work-task__body">
        <p id={nameId} className="atr-work-task__name" data-testid="work.taskName">
          {task.task_name}
        </p>
        <p className="atr-work-task__meta">
          <span className="atr-visually-hidden">{t(`work.colour.${task.rygStatus}`)}, </span>
          <span>{appTitle(task.appName)}</span>
          <span aria-hidden="true"> · </span>
          <span>{task.end_date ? t('work.due', { date: date(task.end_date) }) : t('work.noDue')}</span>
        </p>
        {task.delegated_from && (
          <p className="atr-work-task__delegated" data-testid="work.delegatedFrom">
            {t('work.delegatedBy', { name: task.delegated_from.name })}
          </p>
        )}
        {task.snoozed_till && Date.parse(task.snoozed_till) > now() && (
          <p className="atr-work-task__snoozed" data-testid="work.snoozedUntil">
            {t('work.snoozedUntil')} <time dateTime={task.snoozed_till}>{date(task.snoozed_till)}</time>
          </p>
        )}
        <div className="atr-work-task__actions">
          <button type="button" className="atr-work-task__action" aria-describedby={nameId} data-testid="work.edit" onClick={() => onEdit(task)}>
            {t('work.edit')}
          </button>
          <button type="button" className="atr-work-task__action" aria-describedby={nameId} data-testid="work.comments" onClick={() => model.showComments(task.uuid)}>
            {t('work.comments')}
            {task.comment_count > 0 && <span className="atr-work-task__badge">{task.comment_count}</span>}
          </button>
          <button
            type="button"
            className="atr-work-task__action"
            aria-describedby={nameId}
            aria-disabled={!snoozable}
            title={snoozable ? undefined : t('work.snoozeRefused')}
            data-testid="work.snooze"
            onClick={() => snoozable && model.showSnooze(task.uuid)}
          >
            {t('work.snooze')}
          </button>
        </div>
      </div>
    </li>
  );
}

function Pager({ skip, total, onSkip }: { skip: number; total: number; onSkip(skip: number): void }): JSX.Element {
  const { t } = useTranslation();
  const last = skip + NOTIFICATION_PAGE_SIZE >= total;
  return (
    <nav className="atr-work__pager" aria-label={t('work.pager.label')} data-testid="work.pager">
      <button type="button" className="atr-icon-button" aria-label={t('work.pager.previous')} title={t('work.pager.previous')} disabled={skip === 0} data-testid="work.previous" onClick={() => onSkip(skip - NOTIFICATION_PAGE_SIZE)}>
        <ChevronLeftIcon width={18} height={18} />
      </button>
      <span className="atr-work__range" aria-live="polite" data-testid="work.range">
        {t('work.pager.range', { from: skip + 1, to: Math.min(total, skip + NOTIFICATION_PAGE_SIZE), total })}
      </span>
      <button type="button" className="atr-icon-button" aria-label={t('work.pager.next')} title={t('work.pager.next')} disabled={last} data-testid="work.next" onClick={() => onSkip(skip + NOTIFICATION_PAGE_SIZE)}>
        <ChevronRightIcon width={18} height={18} />
      </button>
    </nav>
  );
}
