/**
 * The checks of a dashboard's definition a schema cannot make
 * (docs/behaviour/dashboards.md#dashboards-on-the-server): widget ids are
 * unique; a drill names a widget of the dashboard, a dashboard the caller
 * sees, a file or records as its target asks; each query names an
 * application the organisation runs, a dataset of it and that dataset's
 * dimensions and measures, in counts the widget's kind can draw. Pure:
 * the caller gathers what it reads. Every problem at its path.
 */
import type { AppDeclaration, Dataset } from '@atrium/shared/apps';
import type { DashboardDefinition, DashboardProblem, Drilldown, Widget, WidgetKind, WidgetQuery } from '@atrium/shared/dashboards';

/** What the checks read: the declarations the organisation runs, by application name, and the dashboards the caller sees. */
export interface DefinitionFacts {
  apps: ReadonlyMap<string, AppDeclaration>;
  dashboards: ReadonlySet<string>;
}

type Problems = DashboardProblem[];

/** How many dimensions and measures each kind draws (at least, at most). */
const SHAPES: Readonly<Record<WidgetKind, { dimensions: readonly [number, number]; measures: readonly [number, number] }>> = {
  bar: { dimensions: [1, 2], measures: [1, 8] },
  line: { dimensions: [1, 2], measures: [1, 8] },
  area: { dimensions: [1, 2], measures: [1, 8] },
  stackedBar: { dimensions: [2, 2], measures: [1, 1] },
  pie: { dimensions: [1, 1], measures: [1, 1] },
  donut: { dimensions: [1, 1], measures: [1, 1] },
  kpi: { dimensions: [0, 0], measures: [1, 1] },
  table: { dimensions: [0, 4], measures: [0, 8] },
};

/** The dataset a query names, or the problem of naming it. */
function datasetOf(out: Problems, facts: DefinitionFacts, app: string, dataset: string, at: string): Dataset | null {
  const declaration = facts.apps.get(app);
  if (!declaration) return void out.push({ path: `${at}.app`, message: `the organisation runs no application '${app}'` }), null;
  const found = declaration.datasets?.[dataset];
  if (!found || !Object.hasOwn(declaration.datasets ?? {}, dataset)) return void out.push({ path: `${at}.dataset`, message: `application '${app}' has no dataset '${dataset}'` }), null;
  return found;
}

function checkQuery(out: Problems, facts: DefinitionFacts, widget: Widget, at: string): Dataset | null {
  const query: WidgetQuery = widget.query;
  const dataset = datasetOf(out, facts, query.app, query.dataset, `${at}.query`);
  if (!dataset) return null;
  const dims = dataset.dimensions;
  const measures = dataset.measures;
  query.dimensions.forEach((d, i) => {
    if (!Object.hasOwn(dims, d)) out.push({ path: `${at}.query.dimensions.${i}`, message: `dataset '${query.dataset}' has no dimension '${d}'` });
  });
  query.measures.forEach((m, i) => {
    if (!Object.hasOwn(measures, m)) out.push({ path: `${at}.query.measures.${i}`, message: `dataset '${query.dataset}' has no measure '${m}'` });
  });
  query.filters.forEach((f, i) => {
    if (!Object.hasOwn(dims, f.dimension)) out.push({ path: `${at}.query.filters.${i}.dimension`, message: `dataset '${query.dataset}' has no dimension '${f.dimension}'` });
  });
  query.sort.forEach((s, i) => {
    if (!query.dimensions.includes(s.by) && !query.measures.includes(s.by)) out.push({ path: `${at}.query.sort.${i}.by`, message: `'${s.by}' is neither a dimension nor a measure of this query` });
  });
  if (!query.detail) checkShape(out, widget, at);
  return dataset;
}

