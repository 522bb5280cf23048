import * as z from 'zod/mini';
import { Labels } from '../apps/labels.js';
import { DatasetFilter, DatasetQuery, DatasetRange, DatasetSort, DATASET_FILTER_OPS, DATASET_QUERY_LIMITS } from './query.js';

/**
 * A dashboard (docs/behaviour/dashboards.md): widgets in a grid of twelve
 * columns, each a chart, a figure or a table over a dataset query, with
 * titles and footers that may hold placeholders, and what a click on one
 * of its elements does (drill down, filter the other widgets, nothing).
 * Kept on the server per organisation, owned by a user and shared with
 * the organisation or a role of an application.
 */

const key = () => z.string().check(z.regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, 'must start with a letter and hold only letters, digits and _ (at most 64)'));

/** A text shown as written in every language, or per locale (en_EN required). May hold `{placeholders}` of the clicked data. */
export const DashboardText = z.union([z.string().check(z.minLength(1), z.maxLength(200)), Labels]);
export type DashboardText = z.infer<typeof DashboardText>;

export const WIDGET_KINDS = ['bar', 'stackedBar', 'line', 'area', 'pie', 'donut', 'kpi', 'table'] as const;
export type WidgetKind = (typeof WIDGET_KINDS)[number];

/** Columns of the grid; most widgets of a dashboard; its tallest widget, in rows. */
export const DASHBOARD_LIMITS = { columns: 12, widgets: 24, rows: 12, depth: 10, filters: 8 } as const;

export const DRILL_TARGETS = ['widget', 'dashboard', 'file', 'records'] as const;
export type DrillTarget = (typeof DRILL_TARGETS)[number];

/** A filter a drill adds: a value that may hold `{placeholders}` filled from the clicked element's data. */
export const DrillFilter = z.strictObject({
  dimension: key(),
  op: z.enum(DATASET_FILTER_OPS),
  value: z.optional(z.union([z.string().check(z.maxLength(500)), z.number(), z.boolean(), z.null(), z.array(z.string().check(z.maxLength(500))).check(z.maxLength(DATASET_QUERY_LIMITS.values))])),
});
export type DrillFilter = z.infer<typeof DrillFilter>;

/**
 * Where a click on an element goes (docs/behaviour/dashboards.md#drill-down):
 * another widget shown in this one's place (`nextWidgetId`), another
 * dashboard opened with the filter, a file opened in its application (its
 * path may hold placeholders), or the records behind the element in their
 * application's list. `maxDepth` bounds how deep the widget's stack goes.
 */
export const Drilldown = z.strictObject({
  target: z.enum(DRILL_TARGETS),
  nextWidgetId: z.optional(key()),
  dashboard: z.optional(z.uuid()),
  /** A file target: its path (`org:/Audits/{name}/report.pdf`) and, optionally, the application to open it with. */
  file: z.optional(z.strictObject({ path: z.string().check(z.minLength(1), z.maxLength(1000)), appName: z.optional(z.string().check(z.maxLength(64))) })),
  filter: z._default(z.array(DrillFilter).check(z.maxLength(DATASET_QUERY_LIMITS.filters)), []),
  widgetTitle: z.optional(DashboardText),
  widgetFooter: z.optional(DashboardText),
  dashboardTitle: z.optional(DashboardText),
  maxDepth: z._default(z.int().check(z.minimum(1), z.maximum(DASHBOARD_LIMITS.depth)), 3),
});
export type Drilldown = z.infer<typeof Drilldown>;

/** Who is given a task when a KPI's figure enters red: a user, or the people holding a role of an application. */
export const ThresholdNotify = z.union([z.strictObject({ user: z.uuid() }), z.strictObject({ app: z.string().check(z.maxLength(64)), role: z.string().check(z.maxLength(64)) })]);
export type ThresholdNotify = z.infer<typeof ThresholdNotify>;

/**
 * Whom a KPI alert may name (GET dashboards/recipients): the members of the
 * caller's organisation, and the roles of the applications it runs that
 * the caller has (docs/behaviour/dashboards.md#kpi-alerts).
 */
export interface AlertRecipients {
  people: Array<{ id: string; name: string }>;
  roles: Array<{ app: string; appLabel: Labels; role: string; label: Labels }>;
}

/**
 * A KPI's red/yellow/green limits: with `higherIsBetter`, a figure below
 * `red` is red, below `yellow` yellow, else green; otherwise the other way
 * round. `notify` names who gets a task when it enters red.
 */
