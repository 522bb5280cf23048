import { Model } from '@atrium/app-kit';
import type { Desktop } from '@atrium/sdk';
import {
  DASHBOARD_LIMITS,
  type AlertRecipients,
  DashboardDefinition,
  type DashboardDto,
  type DashboardSharing,
  type DashboardSummary,
  type DatasetInfo,
  type Drilldown,
  type DrillFilter,
  type DrillTarget,
  type Threshold,
  type ThresholdNotify,
  type Widget,
  type WidgetKind,
} from '@atrium/shared/dashboards';
import * as z from 'zod/mini';
import { datasetOf, defaultFields, fitFields, KIND_RULES, validateDraft, type EditorProblem } from './editorRules.js';
import { firstFreeSpot, keyboardStep, moveItem, resizeItem, type GridItem, type GridKey } from './gridLayout.js';

export { dashboardTextOf, datasetOf, KIND_RULES, placeholdersOf, validateDraft, type EditorProblem, type EditorProblemCode } from './editorRules.js';

/**
 * The dashboard editor's model (docs/behaviour/dashboards.md#editing-a-dashboard):
 * a draft of a dashboard's definition and sharing, changed by the editor's
 * operations (widgets added, removed, moved, resized, their query, kind,
 * texts, click, threshold and drill-down), checked after every change by the
 * rules the server applies, saved with the version it was read at, and
 * undone one change at a time.
 */

/** The dashboards calls the editor makes (docs/API.md, "Dashboards"). */
export interface EditorApi {
  datasets(): Promise<DatasetInfo[]>;
  dashboards(): Promise<DashboardSummary[]>;
  get(uuid: string): Promise<DashboardDto>;
  create(body: { definition: DashboardDefinition; sharing: DashboardSharing }): Promise<DashboardDto>;
  update(uuid: string, body: { definition: DashboardDefinition; sharing: DashboardSharing; version: number }): Promise<DashboardDto>;
  /** Whom a KPI's alert may name: the organisation's members and the roles of its applications. */
  recipients(): Promise<AlertRecipients>;
}

/** No one to name (the recipients could not be read). */
export const NO_RECIPIENTS: AlertRecipients = { people: [], roles: [] };

/** A refused or failed call: the HTTP status (null without an answer), the server's text and code. */
export class EditorFailure extends Error {
  constructor(
    readonly status: number | null,
    message: string,
    readonly code: string | null = null,
    /** The values of the text's placeholders the server answered beside the code. */
    readonly params: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = 'EditorFailure';
  }
}

/** Any failure of the desktop's request as an EditorFailure: the envelope of a refusal read for its text and problems. */
export function editorFailureOf(error: unknown): EditorFailure {
  if (error instanceof EditorFailure) return error;
  const e = (typeof error === 'object' && error !== null ? error : {}) as { status?: unknown; body?: unknown; message?: unknown };
  const body = (typeof e.body === 'object' && e.body !== null ? e.body : {}) as { message?: unknown; code?: unknown; params?: unknown; data?: { errors?: unknown } };
  const errors = Array.isArray(body.data?.errors) ? body.data.errors.filter((x): x is string => typeof x === 'string') : [];
  const text = typeof body.message === 'string' ? body.message : typeof e.message === 'string' ? e.message : String(error);
  const params = typeof body.params === 'object' && body.params !== null ? (body.params as Record<string, unknown>) : {};
  return new EditorFailure(typeof e.status === 'number' ? e.status : null, [text, ...errors].join('\n'), typeof body.code === 'string' ? body.code : null, params);
}

type Envelope<T> = { status: 'success'; data: T } | { status: 'error'; message?: string; code?: string };

