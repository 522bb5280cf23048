import type { Condition, ConditionValue, Literal } from './condition.js';
import type { ColourRule, Entity, Field, Labels } from './declaration.js';
import type { RygStatus } from '../rules/ryg.js';

/**
 * Conditions, computed values and colours evaluated over a record's values,
 * the same in the browser and on the server (docs/APPLICATIONS.md,
 * "Conditions"). The server compiles the same conditions to SQL for row
 * scopes; a test runs both over the same records.
 */

/** Who asks, and when: what `{me: true}` and `{relative: …}` mean. */
export interface EvaluationContext {
  userId: string;
  /** Milliseconds since the epoch. */
  now: number;
}

type Values = Readonly<Record<string, unknown>>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The day (YYYY-MM-DD, UTC) of a moment. Dates of records are days without a time zone; "today" is the UTC day. */
export function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** A condition's value made concrete for a field of this type (dates as days, moments as ms). */
export function resolveValue(value: ConditionValue | undefined, field: Pick<Field, 'type'> | undefined, ctx: EvaluationContext): Literal | readonly Literal[] {
  if (value === undefined) return null;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value as Literal | readonly Literal[];
  if ('me' in value) return ctx.userId;
  const { relative } = value as { relative: { days?: number; hours?: number } };
  const ms = ctx.now + (relative.days ?? 0) * DAY_MS + (relative.hours ?? 0) * 60 * 60 * 1000;
  return field?.type === 'date' ? dayOf(ms) : new Date(ms).toISOString();
}

/** Whether a value counts as empty: nothing, blank text, an empty list. */
export function isEmptyValue(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);
}

/** Orders two non-empty values of one field: numbers as numbers, moments as moments, the rest as text. */
function compare(a: unknown, b: unknown, field: Pick<Field, 'type'> | undefined): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (field?.type === 'datetime') return Date.parse(String(a)) - Date.parse(String(b));
  if (typeof a === 'boolean' || typeof b === 'boolean') return Number(a) - Number(b);
  const [x, y] = [String(a), String(b)];
  return x < y ? -1 : x > y ? 1 : 0;
}

function sameValue(a: unknown, b: unknown, field: Pick<Field, 'type'> | undefined): boolean {
  if (isEmptyValue(a) || isEmptyValue(b)) return isEmptyValue(a) && isEmptyValue(b);
  return compare(a, b, field) === 0;
}

/**
 * Whether a condition holds over the values. An ordering (`lt`, `gte`…) with
 * an empty side never holds; `eq` with null holds for an empty value;
 * `contains` finds a choice in a multiple choice, or a text within a text,
 * ignoring case.
 */
export function evaluateCondition(condition: Condition, values: Values, fields: Readonly<Record<string, Pick<Field, 'type'>>>, ctx: EvaluationContext): boolean {
  if ('all' in condition) return condition.all.every((c) => evaluateCondition(c, values, fields, ctx));
  if ('any' in condition) return condition.any.some((c) => evaluateCondition(c, values, fields, ctx));
  if ('not' in condition) return !evaluateCondition(condition.not, values, fields, ctx);
  const field = Object.hasOwn(fields, condition.field) ? fields[condition.field] : undefined;
  const actual = Object.hasOwn(values, condition.field) ? values[condition.field] : null;
  const expected = resolveValue(condition.value, field, ctx);
  switch (condition.op) {
    case 'empty':
      return isEmptyValue(actual);
    case 'notEmpty':
      return !isEmptyValue(actual);
    case 'eq':
      return Array.isArray(actual) ? actual.some((a) => sameValue(a, expected, field)) : sameValue(actual, expected, field);
    case 'ne':
      return !(Array.isArray(actual) ? actual.some((a) => sameValue(a, expected, field)) : sameValue(actual, expected, field));
    case 'in':
    case 'notIn': {
      const list = Array.isArray(expected) ? (expected as readonly Literal[]) : [expected as Literal];
      const found = (Array.isArray(actual) ? actual : [actual]).some((a) => list.some((e) => sameValue(a, e, field)));
      return condition.op === 'in' ? found : !found;
    }
    case 'contains':
      if (Array.isArray(actual)) return actual.some((a) => sameValue(a, expected, field));
      return typeof actual === 'string' && typeof expected === 'string' && actual.toLowerCase().includes(expected.toLowerCase());
    default: {
      if (isEmptyValue(actual) || isEmptyValue(expected)) return false;
      const order = compare(actual, expected, field);
      if (Number.isNaN(order)) return false;
      return condition.op === 'lt' ? order < 0 : condition.op === 'lte' ? order <= 0 : condition.op === 'gt' ? order > 0 : order >= 0;
    }
  }
}

