import type { DashboardText, DrillContextEntry, DrillFilter, Drilldown, DrillMessage, DrillTarget } from '@atrium/shared/dashboards';
import {
  canDrillAt,
  DASHBOARDS_APP,
  DrillError,
  undrilledView,
  type DesktopDrilldown,
  type DrillDashboard,
  type DrillElement,
  type DrilldownHost,
  type DrillStack,
  type DrillValue,
  type DrillView,
  type DrillWidget,
} from './drilldown.js';

/**
 * The drill-down engine (docs/behaviour/dashboards.md#drill-down): the
 * placeholders' filling, the stacks and the four targets, over a few
 * desktop calls, so that the desktop and the tests of applications run the
 * same rules. A module of its own: the desktop fetches it when an
 * application first drills (lazyDrilldown.ts), not with its first bytes.
 */

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

/** The targets a drilldown may name (DRILL_TARGETS of the dashboards' contract). */
const TARGETS: readonly DrillTarget[] = ['widget', 'dashboard', 'file', 'records'];


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
    this.#view = undrilledView(widgetId);
  }

  get view(): DrillView {
    return this.#view;
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  }

  canDrill(drilldown: Drilldown | undefined): boolean {
    return canDrillAt(this.#entries.length, drilldown);
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
