// Types only: the desktop's first bundle carries the engine, not the dashboards' schemas.
import type { DashboardText, DrillContextEntry, DrillFilter, Drilldown, DrillMessage, DrillTarget } from '@atrium/shared/dashboards';

/**
 * The drill-down engine (docs/behaviour/dashboards.md#drill-down): one
 * stack of context entries per widget slot of an open dashboard. A click
 * on an element of the widget shown fills the placeholders of its
 * drilldown from the element's data, then shows another widget in the
 * slot (an entry pushed), or opens another dashboard, a file, or the
 * records behind the element. Rolling up pops entries and so restores the
 * earlier filter and titles. Pure rules over a few desktop calls, so that
 * the desktop and the tests of applications run the same engine.
 */

/** A value of a clicked element's data. */
export type DrillValue = string | number | boolean | null;

/** The element clicked: its id in the widget (a bar, a slice, a row) and its data (dimension keys to values). */
export interface DrillElement {
  elementId: string;
  data: Readonly<Record<string, DrillValue>>;
}

/** What a widget slot shows now. */
export interface DrillView {
  /** The widget shown: the slot's own, or the last entry's nextWidgetId. */
  widgetId: string;
  /** Entries on the stack (0: the slot's own widget, not drilled). */
  depth: number;
  /** The filters the drills so far added, oldest first, placeholders filled. */
  filter: readonly DrillFilter[];
  /** The title and footer the last drill gave the widget shown; null: the widget's own. */
  widgetTitle: string | null;
  widgetFooter: string | null;
  /** The dashboard's title as the drills so far set it (the latest one that set it); null: the dashboard's own. */
  dashboardTitle: string | null;
  entries: readonly DrillContextEntry[];
}

/** The widget clicked, as the dashboard shows it (titles in the user's language). */
export interface DrillWidget {
  id: string;
  title: string;
  footer?: string | null;
  drilldown: Drilldown;
  /** The application and dataset of the widget's query: a records target opens that dataset's records. */
  query?: { app: string; dataset: string };
}

/** The dashboard a drill starts on. */
export interface DrillDashboard {
  uuid: string;
  title: string;
}

/** One widget slot's stack (Desktop.drilldown.stack). */
export interface DrillStack {
  readonly view: DrillView;
  /** Calls the listener after each drill and roll-up; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /**
   * Whether a click on the widget shown drills: it has a drilldown and, for
   * a widget target, the stack's depth is below the drilldown's maxDepth.
   */
  canDrill(drilldown: Drilldown | undefined): boolean;
  /**
   * A click (or Enter on a data-table row) on an element of the widget
   * shown. A widget target pushes a bound entry (the slot shows
   * nextWidgetId); a dashboard target launches `Dashboards` with
   * `{dashboard, filter, dashboardTitle}`; a file target opens the file
   * (in `appName` when given); a records target launches the dataset's
   * application with `{dataset, filters}`. The filter the target gets is
   * the stack's filter plus the drill's. Resolves with the message sent.
   * Rejects with a DrillError: missingContext (no drilldown), unknownTarget,
   * keyNotFound (a placeholder the data has no value for), depthReached
   * (a widget target at maxDepth: nothing happens).
   */
  drill(widget: DrillWidget, element: DrillElement, dashboard: DrillDashboard): Promise<DrillMessage>;
  /**
   * Rolls up to `depth` (a breadcrumb; default one level up): pops the
   * entries above it, restoring the filter and titles there (the depth
   * shown now pops nothing). Returns the roll-up message; throws DrillError
   * missingContext when nothing was drilled.
   */
  rollUp(depth?: number): DrillMessage;
}

/** The drill-down engine of the desktop (Desktop.drilldown). */
export interface DesktopDrilldown {
  /** A widget slot's stack, made when first asked for and kept until release(). */
  stack(dashboardUuid: string, widgetId: string): DrillStack;
  /** Forgets a dashboard's stacks (its window closed). */
  release(dashboardUuid: string): void;
  /**
   * A drill outside a dashboard (a link inside an application,
   * docs/behaviour/dashboards.md#drill-down-links): a dashboard, file or
   * records target; a widget target is an unknownTarget error.
   */
  follow(drilldown: Drilldown, element: DrillElement, query?: DrillWidget['query']): Promise<DrillMessage>;
}

