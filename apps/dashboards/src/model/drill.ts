import { labelOf } from '@atrium/shared/apps';
import type { DashboardText, DrillFilter, Drilldown } from '@atrium/shared/dashboards';
import { DrillError, drillErrorText, fileErrorText, type Desktop, type DesktopDrilldown, type DrillElement, type DrillValue, type Translate } from '@atrium/sdk';

/**
 * The desktop's drill-down engine as this application uses it
 * (docs/behaviour/dashboards.md#drill-down): one stack per widget slot of
 * an open dashboard, a click drills, a breadcrumb rolls up. The engine and
 * its types come from the SDK; this file is where the application takes
 * them, so that nothing else of it depends on where they come from.
 */
export { DrillError, type DesktopDrilldown, type DrillElement, type DrillStack, type DrillView, type DrillWidget } from '@atrium/sdk';

/** The desktop's drill-down engine, or null on a desktop without one (nothing drills then). */
export function drilldownOf(desktop: Desktop): DesktopDrilldown | null {
  return (desktop as Partial<Pick<Desktop, 'drilldown'>>).drilldown ?? null;
}

/**
 * Why a drill could not be made, in the user's language: the engine's
 * refusal (a DrillError), else the failure of what the drill opened (a
 * file that is not there, an application that could not start).
 */
export function drillFailureText(error: unknown, t: Translate): string {
  return error instanceof DrillError ? drillErrorText(error, t) : fileErrorText(error, t);
}

/**
 * The clicked element as seen in its slot (docs/behaviour/dashboards.md#widgets):
 * its own data, completed by the value of each filter in force there that
 * compares a dimension with one value (`service = payments` of an earlier
 * drill, or of the filter the dashboard was opened with) where the element
 * has none of its own. A severity clicked in the severities of one service
 * is that service's, so its drill may name `{service}` too.
 */
export function inContext(element: DrillElement, filters: readonly DrillFilter[]): DrillElement {
  const data: Record<string, DrillValue> = { ...element.data };
  for (const filter of filters) {
    const value = filter.value;
    if (filter.op !== 'eq' || Object.hasOwn(data, filter.dimension) || value === undefined || Array.isArray(value)) continue;
    data[filter.dimension] = value;
  }
  return { elementId: element.elementId, data };
}

/** What a value reads as in a title: a choice's label, a person's or linked record's name; null: the value as it is. */
export type ValueLabel = (key: string, value: DrillValue) => string | null;

/**
 * A drilldown whose titles (the next widget's title and footer, the
 * dashboard's title) read the clicked element's values as the user sees
 * them (`Severities of Payments`, not `payments`), in the user's language;
 * the values without a label, and the filter, are left for the engine to
 * fill from the element's data.
 */
export function labelledTitles(drilldown: Drilldown, data: DrillElement['data'], label: ValueLabel, locale: string): Drilldown {
  const fill = (text: DashboardText | undefined): string | undefined => {
    if (text === undefined) return undefined;
    const written = typeof text === 'string' ? text : labelOf(text, locale);
    return written.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, key: string) => {
      const value = Object.hasOwn(data, key) ? data[key] : undefined;
      const shown = value === undefined || value === null ? null : label(key, value);
      // A label that looks like a placeholder would be filled again by the engine.
      return shown === null || /[{}]/.test(shown) ? whole : shown;
    });
  };
  const titles = { widgetTitle: fill(drilldown.widgetTitle), widgetFooter: fill(drilldown.widgetFooter), dashboardTitle: fill(drilldown.dashboardTitle) };
  return { ...drilldown, ...Object.fromEntries(Object.entries(titles).filter(([, text]) => text !== undefined)) };
}
