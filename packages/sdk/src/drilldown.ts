// Types only: the desktop's first bundle carries none of the dashboards' schemas.
import type { DrillContextEntry, DrillFilter, Drilldown, DrillMessage } from '@atrium/shared/dashboards';

/**
 * The drill-down engine's contract (docs/behaviour/dashboards.md#drill-down):
 * one stack of context entries per widget slot of an open dashboard. A
 * click on an element of the widget shown fills the placeholders of its
 * drilldown from the element's data, then shows another widget in the
 * slot (an entry pushed), or opens another dashboard, a file, or the
 * records behind the element. Rolling up pops entries and so restores the
 * earlier filter and titles. The types, the errors and the rules of an
 * undrilled slot are here; the engine itself is drilldownEngine.ts, which
 * the desktop loads when an application first drills (lazyDrilldown.ts).
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

/** The application a dashboard target opens. */
export const DASHBOARDS_APP = 'Dashboards';

/**
 * Whether a click on a widget shown at `depth` drills: it has a drilldown
 * and, for a widget target, the depth is below the drilldown's maxDepth.
 */
export function canDrillAt(depth: number, drilldown: Drilldown | undefined): boolean {
  if (!drilldown) return false;
  return drilldown.target !== 'widget' || depth < (drilldown.maxDepth ?? 3);
}

/** What a slot nothing was drilled in shows: its own widget, its own titles. */
export function undrilledView(widgetId: string): DrillView {
  return { widgetId, depth: 0, filter: [], widgetTitle: null, widgetFooter: null, dashboardTitle: null, entries: [] };
}
