/**
 * Links inside applications (docs/behaviour/applications.md#links-inside-applications): what a click on a link in an app's window
 * does. The UI reads the link's href and attributes and hands the action to
 * PackageManager.handleLink; anything but 'none' replaces the browser's
 * navigation.
 */
export type LinkAction =
  | { kind: 'drilldown'; attributes: Record<string, string> }
  | { kind: 'app'; app: string; page: string | null }
  | { kind: 'launch'; app: string; args: Record<string, string> }
  | { kind: 'none' };

/** A link as the UI reads it: its raw href attribute (null when absent) and its attributes. */
export interface LinkTarget {
  href: string | null;
  attributes: Record<string, string | null>;
}

const NONE: LinkAction = { kind: 'none' };

/**
 * - a drilldown or data-drilldown attribute → a drill-down with the link's attributes;
 * - an empty, '#' or missing href with an application (or data-application)
 *   attribute → that app (page from page or data-page): launched, or given
 *   the page when it runs;
 * - an http(s) href to this host (or a relative one) whose query has app →
 *   launch that app with the other query parameters as args (restarting it);
 * - anything else → none (the browser follows the link).
 */
export function routeLink(link: LinkTarget, location: { host: string }): LinkAction {
  const attr = (name: string) => {
    const value = link.attributes[name] ?? link.attributes[`data-${name}`];
    return typeof value === 'string' ? value : null;
  };
  if (attr('drilldown') !== null) {
    // Object.fromEntries defines own properties: an attribute or parameter named __proto__ stays plain data.
    const attributes: Record<string, string> = Object.fromEntries(Object.entries(link.attributes).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
    return { kind: 'drilldown', attributes };
  }
  const href = link.href?.trim() ?? null;
  if (href === null || href === '' || href === '#') {
    const app = attr('application')?.trim();
    return app ? { kind: 'app', app, page: attr('page') } : NONE;
  }
  let url: URL;
  try {
    url = new URL(href, `http://${location.host}/`);
  } catch {
    return NONE;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.host !== location.host) return NONE;
  const app = url.searchParams.get('app')?.trim();
  if (!app) return NONE;
  const args: Record<string, string> = Object.fromEntries([...url.searchParams].filter(([name]) => name !== 'app'));
  return { kind: 'launch', app, args };
}

/** Dashboard drill-down of links (docs/behaviour/dashboards.md#drill-down-links): drilldown/LinkDrilldown by default. */
export interface DrilldownEngine {
  drill(attributes: Record<string, string>): void;
}

/** A drill-down engine that does nothing (for desktops without dashboards). */
export class NoopDrilldownEngine implements DrilldownEngine {
  drill(_attributes: Record<string, string>): void {}
}
