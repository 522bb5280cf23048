import { ChevronLeftIcon, ChevronRightIcon, useDismiss, useModel, useTranslation } from '@atrium/app-kit';
import { labelOf, type Entity, type RecordDto } from '@atrium/shared/apps';
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type JSX, type KeyboardEvent, type RefObject } from 'react';
import { CALENDAR_KEYS, CALENDAR_MAX_RECORDS, type CalendarKey, type CalendarModel, type CalendarState } from '../../model/CalendarModel.js';
import { layoutWeek, monthGrid, type DayKey, type GridDay, type WeekLayout } from '../../model/calendarGrid.js';
import { RecordColour } from '../RecordColour.js';
import { refusalText, useLanguageTag } from '../viewHelpers.js';
import '../viewsCommon.css';
import './calendar.css';

/** Lanes of records a week shows before "+3 more". */
export const CALENDAR_LANES = 3;
/** Below this width (in CSS pixels) the month is a list of its days with records. */
export const AGENDA_WIDTH = 560;

export interface CalendarViewProps {
  model: CalendarModel;
  entity: Entity;
}

const utc = (day: DayKey) => Date.parse(`${day}T00:00:00Z`);

/** The month's name, the weekdays and days in the user's language (Intl), on the UTC calendar the day keys are on. */
function useCalendarFormats() {
  const tag = useLanguageTag();
  return useMemo(() => {
    const month = new Intl.DateTimeFormat(tag, { month: 'long', year: 'numeric', timeZone: 'UTC' });
    const weekdayShort = new Intl.DateTimeFormat(tag, { weekday: 'short', timeZone: 'UTC' });
    const weekdayLong = new Intl.DateTimeFormat(tag, { weekday: 'long', timeZone: 'UTC' });
    const full = new Intl.DateTimeFormat(tag, { dateStyle: 'full', timeZone: 'UTC' });
    // 5 January 2026 was a Monday.
    const weekdays = Array.from({ length: 7 }, (_, i) => ({ short: weekdayShort.format(Date.UTC(2026, 0, 5 + i)), long: weekdayLong.format(Date.UTC(2026, 0, 5 + i)) }));
    return { month: (year: number, m: number) => month.format(Date.UTC(year, m - 1, 1)), weekdays, day: (day: DayKey) => full.format(utc(day)) };
  }, [tag]);
}

/** Whether an element is narrower than a width (a phone, or a narrow window), following its size. */
function useNarrow(ref: RefObject<HTMLElement | null>, width: number): boolean {
  const [narrow, setNarrow] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setNarrow((entry?.contentRect.width ?? width) < width));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, width]);
  return narrow;
}

type CalendarFormats = ReturnType<typeof useCalendarFormats>;

/** Previous, Today and Next, the month's name, whether it loads; below them a failure (with Retry) and a month with too many records. */
function CalendarBar({ model, state, titleId, monthName }: { model: CalendarModel; state: CalendarState; titleId: string; monthName: string }): JSX.Element {
  const { t } = useTranslation();
  return (
    <>
      <header className="rcv-calendar__bar">
        <button type="button" className="atk-button rcv-icon-button" onClick={() => void model.previous()} aria-label={t('records.calendar.previous')} title={t('records.calendar.previous')} data-testid="records.calendar.previous">
          <ChevronLeftIcon width={16} height={16} />
        </button>
        <button type="button" className="atk-button" onClick={() => void model.showToday()} data-testid="records.calendar.today">
          {t('records.calendar.today')}
        </button>
        <button type="button" className="atk-button rcv-icon-button" onClick={() => void model.next()} aria-label={t('records.calendar.next')} title={t('records.calendar.next')} data-testid="records.calendar.next">
          <ChevronRightIcon width={16} height={16} />
        </button>
        <h3 className="rcv-calendar__title" id={titleId} aria-live="polite" data-testid="records.calendar.title">
          {monthName}
        </h3>
        {state.status === 'loading' && <span className="atk-spinner atk-spinner--small" role="status" aria-label={t('records.calendar.loading')} />}
      </header>
      {state.status === 'failed' && state.problem && (
        <div className="atk-notice" role="alert" data-testid="records.calendar.failed">
          <span>
            {t('records.calendar.failed')} {refusalText(state.problem, t)}
          </span>
          <button type="button" className="atk-button" onClick={() => void model.load()}>
            {t('records.calendar.retry')}
          </button>
        </div>
      )}
      {state.truncated && <p className="rcv-calendar__note">{t('records.calendar.truncated', { max: CALENDAR_MAX_RECORDS })}</p>}
    </>
  );
}

