import type { DashboardDefinition, DashboardSharing, DashboardText, DatasetInfo, Drilldown, Widget, WidgetKind } from '@atrium/shared/dashboards';

/**
 * The rules of the dashboard editor (docs/behaviour/dashboards.md#editing-a-dashboard):
 * how many measures and dimensions each kind shows, the fields a widget
 * starts with, and the checks of a draft, those the server applies on save
 * and those of the forms, each problem at its widget and field.
 */

/** How many dimensions and measures a kind of widget shows (inclusive bounds). */
export const KIND_RULES: Readonly<Record<WidgetKind, { dimensions: readonly [number, number]; measures: readonly [number, number] }>> = {
  bar: { dimensions: [1, 2], measures: [1, 8] },
  line: { dimensions: [1, 2], measures: [1, 8] },
  area: { dimensions: [1, 2], measures: [1, 8] },
  stackedBar: { dimensions: [2, 2], measures: [1, 1] },
  pie: { dimensions: [1, 1], measures: [1, 1] },
  donut: { dimensions: [1, 1], measures: [1, 1] },
  kpi: { dimensions: [0, 0], measures: [1, 1] },
  table: { dimensions: [0, 4], measures: [0, 8] },
};

/** What the user may not save yet, by widget (null: the dashboard itself) and field, with a code the views translate. */
export interface EditorProblem {
  widgetId: string | null;
  field: string;
  code: EditorProblemCode;
  params?: Record<string, string | number>;
}

export type EditorProblemCode =
  | 'titleMissing'
  | 'tooLong'
  | 'duplicateId'
  | 'datasetUnknown'
  | 'measureUnknown'
  | 'dimensionUnknown'
  | 'measureCount'
  | 'dimensionCount'
  | 'tableEmpty'
  | 'thresholdNumber'
  | 'thresholdOrder'
  | 'drillWidgetMissing'
  | 'drillWidgetUnknown'
  | 'drillWidgetSelf'
  | 'drillDashboardMissing'
  | 'drillDashboardUnknown'
  | 'drillFileMissing'
  | 'drillFilterDimension'
  | 'drillPlaceholder'
  | 'roleMissing';


/** The dataset of a widget's query among those the user may query. */
export function datasetOf(datasets: readonly DatasetInfo[], widget: Pick<Widget, 'query'>): DatasetInfo | undefined {
  return datasets.find((d) => d.app === widget.query.app && d.key === widget.query.dataset);
}

/** A dashboard text in a locale: as written, or the locale's of a localised one (English when it has none). */
export function dashboardTextOf(text: DashboardText | undefined, locale: string): string {
  if (text === undefined) return '';
  return typeof text === 'string' ? text : ((text as Record<string, string | undefined>)[locale] ?? text.en_EN);
}

/** The `{keys}` a text refers to. */
export function placeholdersOf(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
}

/** The measures and dimensions a widget of a kind starts with: the first ones of the dataset (a time dimension first for lines). */
export function defaultFields(kind: WidgetKind, dataset: DatasetInfo): { measures: string[]; dimensions: string[] } {
  const rules = KIND_RULES[kind];
  const timeFirst = kind === 'line' || kind === 'area';
  const dimensions = [...dataset.dimensions].sort((a, b) => (timeFirst ? Number(b.type === 'datePart') - Number(a.type === 'datePart') : 0));
  const wanted = kind === 'table' ? 1 : rules.dimensions[0];
  return { measures: dataset.measures.slice(0, Math.max(1, rules.measures[0])).map((m) => m.key), dimensions: dimensions.slice(0, wanted).map((d) => d.key) };
}

/** The dimensions and measures kept when a widget changes kind: as many as the kind shows, topped up from the dataset. */
export function fitFields(kind: WidgetKind, widget: Widget, dataset: DatasetInfo | undefined): { measures: string[]; dimensions: string[] } {
  const rules = KIND_RULES[kind];
  const fit = (have: readonly string[], all: readonly string[], [min, max]: readonly [number, number]) => {
    const kept = have.slice(0, max);
    for (const key of all) if (kept.length < min && !kept.includes(key)) kept.push(key);
    return kept;
  };
  return {
    measures: fit(widget.query.measures, dataset?.measures.map((m) => m.key) ?? [], kind === 'table' ? [0, rules.measures[1]] : rules.measures),
    dimensions: fit(widget.query.dimensions, dataset?.dimensions.map((d) => d.key) ?? [], rules.dimensions),
  };
}


function textProblems(out: EditorProblem[], widgetId: string | null, field: string, text: DashboardText | undefined, required: boolean): void {
  const texts = text === undefined ? [] : typeof text === 'string' ? [text] : Object.values(text).filter((t): t is string => typeof t === 'string');
  if (required && !texts.some((t) => t.trim() !== '')) out.push({ widgetId, field, code: 'titleMissing' });
  if (texts.some((t) => t.length > 200)) out.push({ widgetId, field, code: 'tooLong', params: { max: 200 } });
}

