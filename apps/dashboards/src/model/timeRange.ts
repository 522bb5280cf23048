/** A dashboard's time range: the rule is shared with the server, which judges KPI alerts over the same days. */
export { isDay, localDay, previousRange, rangeOf, type TimeRangeChoice } from '@atrium/shared/dashboards';
