import type { DashboardDefinition, Drilldown, Widget, WidgetKind } from './dashboard.js';

/**
 * The rules of a dashboard's definition that a schema cannot say
 * (docs/behaviour/dashboards.md#the-rules-of-a-definition), the same for the
 * editor, which shows each problem at its field as the user works, and the
 * server, which refuses to save a definition that breaks one: widget ids are
 * unique; each query names a dataset there is, its dimensions and measures,
 * sorts by what it asks, in counts the widget's kind draws; a threshold
 * belongs to a KPI and its red limit lies on the worse side of the yellow
 * one; a drill names what its target needs, a widget of the dashboard (not
 * itself), a dashboard the user sees, a file, and filters by dimensions of
 * the dataset drilled into; the dashboard's filters name dimensions of their
 * datasets. Pure: each side says what it knows of the datasets and
 * dashboards. Every problem comes at its path with a code and the values
 * its text names; each side says it in its own words.
 */

/** How many dimensions and measures each kind of widget draws (at least, at most). */
export const WIDGET_SHAPES: Readonly<Record<WidgetKind, { dimensions: readonly [number, number]; measures: readonly [number, number] }>> = {
  bar: { dimensions: [1, 2], measures: [1, 8] },
  line: { dimensions: [1, 2], measures: [1, 8] },
  area: { dimensions: [1, 2], measures: [1, 8] },
  stackedBar: { dimensions: [2, 2], measures: [1, 1] },
  pie: { dimensions: [1, 1], measures: [1, 1] },
  donut: { dimensions: [1, 1], measures: [1, 1] },
  kpi: { dimensions: [0, 0], measures: [1, 1] },
  table: { dimensions: [0, 4], measures: [0, 8] },
};

/** A dataset as the rules see it: the keys of its dimensions and measures. */
export interface DatasetShape {
  dimensions: readonly string[];
  measures: readonly string[];
}

/** What the rules are checked against. */
export interface DefinitionFacts {
  /** The dataset an application declares under a key; `noApp` when the organisation runs no such application, `noDataset` when it has no such dataset (or the user may not use it). */
  dataset(app: string, dataset: string): DatasetShape | 'noApp' | 'noDataset';
  /** The dashboards a drill may open (those the user sees); null when not known yet, then any is taken. */
  dashboards: ReadonlySet<string> | null;
}

export const DEFINITION_PROBLEM_CODES = [
  'duplicateId',
  'appUnknown',
  'datasetUnknown',
  'dimensionUnknown',
  'measureUnknown',
  'sortUnknown',
  'dimensionCount',
  'measureCount',
  'tableEmpty',
  'thresholdKind',
  'thresholdNumber',
  'thresholdOrder',
  'drillWidgetMissing',
  'drillWidgetUnknown',
  'drillWidgetSelf',
  'drillDashboardMissing',
  'drillDashboardUnknown',
  'drillFileMissing',
  'drillFilterDimension',
] as const;
export type DefinitionProblemCode = (typeof DEFINITION_PROBLEM_CODES)[number];

/** One broken rule: where (`widgets.2.query.dimensions.0`), which, and the values its text names. */
export interface DefinitionProblem {
  path: string;
  code: DefinitionProblemCode;
  params: Record<string, string | number>;
}

/**
 * The problems in English, as the server names them in its refusal (the
 * editor says them in the user's language from the same codes). `{wanted}`
 * of a count is its bounds, `{side}` of a threshold where the red limit may lie.
 */