export type DrillErrorCode = 'missingContext' | 'unknownTarget' | 'keyNotFound' | 'depthReached';

/** Why a drill or roll-up failed; `textKey` and `params` give its text in the product's catalogues (drillErrorText). */
export class DrillError extends Error {
  override readonly name = 'DrillError';
  constructor(
    readonly code: DrillErrorCode,
    readonly params: { key?: string; target?: string; maxDepth?: number } = {},
  ) {
    super(DRILL_ERROR_ENGLISH[code].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name as keyof typeof params] ?? '')));
  }

  /** The placeholder the clicked element had no value for (keyNotFound). */
  get key(): string | undefined {
    return this.params.key;
  }

  /** The key of its text in the product's catalogues. */
  get textKey(): string {
    return `drilldown.error.${this.code}`;
  }
}

const DRILL_ERROR_ENGLISH: Record<DrillErrorCode, string> = {
  missingContext: 'The drill-down has no context to return to.',
  unknownTarget: "The drill-down target '{{target}}' is unknown.",
  keyNotFound: "The clicked element has no value for '{{key}}'.",
  depthReached: 'The drill-down cannot go deeper than {{maxDepth}} levels.',
};

/** A drill-down failure's text in the user's language (a DrillError), else the error's message. */
export function drillErrorText(error: unknown, t: (key: string, vars?: Record<string, unknown>) => string): string {
  if (error instanceof DrillError) return t(error.textKey, error.params);
  return error instanceof Error ? error.message : String(error);
}

// ---- Placeholders ----

const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;
const ONLY_PLACEHOLDER = /^\{([A-Za-z_][A-Za-z0-9_]*)\}$/;

function valueOf(data: DrillElement['data'], key: string): DrillValue {
  if (!Object.hasOwn(data, key) || data[key] === undefined) throw new DrillError('keyNotFound', { key });
  return data[key];
}

/** A text with its `{key}` placeholders replaced by the data's values (null: nothing); a key missing is keyNotFound. */
export function fillText(text: string, data: DrillElement['data']): string {
  return text.replace(PLACEHOLDER, (_, key: string) => {
    const value = valueOf(data, key);
    return value === null ? '' : String(value);
  });
}

/**
 * A filter value with its placeholders filled: a text that is exactly one
 * placeholder takes the data's value with its type (a number stays a
 * number); within a longer text it is text; each text of a list is filled
 * as text.
 */
export function fillValue(value: DrillFilter['value'], data: DrillElement['data']): DrillFilter['value'] {
  if (typeof value === 'string') {
    const only = ONLY_PLACEHOLDER.exec(value);
    return only ? valueOf(data, only[1]!) : fillText(value, data);
  }
  if (Array.isArray(value)) return value.map((item) => fillText(item, data));
  return value;
}

/** The drilldown's filter with its placeholders filled from the clicked element's data. */
export function fillFilter(filter: readonly DrillFilter[], data: DrillElement['data']): DrillFilter[] {
  return filter.map((f) => (f.value === undefined ? { ...f } : { ...f, value: fillValue(f.value, data) }));
}

// ---- The engine ----

/** What the engine needs of the desktop. */
export interface DrilldownHost {
  readonly locale: string;
  launch(request: { app: string; args?: Record<string, unknown> }): Promise<void>;
  openFile(file: DrillFileEntry | string): Promise<void>;
  readonly files: { stat(path: string): Promise<DrillFileEntry> };
}

/** What the engine reads of a file entry. */
export interface DrillFileEntry {
  path: string;
  filename: string;
  id?: string;
  mime: string;
}

