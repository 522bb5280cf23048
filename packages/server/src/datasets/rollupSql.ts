/**
 * When and how a query reads a dataset's roll-up instead of its facts
 * (datasets/README.md, "Roll-ups"). The roll-up holds, per month of the time
 * field, owner and combination of text slots, how many facts and the sums
 * and counts of their numbers, so counts, sums and averages (and ratios of
 * them) over whole months need not read every fact. Days at the edges of a
 * time range that do not make a whole month are read from the facts and
 * added in. Anything the roll-up cannot answer (a distinct count, a minimum
 * or maximum, the records themselves, a scope over the records' values)
 * reads the facts as before.
 */
import type { Dataset, DatasetMeasure } from '@atrium/shared/apps';
import type { DatasetQuery } from '@atrium/shared/dashboards';
import { sql, type SQL } from 'drizzle-orm';
import { FACT_NUMBER_SLOTS, FACT_TEXT_SLOTS } from '../db/schema.js';

/** The months a range covers whole, and the days at its edges that the facts add. */
export interface RollupPlan {
  /** First whole month (its first day), when the range has a start. */
  fromMonth?: string;
  /** Last whole month (its first day), when the range has an end. */
  toMonth?: string;
  /** Days read from the facts: [from, to] inclusive, at most two spans. */
  edges: Array<{ from: string; to: string }>;
}

const ROLLED_OPS: ReadonlySet<DatasetMeasure['op']> = new Set(['count', 'sum', 'avg']);

function shiftMonth(firstDay: string, by: number): string {
  const date = new Date(`${firstDay}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + by);
  return date.toISOString().slice(0, 10);
}

function dayBefore(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

const monthOf = (day: string) => `${day.slice(0, 7)}-01`;
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const isLastDay = (day: string) => monthOf(dayAfter(day)) !== monthOf(day);

/** Whether every measure asked (and both parts of a ratio) adds up from the roll-up. */
function measuresRoll(dataset: Dataset, keys: readonly string[]): boolean {
  const rolls = (key: string): boolean => {
    const measure = dataset.measures[key];
    if (measure === undefined) return false;
    if (measure.ratio !== undefined) return rolls(measure.ratio.numerator) && rolls(measure.ratio.denominator);
    return ROLLED_OPS.has(measure.op);
  };
  return keys.every(rolls);
}

/**
 * The plan of a query the roll-up can answer, or null: not for the records
 * themselves, a measure it does not hold, a scope over the records' values,
 * or a range inside a single month (the facts' day index reads that little).
 * The range is taken as checked (querySql's rangeSql refuses a bad one first).
 */
export function rollupPlan(dataset: Dataset, query: DatasetQuery, scopeReadsRecords: boolean): RollupPlan | null {
  if (query.detail === true || scopeReadsRecords || !measuresRoll(dataset, query.measures)) return null;
  const range = dataset.time === undefined ? undefined : query.range;
  const from = range?.from;
  const to = range?.to;
  const plan: RollupPlan = { edges: [] };
  if (from !== undefined) plan.fromMonth = from === monthOf(from) ? from : shiftMonth(monthOf(from), 1);
  if (to !== undefined) plan.toMonth = isLastDay(to) ? monthOf(to) : shiftMonth(monthOf(to), -1);
  if (plan.fromMonth !== undefined && plan.toMonth !== undefined && plan.fromMonth > plan.toMonth) return null;
  if (from !== undefined && plan.fromMonth !== from) plan.edges.push({ from, to: dayBefore(plan.fromMonth!) });
  if (to !== undefined && plan.toMonth !== undefined && shiftMonth(plan.toMonth, 1) <= to) plan.edges.push({ from: shiftMonth(plan.toMonth, 1), to });
  return plan;
}

const textColumns = (from: string) => sql.raw(Array.from({ length: FACT_TEXT_SLOTS }, (_, i) => `${from}.d${i + 1}`).join(', '));
const numberColumns = sql.raw(Array.from({ length: FACT_NUMBER_SLOTS }, (_, i) => `r.s${i + 1}, r.c${i + 1}`).join(', '));
/** The facts' numbers as the roll-up's sums and counts: those the query adds up; the others none (never read). */
const factNumbers = (used: ReadonlySet<number>) =>
  sql.raw(
    Array.from({ length: FACT_NUMBER_SLOTS }, (_, i) =>
      used.has(i) ? `coalesce(x.n${i + 1}::numeric, 0) as s${i + 1}, (x.n${i + 1} is not null)::int::int8 as c${i + 1}` : `null::numeric as s${i + 1}, null::int8 as c${i + 1}`,
    ).join(', '),
  );

/**
 * The rows a rolled-up query groups: the roll-up's rows of the whole months
 * and, for the edges, each fact as a row of one. Columns keep the facts'
 * names (`owner_id`, `d1`..), so filters and scopes apply unchanged.
 * `numbers`: the number slots the query's measures add up.
 */
export function rollupSource(defId: string, plan: RollupPlan, numbers: ReadonlySet<number>): SQL {
  const months: SQL[] = [sql`r.def_id = ${defId}::uuid`];
  if (plan.fromMonth !== undefined) months.push(sql`r.month >= ${plan.fromMonth}::date`);
  if (plan.toMonth !== undefined) months.push(sql`r.month <= ${plan.toMonth}::date`);
  const rolled = sql`select r.owner_id, ${textColumns('r')}, r.rows, ${numberColumns} from dataset_rollups r where ${sql.join(months, sql` and `)}`;
  if (plan.edges.length === 0) return sql`(${rolled}) f`;
  const spans = sql.join(
    plan.edges.map((e) => sql`(x.at >= ${e.from}::date and x.at <= ${e.to}::date)`),
    sql` or `,
  );
  const edges = sql`select x.owner_id, ${textColumns('x')}, 1::int8 as rows, ${factNumbers(numbers)} from dataset_facts x where x.def_id = ${defId}::uuid and (${spans})`;
  return sql`(${rolled} union all ${edges}) f`;
}

/** A count, sum or average over the roll-up's rows (numbers summed exactly, as the facts' would be). */
export function rolledMeasure(op: DatasetMeasure['op'], slot: number): SQL {
  const s = sql.raw(`f.s${slot + 1}`);
  const c = sql.raw(`f.c${slot + 1}`);
  if (op === 'sum') return sql`(case when sum(${c}) > 0 then sum(${s}) end)::float8`;
  return sql`(sum(${s}) / nullif(sum(${c}), 0))::float8`;
}

/** How many facts the rows stand for (0 when none, as count(*) says). */
export const rolledCount = sql`coalesce(sum(f.rows), 0)::float8`;
