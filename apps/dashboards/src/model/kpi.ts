/** A KPI's rules: shared with the server, which judges KPI alerts by them (docs/behaviour/dashboards.md#kpi). */
export { changeIsGood, kpiBand, kpiChange, kpiFigure, type KpiBand } from '@atrium/shared/dashboards';