/** The targets a drilldown may name (DRILL_TARGETS of the dashboards' contract). */
const TARGETS: readonly DrillTarget[] = ['widget', 'dashboard', 'file', 'records'];

/** The application a dashboard target opens. */
export const DASHBOARDS_APP = 'Dashboards';

/** A widget target must name the next widget, a dashboard target its dashboard, a file target its file, a records target a dataset. */
function checkTarget(drilldown: Drilldown, query: DrillWidget['query'], outside: boolean): void {
  const target: unknown = drilldown.target;
  const known = typeof target === 'string' && (TARGETS as readonly string[]).includes(target);
  const complete =
    (drilldown.target === 'widget' && !!drilldown.nextWidgetId && !outside) ||
    (drilldown.target === 'dashboard' && !!drilldown.dashboard) ||
    (drilldown.target === 'file' && !!drilldown.file?.path) ||
    (drilldown.target === 'records' && !!query?.app && !!query.dataset);
  if (!known || !complete) throw new DrillError('unknownTarget', { target: typeof target === 'string' ? target : String(target) });
}

function textIn(text: DashboardText | undefined, data: DrillElement['data'], locale: string): string | null {
  if (text === undefined) return null;
  return fillText(typeof text === 'string' ? text : ((text as Record<string, string | undefined>)[locale] ?? text.en_EN), data);
}

/** The entry a drill makes: filter and titles filled from the clicked data. */
function entryOf(widgetId: string, drilldown: Drilldown, data: DrillElement['data'], locale: string): DrillContextEntry {
  return {
    widgetId,
    nextWidgetId: drilldown.nextWidgetId ?? null,
    target: drilldown.target,
    filter: fillFilter(drilldown.filter ?? [], data),
    widgetTitle: textIn(drilldown.widgetTitle, data, locale),
    widgetFooter: textIn(drilldown.widgetFooter, data, locale),
    dashboardTitle: textIn(drilldown.dashboardTitle, data, locale),
    isBound: false,
    maxDepth: drilldown.maxDepth ?? 3,
  };
}

function viewOf(widgetId: string, entries: readonly DrillContextEntry[]): DrillView {
  const top = entries.at(-1);
  return {
    widgetId: top?.nextWidgetId ?? widgetId,
    depth: entries.length,
    filter: entries.flatMap((e) => e.filter),
    widgetTitle: top?.widgetTitle ?? null,
    widgetFooter: top?.widgetFooter ?? null,
    dashboardTitle: entries.findLast((e) => e.dashboardTitle !== null)?.dashboardTitle ?? null,
    entries,
  };
}

function messageOf(entry: DrillContextEntry, elementId: string, filter: DrillFilter[], dashboardUuid: string): DrillMessage {
  return {
    action: 'drilldown',
    widgetId: entry.widgetId,
    elementId,
    target: entry.target,
    nextWidgetId: entry.nextWidgetId,
    filter,
    titles: { widgetTitle: entry.widgetTitle, widgetFooter: entry.widgetFooter, dashboardTitle: entry.dashboardTitle },
    dashboardUuid,
  };
}

/**
 * Opens what a dashboard, file or records drill names, with `filter` (the
 * stack's and the drill's), and completes the message.
 */
async function openTarget(host: DrilldownHost, drilldown: Drilldown, entry: DrillContextEntry, message: DrillMessage, query: DrillWidget['query'], data: DrillElement['data']): Promise<DrillMessage> {
  const { filter } = message;
  switch (drilldown.target as DrillTarget) {
    case 'dashboard': {
      const dashboard = drilldown.dashboard!;
      await host.launch({ app: DASHBOARDS_APP, args: { dashboard, filter, dashboardTitle: entry.dashboardTitle } });
      return { ...message, dashboardUuid: dashboard };
    }
    case 'records':
      await host.launch({ app: query!.app, args: { dataset: query!.dataset, filters: filter } });
      return message;
    case 'file': {
      const file = drilldown.file!;
      const entryOfFile = await host.files.stat(fillText(file.path, data));
      if (file.appName) await host.launch({ app: file.appName, args: { file: entryOfFile } });
      else await host.openFile(entryOfFile);
      return { ...message, uuid: entryOfFile.id ?? entryOfFile.path, name: entryOfFile.filename, ...(file.appName ? { appName: file.appName } : {}) };
    }
    default:
      throw new DrillError('unknownTarget', { target: String(drilldown.target) });
  }
}