export const Threshold = z.strictObject({
  red: z.number(),
  yellow: z.number(),
  higherIsBetter: z._default(z.boolean(), true),
  notify: z.optional(ThresholdNotify),
});
export type Threshold = z.infer<typeof Threshold>;

export const WidgetPosition = z.strictObject({
  x: z.int().check(z.minimum(0), z.maximum(DASHBOARD_LIMITS.columns - 1)),
  y: z.int().check(z.minimum(0), z.maximum(1000)),
  w: z.int().check(z.minimum(1), z.maximum(DASHBOARD_LIMITS.columns)),
  h: z.int().check(z.minimum(1), z.maximum(DASHBOARD_LIMITS.rows)),
});
export type WidgetPosition = z.infer<typeof WidgetPosition>;

/** A widget's query: a dataset query without its time range, which the dashboard applies. */
export const WidgetQuery = z.omit(DatasetQuery, { range: true });
export type WidgetQuery = z.infer<typeof WidgetQuery>;

export const Widget = z.strictObject({
  id: key(),
  kind: z.enum(WIDGET_KINDS),
  title: DashboardText,
  footer: z.optional(DashboardText),
  query: WidgetQuery,
  /** What a click on an element does: drill down (the widget's drilldown), filter the dashboard's other widgets by it, or nothing. */
  click: z._default(z.enum(['drill', 'crossFilter', 'none']), 'drill'),
  drilldown: z.optional(Drilldown),
  threshold: z.optional(Threshold),
  /** Where it sits; a widget without a place is shown only when a drill reaches it. */
  position: z.optional(WidgetPosition),
});
export type Widget = z.infer<typeof Widget>;

/** A filter offered above the dashboard: a dimension of a dataset, applied to every widget over that dataset. */
export const DashboardFilterSpec = z.strictObject({
  app: z.string().check(z.maxLength(64)),
  dataset: key(),
  dimension: key(),
  label: z.optional(DashboardText),
});

/** Time ranges a dashboard offers, besides chosen days. */
export const TIME_RANGES = ['all', 'last7Days', 'last30Days', 'last90Days', 'thisMonth', 'thisQuarter', 'thisYear', 'last12Months'] as const;
export type TimeRangeKey = (typeof TIME_RANGES)[number];

export const DashboardDefinition = z.strictObject({
  title: DashboardText,
  description: z.optional(DashboardText),
  widgets: z.array(Widget).check(z.maxLength(DASHBOARD_LIMITS.widgets)),
  filters: z._default(z.array(DashboardFilterSpec).check(z.maxLength(DASHBOARD_LIMITS.filters)), []),
  /** The time range a dashboard opens with. */
  timeRange: z._default(z.enum(TIME_RANGES), 'all'),
});
export type DashboardDefinition = z.infer<typeof DashboardDefinition>;
export type DashboardDefinitionInput = z.input<typeof DashboardDefinition>;

/** Who sees a dashboard besides its owner. */
export const DashboardSharing = z.union([
  z.strictObject({ kind: z.literal('private') }),
  z.strictObject({ kind: z.literal('organisation') }),
  z.strictObject({ kind: z.literal('role'), app: z.string().check(z.maxLength(64)), role: z.string().check(z.maxLength(64)) }),
]);
export type DashboardSharing = z.infer<typeof DashboardSharing>;

/** A dashboard as the server answers it. */
export interface DashboardDto {
  uuid: string;
  definition: DashboardDefinition;
  sharing: DashboardSharing;
  owner: { id: string; name: string } | null;
  /** Whether the caller may change it (its owner, or an organisation administrator). */
  mayEdit: boolean;
  version: number;
  updatedAt: string;
}

/** A dashboard in the list of those the caller sees. */
export interface DashboardSummary {
  uuid: string;
  title: DashboardText;
  description?: DashboardText;
  sharing: DashboardSharing;
  owner: { id: string; name: string } | null;
  widgets: number;
  mayEdit: boolean;
  updatedAt: string;
}

/** Bodies of the dashboards calls. */
export const DashboardCreateBody = z.strictObject({ definition: DashboardDefinition, sharing: z._default(DashboardSharing, { kind: 'private' }) });
export const DashboardUpdateBody = z.strictObject({ definition: DashboardDefinition, sharing: z.optional(DashboardSharing), version: z.int().check(z.minimum(1)) });
export const DashboardParams = z.strictObject({ uuid: z.uuid() });

export { DatasetFilter, DatasetRange, DatasetSort };