export const DefinitionMessages: Readonly<Record<DefinitionProblemCode, string>> = {
  duplicateId: "another widget is already called '{key}'",
  appUnknown: "the organisation runs no application '{app}'",
  datasetUnknown: "application '{app}' has no dataset '{dataset}'",
  dimensionUnknown: "dataset '{dataset}' has no dimension '{key}'",
  measureUnknown: "dataset '{dataset}' has no measure '{key}'",
  sortUnknown: "'{key}' is neither a dimension nor a measure of this query",
  dimensionCount: 'a {kind} widget shows {wanted} dimension(s), not {count}',
  measureCount: 'a {kind} widget shows {wanted} measure(s), not {count}',
  tableEmpty: 'a table shows at least one dimension or measure',
  thresholdKind: 'only a kpi widget has a threshold',
  thresholdNumber: 'both limits of a threshold are numbers',
  thresholdOrder: 'the red limit must lie on the worse side of the yellow one ({side} {yellow})',
  drillWidgetMissing: 'a widget target names the widget shown next',
  drillWidgetUnknown: "no widget '{key}' on this dashboard",
  drillWidgetSelf: 'a widget cannot drill into itself',
  drillDashboardMissing: 'a dashboard target names the dashboard to open',
  drillDashboardUnknown: 'no dashboard {key} that you see',
  drillFileMissing: 'a file target names the path of the file to open',
  drillFilterDimension: "the dataset drilled into has no dimension '{key}'",
};

/** A problem in English (DefinitionMessages with its values). */
export function definitionProblemMessage(problem: DefinitionProblem): string {
  const { params } = problem;
  const extra: Record<string, string | number> = {};
  if (problem.code === 'dimensionCount' || problem.code === 'measureCount') extra.wanted = params.min === params.max ? `${params.min}` : `${params.min} to ${params.max}`;
  if (problem.code === 'thresholdOrder') extra.side = params.higherIsBetter === 'true' ? 'at most' : 'at least';
  const values = { ...params, ...extra };
  return DefinitionMessages[problem.code].replace(/\{(\w+)\}/g, (whole, key: string) => (Object.hasOwn(values, key) ? String(values[key]) : whole));
}

type Problems = DefinitionProblem[];

/** The dataset a query (or a dashboard filter) names, or its problem at `at`.app / `at`.dataset. */
function datasetAt(out: Problems, facts: DefinitionFacts, app: string, dataset: string, at: string): DatasetShape | null {
  const found = facts.dataset(app, dataset);
  if (found === 'noApp') return void out.push({ path: `${at}.app`, code: 'appUnknown', params: { app } }), null;
  if (found === 'noDataset') return void out.push({ path: `${at}.dataset`, code: 'datasetUnknown', params: { app, dataset } }), null;
  return found;
}

function queryProblems(out: Problems, facts: DefinitionFacts, widget: Widget, at: string): DatasetShape | null {
  const query = widget.query;
  const dataset = datasetAt(out, facts, query.app, query.dataset, `${at}.query`);
  if (!dataset) return null;
  const unknown = (code: 'dimensionUnknown' | 'measureUnknown', path: string, key: string) => out.push({ path, code, params: { dataset: query.dataset, key } });
  query.dimensions.forEach((d, i) => dataset.dimensions.includes(d) || unknown('dimensionUnknown', `${at}.query.dimensions.${i}`, d));
  query.measures.forEach((m, i) => dataset.measures.includes(m) || unknown('measureUnknown', `${at}.query.measures.${i}`, m));
  query.filters.forEach((f, i) => dataset.dimensions.includes(f.dimension) || unknown('dimensionUnknown', `${at}.query.filters.${i}.dimension`, f.dimension));
  query.sort.forEach((s, i) => {
    if (!query.dimensions.includes(s.by) && !query.measures.includes(s.by)) out.push({ path: `${at}.query.sort.${i}.by`, code: 'sortUnknown', params: { key: s.by } });
  });
  // A query of records is drawn as a table, whatever the kind.
  if (!query.detail) shapeProblems(out, widget, at);
  return dataset;
}

function shapeProblems(out: Problems, widget: Widget, at: string): void {
  const shape = WIDGET_SHAPES[widget.kind];
  const count = (field: 'dimensions' | 'measures', code: 'dimensionCount' | 'measureCount') => {
    const [min, max] = shape[field];
    const n = widget.query[field].length;
    if (n < min || n > max) out.push({ path: `${at}.query.${field}`, code, params: { kind: widget.kind, min, max, count: n } });
  };
  count('dimensions', 'dimensionCount');
  count('measures', 'measureCount');
  if (widget.kind === 'table' && widget.query.dimensions.length + widget.query.measures.length === 0) out.push({ path: `${at}.query`, code: 'tableEmpty', params: {} });
}

