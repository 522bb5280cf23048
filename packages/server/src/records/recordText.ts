import { isEmptyValue, type Entity, type Field } from '@atrium/shared/apps';
import type { RecordScope, RecordStore } from './RecordStore.js';

/**
 * What a record's values read as in words (docs/behaviour/records.md#records):
 * its name by a naming series, its title and the text its search finds.
 * Choices read as their English labels, people as their names.
 */

/** Longest name a record may have (the calls' path parameter allows no more). */
export const RECORD_NAME_MAX_LENGTH = 140;
/** Longest title kept. */
const TITLE_MAX_LENGTH = 500;
/** Longest search text kept of one record. */
const SEARCH_TEXT_MAX_LENGTH = 20_000;

const NUMBER_PLACEHOLDER = /\{(#+)\}/;

/**
 * A naming series with the parts of the creation day filled in (UTC):
 * `LR-{YYYY}-{#####}` made on 3 March 2026 is the prefix `LR-2026-{#####}`,
 * whose counter is kept apart from 2027's. A series without a number
 * placeholder gets one at its end, so that names never repeat.
 */
export function seriesPrefix(series: string, createdAt: Date): string {
  const iso = createdAt.toISOString();
  const filled = series.replaceAll('{YYYY}', iso.slice(0, 4)).replaceAll('{YY}', iso.slice(2, 4)).replaceAll('{MM}', iso.slice(5, 7)).replaceAll('{DD}', iso.slice(8, 10));
  return NUMBER_PLACEHOLDER.test(filled) ? filled : `${filled}{#}`;
}

/**
 * What a series counts by: the prefix without its number placeholder
 * (`LR-2026-{#####}` counts as `LR-2026-`), so that a wider number later
 * goes on from the same count.
 */
export function seriesKey(prefix: string): string {
  return prefix.replace(NUMBER_PLACEHOLDER, '');
}

/** The name of the `n`th record of a series' prefix: the number padded to as many digits as the placeholder has `#`. */
export function seriesName(prefix: string, n: number): string {
  return prefix.replace(NUMBER_PLACEHOLDER, (_, hashes: string) => String(n).padStart(hashes.length, '0'));
}

/** The next name of a series that no record of the application has (one named by hand may hold a number of the series). */
export async function freeSeriesName(store: RecordStore, scope: RecordScope, entity: string, prefix: string): Promise<string> {
  for (;;) {
    const name = seriesName(prefix, await store.nextNumber(scope, entity, seriesKey(prefix)));
    if (!(await store.findByName(scope, name))) return name;
  }
}

/**
 * `count` names of a series' prefix at once (the store's reserveNumbers),
 * each one that no record of the application has nor one of
 * `named` (names given meanwhile; the new ones are added to it): a name
 * given by hand may hold a number of the series, and its row then takes
 * the series' next free number.
 */
export async function seriesNames(store: RecordStore, scope: RecordScope, entity: string, prefix: string, count: number, named: Set<string> = new Set()): Promise<string[]> {
  const first = await store.reserveNumbers(scope, entity, seriesKey(prefix), count);
  const names = Array.from({ length: count }, (_, i) => seriesName(prefix, first + i));
  const taken = await store.takenNames(scope, names);
  for (const [i, name] of names.entries()) {
    let free = name;
    while (taken.has(free) || named.has(free)) free = await freeSeriesName(store, scope, entity, prefix);
    names[i] = free;
    named.add(free);
  }
  return names;
}

/** One value as words: a choice's English label, a person's name, a link's record name, numbers and days as written. */
export function displayText(field: Field, value: unknown, people: ReadonlyMap<string, string>): string {
  if (isEmptyValue(value)) return '';
  switch (field.type) {
    case 'choice':
      return field.choices.find((c) => c.value === value)?.label.en_EN ?? String(value);
    case 'multiChoice':
      return (Array.isArray(value) ? value : [value]).map((v) => field.choices.find((c) => c.value === v)?.label.en_EN ?? String(v)).join(', ');
    case 'user':
      return people.get(String(value)) ?? '';
    case 'boolean':
      return value === true ? 'Yes' : 'No';
    case 'table':
    case 'file':
      return '';
    default:
      return typeof value === 'object' ? '' : String(value);
  }
}

/** The record's title: its title field as words, else its name. */
export function titleOf(entity: Entity, values: Readonly<Record<string, unknown>>, name: string, people: ReadonlyMap<string, string>): string {
  const field = Object.hasOwn(entity.fields, entity.titleField) ? entity.fields[entity.titleField] : undefined;
  const text = field ? displayText(field, values[entity.titleField], people).trim() : '';
  return (text || name).slice(0, TITLE_MAX_LENGTH);
}

/** The words of the entity's searchable fields (the title is searched by its own column). */
export function searchTextOf(entity: Entity, values: Readonly<Record<string, unknown>>, people: ReadonlyMap<string, string>): string {
  const parts: string[] = [];
  for (const key of entity.searchFields ?? []) {
    const field = Object.hasOwn(entity.fields, key) ? entity.fields[key] : undefined;
    if (field) parts.push(displayText(field, values[key], people));
  }
  return parts.filter(Boolean).join(' ').slice(0, SEARCH_TEXT_MAX_LENGTH);
}

/** The users a record's values name (its user fields). */
export function userValues(entity: Entity, values: Readonly<Record<string, unknown>>): string[] {
  return Object.entries(entity.fields)
    .filter(([key, field]) => field.type === 'user' && typeof values[key] === 'string')
    .map(([key]) => values[key] as string);
}

/** The linked records a record's values name, by the entity they belong to. */
export function linkValues(entity: Entity, values: Readonly<Record<string, unknown>>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [key, field] of Object.entries(entity.fields)) {
    if (field.type !== 'link' || typeof values[key] !== 'string') continue;
    out.set(field.entity, [...(out.get(field.entity) ?? []), values[key]]);
  }
  return out;
}

/** A text of the records' own (RecordMessages, RECORD_MENTION_TEXTS: `{name}` placeholders) with its values filled in. */
export function fillRecordText(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? values[name]! : whole));
}