function checkShape(out: Problems, widget: Widget, at: string): void {
  const shape = SHAPES[widget.kind];
  const { dimensions, measures } = widget.query;
  const count = (what: 'dimension' | 'measure', [least, most]: readonly [number, number], n: number) => {
    if (n >= least && n <= most) return;
    const wanted = least === most ? `${least}` : `${least} to ${most}`;
    out.push({ path: `${at}.query.${what}s`, message: `a ${widget.kind} widget shows ${wanted} ${what}(s), not ${n}` });
  };
  count('dimension', shape.dimensions, dimensions.length);
  count('measure', shape.measures, measures.length);
  if (widget.kind === 'table' && dimensions.length + measures.length === 0) out.push({ path: `${at}.query`, message: 'a table shows at least one dimension or measure' });
  const threshold = widget.threshold;
  if (threshold && widget.kind !== 'kpi') out.push({ path: `${at}.threshold`, message: 'only a kpi widget has a threshold' });
  else if (threshold && (threshold.higherIsBetter ? threshold.red > threshold.yellow : threshold.red < threshold.yellow)) {
    out.push({ path: `${at}.threshold.red`, message: `the red limit must lie on the worse side of the yellow one (${threshold.higherIsBetter ? 'at most' : 'at least'} ${threshold.yellow})` });
  }
}

/** A drill's filter names dimensions of the dataset it applies to (the next widget's, or the widget's own for records). */
function checkDrillFilter(out: Problems, drill: Drilldown, dataset: Dataset | null, at: string): void {
  if (!dataset) return;
  drill.filter.forEach((f, i) => {
    if (!Object.hasOwn(dataset.dimensions, f.dimension)) out.push({ path: `${at}.filter.${i}.dimension`, message: `the dataset drilled into has no dimension '${f.dimension}'` });
  });
}

function checkDrill(out: Problems, facts: DefinitionFacts, widgets: ReadonlyMap<string, { widget: Widget; dataset: Dataset | null }>, widget: Widget, own: Dataset | null, at: string): void {
  const drill = widget.drilldown;
  if (!drill) return;
  const path = `${at}.drilldown`;
  if (drill.target === 'widget') {
    const next = drill.nextWidgetId === undefined ? undefined : widgets.get(drill.nextWidgetId);
    if (drill.nextWidgetId === undefined) out.push({ path: `${path}.nextWidgetId`, message: 'a widget target names the widget shown next' });
    else if (!next) out.push({ path: `${path}.nextWidgetId`, message: `no widget '${drill.nextWidgetId}' on this dashboard` });
    else if (next.widget.id === widget.id) out.push({ path: `${path}.nextWidgetId`, message: 'a widget cannot drill into itself' });
    else checkDrillFilter(out, drill, next.dataset, path);
  } else if (drill.target === 'dashboard') {
    if (drill.dashboard === undefined) out.push({ path: `${path}.dashboard`, message: 'a dashboard target names the dashboard to open' });
    else if (!facts.dashboards.has(drill.dashboard)) out.push({ path: `${path}.dashboard`, message: `no dashboard ${drill.dashboard} that you see` });
  } else if (drill.target === 'file') {
    if (drill.file === undefined) out.push({ path: `${path}.file`, message: 'a file target names the path of the file to open' });
  } else checkDrillFilter(out, drill, own, path);
}

/** Every problem of a definition, given what the organisation runs and which dashboards the caller sees. */
export function definitionProblems(definition: DashboardDefinition, facts: DefinitionFacts): DashboardProblem[] {
  const out: Problems = [];
  const widgets = new Map<string, { widget: Widget; dataset: Dataset | null }>();
  definition.widgets.forEach((widget, i) => {
    const at = `widgets.${i}`;
    if (widgets.has(widget.id)) out.push({ path: `${at}.id`, message: `another widget is already called '${widget.id}'` });
    const dataset = checkQuery(out, facts, widget, at);
    if (!widgets.has(widget.id)) widgets.set(widget.id, { widget, dataset });
  });
  definition.widgets.forEach((widget, i) => checkDrill(out, facts, widgets, widget, widgets.get(widget.id)?.dataset ?? null, `widgets.${i}`));
  definition.filters.forEach((filter, i) => {
    const dataset = datasetOf(out, facts, filter.app, filter.dataset, `filters.${i}`);
    if (dataset && !Object.hasOwn(dataset.dimensions, filter.dimension)) out.push({ path: `filters.${i}.dimension`, message: `dataset '${filter.dataset}' has no dimension '${filter.dimension}'` });
  });
  return out;
}