function thresholdProblems(out: Problems, widget: Widget, at: string): void {
  const t = widget.threshold;
  if (t === undefined) return;
  if (widget.kind !== 'kpi') return void out.push({ path: `${at}.threshold`, code: 'thresholdKind', params: { kind: widget.kind } });
  // A form's field may hold no number while the user types.
  if (!Number.isFinite(t.red) || !Number.isFinite(t.yellow)) return void out.push({ path: `${at}.threshold`, code: 'thresholdNumber', params: {} });
  if (t.higherIsBetter ? t.red > t.yellow : t.red < t.yellow) out.push({ path: `${at}.threshold.red`, code: 'thresholdOrder', params: { yellow: t.yellow, higherIsBetter: String(t.higherIsBetter) } });
}

/** A drill's filter names dimensions of the dataset it narrows (the next widget's, or the widget's own for records). */
function drillFilterProblems(out: Problems, drill: Drilldown, dataset: DatasetShape | null, at: string): void {
  if (!dataset) return;
  drill.filter.forEach((f, i) => {
    if (!dataset.dimensions.includes(f.dimension)) out.push({ path: `${at}.filter.${i}.dimension`, code: 'drillFilterDimension', params: { key: f.dimension } });
  });
}

interface Placed {
  widget: Widget;
  dataset: DatasetShape | null;
}

function drillProblems(out: Problems, facts: DefinitionFacts, widgets: ReadonlyMap<string, Placed>, widget: Widget, at: string): void {
  const drill = widget.drilldown;
  if (!drill) return;
  const path = `${at}.drilldown`;
  const problem = (field: string, code: DefinitionProblemCode, params: Record<string, string> = {}) => out.push({ path: `${path}.${field}`, code, params });
  if (drill.target === 'widget') {
    const next = drill.nextWidgetId ? widgets.get(drill.nextWidgetId) : undefined;
    if (!drill.nextWidgetId) problem('nextWidgetId', 'drillWidgetMissing');
    else if (!next) problem('nextWidgetId', 'drillWidgetUnknown', { key: drill.nextWidgetId });
    else if (next.widget.id === widget.id) problem('nextWidgetId', 'drillWidgetSelf');
    else drillFilterProblems(out, drill, next.dataset, path);
  } else if (drill.target === 'dashboard') {
    if (!drill.dashboard) problem('dashboard', 'drillDashboardMissing');
    else if (facts.dashboards && !facts.dashboards.has(drill.dashboard)) problem('dashboard', 'drillDashboardUnknown', { key: drill.dashboard });
  } else if (drill.target === 'file') {
    if (!drill.file?.path.trim()) problem('file', 'drillFileMissing');
  } else drillFilterProblems(out, drill, widgets.get(widget.id)?.dataset ?? null, path);
}

/** Every problem of a definition: each widget's id, query and threshold, then each drill, then the dashboard's filters. */
export function definitionProblems(definition: Pick<DashboardDefinition, 'widgets' | 'filters'>, facts: DefinitionFacts): DefinitionProblem[] {
  const out: Problems = [];
  const widgets = new Map<string, Placed>();
  definition.widgets.forEach((widget, i) => {
    const at = `widgets.${i}`;
    if (widgets.has(widget.id)) out.push({ path: `${at}.id`, code: 'duplicateId', params: { key: widget.id } });
    const dataset = queryProblems(out, facts, widget, at);
    thresholdProblems(out, widget, at);
    if (!widgets.has(widget.id)) widgets.set(widget.id, { widget, dataset });
  });
  definition.widgets.forEach((widget, i) => drillProblems(out, facts, widgets, widget, `widgets.${i}`));
  definition.filters.forEach((filter, i) => {
    const dataset = datasetAt(out, facts, filter.app, filter.dataset, `filters.${i}`);
    if (dataset && !dataset.dimensions.includes(filter.dimension)) out.push({ path: `filters.${i}.dimension`, code: 'dimensionUnknown', params: { dataset: filter.dataset, key: filter.dimension } });
  });
  return out;
}
