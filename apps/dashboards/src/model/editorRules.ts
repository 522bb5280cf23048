import { definitionProblems, WIDGET_SHAPES, type DashboardDefinition, type DashboardSharing, type DashboardText, type DatasetInfo, type DefinitionProblem, type DefinitionProblemCode, type Widget, type WidgetKind } from '@atrium/shared/dashboards';

/**
 * The rules of the dashboard editor (docs/behaviour/dashboards.md#editing-a-dashboard):
 * how many measures and dimensions each kind shows, the fields a widget
 * starts with, and the checks of a draft: the rules of a definition the
 * server applies on save (shared dashboards/definitionRules.ts), and those
 * of the forms, each problem at its widget and field.
 */

/** How many dimensions and measures a kind of widget shows (inclusive bounds). */
export const KIND_RULES: Readonly<Record<WidgetKind, { dimensions: readonly [number, number]; measures: readonly [number, number] }>> = WIDGET_SHAPES;

/** What the user may not save yet, by widget (null: the dashboard itself) and field, with a code the views translate. */
export interface EditorProblem {
  widgetId: string | null;
  field: string;
  code: EditorProblemCode;
  params?: Record<string, string | number>;
}

/** The rules of a definition (shared), and those of the forms. */
export type EditorProblemCode = Exclude<DefinitionProblemCode, 'appUnknown'> | 'titleMissing' | 'tooLong' | 'drillPlaceholder' | 'roleMissing';

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

/** The values each problem's text names (the shared rules give more, for the server's texts). */
const SAID: Partial<Record<DefinitionProblemCode, readonly string[]>> = {
  duplicateId: ['key'],
  datasetUnknown: ['dataset'],
  measureUnknown: ['key'],
  dimensionUnknown: ['key'],
  sortUnknown: ['key'],
  measureCount: ['min', 'max'],
  dimensionCount: ['min', 'max'],
  drillWidgetUnknown: ['key'],
  drillFilterDimension: ['key'],
};

/** The field of the side panel a problem of a widget's path is shown at. */
function fieldOf(rest: string): string {
  const filter = /^drilldown\.filter\.(\d+)/.exec(rest);
  if (filter) return `drilldown.filter.${filter[1]}`;
  if (rest.startsWith('drilldown')) return 'drilldown';
  if (rest.startsWith('threshold')) return 'threshold';
  if (rest.startsWith('query.dimensions')) return 'dimensions';
  if (rest === 'query' || rest.startsWith('query.measures')) return 'measures';
  if (rest.startsWith('query')) return 'dataset';
  return rest;
}

/** A problem of the shared rules at its widget and field, with the values its text says. */
function editorProblem(problem: DefinitionProblem, widgets: readonly Widget[]): EditorProblem {
  // The editor knows only the datasets the user may use: an application they lack is such a dataset (never 'appUnknown').
  const code = problem.code === 'appUnknown' ? 'datasetUnknown' : problem.code;
  const params = Object.fromEntries((SAID[code] ?? []).filter((k) => Object.hasOwn(problem.params, k)).map((k) => [k, problem.params[k]!]));
  const widget = /^widgets\.(\d+)\.(.+)$/.exec(problem.path);
  const at = widget ? { widgetId: widgets[Number(widget[1])]!.id, field: fieldOf(widget[2]!) } : { widgetId: null, field: 'filters' };
  return { ...at, code, ...(Object.keys(params).length > 0 ? { params } : {}) };
}

/** A drill's filter values name only what the widget's element has: its dimensions and measures. */
function placeholderProblems(out: EditorProblem[], widget: Widget): void {
  // Only a click that drills fills the placeholders: kept while the widget's clicks do something else, they wait unfilled.
  if (widget.click !== 'drill') return;
  const shown = new Set([...widget.query.dimensions, ...widget.query.measures]);
  widget.drilldown?.filter.forEach((row, index) => {
    const values = Array.isArray(row.value) ? row.value : [row.value];
    for (const value of values) {
      for (const key of typeof value === 'string' ? placeholdersOf(value) : []) if (!shown.has(key)) out.push({ widgetId: widget.id, field: `drilldown.filter.${index}`, code: 'drillPlaceholder', params: { key } });
    }
  });
}

/** What a draft is checked against: the datasets the user may query and, when known, the ids of the dashboards the user sees. */
export interface DraftContext {
  datasets: readonly DatasetInfo[];
  dashboards?: readonly string[];
}

/** The draft's problems, by the rules the server applies on save, and those of the forms (a title, a role, a drill's placeholders). */
export function validateDraft(definition: DashboardDefinition, sharing: DashboardSharing, known: DraftContext): EditorProblem[] {
  const { datasets } = known;
  const out: EditorProblem[] = [];
  textProblems(out, null, 'title', definition.title, true);
  textProblems(out, null, 'description', definition.description, false);
  if (sharing.kind === 'role' && (!sharing.app || !sharing.role.trim())) out.push({ widgetId: null, field: 'sharing', code: 'roleMissing' });
  for (const widget of definition.widgets) {
    textProblems(out, widget.id, 'title', widget.title, true);
    textProblems(out, widget.id, 'footer', widget.footer, false);
  }
  const facts = {
    dataset: (app: string, key: string) => {
      const info = datasets.find((d) => d.app === app && d.key === key);
      return info ? { dimensions: info.dimensions.map((d) => d.key), measures: info.measures.map((m) => m.key) } : ('noDataset' as const);
    },
    dashboards: known.dashboards ? new Set(known.dashboards) : null,
  };
  for (const problem of definitionProblems(definition, facts)) out.push(editorProblem(problem, definition.widgets));
  for (const widget of definition.widgets) placeholderProblems(out, widget);
  return out;
}