/** One week: a cell per day (the keyboard's day is the grid's one Tab stop), the records as bars in their lanes, "+3 more" where they do not fit. */
function WeekRow({ model, state, week, layout, dayName, keyboardRef }: { model: CalendarModel; state: CalendarState; week: GridDay[]; layout: WeekLayout<RecordDto>; dayName(day: DayKey): string; keyboardRef: RefObject<boolean> }): JSX.Element {
  const { t } = useTranslation();
  return (
    <div className="rcv-week" role="row" style={{ gridTemplateRows: `1.75rem repeat(${CALENDAR_LANES}, 1.5rem) minmax(1.25rem, 1fr)` }}>
      {week.map((day, c) => {
        const count = model.recordsOn(day.key).length;
        return (
          <div
            key={day.key}
            role="gridcell"
            tabIndex={day.key === state.focus ? 0 : -1}
            data-day={day.key}
            data-testid="records.calendar.day"
            aria-selected={day.key === state.selectedDay}
            aria-current={day.key === state.today ? 'date' : undefined}
            aria-label={`${dayName(day.key)}${count > 0 ? `, ${t('records.board.count', { count })}` : ''}`}
            className={`rcv-day${day.inMonth ? '' : ' rcv-day--other'}${day.key === state.today ? ' rcv-day--today' : ''}`}
            style={{ gridColumn: c + 1 }}
            onClick={() => {
              keyboardRef.current = false;
              void model.focusDay(day.key);
            }}
            onDoubleClick={() => model.selectDay(day.key)}
          >
            <span className="rcv-day__number">{day.day}</span>
          </div>
        );
      })}
      {layout.segments.map((s) => (
        <button
          key={`${s.item.name}-${s.startColumn}`}
          type="button"
          tabIndex={-1}
          aria-hidden="true"
          className={`rcv-span rcv-ryg--${s.item.colour.toLowerCase()}${s.continuesBefore ? ' rcv-span--before' : ''}${s.continuesAfter ? ' rcv-span--after' : ''}`}
          style={{ gridColumn: `${s.startColumn + 1} / ${s.endColumn + 2}`, gridRow: s.lane + 2 }}
          title={s.item.title}
          data-testid="records.calendar.span"
          data-record={s.item.name}
          onClick={() => model.open(s.item.name)}
        >
          {s.item.title}
        </button>
      ))}
      {layout.more.map((count, c) =>
        count > 0 ? (
          <button key={`more-${c}`} type="button" tabIndex={-1} aria-hidden="true" className="rcv-more" style={{ gridColumn: c + 1, gridRow: CALENDAR_LANES + 2 }} onClick={() => model.selectDay(week[c]!.key)} data-testid="records.calendar.more">
            {t('records.calendar.more', { count })}
          </button>
        ) : null,
      )}
    </div>
  );
}

/** The month as a grid of weeks under the weekdays' names: the arrows move between days (Page Up and Down between months), Enter lists a day's records. */
function MonthGrid({ model, state, formats, titleId, grid, keyboardRef }: { model: CalendarModel; state: CalendarState; formats: CalendarFormats; titleId: string; grid: RefObject<HTMLDivElement | null>; keyboardRef: RefObject<boolean> }): JSX.Element {
  const weeks = useMemo(() => monthGrid(state.month), [state.month]);
  const layouts = useMemo(() => weeks.map((week) => layoutWeek(week[0]!.key, state.spans, CALENDAR_LANES)), [weeks, state.spans]);
  // The keyboard's day is drawn again on every move (in another month too): keep the focus on it.
  useEffect(() => {
    if (!keyboardRef.current || !grid.current) return;
    [...grid.current.querySelectorAll<HTMLElement>('[data-day]')].find((c) => c.dataset.day === state.focus)?.focus();
  }, [state.focus, weeks, grid, keyboardRef]);
  const handleGridKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if ((CALENDAR_KEYS as readonly string[]).includes(event.key)) {
      event.preventDefault();
      keyboardRef.current = true;
      void model.press(event.key as CalendarKey);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      model.selectDay(state.focus);
    }
  };
  return (
    <div
      ref={grid}
      className="rcv-month"
      role="grid"
      aria-labelledby={titleId}
      aria-describedby={`${titleId}-keys`}
      onKeyDown={handleGridKey}
      onBlur={(event) => {
        if (event.relatedTarget !== null && !event.currentTarget.contains(event.relatedTarget)) keyboardRef.current = false;
      }}
      data-testid="records.calendar.grid"
    >
      <div className="rcv-month__weekdays" role="row">
        {formats.weekdays.map((w) => (
          <div key={w.long} role="columnheader" className="rcv-month__weekday">
            <abbr title={w.long}>{w.short}</abbr>
          </div>
        ))}
      </div>
      {weeks.map((week, w) => (
        <WeekRow key={week[0]!.key} model={model} state={state} week={week} layout={layouts[w]!} dayName={formats.day} keyboardRef={keyboardRef} />
      ))}
    </div>
  );
}

