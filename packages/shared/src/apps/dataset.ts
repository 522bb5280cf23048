import * as z from 'zod/mini';
import { Labels } from './labels.js';

/**
 * Datasets an application declares over its entities for dashboards
 * (docs/behaviour/dashboards.md#datasets): the dimensions a figure may be
 * grouped or filtered by (a field, or a part of a date field), the
 * measures (count, sum, average, minimum, maximum, distinct count, and the
 * ratio of two measures) and hierarchies (the order a click drills along,
 * year > quarter > month). A dashboard's query names a dataset and its
 * dimensions and measures, never a field or SQL: the server builds the
 * statement from this declaration only.
 */

const key = () => z.string().check(z.regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, 'must start with a letter and hold only letters, digits and _ (at most 64)'));

/** Most dimensions, measures and hierarchies of one dataset; most datasets of an application. */
export const DATASET_LIMITS = { datasets: 20, dimensions: 16, measures: 12, hierarchies: 8, levels: 6 } as const;

/** The parts of a date a dimension may group by. */
export const DATE_PARTS = ['year', 'quarter', 'month', 'week', 'day'] as const;
export type DatePart = (typeof DATE_PARTS)[number];

/** Record columns a dimension may name besides the entity's fields: who owns the record, when it was created. */
export const DATASET_META_FIELDS = ['owner', 'createdAt'] as const;

/**
 * A dimension: a field of the entity (choice, user, link, yes/no, rating,
 * short text, or a date with the part it groups by), or `owner` or
 * `createdAt` (with a part). A date dimension's values are keys that sort
 * as text: `2026`, `2026-Q3`, `2026-08`, `2026-W34` (ISO week), `2026-08-21`.
 */
export const DatasetDimension = z.strictObject({
  label: Labels,
  field: key(),
  part: z.optional(z.enum(DATE_PARTS)),
});
export type DatasetDimension = z.infer<typeof DatasetDimension>;

export const MEASURE_OPS = ['count', 'sum', 'avg', 'min', 'max', 'distinct'] as const;
export type MeasureOp = (typeof MEASURE_OPS)[number];

/**
 * A measure: `count` of records; `sum`, `avg`, `min`, `max` of a number
 * field; `distinct` count of a field's values; or `ratio`, one measure of
 * the dataset divided by another (null where the denominator is 0),
 * `percent` showing it times 100.
 */
export const DatasetMeasure = z.strictObject({
  label: Labels,
  op: z.optional(z.enum(MEASURE_OPS)),
  field: z.optional(key()),
  ratio: z.optional(z.strictObject({ numerator: key(), denominator: key() })),
  percent: z.optional(z.boolean()),
  /** Digits after the decimal point when shown (0 to 6); numbers are shown in the user's format. */
  decimals: z.optional(z.int().check(z.minimum(0), z.maximum(6))),
});
export type DatasetMeasure = z.infer<typeof DatasetMeasure>;

/** An order of dimensions a click drills along, from coarse to fine. */
export const DatasetHierarchy = z.strictObject({
  label: Labels,
  levels: z.array(key()).check(z.minLength(2), z.maxLength(DATASET_LIMITS.levels)),
});
export type DatasetHierarchy = z.infer<typeof DatasetHierarchy>;

export const Dataset = z.strictObject({
  label: Labels,
  description: z.optional(Labels),
  /** The entity whose records the dataset counts. */
  entity: key(),
  dimensions: z.record(key(), DatasetDimension),
  measures: z.record(key(), DatasetMeasure),
  hierarchies: z.optional(z.record(key(), DatasetHierarchy)),
  /** The date field (or `createdAt`) a dashboard's time range applies to; none when left out. */
  time: z.optional(key()),
});
export type Dataset = z.infer<typeof Dataset>;
