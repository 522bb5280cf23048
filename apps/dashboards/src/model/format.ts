import { labelOf } from '@atrium/shared/apps';
import { languageTag } from '@atrium/shared';
import type { DatasetColumn, DatasetInfo, DatasetResult } from '@atrium/shared/dashboards';

/**
 * How a widget shows the values of a result (docs/behaviour/dashboards.md#values):
 * a choice by its label, a user by their name, a linked record by its
 * title, a date part's key as `Aug 2026`, `Q3 2026`, `Week 34, 2026`,
 * numbers in the user's language with the measure's decimals, percent or
 * currency.
 */
export interface FormatContext {
  /** The desktop's locale ('de_DE'). */
  locale: string;
  /** The application's texts (`dashboards.value.*`). */
  t(key: string, vars?: Record<string, unknown>): string;
  info: DatasetInfo | undefined;
  result: DatasetResult;
}

/** The text of a date part's key (`2026`, `2026-Q3`, `2026-08`, `2026-W34`, `2026-08-21`); the key itself when it is of no such form. */
export function datePartText(key: string, ctx: Pick<FormatContext, 'locale' | 't'>): string {
  const tag = languageTag(ctx.locale);
  let m: RegExpMatchArray | null;
  if ((m = /^(\d{4})-Q([1-4])$/.exec(key))) return ctx.t('dashboards.value.quarter', { quarter: m[2], year: m[1] });
  if ((m = /^(\d{4})-W(\d{2})$/.exec(key))) return ctx.t('dashboards.value.week', { week: Number(m[2]), year: m[1] });
  if ((m = /^(\d{4})-(\d{2})$/.exec(key))) return new Intl.DateTimeFormat(tag, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1));
  if ((m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(key))) return new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeZone: 'UTC' }).format(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return key;
}

/** A measure's figure in the user's language: its decimals, percent (times 100) or currency. */
export function measureText(key: string, value: number | null, ctx: Pick<FormatContext, 'locale' | 't' | 'info'>): string {
  if (value === null) return ctx.t('dashboards.value.none');
  const measure = ctx.info?.measures.find((m) => m.key === key);
  const tag = languageTag(ctx.locale);
  const digits = measure?.decimals;
  const fraction = digits === undefined ? { maximumFractionDigits: 2 } : { minimumFractionDigits: digits, maximumFractionDigits: digits };
  if (measure?.percent) return new Intl.NumberFormat(tag, { style: 'percent', ...fraction }).format(value);
  if (measure?.currency) return new Intl.NumberFormat(tag, { style: 'currency', currency: measure.currency, ...fraction }).format(value);
  return new Intl.NumberFormat(tag, fraction).format(value);
}

/** The label of a dimension or measure of the dataset; its key when the dataset does not say. */
export function columnLabel(key: string, ctx: Pick<FormatContext, 'locale' | 'info'>): string {
  const found = ctx.info?.dimensions.find((d) => d.key === key) ?? ctx.info?.measures.find((m) => m.key === key);
  return found ? labelOf(found.label, ctx.locale) : key;
}

/** The text of one cell of a result. */
export function valueText(column: DatasetColumn, value: string | number | null, ctx: FormatContext): string {
  if (column.kind === 'measure') return measureText(column.key, typeof value === 'number' ? value : value === null ? null : Number(value), ctx);
  if (value === null || value === '') return ctx.t('dashboards.value.none');
  const text = String(value);
  switch (column.type) {
    case 'choice': {
      // The dataset's choices, else the labels the answer carries (the datasets could not be read).
      const label = ctx.info?.dimensions.find((d) => d.key === column.key)?.choices?.find((c) => c.value === text)?.label ?? ctx.result.choices?.[column.key]?.[text];
      return label ? labelOf(label, ctx.locale) : text;
    }
    case 'user':
      return ctx.result.people[text] ?? text;
    case 'link':
      return ctx.result.links[text] ?? text;
    case 'boolean':
      return ctx.t(text === 'true' || text === '1' ? 'dashboards.value.yes' : 'dashboards.value.no');
    case 'datePart':
      return datePartText(text, ctx);
    case 'number':
      return typeof value === 'number' ? new Intl.NumberFormat(languageTag(ctx.locale)).format(value) : text;
    default:
      return text;
  }
}

/** The colour a choice's value is given in the dataset, if any. */
export function choiceColour(column: DatasetColumn, value: string | number | null, info: DatasetInfo | undefined): string | undefined {
  if (column.type !== 'choice' || value === null) return undefined;
  return info?.dimensions.find((d) => d.key === column.key)?.choices?.find((c) => c.value === String(value))?.colour;
}