/**
 * The calendar (docs/behaviour/records-views.md#calendar): a month from
 * Monday to Sunday, records as bars from their first to their last day in
 * the record's colour, "+3 more" where they do not fit; Previous, Today and
 * Next; the arrows move between days (Page Up and Down between months),
 * Enter lists a day's records, Enter on one opens it. A narrow window shows
 * the month as a list of its days with records.
 */
export function CalendarView({ model, entity }: CalendarViewProps): JSX.Element {
  const state = useModel(model);
  const { t, language } = useTranslation();
  const formats = useCalendarFormats();
  const root = useRef<HTMLElement>(null);
  const grid = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const narrow = useNarrow(root, AGENDA_WIDTH);
  // Whether the days are being moved through with the keyboard: then the focus follows the day the model holds.
  const keyboardRef = useRef(false);
  return (
    <section ref={root} className="rcv rcv-calendar" aria-label={t('records.calendar.label', { entity: labelOf(entity.pluralLabel, language) })} data-testid="records.calendar">
      <CalendarBar model={model} state={state} titleId={titleId} monthName={formats.month(state.month.year, state.month.month)} />
      <p id={`${titleId}-keys`} className="atk-hidden">
        {t('records.calendar.instructions')}
      </p>
      {narrow ? <Agenda model={model} dayName={formats.day} /> : <MonthGrid model={model} state={state} formats={formats} titleId={titleId} grid={grid} keyboardRef={keyboardRef} />}
      {state.selectedDay !== null && !narrow && (
        <DayRecords
          model={model}
          day={state.selectedDay}
          title={t('records.calendar.dayRecords', { day: formats.day(state.selectedDay) })}
          onClose={() => {
            model.selectDay(null);
            keyboardRef.current = true;
            [...(grid.current?.querySelectorAll<HTMLElement>('[data-day]') ?? [])].find((c) => c.dataset.day === state.focus)?.focus();
          }}
        />
      )}
    </section>
  );
}

/** The records of one day, each a button that opens it; Escape or a press outside closes the list. */
function DayRecords({ model, day, title, onClose }: { model: CalendarModel; day: DayKey; title: string; onClose(): void }): JSX.Element {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const records = model.recordsOn(day);
  const { onKeyDown } = useDismiss(ref, onClose);
  useEffect(() => {
    (ref.current?.querySelector<HTMLElement>('button[data-record]') ?? ref.current?.querySelector<HTMLElement>('button'))?.focus();
  }, [day]);
  return (
    <div ref={ref} className="rcv-dayrecords" role="dialog" aria-labelledby={headingId} onKeyDown={onKeyDown} data-testid="records.calendar.dayRecords">
      <div className="rcv-dayrecords__head">
        <h4 id={headingId}>{title}</h4>
        <button type="button" className="atk-button" onClick={onClose}>
          {t('records.calendar.close')}
        </button>
      </div>
      {records.length === 0 ? <p className="rcv-calendar__note">{t('records.calendar.noRecords')}</p> : <RecordList model={model} records={records} />}
    </div>
  );
}

/** Records as buttons that open them, with their colour and name. */
function RecordList({ model, records }: { model: CalendarModel; records: readonly RecordDto[] }): JSX.Element {
  return (
    <ul className="rcv-recordlist">
      {records.map((r) => (
        <li key={r.name}>
          <button type="button" className="rcv-recordlist__item" data-record={r.name} data-testid="records.calendar.record" onClick={() => model.open(r.name)}>
            <RecordColour colour={r.colour} />
            <span className="atk-ellipsis">{r.title}</span>
            <span className="rcv-recordlist__name">{r.name}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The month as a list of its days that have records (a narrow window). */
function Agenda({ model, dayName }: { model: CalendarModel; dayName(day: DayKey): string }): JSX.Element {
  const { t } = useTranslation();
  const state = model.getState();
  const days = monthGrid(state.month)
    .flat()
    .filter((d) => d.inMonth && model.recordsOn(d.key).length > 0);
  if (state.status === 'ready' && days.length === 0) return <p className="rcv-calendar__note">{t('records.calendar.agendaEmpty')}</p>;
  return (
    <div className="rcv-agenda" data-testid="records.calendar.agenda">
      {days.map((d) => (
        <section key={d.key} className={`rcv-agenda__day${d.key === state.today ? ' rcv-day--today' : ''}`} aria-label={dayName(d.key)}>
          <h4>{dayName(d.key)}</h4>
          <RecordList model={model} records={model.recordsOn(d.key)} />
        </section>
      ))}
    </div>
  );
}
