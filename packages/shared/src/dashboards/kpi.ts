import type { DatasetResult } from './query.js';
import type { Threshold } from './dashboard.js';

/**
 * A KPI's rules (docs/behaviour/dashboards.md#kpi): its figure in an
 * answer, its colour from the widget's threshold, and its change against
 * the previous period. The server judges KPI alerts by the same rules
 * (docs/behaviour/dashboards.md#kpi-alerts).
 */
export type KpiBand = 'red' | 'yellow' | 'green';

/**
 * The band of a figure: with `higherIsBetter`, below `red` is red, below
 * `yellow` yellow, else green; otherwise above `red` is red, above `yellow`
 * yellow, else green. No threshold or no figure: no band.
 */
export function kpiBand(value: number | null, threshold: Threshold | undefined): KpiBand | null {
  if (value === null || !threshold) return null;
  const higherIsBetter = threshold.higherIsBetter ?? true;
  if (higherIsBetter) return value < threshold.red ? 'red' : value < threshold.yellow ? 'yellow' : 'green';
  return value > threshold.red ? 'red' : value > threshold.yellow ? 'yellow' : 'green';
}

/** The first measure of the first row of an answer: a KPI's figure (null when the answer has none). */
export function kpiFigure(result: DatasetResult | null): { key: string; value: number | null } | null {
  if (!result) return null;
  const index = result.columns.findIndex((c) => c.kind === 'measure');
  if (index < 0) return null;
  const raw = result.rows[0]?.[index] ?? null;
  const value = raw === null ? null : Number(raw);
  return { key: result.columns[index]!.key, value: value !== null && Number.isFinite(value) ? value : null };
}

/** The change from `previous` to `value` as a fraction (0.25 for +25 %); null when there is nothing to compare with. */
export function kpiChange(value: number | null, previous: number | null): number | null {
  if (value === null || previous === null || previous === 0) return null;
  return (value - previous) / Math.abs(previous);
}

/** Whether a change is good news: up when higher is better, down otherwise; null for no change. */
export function changeIsGood(change: number | null, threshold: Threshold | undefined): boolean | null {
  if (change === null || change === 0) return null;
  const higherIsBetter = threshold?.higherIsBetter ?? true;
  return change > 0 === higherIsBetter;
}
