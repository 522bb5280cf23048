import { Model } from '@atrium/app-kit';
import { labelOf } from '@atrium/shared/apps';
import type { DashboardDto, DashboardText, DatasetInfo, DatasetResult, DrillFilter, Widget } from '@atrium/shared/dashboards';
import { failureOf, type DashboardsApi } from './DashboardsApi.js';
import type { Refusal } from './refusal.js';
import { inContext, labelledTitles, type DesktopDrilldown, type ValueLabel, type DrillElement, type DrillStack, type DrillView } from './drill.js';
import { datasetOf, fillPlaceholders, firstDimension, widgetQuery, type ChosenFilter, type CrossFilter, type QueryContext } from './queries.js';
import { previousRange, rangeOf, type TimeRangeChoice } from './timeRange.js';
import { WidgetModel, type WidgetRun } from './WidgetModel.js';

/**
 * An open dashboard (docs/behaviour/dashboards.md#a-dashboard): its
 * definition and the datasets it may query, the time range and the
 * dashboard's filters (applied to every widget over their dataset), the
 * cross-filters a click on a widget sets on the other widgets of its
 * dataset, and one slot per placed widget, each with its drill stack of
 * the desktop's engine and a WidgetModel that runs the slot's query
 * whenever any of these change.
 */
export interface DashboardHost {
  api: Pick<DashboardsApi, 'get' | 'datasets' | 'query'>;
  /** The desktop's drill-down engine; null: nothing drills. */
  drilldown: DesktopDrilldown | null;
  /** Today (YYYY-MM-DD) in the user's time zone. */
  today(): string;
  locale(): string;
}

/** What a dashboard was opened with (its app arguments): a drill from another dashboard. */
export interface OpenArgs {
  filter?: readonly DrillFilter[];
  dashboardTitle?: string | null;
}

/** One placed widget: the widget it shows now (another after a drill) and its drill view. */
export interface SlotState {
  /** The placed widget's id (the slot's). */
  id: string;
  widget: Widget;
  title: string;
  footer: string | null;
  view: DrillView | null;
  /** Whether a click on one of its elements drills (or filters the others) now. */
  clickable: boolean;
}

export interface DashboardState {
  status: 'loading' | 'ready' | 'failed';
  /** Why the dashboard could not be opened (refusal.ts says it), its technical details, and whether it is not there (no Retry then). */
  error: (Refusal & { details: string; notFound: boolean }) | null;
  dashboard: DashboardDto | null;
  title: string;
  datasets: readonly DatasetInfo[];
  timeRange: TimeRangeChoice;
  chosen: readonly ChosenFilter[];
  crossFilters: readonly CrossFilter[];
  openedWith: readonly DrillFilter[];
  slots: readonly SlotState[];
  /** Why the last drill could not be made (the engine's DrillError, or the failure of what it opened); drillFailureText says it. */
  drillFailure: Error | null;
  /** The values each of the dashboard's filters offers (by its index), with the answer that names them (people, links). */
  filterOptions: Readonly<Record<number, FilterOptions>>;
}

/** The values a dashboard filter offers: its choices, or the values its dimension has in the dataset. */
export interface FilterOptions {
  values: readonly string[];
  result: DatasetResult | null;
}

/** A dashboard text in a locale: as written, or its locale's label. */
export function textOf(text: DashboardText | undefined, locale: string): string {
  if (text === undefined) return '';
  return typeof text === 'string' ? text : labelOf(text, locale);
}

const INITIAL: DashboardState = { status: 'loading', error: null, dashboard: null, title: '', datasets: [], timeRange: { key: 'all' }, chosen: [], crossFilters: [], openedWith: [], slots: [], drillFailure: null, filterOptions: {} };

export class DashboardModel extends Model<DashboardState> {
  readonly #widgets = new Map<string, WidgetModel>();
  readonly #stacks = new Map<string, DrillStack>();
  readonly #stops: Array<() => void> = [];
  #openedTitle: string | null = null;
  #uuid: string | null = null;
  #disposed = false;

  constructor(private readonly host: DashboardHost) {
    super(INITIAL);
  }

  /** The figures of a slot. */
  widget(slotId: string): WidgetModel | undefined {
    return this.#widgets.get(slotId);
  }

