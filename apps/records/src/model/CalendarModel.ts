import { Model } from '@atrium/app-kit';
import { RECORD_PAGE_MAX, recordsAfter, type Entity, type RecordDto, type RecordFilter, type RecordQueryInput, type RecordsChangedParams } from '@atrium/shared/apps';
import { addDays, addMonths, dayKey, monthOf, monthRange, sameDayIn, weekdayOf, type DayKey, type Month, type Span } from './calendarGrid.js';
import type { RecordsCalls } from './recordsCalls.js';
import { refusalOf, type Refusal } from './refusal.js';

/** Most records a month shows (read in pages of the largest size). */
export const CALENDAR_MAX_RECORDS = 1_000;

/**
 * Where days begin and end for date-and-time fields: the day a moment falls
 * on, and the moment a day begins. The desktop's own time zone in the
 * browser; tests give another.
 */
export interface CalendarZone {
  dayOf(iso: string): DayKey;
  startOf(day: DayKey): string;
}

/** The browser's time zone. */
export const localZone: CalendarZone = {
  dayOf(iso) {
    const date = new Date(iso);
    return dayKey(date.getFullYear(), date.getMonth() + 1, date.getDate());
  },
  startOf(day) {
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    return new Date(y, m - 1, d).toISOString();
  },
};

/** Coordinated universal time. */
export const utcZone: CalendarZone = {
  dayOf: (iso) => new Date(iso).toISOString().slice(0, 10),
  startOf: (day) => `${day}T00:00:00.000Z`,
};

/** The calendar's fields: its start (a date or a date and time) and its optional end. */
export function calendarFields(entity: Entity): { start: { key: string; moment: boolean }; end: { key: string; moment: boolean; required: boolean } | null } | null {
  const view = entity.views.calendar;
  const start = view ? entity.fields[view.start] : undefined;
  if (view === undefined || (start?.type !== 'date' && start?.type !== 'datetime')) return null;
  const end = view.end === undefined ? undefined : entity.fields[view.end];
  return {
    start: { key: view.start, moment: start.type === 'datetime' },
    end: view.end !== undefined && (end?.type === 'date' || end?.type === 'datetime') ? { key: view.end, moment: end.type === 'datetime', required: end.required ?? false } : null,
  };
}

/**
 * The queries of a month's records: those starting on or before its last
 * day and ending (or, without an end, starting) on or after its first.
 * Filters all have to hold, so an end that may be left empty takes a
 * second query: the records without an end that start within the month.
 */
export function calendarQueries(entity: Entity, month: Month, zone: CalendarZone = localZone): RecordQueryInput[] {
  const fields = calendarFields(entity);
  if (fields === null) throw new Error('The entity declares no calendar on a date field');
  const { first, last } = monthRange(month);
  // A day field compares with days; a date-and-time field with the moments the month begins and the next one begins.
  const onOrAfterFirst = (key: string, moment: boolean): RecordFilter => ({ field: key, op: 'gte', value: moment ? zone.startOf(first) : first });
  const onOrBeforeLast = (key: string, moment: boolean): RecordFilter =>
    moment ? { field: key, op: 'lt', value: zone.startOf(addDays(last, 1)) } : { field: key, op: 'lte', value: last };
  const page = { offset: 0, limit: RECORD_PAGE_MAX, sort: { field: fields.start.key, direction: 'asc' as const } };
  const startsByEnd = onOrBeforeLast(fields.start.key, fields.start.moment);
  if (fields.end === null) return [{ filters: [onOrAfterFirst(fields.start.key, fields.start.moment), startsByEnd], ...page }];
  const spanning: RecordQueryInput = { filters: [startsByEnd, onOrAfterFirst(fields.end.key, fields.end.moment)], ...page };
  if (fields.end.required) return [spanning];
  return [spanning, { filters: [onOrAfterFirst(fields.start.key, fields.start.moment), startsByEnd, { field: fields.end.key, op: 'empty' }], ...page }];
}

