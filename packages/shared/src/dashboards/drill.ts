import type { DashboardText, DrillFilter, DrillTarget } from './dashboard.js';

/**
 * The drill-down context and message (docs/behaviour/dashboards.md#drill-down),
 * as the product's drill-down engine keeps and sends them.
 */

/** One entry of a widget's drill stack. */
export interface DrillContextEntry {
  widgetId: string;
  nextWidgetId: string | null;
  target: DrillTarget;
  /** The filter with its placeholders filled from the clicked element. */
  filter: DrillFilter[];
  widgetTitle: string | null;
  widgetFooter: string | null;
  dashboardTitle: string | null;
  /** Whether the entry is bound to a drill already made (rolling up pops the bound entry). */
  isBound: boolean;
  maxDepth: number;
}

/** What a drill sends: to the widget, another dashboard, or a file's application. */
export interface DrillMessage {
  action: 'drilldown' | 'rollup';
  widgetId: string;
  elementId: string;
  target: DrillTarget;
  nextWidgetId: string | null;
  filter: DrillFilter[];
  titles: { widgetTitle: string | null; widgetFooter: string | null; dashboardTitle: string | null };
  /** The dashboard the widget is on (or, for a dashboard target, the one to open). */
  dashboardUuid: string;
  /** A file target adds its id, its application and its name. */
  uuid?: string;
  appName?: string;
  name?: string;
}

export type { DashboardText };
