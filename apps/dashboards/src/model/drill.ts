import type { Desktop } from '@atrium/sdk';
import type { DrillContextEntry, DrillFilter, DrillMessage, Drilldown } from '@atrium/shared/dashboards';

/**
 * The desktop's drill-down engine as this application uses it
 * (docs/behaviour/dashboards.md#drill-down): one stack per widget slot of
 * an open dashboard, a click drills, a breadcrumb rolls up. The engine
 * lives in the desktop; these are its types as the SDK gives them, kept in
 * this one file so that nothing else of the application depends on where
 * they come from.
 */

/** A clicked element of a widget: its id and the data its placeholders are filled from. */
export interface DrillElement {
  elementId: string;
  data: Readonly<Record<string, string | number | boolean | null>>;
}

/** What a widget slot shows now. */
export interface DrillView {
  widgetId: string;
  depth: number;
  filter: readonly DrillFilter[];
  widgetTitle: string | null;
  widgetFooter: string | null;
  dashboardTitle: string | null;
  entries: readonly DrillContextEntry[];
}

/** The drill stack of one widget slot. */
export interface DrillStack {
  readonly view: DrillView;
  subscribe(listener: () => void): () => void;
  canDrill(drilldown: Drilldown | undefined): boolean;
  drill(widget: { id: string; title: string; footer?: string | null; drilldown: Drilldown }, element: DrillElement, dashboard: { uuid: string; title: string }): Promise<DrillMessage>;
  rollUp(depth?: number): void;
}

/** The engine: a stack per slot, released when the dashboard's window closes. */
export interface DesktopDrilldown {
  stack(dashboardUuid: string, widgetId: string): DrillStack;
  release(dashboardUuid: string): void;
}

/** Why a drill could not be made; the engine throws it with one of these codes. */
export type DrillFailureCode = 'missingContext' | 'unknownTarget' | 'keyNotFound';

/** The code of a drill failure (`DrillError` of the engine), or null for any other error. */
export function drillFailureCode(error: unknown): DrillFailureCode | null {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return code === 'missingContext' || code === 'unknownTarget' || code === 'keyNotFound' ? code : null;
}

/** The desktop's drill-down engine, or null on a desktop without one (nothing drills then). */
export function drilldownOf(desktop: Desktop): DesktopDrilldown | null {
  const engine = (desktop as Desktop & { drilldown?: DesktopDrilldown }).drilldown;
  return engine ?? null;
}
