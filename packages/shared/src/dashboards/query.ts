import * as z from 'zod/mini';
import { hasUnstorableText, UNSTORABLE_TEXT_MESSAGE } from '../api/text.js';
import type { Labels } from '../apps/labels.js';

/**
 * The query a dashboard's widget sends for its figures
 * (docs/behaviour/dashboards.md#queries): a dataset of a declared
 * application, which of its measures and dimensions, filters over its
 * dimensions, a time range over its time field, an order and a limit.
 * Never SQL, never a field: the server builds the statement from the
 * dataset's declaration, adds the caller's row scope and answers at most
 * DATASET_ROW_CAPS rows.
 */

const key = () => z.string().check(z.regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, 'must name a dimension or measure of the dataset'));
const storable = () => z.refine<string>((s) => !hasUnstorableText(s), UNSTORABLE_TEXT_MESSAGE);
const literal = z.union([z.string().check(z.maxLength(1000), storable()), z.number(), z.boolean(), z.null()]);
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** At most this many rows come back: grouped figures, or records of a drill to detail. */
export const DATASET_ROW_CAPS = { aggregated: 10_000, detail: 2_000 } as const;
/** Most measures, dimensions, filters and sort keys of one query. */
export const DATASET_QUERY_LIMITS = { measures: 8, dimensions: 4, filters: 20, sort: 3, values: 200 } as const;

export const DATASET_FILTER_OPS = ['eq', 'ne', 'in', 'notIn', 'lt', 'lte', 'gt', 'gte', 'empty', 'notEmpty'] as const;
export type DatasetFilterOp = (typeof DATASET_FILTER_OPS)[number];

/** One filter: a dimension of the dataset compared with a value (its key form: a choice's value, a user's id, `2026-Q3`). */
export const DatasetFilter = z.strictObject({
  dimension: key(),
  op: z.enum(DATASET_FILTER_OPS),
  value: z.optional(z.union([literal, z.array(literal).check(z.maxLength(DATASET_QUERY_LIMITS.values))])),
});
export type DatasetFilter = z.infer<typeof DatasetFilter>;

/** Days (YYYY-MM-DD, both included) the dataset's time field must fall in. */
export const DatasetRange = z.strictObject({
  from: z.optional(z.string().check(z.regex(DAY, 'must be a date YYYY-MM-DD'))),
  to: z.optional(z.string().check(z.regex(DAY, 'must be a date YYYY-MM-DD'))),
});
export type DatasetRange = z.infer<typeof DatasetRange>;

export const DatasetSort = z.strictObject({ by: key(), direction: z._default(z.enum(['asc', 'desc']), 'asc') });
export type DatasetSort = z.infer<typeof DatasetSort>;

export const DatasetQuery = z.strictObject({
  app: z.string().check(z.regex(/^[A-Za-z][A-Za-z0-9_-]{0,63}$/, 'must name an application')),
  dataset: key(),
  measures: z._default(z.array(key()).check(z.maxLength(DATASET_QUERY_LIMITS.measures)), []),
  dimensions: z._default(z.array(key()).check(z.maxLength(DATASET_QUERY_LIMITS.dimensions)), []),
  filters: z._default(z.array(DatasetFilter).check(z.maxLength(DATASET_QUERY_LIMITS.filters)), []),
  range: z.optional(DatasetRange),
  sort: z._default(z.array(DatasetSort).check(z.maxLength(DATASET_QUERY_LIMITS.sort)), []),
  /** At most this many rows (capped at DATASET_ROW_CAPS). */
  limit: z.optional(z.int().check(z.minimum(1), z.maximum(DATASET_ROW_CAPS.aggregated))),
  /** Drill to detail: the records themselves (name, title and the dimensions asked), not figures. */
  detail: z.optional(z.boolean()),
});
export type DatasetQuery = z.infer<typeof DatasetQuery>;
export type DatasetQueryInput = z.input<typeof DatasetQuery>;

/** The kind of a result's column. */
export type DatasetColumnKind = 'dimension' | 'measure' | 'record';

/**
 * What a column holds, for formatting: a choice's value, a user's id, a
 * linked record's name, yes/no, a date part's key, a number, a record's
 * name or title.
 */
export type DatasetValueType = 'text' | 'choice' | 'user' | 'link' | 'boolean' | 'number' | 'datePart' | 'name' | 'title';

export interface DatasetColumn {
  key: string;
  kind: DatasetColumnKind;
  type: DatasetValueType;
  /** For a date part: which. */
  part?: 'year' | 'quarter' | 'month' | 'week' | 'day';
}

/** The answer to a query. */
export interface DatasetResult {
  columns: DatasetColumn[];
  /** One array per row, in the columns' order: text keys, numbers, or null for no value. */
  rows: Array<Array<string | number | null>>;
  /** More rows matched than were answered (the query's limit or the cap). */
  truncated: boolean;
  /** Names of the people in user columns, by id; titles of linked records, by name. */
  people: Record<string, string>;
  links: Record<string, string>;
  /**
   * The labels of the choices in choice columns, by column key and value,
   * in every locale: a choice is shown by its label in the user's language,
   * never by its value (the key stays in `rows` for filters and drills).
   */
  choices?: Record<string, Record<string, Labels>>;
  /** When the figures were read (ISO); an answer from the short cache carries the time of its read. */
  readAt: string;
}

/** A dimension of a dataset as the caller may use it (GET datasets). */
export interface DatasetDimensionInfo {
  key: string;
  label: Labels;
  type: DatasetValueType;
  part?: 'year' | 'quarter' | 'month' | 'week' | 'day';
  /** A choice field's choices, to show their labels and colours. */
  choices?: Array<{ value: string; label: Labels; colour?: string }>;
}

export interface DatasetMeasureInfo {
  key: string;
  label: Labels;
  percent?: boolean;
  decimals?: number;
  /** A sum or average of a currency field: its ISO code. */
  currency?: string;
}

/**
 * A dataset the caller may query: of an application their organisation
 * runs and of an entity they may read, with only the dimensions and
 * measures over fields they see.
 */
export interface DatasetInfo {
  app: string;
  appLabel: Labels;
  key: string;
  label: Labels;
  description?: Labels;
  entity: string;
  dimensions: DatasetDimensionInfo[];
  measures: DatasetMeasureInfo[];
  hierarchies: Array<{ key: string; label: Labels; levels: string[] }>;
  /** The field the dashboard's time range applies to, when the dataset has one. */
  time?: string;
}
