import type { DashboardDefinition, DatasetFilter, DatasetInfo, DatasetQuery, DatasetRange, DatasetResult, DrillFilter, Widget } from '@atrium/shared/dashboards';
import type { DrillElement } from './drill.js';

/**
 * How a widget's query is made (docs/behaviour/dashboards.md#what-a-widget-asks):
 * its own query, plus the dashboard's time range when its dataset has a
 * time field, the dashboard's filters over its dataset, the filters a
 * drill or a dashboard link brought, and the cross-filters set on other
 * widgets of the same dataset.
 */

/** A value chosen for one of the dashboard's filters (by its index in the definition's filters). */
export interface ChosenFilter {
  index: number;
  value: string;
}

/** A filter a click on a widget set on the other widgets of its dataset. */
export interface CrossFilter {
  /** The widget slot clicked (its widgets are not filtered by it). */
  slotId: string;
  app: string;
  dataset: string;
  dimension: string;
  value: string | number | boolean | null;
}

/** What the dashboard applies to a widget besides its own query. */
export interface QueryContext {
  slotId: string;
  datasets: readonly DatasetInfo[];
  range: DatasetRange | undefined;
  definition: DashboardDefinition;
  chosen: readonly ChosenFilter[];
  crossFilters: readonly CrossFilter[];
  /** Filters the dashboard was opened with (a drill from another dashboard). */
  openedWith: readonly DrillFilter[];
  /** Filters of the slot's drills so far. */
  drill: readonly DrillFilter[];
}

/** The dataset a widget's query names, as the user may query it; undefined when it is not offered. */
export function datasetOf(datasets: readonly DatasetInfo[], query: { app: string; dataset: string }): DatasetInfo | undefined {
  return datasets.find((d) => d.app === query.app && d.key === query.dataset);
}

function hasDimension(info: DatasetInfo | undefined, dimension: string): boolean {
  return info?.dimensions.some((d) => d.key === dimension) ?? false;
}

function asDatasetFilter(filter: DrillFilter): DatasetFilter {
  return filter.value === undefined ? { dimension: filter.dimension, op: filter.op } : { dimension: filter.dimension, op: filter.op, value: filter.value };
}

/** The filters of the context that reach the widget, in the order: dashboard, opened with, cross-filters, drill. */
function contextFilters(widget: Widget, ctx: QueryContext, info: DatasetInfo | undefined): DatasetFilter[] {
  const { app, dataset } = widget.query;
  const out: DatasetFilter[] = [];
  for (const chosen of ctx.chosen) {
    const spec = ctx.definition.filters[chosen.index];
    if (spec && spec.app === app && spec.dataset === dataset) out.push({ dimension: spec.dimension, op: 'eq', value: chosen.value });
  }
  for (const filter of ctx.openedWith) if (hasDimension(info, filter.dimension)) out.push(asDatasetFilter(filter));
  for (const cross of ctx.crossFilters) {
    if (cross.slotId !== ctx.slotId && cross.app === app && cross.dataset === dataset) out.push(cross.value === null ? { dimension: cross.dimension, op: 'empty' } : { dimension: cross.dimension, op: 'eq', value: cross.value });
  }
  for (const filter of ctx.drill) out.push(asDatasetFilter(filter));
  return out;
}

/** The query a widget sends in its context. */
export function widgetQuery(widget: Widget, ctx: QueryContext): DatasetQuery {
  const info = datasetOf(ctx.datasets, widget.query);
  const query: DatasetQuery = { ...widget.query, filters: [...widget.query.filters, ...contextFilters(widget, ctx, info)] };
  if (ctx.range && info?.time) query.range = ctx.range;
  return query;
}

/** A row of a result as the element a click names: the row's values by column, its id the dimensions' values. */
export function elementOf(result: DatasetResult, rowIndex: number): DrillElement {
  const row = result.rows[rowIndex] ?? [];
  const data: Record<string, string | number | null> = {};
  result.columns.forEach((column, i) => (data[column.key] = row[i] ?? null));
  const keys = result.columns.filter((c) => c.kind !== 'measure').map((c) => String(data[c.key] ?? ''));
  return { elementId: keys.length > 0 ? keys.join('/') : String(rowIndex), data };
}

/** The first dimension of a result: what a chart's categories are, and what a cross-filter filters by. */
export function firstDimension(result: DatasetResult): string | undefined {
  return result.columns.find((c) => c.kind === 'dimension')?.key;
}

/** Fills `{key}` placeholders of a text from data; keys without a value stay as written. */
export function fillPlaceholders(text: string, data: Readonly<Record<string, unknown>>): string {
  return text.replace(/\{([A-Za-z][A-Za-z0-9_]*)\}/g, (whole, key: string) => {
    const value = data[key];
    return value === undefined || value === null ? whole : String(value);
  });
}
