import { type ConditionOp, type Entity, type Field, type RecordFilter, type RecordMetaField } from '@atrium/shared/apps';
import type { RygStatus } from '@atrium/shared';

/**
 * What the list and the form read of an entity's declaration: which
 * fields show, which comparisons a filter of each type offers, durations
 * as h:mm (a value as text is valueText.ts). Pure functions, the same for
 * every declared application.
 */

/** Columns a list shows when its view names none. */
export const DEFAULT_COLUMN_COUNT = 6;

/** Types that make no column of a list (their values are long or made of rows). */
const NOT_A_COLUMN: ReadonlySet<Field['type']> = new Set(['table', 'file', 'richText', 'longText']);

/** The fields of an entity the user sees, in declaration order. */
export function visibleFields(entity: Entity, hidden: readonly string[] = []): Array<[string, Field]> {
  return Object.entries(entity.fields).filter(([key]) => !hidden.includes(key));
}

/** The columns a list starts with: its view's (those the user sees), else the title field and the next fields that make a column. */
export function defaultColumns(entity: Entity, hidden: readonly string[] = []): string[] {
  const declared = entity.views.list?.columns?.filter((key) => Object.hasOwn(entity.fields, key) && !hidden.includes(key));
  if (declared && declared.length > 0) return declared;
  const keys = visibleFields(entity, hidden)
    .filter(([, field]) => !NOT_A_COLUMN.has(field.type))
    .map(([key]) => key);
  // The title names the record: it comes first, whatever its place among the fields.
  const ordered = keys.includes(entity.titleField) ? [entity.titleField, ...keys.filter((key) => key !== entity.titleField)] : keys;
  return ordered.slice(0, DEFAULT_COLUMN_COUNT);
}

/** Every column a user may choose: the fields that make a column, then the record's own columns. */
export function columnChoices(entity: Entity, hidden: readonly string[] = []): string[] {
  return [...visibleFields(entity, hidden).filter(([, f]) => !NOT_A_COLUMN.has(f.type)).map(([key]) => key), 'name', 'owner', 'createdAt', 'updatedAt'];
}

/** The type a record's own column is compared and shown as. */
const META_TYPES: Readonly<Record<RecordMetaField, Field['type'] | 'colour'>> = {
  name: 'text',
  owner: 'user',
  createdAt: 'datetime',
  updatedAt: 'datetime',
  createdBy: 'user',
  updatedBy: 'user',
  colour: 'colour',
};

/** The type of a column: its field's, or that of a record's own column (RECORD_META_FIELDS). */
export function columnType(entity: Entity, key: string): Field['type'] | 'colour' | null {
  if (Object.hasOwn(entity.fields, key)) return entity.fields[key]!.type;
  return Object.hasOwn(META_TYPES, key) ? META_TYPES[key as RecordMetaField] : null;
}

const ORDERED: readonly ConditionOp[] = ['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'empty', 'notEmpty'];

/** The comparisons a filter on a column of this type offers (its first is the default). */
export function filterOps(type: Field['type'] | 'colour' | null): readonly ConditionOp[] {
  switch (type) {
    case 'text':
    case 'longText':
    case 'richText':
    case 'email':
    case 'url':
    case 'phone':
      return ['contains', 'eq', 'ne', 'empty', 'notEmpty'];
    case 'number':
    case 'decimal':
    case 'percent':
    case 'duration':
    case 'rating':
    case 'date':
    case 'datetime':
      return ORDERED;
    case 'boolean':
      return ['eq'];
    case 'choice':
    case 'colour':
      return ['eq', 'ne', 'empty', 'notEmpty'];
    case 'multiChoice':
      return ['contains', 'empty', 'notEmpty'];
    case 'user':
    case 'link':
      return ['eq', 'ne', 'empty', 'notEmpty'];
    default:
      return ['empty', 'notEmpty'];
  }
}

/** Whether a filter is complete enough to send: a known comparison, and a value unless it takes none. */
export function isCompleteFilter(filter: RecordFilter): boolean {
  if (filter.op === 'empty' || filter.op === 'notEmpty') return true;
  return filter.value !== undefined && filter.value !== null && filter.value !== '';
}

/** A duration in minutes as h:mm (90 → 1:30). */
export function formatDuration(minutes: number): string {
  const sign = minutes < 0 ? '-' : '';
  const m = Math.abs(Math.round(minutes));
  return `${sign}${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}`;
}

/** A duration typed as h:mm, as hours and minutes (`1:30`) or as minutes (`90`); null when it is neither. */
export function parseDuration(text: string): number | null {
  const t = text.trim();
  if (t === '') return null;
  const hm = /^(\d+):([0-5]\d)$/.exec(t);
  if (hm) return Number(hm[1]) * 60 + Number(hm[2]);
  return /^\d+$/.test(t) ? Number(t) : null;
}

/** The colours a record may have, in the order of the list's filter. */
export const COLOURS: readonly RygStatus[] = ['RED', 'YELLOW', 'GREEN', 'BLUE'];
