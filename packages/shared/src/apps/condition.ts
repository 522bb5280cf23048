import * as z from 'zod/mini';

/**
 * A declarative condition over a record's fields (docs/APPLICATIONS.md,
 * "Conditions"): no code, so that the same condition is evaluated by the
 * form in the browser (hidden-when), by the server on every write, and
 * compiled to bound SQL for row scopes and list colours.
 *
 *     { "field": "status", "op": "eq", "value": "approved" }
 *     { "all": [ …conditions ] }   { "any": [ … ] }   { "not": { … } }
 *
 * A value is a literal (text, number, yes/no, null, or a list for `in` and
 * `notIn`), `{ "relative": { "days": 2 } }` (today or now moved by days
 * and hours: a date field compares with the day, a date-and-time field
 * with the moment) or `{ "me": true }` (the user asking, for user fields).
 */

export const CONDITION_OPS = ['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'in', 'notIn', 'empty', 'notEmpty', 'contains'] as const;
export type ConditionOp = (typeof CONDITION_OPS)[number];
/** Operators that take no value. */
export const UNARY_OPS: readonly ConditionOp[] = ['empty', 'notEmpty'];

/** Deepest nesting of conditions accepted. */
export const CONDITION_MAX_DEPTH = 8;

export type Literal = string | number | boolean | null;
export type ConditionValue = Literal | readonly Literal[] | { relative: { days?: number; hours?: number } } | { me: true };

export type Condition =
  | { all: readonly Condition[] }
  | { any: readonly Condition[] }
  | { not: Condition }
  | { field: string; op: ConditionOp; value?: ConditionValue };

const literal = z.union([z.string().check(z.maxLength(1000)), z.number(), z.boolean(), z.null()]);
const ConditionValueSchema = z.union([
  literal,
  z.array(literal).check(z.maxLength(200)),
  z.strictObject({ relative: z.strictObject({ days: z.optional(z.number()), hours: z.optional(z.number()) }) }),
  z.strictObject({ me: z.literal(true) }),
]);

/**
 * One object with the keys of every form, refined to exactly one form, so
 * that a mistake is reported at its own path (`…hiddenWhen.op: …`) rather
 * than as "no form matched".
 */
export const Condition: z.ZodMiniType<Condition> = z
  .strictObject({
    all: z.optional(z.array(z.lazy(() => Condition)).check(z.minLength(1), z.maxLength(50))),
    any: z.optional(z.array(z.lazy(() => Condition)).check(z.minLength(1), z.maxLength(50))),
    not: z.optional(z.lazy(() => Condition)),
    field: z.optional(z.string().check(z.maxLength(64))),
    op: z.optional(z.enum(CONDITION_OPS)),
    value: z.optional(ConditionValueSchema),
  })
  .check(
    z.superRefine((c, ctx) => {
      const forms = ['all', 'any', 'not', 'field'].filter((k) => (c as Record<string, unknown>)[k] !== undefined);
      if (forms.length !== 1) {
        ctx.addIssue({ code: 'custom', message: 'must have exactly one of all, any, not or field', input: c });
        return;
      }
      if (c.field !== undefined) {
        if (c.op === undefined) ctx.addIssue({ code: 'custom', path: ['op'], message: `must be one of ${CONDITION_OPS.join(', ')}`, input: c });
        else if (!UNARY_OPS.includes(c.op) && c.value === undefined) ctx.addIssue({ code: 'custom', path: ['value'], message: `is required with op ${c.op}`, input: c });
        else if ((c.op === 'in' || c.op === 'notIn') && !Array.isArray(c.value)) ctx.addIssue({ code: 'custom', path: ['value'], message: `must be a list with op ${c.op}`, input: c });
      } else if (c.op !== undefined || c.value !== undefined) {
        ctx.addIssue({ code: 'custom', message: 'op and value go with field only', input: c });
      }
    }),
  ) as unknown as z.ZodMiniType<Condition>;

/** The fields a condition reads, each once, in order of appearance. */
export function conditionFields(condition: Condition): string[] {
  const out = new Set<string>();
  const stack: Condition[] = [condition];
  while (stack.length > 0) {
    const c = stack.pop()!;
    if ('field' in c) out.add(c.field);
    else if ('all' in c) stack.push(...[...c.all].reverse());
    else if ('any' in c) stack.push(...[...c.any].reverse());
    else stack.push(c.not);
  }
  return [...out];
}

/** How deep a condition nests (a leaf is 1). */
export function conditionDepth(condition: Condition): number {
  if ('field' in condition) return 1;
  if ('not' in condition) return 1 + conditionDepth(condition.not);
  const parts = 'all' in condition ? condition.all : condition.any;
  return 1 + Math.max(...parts.map(conditionDepth));
}