/** A record's colour by its entity's rule: the first of red, yellow, green whose condition holds, else blue. */
export function colourOf(rule: ColourRule | undefined, values: Values, fields: Readonly<Record<string, Pick<Field, 'type'>>>, ctx: EvaluationContext): RygStatus {
  if (rule === undefined) return 'BLUE';
  for (const colour of ['red', 'yellow', 'green'] as const) {
    const condition = rule[colour];
    if (condition !== undefined && evaluateCondition(condition, values, fields, ctx)) return colour.toUpperCase() as RygStatus;
  }
  return 'BLUE';
}

/** Whether a field is hidden by its hidden-when over these values. */
export function isHidden(field: Pick<Field, 'hiddenWhen'>, values: Values, fields: Readonly<Record<string, Pick<Field, 'type'>>>, ctx: EvaluationContext): boolean {
  return field.hiddenWhen !== undefined && evaluateCondition(field.hiddenWhen, values, fields, ctx);
}

/** Days from one day to another, both counted; with `workdays`, Saturdays and Sundays left out. Null unless both are days and the end is not before the start. */
export function daysBetween(from: unknown, to: unknown, workdays = false): number | null {
  if (typeof from !== 'string' || typeof to !== 'string') return null;
  const [a, b] = [Date.parse(`${from}T00:00:00Z`), Date.parse(`${to}T00:00:00Z`)];
  if (Number.isNaN(a) || Number.isNaN(b) || b < a) return null;
  const total = Math.round((b - a) / DAY_MS) + 1;
  if (!workdays) return total;
  let count = 0;
  const first = new Date(a).getUTCDay();
  // Whole weeks hold five working days each; the days left over are counted one by one.
  const weeks = Math.floor(total / 7);
  count += weeks * 5;
  for (let i = 0; i < total % 7; i++) {
    const day = (first + weeks * 7 + i) % 7;
    if (day !== 0 && day !== 6) count++;
  }
  return count;
}

const asNumber = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The value of a computed field over the other values, or null when an input is missing. */
export function computeValue(field: Field, values: Values): unknown {
  if (!('computed' in field) || field.computed === undefined) return undefined;
  const c = field.computed;
  if ('daysBetween' in c) return daysBetween(values[c.daysBetween[0]], values[c.daysBetween[1]], c.workdays ?? false);
  if ('product' in c || 'sum' in c) {
    const parts = ('product' in c ? c.product : c.sum).map((k) => asNumber(values[k]));
    if (parts.some((p) => p === null)) return null;
    return 'product' in c ? parts.reduce<number>((a, b) => a * b!, 1) : parts.reduce<number>((a, b) => a + b!, 0);
  }
  const rows = values[c.sumOf.table];
  if (!Array.isArray(rows)) return 0;
  return rows.reduce<number>((sum, row) => sum + (asNumber((row as Values)[c.sumOf.field]) ?? 0), 0);
}

/** The values with every computed field of the entity filled in from the others. */
export function withComputedValues(entity: Pick<Entity, 'fields'>, values: Values): Record<string, unknown> {
  const out: Record<string, unknown> = { ...values };
  for (const [key, field] of Object.entries(entity.fields)) {
    if ('computed' in field && field.computed !== undefined) out[key] = computeValue(field, out);
  }
  return out;
}

/** A label in a locale, falling back to en_EN. */
export function labelOf(labels: Labels, locale: string): string {
  return (labels as Record<string, string | undefined>)[locale] ?? labels.en_EN;
}