class Stack implements DrillStack {
  #entries: DrillContextEntry[] = [];
  #view: DrillView;
  readonly #listeners = new Set<() => void>();

  constructor(
    private readonly host: DrilldownHost,
    private readonly dashboardUuid: string,
    private readonly widgetId: string,
  ) {
    this.#view = viewOf(widgetId, []);
  }

  get view(): DrillView {
    return this.#view;
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  }

  canDrill(drilldown: Drilldown | undefined): boolean {
    if (!drilldown) return false;
    return drilldown.target !== 'widget' || this.#entries.length < (drilldown.maxDepth ?? 3);
  }

  async drill(widget: DrillWidget, element: DrillElement, dashboard: DrillDashboard): Promise<DrillMessage> {
    const { drilldown } = widget;
    if (!drilldown) throw new DrillError('missingContext');
    checkTarget(drilldown, widget.query, false);
    if (!this.canDrill(drilldown)) throw new DrillError('depthReached', { maxDepth: drilldown.maxDepth });
    const entry = entryOf(widget.id, drilldown, element.data, this.host.locale);
    const filter = [...this.#view.filter, ...entry.filter];
    const message = messageOf(entry, element.elementId, filter, dashboard.uuid);
    if (drilldown.target !== 'widget') return openTarget(this.host, drilldown, entry, message, widget.query, element.data);
    this.#set([...this.#entries, { ...entry, isBound: true }]);
    return message;
  }

  rollUp(depth?: number): DrillMessage {
    const entries = this.#entries;
    if (entries.length === 0) throw new DrillError('missingContext');
    // The depth shown now (or deeper) pops nothing.
    const to = Math.max(0, Math.floor(depth ?? entries.length - 1));
    const popped = entries[to];
    if (popped) this.#set(entries.slice(0, to));
    const view = this.#view;
    return {
      action: 'rollup',
      widgetId: view.widgetId,
      elementId: '',
      target: 'widget',
      nextWidgetId: popped?.nextWidgetId ?? null,
      filter: [...view.filter],
      titles: { widgetTitle: view.widgetTitle, widgetFooter: view.widgetFooter, dashboardTitle: view.dashboardTitle },
      dashboardUuid: this.dashboardUuid,
    };
  }

  #set(entries: DrillContextEntry[]): void {
    this.#entries = entries;
    this.#view = viewOf(this.widgetId, entries);
    for (const listener of [...this.#listeners]) listener();
  }
}

/**
 * The drill-down engine over a desktop (its locale, launch, openFile and
 * files): what Desktop.drilldown is, in the desktop and in the testing fakes.
 */
export function createDrilldown(host: DrilldownHost): DesktopDrilldown {
  const stacks = new Map<string, Stack>();
  const keyOf = (dashboardUuid: string, widgetId: string) => JSON.stringify([dashboardUuid, widgetId]);
  return {
    stack(dashboardUuid, widgetId) {
      const key = keyOf(dashboardUuid, widgetId);
      let stack = stacks.get(key);
      if (!stack) {
        stack = new Stack(host, dashboardUuid, widgetId);
        stacks.set(key, stack);
      }
      return stack;
    },
    release(dashboardUuid) {
      for (const key of [...stacks.keys()]) if ((JSON.parse(key) as string[])[0] === dashboardUuid) stacks.delete(key);
    },
    async follow(drilldown, element, query) {
      checkTarget(drilldown, query, true);
      const entry = entryOf('', drilldown, element.data, host.locale);
      return openTarget(host, drilldown, entry, messageOf(entry, element.elementId, entry.filter, ''), query, element.data);
    },
  };
}
