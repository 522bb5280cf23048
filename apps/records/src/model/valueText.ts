import { languageTag } from '@atrium/shared';
import { labelOf, richTextToPlain, type ChildField, type Field } from '@atrium/shared/apps';
import { formatDuration } from './fields.js';

/** A text by key in the user's language, with its `{{name}}` placeholders filled (the desktop's translator). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** What a value is shown with: the user's language, the names of the people and linked records it may refer to. */
export interface ValueContext {
  locale: string;
  t: Translate;
  people: Readonly<Record<string, string>>;
  links?: Readonly<Record<string, string>>;
}

/** Longest text a value is shown with in a line (a timeline entry, a card); longer ones end in an ellipsis. */
export const VALUE_TEXT_MAX = 80;

function shorten(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/**
 * A field's value as one line of text in the user's language, the one
 * formatter of values of the list, the cards and the timeline: a choice's
 * label, a person's or a linked record's name, numbers, amounts and days by
 * the locale, a duration as h:mm, rich text as its words, a child table as
 * its count of rows; cut to `max` characters (VALUE_TEXT_MAX unless said).
 * Empty for no value.
 */
export function valueText(field: Field | ChildField | undefined, value: unknown, ctx: ValueContext, max = VALUE_TEXT_MAX): string {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return '';
  if (field?.type === 'richText') return shorten(richTextToPlain(String(value)), max);
  if (field?.type === 'table') return ctx.t('records.timeline.value.rows', { count: Array.isArray(value) ? value.length : 0 });
  if (field === undefined) return shorten(typeof value === 'object' ? JSON.stringify(value) : String(value), max);
  return shorten(fieldText(field, value, ctx), max);
}

/** A value of a field of a kind that reads as one text. */
function fieldText(field: Exclude<Field | ChildField, { type: 'richText' | 'table' }>, value: unknown, ctx: ValueContext): string {
  const lang = languageTag(ctx.locale);
  switch (field.type) {
    case 'choice':
      return labelOf(field.choices.find((c) => c.value === value)?.label ?? { en_EN: String(value) }, ctx.locale);
    case 'multiChoice':
      return Array.isArray(value) ? value.map((v) => labelOf(field.choices.find((c) => c.value === v)?.label ?? { en_EN: String(v) }, ctx.locale)).join(', ') : '';
    case 'boolean':
      return value === true ? ctx.t('records.value.yes') : ctx.t('records.value.no');
    case 'user':
      return ctx.people[String(value)] ?? String(value);
    case 'link':
      return ctx.links?.[String(value)] ?? String(value);
    case 'duration':
      return typeof value === 'number' ? formatDuration(value) : String(value);
    case 'percent':
      return typeof value === 'number' ? `${new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }).format(value)} %` : String(value);
    case 'decimal':
      if (typeof value !== 'number') return String(value);
      return field.currency
        ? new Intl.NumberFormat(lang, { style: 'currency', currency: field.currency }).format(value)
        : new Intl.NumberFormat(lang, { minimumFractionDigits: field.scale ?? 2, maximumFractionDigits: field.scale ?? 2 }).format(value);
    case 'number':
      return typeof value === 'number' ? new Intl.NumberFormat(lang).format(value) : String(value);
    case 'rating':
      return typeof value === 'number' ? '★'.repeat(value) + '☆'.repeat(Math.max(0, (field.max ?? 5) - value)) : String(value);
    case 'date':
      return typeof value === 'string' ? new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${value}T00:00:00Z`)) : String(value);
    case 'datetime':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value)) : String(value);
    case 'file':
      return Array.isArray(value) ? value.map((f) => (f as { name?: string }).name ?? '').join(', ') : '';
    default:
      return String(value);
  }
}