/** The editor's calls over the desktop's signed request; each rejects with an EditorFailure. */
export function editorApi(request: Desktop['request']): EditorApi {
  const call = async <T>(method: 'get' | 'post' | 'put', path: string, body?: unknown): Promise<T> => {
    let answer: Envelope<T>;
    try {
      answer = await request<Envelope<T>>(method, path, body);
    } catch (error) {
      throw editorFailureOf(error);
    }
    if (answer?.status === 'success') return answer.data;
    throw new EditorFailure(null, answer?.message ?? 'The server sent no answer', answer?.code ?? null);
  };
  return {
    datasets: async () => (await call<{ datasets: DatasetInfo[] }>('get', 'datasets')).datasets,
    dashboards: async () => (await call<{ dashboards: DashboardSummary[] }>('get', 'dashboards')).dashboards,
    get: (uuid) => call('get', `dashboards/${encodeURIComponent(uuid)}`),
    create: (body) => call('post', 'dashboards', body),
    update: (uuid, body) => call('put', `dashboards/${encodeURIComponent(uuid)}`, body),
    recipients: () => call('get', 'dashboards/recipients'),
  };
}

/** The size a new widget of a kind takes, in columns and rows. */
const NEW_SIZE: Readonly<Record<WidgetKind, { w: number; h: number }>> = {
  bar: { w: 6, h: 4 },
  line: { w: 6, h: 4 },
  area: { w: 6, h: 4 },
  stackedBar: { w: 6, h: 4 },
  pie: { w: 4, h: 4 },
  donut: { w: 4, h: 4 },
  kpi: { w: 3, h: 2 },
  table: { w: 12, h: 4 },
};

/** Why the last save did not happen: the draft's problems, a change saved by someone else meanwhile, or the server's text. */
export type SaveProblem = { kind: 'invalid' } | { kind: 'conflict' } | { kind: 'failed'; message: string; code?: string; params?: Readonly<Record<string, unknown>> };

/** The last move or resize, for the live region ("Moved to column 3, row 2"): 1-based column and row. */
export interface GridAnnouncement {
  widgetId: string;
  action: 'moved' | 'resized';
  column: number;
  row: number;
  width: number;
  height: number;
  /** Counts the announcements, so that the same words said twice are said again. */
  seq: number;
}

export interface EditorState {
  status: 'loading' | 'ready' | 'failed';
  loadProblem: string | null;
  /** The dashboard's id; null until a new dashboard is first saved. */
  uuid: string | null;
  version: number;
  definition: DashboardDefinition;
  sharing: DashboardSharing;
  datasets: readonly DatasetInfo[];
  /** The dashboards a drill may open (those the user sees, this one left out). */
  dashboards: readonly DashboardSummary[];
  /** Whom a KPI's alert may name. */
  recipients: AlertRecipients;
  selected: string | null;
  problems: readonly EditorProblem[];
  dirty: boolean;
  canUndo: boolean;
  saving: boolean;
  saveProblem: SaveProblem | null;
  announcement: GridAnnouncement | null;
}

interface Draft {
  definition: DashboardDefinition;
  sharing: DashboardSharing;
  selected: string | null;
}

/** How many changes Undo goes back. */
const UNDO_DEPTH = 100;

const gridOf = (widgets: readonly Widget[]): GridItem[] => widgets.flatMap((w) => (w.position ? [{ id: w.id, ...w.position }] : []));

function withGrid(widgets: readonly Widget[], layout: readonly GridItem[]): Widget[] {
  return widgets.map((w) => {
    const at = layout.find((i) => i.id === w.id);
    return at ? { ...w, position: { x: at.x, y: at.y, w: at.w, h: at.h } } : w;
  });
}

/** An id no widget of the list has: widget1, widget2... */
function freeId(widgets: readonly Widget[]): string {
  for (let n = widgets.length + 1; ; n++) if (!widgets.some((w) => w.id === `widget${n}`)) return `widget${n}`;
}

const draftKey = (d: Pick<Draft, 'definition' | 'sharing'>) => JSON.stringify([d.definition, d.sharing]);

/** A new dashboard's draft: no title yet, no widgets, private. */
export const EMPTY_DEFINITION: DashboardDefinition = { title: '', widgets: [], filters: [], timeRange: 'all' };

export class EditorModel extends Model<EditorState> {
  #history: Draft[] = [];
  /** What the last change typed into, so that the keystrokes of one text are one change for Undo. */
  #typing: string | null = null;
  #saved: string;
  #seq = 0;
  #loading: Promise<void> | null = null;

