import { richTextToPlain, type ChildField, type Field } from '@atrium/shared/apps';
import { displayValue } from './fields.js';

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

function shorten(text: string): string {
  return text.length > VALUE_TEXT_MAX ? `${text.slice(0, VALUE_TEXT_MAX - 1).trimEnd()}…` : text;
}

/**
 * A field's value as one short line of text in the user's language, as the
 * list shows it (displayValue: a choice's label, a person's name, a date by
 * the locale…), with rich text as its words, a child table as its count of
 * rows, and a long text cut to VALUE_TEXT_MAX. Empty for no value.
 */
export function valueText(field: Field | ChildField | undefined, value: unknown, ctx: ValueContext): string {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return '';
  if (field?.type === 'richText') return shorten(richTextToPlain(String(value)));
  if (field?.type === 'table') return ctx.t('records.timeline.value.rows', { count: Array.isArray(value) ? value.length : 0 });
  if (field === undefined && typeof value === 'object') return shorten(JSON.stringify(value));
  const shown = displayValue(field as Field | undefined, value, { locale: ctx.locale, people: ctx.people, links: ctx.links ?? {}, yes: ctx.t('records.value.yes'), no: ctx.t('records.value.no') });
  return shorten(shown);
}
