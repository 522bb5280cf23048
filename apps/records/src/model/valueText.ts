import { labelOf, type ChildField, type Field } from '@atrium/shared/apps';
import { languageTag } from '@atrium/shared';

/** A text by key in the user's language, with its `{{name}}` placeholders filled (the desktop's translator). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** What a value is shown with: the user's language, the names of the people and linked records it may refer to. */
export interface ValueContext {
  locale: string;
  t: Translate;
  people: Readonly<Record<string, string>>;
  links?: Readonly<Record<string, string>>;
  /** The time zone moments are shown in (the browser's when left out). */
  timeZone?: string;
}

const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

/** Longest text a value is shown with in a line (a timeline entry, a card); longer ones end in an ellipsis. */
export const VALUE_TEXT_MAX = 80;

function shorten(text: string): string {
  return text.length > VALUE_TEXT_MAX ? `${text.slice(0, VALUE_TEXT_MAX - 1).trimEnd()}…` : text;
}

/**
 * A field's value as one line of text in the user's language: a choice's
 * label, a person's or linked record's name, a date or moment by the
 * locale, a number with its grouping (a currency, a percentage), yes or no,
 * rows and attachments counted or named. Empty for no value.
 */
export function valueText(field: Field | ChildField | undefined, value: unknown, ctx: ValueContext): string {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return '';
  const tag = languageTag(ctx.locale);
  if (field === undefined) return shorten(typeof value === 'object' ? JSON.stringify(value) : String(value));
  switch (field.type) {
    case 'choice':
      return shorten(labelOfChoice(field.choices, value, ctx.locale));
    case 'multiChoice':
      return shorten((Array.isArray(value) ? value : [value]).map((v) => labelOfChoice(field.choices, v, ctx.locale)).join(', '));
    case 'user':
      return ctx.people[String(value)] ?? String(value);
    case 'link':
      return ctx.links?.[String(value)] ?? String(value);
    case 'date': {
      const ms = Date.parse(`${String(value)}T00:00:00Z`);
      return Number.isNaN(ms) ? String(value) : new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeZone: 'UTC' }).format(ms);
    }
    case 'datetime': {
      const ms = Date.parse(String(value));
      return Number.isNaN(ms) ? String(value) : new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short', ...(ctx.timeZone ? { timeZone: ctx.timeZone } : {}) }).format(ms);
    }
    case 'boolean':
      return ctx.t(value === true ? 'records.value.yes' : 'records.value.no');
    case 'number':
    case 'rating':
      return typeof value === 'number' ? new Intl.NumberFormat(tag).format(value) : String(value);
    case 'decimal':
      if (typeof value !== 'number') return String(value);
      return new Intl.NumberFormat(tag, field.currency ? { style: 'currency', currency: field.currency } : { minimumFractionDigits: field.scale ?? 2, maximumFractionDigits: field.scale ?? 2 }).format(value);
    case 'percent':
      return typeof value === 'number' ? new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 2 }).format(value / 100) : String(value);
    case 'duration': {
      if (typeof value !== 'number') return String(value);
      const [hours, minutes] = [Math.floor(value / 60), value % 60];
      return ctx.t('records.timeline.value.duration', { hours, minutes });
    }
    case 'richText':
      return shorten(plain(String(value)));
    case 'table':
      return ctx.t('records.timeline.value.rows', { count: Array.isArray(value) ? value.length : 0 });
    case 'file':
      return shorten((Array.isArray(value) ? value : [value]).map((f) => (typeof f === 'object' && f !== null && 'name' in f ? String(f.name) : String(f))).join(', '));
    default:
      return shorten(String(value));
  }
}

function labelOfChoice(choices: ReadonlyArray<{ value: string; label: Parameters<typeof labelOf>[0] }>, value: unknown, locale: string): string {
  const choice = choices.find((c) => c.value === value);
  return choice ? labelOf(choice.label, locale) : String(value);
}