/** A record's days: its start's day to its end's (the start's when it has none, or an end before it); null without a start. */
export function spanOf(entity: Entity, record: RecordDto, zone: CalendarZone = localZone): Span<RecordDto> | null {
  const fields = calendarFields(entity);
  if (fields === null) return null;
  const day = (value: unknown, moment: boolean): DayKey | null => {
    if (typeof value !== 'string' || value === '') return null;
    if (!moment) return /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;
    return Number.isNaN(Date.parse(value)) ? null : zone.dayOf(value);
  };
  const start = day(record.values[fields.start.key], fields.start.moment);
  if (start === null) return null;
  const end = fields.end === null ? null : day(record.values[fields.end.key], fields.end.moment);
  return { item: record, start, end: end !== null && end >= start ? end : start };
}

export interface CalendarState {
  month: Month;
  /** The day the keyboard is on (in the month shown). */
  focus: DayKey;
  today: DayKey;
  status: 'loading' | 'ready' | 'failed';
  spans: readonly Span<RecordDto>[];
  /** The month holds more records than the calendar shows. */
  truncated: boolean;
  problem: Refusal | null;
  /** The day whose records are listed (Enter on a day, "+3 more"). */
  selectedDay: DayKey | null;
  people: Readonly<Record<string, string>>;
}

export interface CalendarOptions {
  calls: RecordsCalls;
  app: string;
  entityKey: string;
  entity: Entity;
  /** Opens a record (its form). */
  open(name: string): void;
  /** Milliseconds since the epoch (today). */
  now?: () => number;
  zone?: CalendarZone;
  /** Hears that records changed (the desktop socket; null when changes may have been missed); returns the unsubscribe. */
  onRecordsChanged?(listener: (change: RecordsChangedParams | null) => void): () => void;
}

/** The keys that move between days: the arrows by a day and a week, Home and End to the week's ends, Page Up and Down by a month. */
export const CALENDAR_KEYS = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown'] as const;
export type CalendarKey = (typeof CALENDAR_KEYS)[number];

/** The day a key moves to from another. */
export function dayByKey(from: DayKey, key: CalendarKey): DayKey {
  switch (key) {
    case 'ArrowLeft':
      return addDays(from, -1);
    case 'ArrowRight':
      return addDays(from, 1);
    case 'ArrowUp':
      return addDays(from, -7);
    case 'ArrowDown':
      return addDays(from, 7);
    case 'Home':
      return addDays(from, -weekdayOf(from));
    case 'End':
      return addDays(from, 6 - weekdayOf(from));
    case 'PageUp':
      return sameDayIn(from, addMonths(monthOf(from), -1));
    case 'PageDown':
      return sameDayIn(from, addMonths(monthOf(from), 1));
  }
}

/**
 * The calendar of an entity (docs/APPLICATIONS.md, "Views"): a month of
 * records placed from their start to their end, read by one query per month
 * shown (two when the end may be empty); previous, today and next month;
 * a day the keyboard is on, moving to the next month when it leaves this
 * one; a day's records listed; a record opened.
 */
export class CalendarModel extends Model<CalendarState> {
  readonly #options: CalendarOptions;
  readonly #zone: CalendarZone;
  #ticket = 0;
  #disposed = false;

  constructor(options: CalendarOptions) {
    const zone = options.zone ?? localZone;
    const today = zone.dayOf(new Date((options.now ?? Date.now)()).toISOString());
    super({ month: monthOf(today), focus: today, today, status: 'loading', spans: [], truncated: false, problem: null, selectedDay: null, people: {} });
    if (calendarFields(options.entity) === null) throw new Error(`The entity ${options.entityKey} declares no calendar on a date field`);
    this.#options = options;
    this.#zone = zone;
  }