  /** Edits a dashboard as the server answered it, or (null) a new one. */
  constructor(
    private readonly api: EditorApi,
    dto: DashboardDto | null,
  ) {
    const definition = dto?.definition ?? EMPTY_DEFINITION;
    const sharing = dto?.sharing ?? { kind: 'private' };
    super({
      status: 'loading',
      loadProblem: null,
      uuid: dto?.uuid ?? null,
      version: dto?.version ?? 0,
      definition,
      sharing,
      datasets: [],
      dashboards: [],
      recipients: NO_RECIPIENTS,
      selected: null,
      problems: [],
      dirty: false,
      canUndo: false,
      saving: false,
      saveProblem: null,
      announcement: null,
    });
    this.#saved = draftKey({ definition, sharing });
  }

  /** Reads the datasets the user may query and the dashboards a drill may open (once while a read is under way). */
  load(): Promise<void> {
    this.#loading ??= this.#read().finally(() => (this.#loading = null));
    return this.#loading;
  }

  async #read(): Promise<void> {
    this.update({ status: 'loading', loadProblem: null });
    try {
      // Without the recipients the editor still works: only the choice of whom an alert tells is empty.
      const [datasets, dashboards, recipients] = await Promise.all([this.api.datasets(), this.api.dashboards(), this.api.recipients().catch(() => NO_RECIPIENTS)]);
      const { definition, sharing, uuid } = this.getState();
      this.update({ status: 'ready', datasets, dashboards: dashboards.filter((d) => d.uuid !== uuid), recipients });
      this.update({ problems: this.#check(definition, sharing) });
    } catch (error) {
      this.update({ status: 'failed', loadProblem: editorFailureOf(error).message });
    }
  }

  /** The widget of an id in the draft. */
  widget(id: string): Widget | undefined {
    return this.getState().definition.widgets.find((w) => w.id === id);
  }

  /** Applies a change to the draft: remembered for Undo, checked again, the draft dirty unless back to what was saved. */
  #change(next: Partial<Draft>, typing: string | null = null): void {
    const { definition, sharing, selected, datasets } = this.getState();
    if (typing === null || typing !== this.#typing || this.#history.length === 0) this.#history = [...this.#history.slice(1 - UNDO_DEPTH), { definition, sharing, selected }];
    this.#typing = typing;
    this.#apply({ definition, sharing, selected, ...next }, datasets);
  }

  /** The draft's problems against what was read: the datasets, and the dashboards a drill may open (this one too, once saved). */
  #check(definition: DashboardDefinition, sharing: DashboardSharing, datasets = this.getState().datasets): EditorProblem[] {
    const { status, dashboards, uuid } = this.getState();
    const ids = status === 'ready' ? [...dashboards.map((d) => d.uuid), ...(uuid ? [uuid] : [])] : undefined;
    return validateDraft(definition, sharing, { datasets, ...(ids ? { dashboards: ids } : {}) });
  }