  /** Loads a dashboard (or shows it as just saved, `known`) and runs its widgets' queries. */
  async open(uuid: string, args: OpenArgs = {}, known?: DashboardDto): Promise<void> {
    this.#release();
    this.#uuid = uuid;
    this.#openedTitle = args.dashboardTitle ?? null;
    this.setState({ ...INITIAL, openedWith: [...(args.filter ?? [])] });
    let dashboard: DashboardDto;
    let datasets: DatasetInfo[];
    try {
      [dashboard, datasets] = await Promise.all([known ?? this.host.api.get(uuid), this.host.api.datasets().catch(() => [])]);
    } catch (error) {
      const failure = failureOf(error);
      this.update({ status: 'failed', error: { code: failure.code, params: failure.params, message: failure.message, details: `${failure.code}\n${failure.message}`, notFound: failure.status === 404 } });
      return;
    }
    if (this.#disposed) return;
    this.#placeSlots(dashboard);
    this.update({ status: 'ready', dashboard, datasets, timeRange: { key: dashboard.definition.timeRange ?? 'all' } });
    this.#refresh();
    void this.#loadFilterOptions(dashboard, datasets);
  }

  /** Shows the dashboard as the editor saved it, with the filter and title it was opened with. */
  showSaved(dto: DashboardDto): Promise<void> {
    return this.open(dto.uuid, { filter: this.getState().openedWith, dashboardTitle: this.#openedTitle }, dto);
  }

  /** Opens the dashboard again (Retry after its load failed). */
  retry(): Promise<void> {
    const uuid = this.#uuid;
    return uuid ? this.open(uuid, { filter: this.getState().openedWith, dashboardTitle: this.#openedTitle }) : Promise.resolve();
  }

  /** Asks every widget's figures again (Refresh). */
  reload(): void {
    for (const widget of this.#widgets.values()) void widget.retry();
  }

  setTimeRange(timeRange: TimeRangeChoice): void {
    this.update({ timeRange });
    this.#refresh();
  }

  /** Chooses a value of one of the dashboard's filters (null: any). */
  chooseFilter(index: number, value: string | null): void {
    const chosen = this.getState().chosen.filter((c) => c.index !== index);
    this.update({ chosen: value === null ? chosen : [...chosen, { index, value }] });
    this.#refresh();
  }

  /** Takes a cross-filter away (its chip's remove button). */
  removeCrossFilter(filter: CrossFilter): void {
    this.update({ crossFilters: this.getState().crossFilters.filter((f) => f !== filter) });
    this.#refresh();
  }

  /** Takes away one of the filters the dashboard was opened with (its chip's remove button). */
  removeOpenedWith(filter: DrillFilter): void {
    this.update({ openedWith: this.getState().openedWith.filter((f) => f !== filter) });
    this.#refresh();
  }

  /** A click (or Enter on a row) on an element of a slot's widget: drills, or filters the other widgets, as the widget says. */
  async click(slotId: string, element: DrillElement): Promise<void> {
    const slot = this.getState().slots.find((s) => s.id === slotId);
    const dashboard = this.getState().dashboard;
    if (!slot || !dashboard || !slot.clickable) return;
    if (slot.widget.click === 'crossFilter') return this.#crossFilter(slot, element);
    const stack = this.#stacks.get(slotId);
    const { drilldown, query } = slot.widget;
    // A widget at its drilldown's maxDepth is not clicked through (nothing happens).
    if (!stack || !drilldown || !stack.canDrill(drilldown)) return;
    this.update({ drillFailure: null });
    try {
      const clicked = inContext(element, [...this.getState().openedWith, ...(slot.view?.filter ?? [])]);
      const shown = labelledTitles(drilldown, clicked.data, this.#valueLabel(slot), this.host.locale());
      const widget = { id: slot.widget.id, title: slot.title, footer: slot.footer, drilldown: shown, query: { app: query.app, dataset: query.dataset } };
      await stack.drill(widget, clicked, { uuid: dashboard.uuid, title: this.getState().title });
    } catch (error) {
      if (!this.#disposed) this.update({ drillFailure: error instanceof Error ? error : new Error(String(error)) });
    }
  }

  /** How a value of a slot's dataset reads: a choice's label, a person's or a linked record's name as its answer gives them. */
  #valueLabel(slot: SlotState): ValueLabel {
    const info = datasetOf(this.getState().datasets, slot.widget.query);
    const result = this.#widgets.get(slot.id)?.getState().result;
    const locale = this.host.locale();
    return (key, value) => {
      const dimension = info?.dimensions.find((d) => d.key === key);
      const choice = dimension?.choices?.find((c) => c.value === String(value));
      if (choice) return labelOf(choice.label, locale);
      if (dimension?.type === 'user') return result?.people[String(value)] ?? null;
      if (dimension?.type === 'link') return result?.links[String(value)] ?? null;
      return null;
    };
  }

  /** Rolls a slot up to `depth` (0: the placed widget; a breadcrumb), one level by default; a slot not drilled stays. */
  rollUp(slotId: string, depth?: number): void {
    const stack = this.#stacks.get(slotId);
    if (!stack || stack.view.depth === 0) return;
    stack.rollUp(depth);
  }

  dismissDrillFailure(): void {
    this.update({ drillFailure: null });
  }

  dispose(): void {
    this.#disposed = true;
    this.#release();
    this.clearListeners();
  }

  #release(): void {
    for (const stop of this.#stops.splice(0)) stop();
    for (const widget of this.#widgets.values()) widget.dispose();
    this.#widgets.clear();
    this.#stacks.clear();
    const uuid = this.getState().dashboard?.uuid;
    if (uuid) this.host.drilldown?.release(uuid);
  }

  /** A WidgetModel and a drill stack for each placed widget, top to bottom, left to right. */
  #placeSlots(dashboard: DashboardDto): void {
    const placed = dashboard.definition.widgets.filter((w) => w.position).sort((a, b) => a.position!.y - b.position!.y || a.position!.x - b.position!.x);
    for (const widget of placed) {
      this.#widgets.set(widget.id, new WidgetModel(this.host.api));
      const stack = this.host.drilldown?.stack(dashboard.uuid, widget.id);
      if (!stack) continue;
      this.#stacks.set(widget.id, stack);
      this.#stops.push(stack.subscribe(() => this.#refresh()));
    }
  }

  #crossFilter(slot: SlotState, element: DrillElement): void {
    const result = this.#widgets.get(slot.id)?.getState().result;
    const dimension = result ? firstDimension(result) : undefined;
    if (!dimension) return;
    const value = element.data[dimension] ?? null;
    const { app, dataset } = slot.widget.query;
    const others = this.getState().crossFilters.filter((f) => !(f.slotId === slot.id && f.dimension === dimension));
    const same = this.getState().crossFilters.some((f) => f.slotId === slot.id && f.dimension === dimension && f.value === value);
    // A second click on the element that set the filter takes it away again.
    this.update({ crossFilters: same ? others : [...others, { slotId: slot.id, app, dataset, dimension, value }] });
    this.#refresh();
  }

  /** Each dashboard filter's values: a choice field's choices, else the dimension's values as the dataset groups them. */
  async #loadFilterOptions(dashboard: DashboardDto, datasets: readonly DatasetInfo[]): Promise<void> {
    await Promise.all(
      dashboard.definition.filters.map(async (spec, index) => {
        const info = datasetOf(datasets, spec);
        const dimension = info?.dimensions.find((d) => d.key === spec.dimension);
        let options: FilterOptions | null = null;
        if (dimension?.choices) options = { values: dimension.choices.map((c) => c.value), result: null };
        else if (info && dimension) {
          const measures = info.measures.slice(0, 1).map((m) => m.key);
          const result = await this.host.api.query({ app: spec.app, dataset: spec.dataset, dimensions: [spec.dimension], measures, filters: [], sort: [{ by: spec.dimension, direction: 'asc' }], limit: 200 }).catch(() => null);
          if (result) options = { values: result.rows.map((r) => r[0]).filter((v): v is string | number => v !== null).map(String), result };
        }
        if (options && !this.#disposed && this.getState().dashboard === dashboard) this.update({ filterOptions: { ...this.getState().filterOptions, [index]: options } });
      }),
    );
  }

  /** Recomputes the slots (drill views, titles) and runs the queries that changed. */
  #refresh(): void {
    const state = this.getState();
    const dashboard = state.dashboard;
    if (!dashboard || this.#disposed) return;
    const slots = [...this.#widgets.keys()].map((id) => this.#slotState(dashboard, id));
    const drilledTitle = slots.map((s) => s.view?.dashboardTitle).find((t) => t);
    const title = drilledTitle || this.#openedTitle || textOf(dashboard.definition.title, this.host.locale());
    this.update({ slots, title });
    for (const slot of slots) void this.#widgets.get(slot.id)?.load(this.#runOf(slot));
  }

  #slotState(dashboard: DashboardDto, id: string): SlotState {
    const stack = this.#stacks.get(id);
    const view = stack?.view ?? null;
    const placed = dashboard.definition.widgets.find((w) => w.id === id)!;
    const widget = (view && view.depth > 0 && dashboard.definition.widgets.find((w) => w.id === view.widgetId)) || placed;
    const locale = this.host.locale();
    const values = Object.fromEntries([...this.getState().openedWith, ...(view?.filter ?? [])].map((f) => [f.dimension, Array.isArray(f.value) ? f.value.join(', ') : f.value]));
    const title = (view?.depth ? view.widgetTitle : null) ?? fillPlaceholders(textOf(widget.title, locale), values);
    const footerText = (view?.depth ? view.widgetFooter : null) ?? (widget.footer ? fillPlaceholders(textOf(widget.footer, locale), values) : null);
    const clickable = widget.click === 'crossFilter' || (widget.click === 'drill' && !!widget.drilldown && !!stack?.canDrill(widget.drilldown));
    return { id, widget, title, footer: footerText || null, view, clickable };
  }

  #runOf(slot: SlotState): WidgetRun {
    const state = this.getState();
    const range = rangeOf(state.timeRange, this.host.today());
    const ctx: QueryContext = {
      slotId: slot.id,
      datasets: state.datasets,
      range,
      definition: state.dashboard!.definition,
      chosen: state.chosen,
      crossFilters: state.crossFilters,
      openedWith: state.openedWith,
      drill: slot.view?.filter ?? [],
    };
    const query = widgetQuery(slot.widget, ctx);
    const before = previousRange(range);
    const timed = datasetOf(state.datasets, slot.widget.query)?.time !== undefined;
    if (slot.widget.kind !== 'kpi' || !before || !timed) return { query };
    return { query, previous: { ...query, range: before } };
  }
}