  /**
   * Reads the month and follows the changes the desktop hears of (any
   * record of the entity may have come into the month or left it: the month
   * is read again), until the returned stop is called.
   */
  start(): () => void {
    const { app, entityKey } = this.#options;
    const stop = this.#options.onRecordsChanged?.((change) => {
      if (!this.#disposed && (change === null || (change.app === app && change.entity === entityKey))) void this.load();
    });
    void this.load();
    return () => stop?.();
  }

  /** Reads the month shown again. */
  async load(): Promise<void> {
    const ticket = ++this.#ticket;
    const { month } = this.getState();
    this.update({ status: 'loading', problem: null });
    try {
      const found = new Map<string, RecordDto>();
      let people: Record<string, string> = {};
      let truncated = false;
      for (const query of calendarQueries(this.#options.entity, month, this.#zone)) {
        for (let offset = 0; ; ) {
          const page = await this.#options.calls.query(this.#options.app, this.#options.entityKey, { ...query, offset });
          if (this.#disposed || ticket !== this.#ticket) return;
          people = { ...people, ...page.people };
          for (const record of page.records) found.set(record.name, record);
          offset += page.records.length;
          if (page.records.length === 0 || !recordsAfter(page, offset)) break;
          if (found.size >= CALENDAR_MAX_RECORDS) {
            truncated = true;
            break;
          }
        }
      }
      const spans = [...found.values()].map((r) => spanOf(this.#options.entity, r, this.#zone)).filter((s): s is Span<RecordDto> => s !== null)
        .sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : a.item.name.localeCompare(b.item.name)));
      this.update({ status: 'ready', spans, truncated, people: { ...this.getState().people, ...people } });
    } catch (error) {
      if (this.#disposed || ticket !== this.#ticket) return;
      this.update({ status: 'failed', problem: refusalOf(error) });
    }
  }

  /** Shows another month, the keyboard on its day (the same day of the month by default). */
  async goTo(month: Month, focus: DayKey = sameDayIn(this.getState().focus, month)): Promise<void> {
    this.update({ month, focus, selectedDay: null });
    await this.load();
  }

  previous(): Promise<void> {
    return this.goTo(addMonths(this.getState().month, -1));
  }

  next(): Promise<void> {
    return this.goTo(addMonths(this.getState().month, 1));
  }

  /** Back to the month of today, the keyboard on today. */
  async showToday(): Promise<void> {
    const today = this.#zone.dayOf(new Date((this.#options.now ?? Date.now)()).toISOString());
    this.update({ today });
    const month = monthOf(today);
    const shown = this.getState().month;
    if (shown.year === month.year && shown.month === month.month) this.update({ focus: today, selectedDay: null });
    else await this.goTo(month, today);
  }

  /** Moves the keyboard's day; a day of another month shows that month. */
  async focusDay(day: DayKey): Promise<void> {
    const month = monthOf(day);
    const shown = this.getState().month;
    if (month.year !== shown.year || month.month !== shown.month) await this.goTo(month, day);
    else this.update({ focus: day });
  }

  /** Moves the keyboard's day by a key (CALENDAR_KEYS). */
  press(key: CalendarKey): Promise<void> {
    return this.focusDay(dayByKey(this.getState().focus, key));
  }

  /** Lists a day's records (null closes the list). */
  selectDay(day: DayKey | null): void {
    if (day === null) return this.update({ selectedDay: null });
    const [month, shown] = [monthOf(day), this.getState().month];
    this.update({ selectedDay: day, ...(month.year === shown.year && month.month === shown.month ? { focus: day } : {}) });
  }

  /** The records on a day, in the order of their start. */
  recordsOn(day: DayKey): RecordDto[] {
    return this.getState()
      .spans.filter((s) => s.start <= day && s.end >= day)
      .map((s) => s.item);
  }

  /** Opens a record's form. */
  open(name: string): void {
    this.#options.open(name);
  }

  dispose(): void {
    this.#disposed = true;
    this.clearListeners();
  }
}