function queryProblems(out: EditorProblem[], widget: Widget, dataset: DatasetInfo | undefined): void {
  const id = widget.id;
  if (dataset === undefined) return void out.push({ widgetId: id, field: 'dataset', code: 'datasetUnknown', params: { dataset: widget.query.dataset } });
  for (const key of widget.query.measures) if (!dataset.measures.some((m) => m.key === key)) out.push({ widgetId: id, field: 'measures', code: 'measureUnknown', params: { key } });
  for (const key of widget.query.dimensions) if (!dataset.dimensions.some((d) => d.key === key)) out.push({ widgetId: id, field: 'dimensions', code: 'dimensionUnknown', params: { key } });
  const rules = KIND_RULES[widget.kind];
  const count = (field: 'measures' | 'dimensions', code: EditorProblemCode, [min, max]: readonly [number, number]) => {
    const n = widget.query[field].length;
    if (n < min || n > max) out.push({ widgetId: id, field, code, params: { min, max } });
  };
  count('measures', 'measureCount', rules.measures);
  count('dimensions', 'dimensionCount', rules.dimensions);
  if (widget.kind === 'table' && widget.query.measures.length + widget.query.dimensions.length === 0) out.push({ widgetId: id, field: 'measures', code: 'tableEmpty' });
}

function thresholdProblems(out: EditorProblem[], widget: Widget): void {
  const t = widget.threshold;
  if (t === undefined) return;
  if (!Number.isFinite(t.red) || !Number.isFinite(t.yellow)) return void out.push({ widgetId: widget.id, field: 'threshold', code: 'thresholdNumber' });
  if (t.higherIsBetter ? t.red > t.yellow : t.red < t.yellow) out.push({ widgetId: widget.id, field: 'threshold', code: 'thresholdOrder' });
}

function drillTargetProblems(out: EditorProblem[], widget: Widget, drill: Drilldown, widgets: readonly Widget[], dashboards: ReadonlySet<string> | null): void {
  const problem = (code: EditorProblemCode, params?: Record<string, string>) => out.push({ widgetId: widget.id, field: 'drilldown', code, ...(params ? { params } : {}) });
  if (drill.target === 'widget') {
    if (!drill.nextWidgetId) problem('drillWidgetMissing');
    else if (drill.nextWidgetId === widget.id) problem('drillWidgetSelf');
    else if (!widgets.some((w) => w.id === drill.nextWidgetId)) problem('drillWidgetUnknown', { key: drill.nextWidgetId });
  }
  if (drill.target === 'dashboard' && !drill.dashboard) problem('drillDashboardMissing');
  else if (drill.target === 'dashboard' && dashboards && !dashboards.has(drill.dashboard!)) problem('drillDashboardUnknown');
  if (drill.target === 'file' && !drill.file?.path.trim()) problem('drillFileMissing');
}

function drillProblems(out: EditorProblem[], widget: Widget, widgets: readonly Widget[], known: DraftContext): void {
  const drill = widget.drilldown;
  if (drill === undefined) return;
  const { datasets } = known;
  drillTargetProblems(out, widget, drill, widgets, known.dashboards ? new Set(known.dashboards) : null);
  // The filter narrows the next widget's dataset, or this one's for the records behind the element.
  const next = drill.target === 'widget' ? widgets.find((w) => w.id === drill.nextWidgetId) : drill.target === 'records' ? widget : undefined;
  const target = next ? datasetOf(datasets, next) : undefined;
  const shown = new Set([...widget.query.dimensions, ...widget.query.measures]);
  drill.filter.forEach((row, index) => {
    const field = `drilldown.filter.${index}`;
    if (target && !target.dimensions.some((d) => d.key === row.dimension)) out.push({ widgetId: widget.id, field, code: 'drillFilterDimension', params: { key: row.dimension } });
    // Only a click that drills fills the placeholders: kept while the widget's clicks do something else, they wait unfilled.
    if (widget.click !== 'drill') return;
    const values = Array.isArray(row.value) ? row.value : [row.value];
    for (const value of values) {
      for (const key of typeof value === 'string' ? placeholdersOf(value) : []) if (!shown.has(key)) out.push({ widgetId: widget.id, field, code: 'drillPlaceholder', params: { key } });
    }
  });
}

/** What a draft is checked against: the datasets the user may query and, when known, the ids of the dashboards the user sees. */
export interface DraftContext {
  datasets: readonly DatasetInfo[];
  dashboards?: readonly string[];
}

/** The draft's problems, by the rules the server applies on save, and those of the forms (a title, a threshold's order). */
export function validateDraft(definition: DashboardDefinition, sharing: DashboardSharing, known: DraftContext): EditorProblem[] {
  const { datasets } = known;
  const out: EditorProblem[] = [];
  textProblems(out, null, 'title', definition.title, true);
  textProblems(out, null, 'description', definition.description, false);
  if (sharing.kind === 'role' && (!sharing.app || !sharing.role.trim())) out.push({ widgetId: null, field: 'sharing', code: 'roleMissing' });
  definition.widgets.forEach((widget, index) => {
    if (definition.widgets.findIndex((w) => w.id === widget.id) !== index) out.push({ widgetId: widget.id, field: 'id', code: 'duplicateId', params: { key: widget.id } });
    textProblems(out, widget.id, 'title', widget.title, true);
    textProblems(out, widget.id, 'footer', widget.footer, false);
    queryProblems(out, widget, datasetOf(datasets, widget));
    thresholdProblems(out, widget);
    drillProblems(out, widget, definition.widgets, known);
  });
  return out;
}
