/**
 * Dashboards (docs/behaviour/dashboards.md): dataset queries, dashboards
 * and their widgets, the drill-down context and message, the home widget's
 * answer. A separate entry (`@atrium/shared/dashboards`), so that only the
 * server and the applications that draw dashboards carry it.
 */
export * from './query.js';
export * from './dashboard.js';
export * from './drill.js';
export * from './home.js';
export * from './errors.js';
export * from './definitionRules.js';

export * from './datasetMessages.js';
export * from './kpi.js';
export * from './kpiAlerts.js';
export * from './timeRange.js';