  #apply(draft: Draft, datasets: readonly DatasetInfo[], extra: Partial<EditorState> = {}): void {
    this.update({
      ...draft,
      problems: this.#check(draft.definition, draft.sharing, datasets),
      dirty: draftKey(draft) !== this.#saved,
      canUndo: this.#history.length > 0,
      saveProblem: null,
      announcement: null,
      ...extra,
    });
  }

  #widgets(widgets: Widget[], extra: Partial<Draft> = {}, typing: string | null = null): void {
    this.#change({ definition: { ...this.getState().definition, widgets }, ...extra }, typing);
  }

  /** Changes one widget (`typing` names a text typed into, whose keystrokes make one change). */
  #edit(id: string, edit: (widget: Widget) => Widget, typing: string | null = null): void {
    const widgets = this.getState().definition.widgets;
    if (!widgets.some((w) => w.id === id)) return;
    this.#widgets(
      widgets.map((w) => (w.id === id ? edit(w) : w)),
      {},
      typing === null ? null : `${id}.${typing}`,
    );
  }

  /** Goes back one change. */
  undo(): void {
    const previous = this.#history.pop();
    this.#typing = null;
    if (previous === undefined) return;
    this.#apply(previous, this.getState().datasets);
  }

  select(id: string | null): void {
    if (id !== this.getState().selected) this.update({ selected: id });
  }

  /** Adds a widget of a kind over a dataset in the first free place of the grid, selected; null when the dashboard is full. */
  addWidget(kind: WidgetKind, dataset: DatasetInfo): Widget | null {
    const widgets = this.getState().definition.widgets;
    if (widgets.length >= DASHBOARD_LIMITS.widgets) return null;
    const size = NEW_SIZE[kind];
    const widget: Widget = {
      id: freeId(widgets),
      kind,
      title: dataset.label,
      query: { app: dataset.app, dataset: dataset.key, ...defaultFields(kind, dataset), filters: [], sort: [] },
      click: kind === 'kpi' ? 'none' : 'drill',
      position: { ...firstFreeSpot(gridOf(widgets), size), ...size },
    };
    this.#widgets([...widgets, widget], { selected: widget.id });
    return widget;
  }

  /** Removes a widget, and the drill widgets (those without a place) only it led to. */
  removeWidget(id: string): void {
    let widgets = this.getState().definition.widgets;
    const gone = new Set([id]);
    for (let next = widgets.find((w) => w.id === id)?.drilldown?.nextWidgetId; next !== undefined && !gone.has(next); ) {
      const target = widgets.find((w) => w.id === next);
      const others = widgets.filter((w) => !gone.has(w.id) && w.drilldown?.nextWidgetId === next);
      if (!target || target.position || others.length > 0) break;
      gone.add(next);
      next = target.drilldown?.nextWidgetId;
    }
    widgets = widgets.filter((w) => !gone.has(w.id));
    this.#widgets(widgets, { selected: gone.has(this.getState().selected ?? '') ? null : this.getState().selected });
  }

  #layout(id: string, action: GridAnnouncement['action'], layout: (grid: GridItem[]) => GridItem[]): void {
    const widgets = this.getState().definition.widgets;
    if (!widgets.find((w) => w.id === id)?.position) return;
    const before = gridOf(widgets);
    const after = layout(before);
    const at = after.find((i) => i.id === id)!;
    const announcement = { widgetId: id, action, column: at.x + 1, row: at.y + 1, width: at.w, height: at.h, seq: ++this.#seq };
    if (JSON.stringify(after) === JSON.stringify(before)) return void this.update({ announcement });
    this.#widgets(withGrid(widgets, after));
    this.update({ announcement });
  }

  /** Moves a widget to a column and row (0-based, a pointer drop). */
  moveWidget(id: string, to: { x: number; y: number }): void {
    this.#layout(id, 'moved', (grid) => moveItem(grid, id, to));
  }

  /** Gives a widget a width and height (a pointer resize). */
  resizeWidget(id: string, size: { w: number; h: number }): void {
    this.#layout(id, 'resized', (grid) => resizeItem(grid, id, size));
  }

  /** An arrow on a widget's handle: moves it one cell, or with Shift resizes it. */
  keyboardStep(id: string, key: GridKey, shift: boolean): void {
    this.#layout(id, shift ? 'resized' : 'moved', (grid) => keyboardStep(grid, id, key, shift));
  }

  /** Shows another dataset: its first measures and dimensions, the query's filters and sort dropped. */
  setDataset(id: string, dataset: DatasetInfo): void {
    this.#edit(id, (w) => ({ ...w, query: { ...w.query, app: dataset.app, dataset: dataset.key, ...defaultFields(w.kind, dataset), filters: [], sort: [] } }));
  }

  /** Another kind: the measures and dimensions fitted to it; only a KPI keeps a threshold. */
  setKind(id: string, kind: WidgetKind): void {
    const datasets = this.getState().datasets;
    this.#edit(id, (w) => {
      const { threshold, ...rest } = w;
      return { ...rest, kind, query: { ...w.query, ...fitFields(kind, w, datasetOf(datasets, w)) }, ...(kind === 'kpi' && threshold ? { threshold } : {}) };
    });
  }

  /** Adds or takes away a measure or dimension: a kind that shows one replaces it; none is added past the kind's most. */
  toggleField(id: string, field: 'measures' | 'dimensions', key: string): void {
    const widget = this.widget(id);
    if (widget === undefined) return;
    const have = widget.query[field];
    const max = KIND_RULES[widget.kind][field][1];
    let next: string[];
    if (have.includes(key)) next = have.filter((k) => k !== key);
    else if (max === 1) next = [key];
    else if (have.length < max) next = [...have, key];
    else return;
    this.#edit(id, (w) => ({ ...w, query: { ...w.query, [field]: next } }));
  }

  /** A widget's title or footer as the user typed it (an empty footer is none). */
  setWidgetText(id: string, field: 'title' | 'footer', text: string): void {
    this.#edit(id, (w) => {
      if (field === 'title') return { ...w, title: text };
      const { footer: _footer, ...rest } = w;
      return text === '' ? rest : { ...rest, footer: text };
    }, field);
  }

  setClick(id: string, click: Widget['click']): void {
    this.#edit(id, (w) => ({ ...w, click }));
  }

  /** A KPI's limits, or none. */
  setThreshold(id: string, threshold: Threshold | null): void {
    this.#edit(id, (w) => {
      const { threshold: _old, ...rest } = w;
      return threshold === null || w.kind !== 'kpi' ? rest : { ...rest, threshold };
    });
  }

  /** Who is given a task when the KPI's figure enters red, or (null) nobody (docs/behaviour/dashboards.md#kpi-alerts). */
  setNotify(id: string, notify: ThresholdNotify | null): void {
    this.#edit(id, (w) => {
      if (!w.threshold) return w;
      const { notify: _old, ...rest } = w.threshold;
      return { ...w, threshold: notify === null ? rest : { ...rest, notify } };
    });
  }

  /** What a click drills to, or (null) nothing; a new target keeps the filter, titles and depth and drops the old target's details. */
  setDrillTarget(id: string, target: DrillTarget | null): void {
    this.#edit(id, (w) => {
      const { drilldown, ...rest } = w;
      if (target === null) return rest;
      const { nextWidgetId: _n, dashboard: _d, file: _f, ...kept } = drilldown ?? { filter: defaultDrillFilter(w), maxDepth: 3 };
      return { ...rest, drilldown: { ...kept, target } };
    });
  }

  /** Changes details of a widget's drill-down (the next widget, the dashboard, the file, titles, depth). */
  patchDrilldown(id: string, patch: Partial<Omit<Drilldown, 'target' | 'filter'>>): void {
    this.#edit(id, (w) => {
      if (w.drilldown === undefined) return w;
      const drilldown: Drilldown = { ...w.drilldown, ...patch };
      for (const key of Object.keys(patch) as Array<keyof typeof patch>) if (patch[key] === undefined || patch[key] === '') delete drilldown[key];
      return { ...w, drilldown };
    }, `drilldown.${Object.keys(patch).join()}`);
  }

  /** A new widget without a place, shown when this one is clicked: the same dataset by a dimension not yet shown. */
  createDrillWidget(id: string): Widget | null {
    const { definition, datasets } = this.getState();
    const source = this.widget(id);
    if (source?.drilldown === undefined || definition.widgets.length >= DASHBOARD_LIMITS.widgets) return null;
    const dataset = datasetOf(datasets, source);
    const unused = dataset?.dimensions.find((d) => !source.query.dimensions.includes(d.key)) ?? dataset?.dimensions[0];
    const widget: Widget = {
      id: freeId(definition.widgets),
      kind: 'bar',
      title: dataset?.label ?? source.title,
      query: { ...source.query, measures: source.query.measures.slice(0, 1), dimensions: unused ? [unused.key] : [], filters: [], sort: [] },
      click: 'drill',
    };
    const widgets = [...definition.widgets.map((w) => (w.id === id && w.drilldown ? { ...w, drilldown: { ...w.drilldown, target: 'widget' as const, nextWidgetId: widget.id } } : w)), widget];
    this.#widgets(widgets);
    return widget;
  }

  /** Adds a filter row: the first of the widget's dimensions, equal to its clicked value. */
  addDrillFilter(id: string): void {
    this.#edit(id, (w) => {
      if (!w.drilldown || w.drilldown.filter.length >= 20) return w;
      const dimension = w.query.dimensions[0] ?? '';
      return { ...w, drilldown: { ...w.drilldown, filter: [...w.drilldown.filter, { dimension, op: 'eq', value: dimension ? `{${dimension}}` : '' }] } };
    });
  }

  setDrillFilter(id: string, index: number, patch: Partial<DrillFilter>): void {
    this.#edit(
      id,
      (w) => (w.drilldown ? { ...w, drilldown: { ...w.drilldown, filter: w.drilldown.filter.map((row, i) => (i === index ? { ...row, ...patch } : row)) } } : w),
      `drilldown.filter.${index}.${Object.keys(patch).join()}`,
    );
  }

  removeDrillFilter(id: string, index: number): void {
    this.#edit(id, (w) => (w.drilldown ? { ...w, drilldown: { ...w.drilldown, filter: w.drilldown.filter.filter((_, i) => i !== index) } } : w));
  }

  /** The dashboard's title or description as typed (an empty description is none). */
  setDashboardText(field: 'title' | 'description', text: string): void {
    const { description: _d, ...rest } = this.getState().definition;
    this.#change({ definition: field === 'title' ? { ...this.getState().definition, title: text } : text === '' ? rest : { ...rest, description: text } }, `dashboard.${field}`);
  }

  setSharing(sharing: DashboardSharing): void {
    this.#change({ sharing });
  }

  /**
   * Saves the draft: a new dashboard is created, one read before is changed
   * at the version it was read at. Answers the saved dashboard, or null
   * with saveProblem saying why (its problems, with the first widget that
   * has one selected; a conflict; the server's text).
   */
  async save(): Promise<DashboardDto | null> {
    const { definition, sharing, uuid, version, problems, saving } = this.getState();
    if (saving) return null;
    // The first widget with a problem opens, so that the user sees what to fix.
    if (problems.length > 0) return void this.update({ saveProblem: { kind: 'invalid' }, selected: problems[0]!.widgetId }), null;
    const parsed = z.safeParse(DashboardDefinition, definition);
    if (!parsed.success) return void this.update({ saveProblem: { kind: 'failed', message: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n') } }), null;
    this.update({ saving: true, saveProblem: null });
    try {
      const dto = uuid === null ? await this.api.create({ definition: parsed.data, sharing }) : await this.api.update(uuid, { definition: parsed.data, sharing, version });
      this.#saved = draftKey(dto);
      this.#typing = null;
      this.update({ saving: false, uuid: dto.uuid, version: dto.version, definition: dto.definition, sharing: dto.sharing, dirty: false });
      return dto;
    } catch (error) {
      const failure = editorFailureOf(error);
      this.update({ saving: false, saveProblem: failure.status === 409 ? { kind: 'conflict' } : { kind: 'failed', message: failure.message, ...(failure.code ? { code: failure.code, params: failure.params } : {}) } });
      return null;
    }
  }

  /** Reads the dashboard again as saved, dropping the draft's changes (after a conflict). */
  async reload(): Promise<void> {
    const { uuid, datasets } = this.getState();
    if (uuid === null) return;
    try {
      const dto = await this.api.get(uuid);
      this.#history = [];
      this.#typing = null;
      this.#saved = draftKey(dto);
      this.#apply({ definition: dto.definition, sharing: dto.sharing, selected: null }, datasets, { version: dto.version });
    } catch (error) {
      this.update({ saveProblem: { kind: 'failed', message: editorFailureOf(error).message } });
    }
  }

  dispose(): void {
    this.clearListeners();
  }
}

/** A new drill-down's filter: each of the widget's dimensions equal to the clicked element's value of it. */
function defaultDrillFilter(widget: Widget): DrillFilter[] {
  return widget.query.dimensions.map((dimension) => ({ dimension, op: 'eq', value: `{${dimension}}` }));
}
