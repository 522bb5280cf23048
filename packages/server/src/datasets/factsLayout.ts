/**
 * The facts of a dataset (datasets/README.md): which slot of
 * `dataset_facts` holds which field (the layout), and the row of facts a
 * record gives. The database computes the same row in its trigger
 * (drizzle/0020_dataset_facts_trigger.sql); `factRow` is the rule written
 * once more in TypeScript, which the tests hold the trigger to.
 */
import { DATASET_META_FIELDS, type Dataset, type DatePart, type Entity } from '@atrium/shared/apps';
import { FACT_NUMBER_SLOTS, FACT_TEXT_SLOTS, type FactsLayout } from '../db/schema.js';

/**
 * How a layout names the record's own columns, `owner` and `createdAt`: a
 * leading `@`, which no field key has, so that an entity's own field named
 * `owner` stays that field (as the declaration's checks read it).
 */
export const META_PREFIX = '@';

/** What a layout names for a dataset's field: the entity's field, else the record's owner or creation time. */
export function slotField(entity: Entity, field: string): string {
  if (Object.hasOwn(entity.fields, field)) return field;
  return (DATASET_META_FIELDS as readonly string[]).includes(field) ? `${META_PREFIX}${field}` : field;
}

type TextSlot = FactsLayout['texts'][number];
const sameText = (a: TextSlot, b: TextSlot) => a.field === b.field && a.part === b.part;

/**
 * The layout of a dataset's facts: a text slot for each distinct field and
 * part its dimensions group by (in their order), then for each field a
 * distinct count counts; a number slot for each distinct field summed,
 * averaged, or taken the least or most of; the time field. A dataset asking
 * for more slots than the table has leaves the last ones out: the
 * dimensions and measures over them are not available (`textSlot` -1).
 */
export function factsLayout(dataset: Dataset, entity: Entity): FactsLayout {
  const texts: TextSlot[] = [];
  const addText = (slot: TextSlot) => {
    if (texts.length < FACT_TEXT_SLOTS && !texts.some((t) => sameText(t, slot))) texts.push(slot);
  };
  for (const dimension of Object.values(dataset.dimensions)) addText({ field: slotField(entity, dimension.field), ...(dimension.part ? { part: dimension.part } : {}) });
  const numbers: string[] = [];
  for (const measure of Object.values(dataset.measures)) {
    if (measure.field === undefined || measure.ratio !== undefined) continue;
    if (measure.op === 'distinct') addText({ field: slotField(entity, measure.field) });
    else if (measure.op !== 'count' && numbers.length < FACT_NUMBER_SLOTS && !numbers.includes(measure.field)) numbers.push(measure.field);
  }
  return { entity: dataset.entity, texts, numbers, ...(dataset.time !== undefined ? { time: slotField(entity, dataset.time) } : {}) };
}

/** The text slot (0-based) holding a field with a part, or -1. */
export function textSlot(layout: FactsLayout, entity: Entity, field: string, part?: DatePart): number {
  const wanted = { field: slotField(entity, field), ...(part ? { part } : {}) };
  return layout.texts.findIndex((t) => sameText(t, wanted));
}

/** The number slot (0-based) holding a field, or -1. */
export function numberSlot(layout: FactsLayout, field: string): number {
  return layout.numbers.indexOf(field);
}

/** Whether two layouts put the same things in the same slots (then the facts need no rebuild). */
export function sameLayout(a: FactsLayout, b: FactsLayout): boolean {
  const norm = (l: FactsLayout) => JSON.stringify({ e: l.entity, t: l.texts.map((t) => [t.field, t.part ?? null]), n: l.numbers, time: l.time ?? null });
  return norm(a) === norm(b);
}

/** A record as its facts read it. */
export interface FactSource {
  data: Readonly<Record<string, unknown>>;
  ownerId: string | null;
  createdAt: Date;
}

/** A record's row of facts in one dataset. */
export interface FactRow {
  ownerId: string | null;
  /** The day of the time field (YYYY-MM-DD), or null. */
  at: string | null;
  /** FACT_TEXT_SLOTS values. */
  texts: Array<string | null>;
  /** FACT_NUMBER_SLOTS values. */
  numbers: Array<number | null>;
}

const DAY = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])/;

/** The day a date value ('2026-08-21') or a moment (ISO text in UTC) falls on, or null when it is not one. */
export function dayOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = DAY.exec(value);
  if (!match || match[1] === '0000') return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= last ? value.slice(0, 10) : null;
}

/** The ISO week key of a day: '2026-W34' (the week's year may differ from the day's near the new year). */
function isoWeek(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const weekday = (date.getUTCDay() + 6) % 7;
  // The Thursday of the day's week decides the week's year.
  const thursday = new Date(date.getTime() + (3 - weekday) * 86_400_000);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / 86_400_000 / 7) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** A day cut to a part as a key that sorts as text: '2026', '2026-Q3', '2026-08', '2026-W34', '2026-08-21'. */
export function dateKey(day: string, part: DatePart): string {
  const month = Number(day.slice(5, 7));
  switch (part) {
    case 'year':
      return day.slice(0, 4);
    case 'quarter':
      return `${day.slice(0, 4)}-Q${Math.ceil(month / 3)}`;
    case 'month':
      return day.slice(0, 7);
    case 'week':
      return isoWeek(day);
    case 'day':
      return day;
  }
}

/** The day of a slot's field: the creation's day in UTC, or the field's date. */
function fieldDay(field: string, record: FactSource): string | null {
  if (field === `${META_PREFIX}createdAt`) return record.createdAt.toISOString().slice(0, 10);
  return Object.hasOwn(record.data, field) ? dayOf(record.data[field]) : null;
}

/** A plain value as its key: text as it is (empty text is no value), numbers and yes/no as text. */
function plainKey(value: unknown): string | null {
  if (typeof value === 'string') return value === '' ? null : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

function textValue(slot: TextSlot, record: FactSource): string | null {
  if (slot.part !== undefined) {
    const day = fieldDay(slot.field, record);
    return day === null ? null : dateKey(day, slot.part);
  }
  if (slot.field === `${META_PREFIX}owner`) return record.ownerId;
  if (slot.field.startsWith(META_PREFIX)) return null;
  return Object.hasOwn(record.data, slot.field) ? plainKey(record.data[slot.field]) : null;
}

/** A record's facts by a layout (what the database's trigger writes for it). */
export function factRow(layout: FactsLayout, record: FactSource): FactRow {
  const texts = Array.from({ length: FACT_TEXT_SLOTS }, (_, i) => (i < layout.texts.length ? textValue(layout.texts[i]!, record) : null));
  const numbers = Array.from({ length: FACT_NUMBER_SLOTS }, (_, i) => {
    const field = layout.numbers[i];
    const value = field !== undefined && Object.hasOwn(record.data, field) ? record.data[field] : null;
    return typeof value === 'number' && Number.isFinite(value) ? value : null;
  });
  return { ownerId: record.ownerId, at: layout.time === undefined ? null : fieldDay(layout.time, record), texts, numbers };
}
