import { DrillError, drillErrorText, fileErrorText, type DesktopDrilldown, type DrillElement, type DrillValue, type DrillWidget } from '@atrium/sdk';
import { Drilldown, type DrillMessage } from '@atrium/shared/dashboards';
import type { DialogOptions } from '../dialogs/DialogModel.js';
import type { DrilldownEngine } from '../packages/links.js';
import type { Translate } from '../windows/WindowIdExistsError.js';

/**
 * Drill-down links inside applications (docs/behaviour/dashboards.md#drill-down-links):
 * a link's `data-drilldown` attribute (or `drilldown`) holds a drilldown as
 * JSON, `data-drilldown-data` the clicked element's data as a JSON object,
 * `data-drilldown-element` its id, and `data-drilldown-dataset` the
 * `App/dataset` a records target opens. Read here, followed by the engine;
 * a failure is shown in an alert.
 */

/** A drill a link asks for. */
export interface DrillLink {
  drilldown: Drilldown;
  element: DrillElement;
  query?: DrillWidget['query'];
}

function attribute(attributes: Readonly<Record<string, string>>, name: string): string | null {
  const value = attributes[`data-${name}`] ?? attributes[name];
  return typeof value === 'string' ? value : null;
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The name a refused link is told by: its target when it has one, else what it holds (shortened). */
function targetName(value: unknown, raw: string): string {
  const target = typeof value === 'object' && value !== null ? (value as { target?: unknown }).target : undefined;
  const name = typeof target === 'string' ? target : raw.trim();
  return name.length > 60 ? `${name.slice(0, 59)}…` : name;
}

/** The clicked element's data: the object's text, number, yes/no and empty values (others are left out). */
function dataOf(text: string | null): Record<string, DrillValue> {
  const value = text === null ? {} : parsed(text);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const scalar = (v: unknown): v is DrillValue => v === null || ['string', 'number', 'boolean'].includes(typeof v);
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, DrillValue] => scalar(entry[1])));
}

/** The drill a link's attributes ask for; throws DrillError unknownTarget when its drilldown is not one. */
export function drillLinkOf(attributes: Readonly<Record<string, string>>): DrillLink {
  const raw = attribute(attributes, 'drilldown') ?? '';
  const value = parsed(raw);
  const checked = Drilldown.safeParse(value);
  if (!checked.success) throw new DrillError('unknownTarget', { target: targetName(value, raw) });
  const [app, dataset] = (attribute(attributes, 'drilldown-dataset') ?? '').split('/');
  return {
    drilldown: checked.data,
    element: { elementId: attribute(attributes, 'drilldown-element') ?? '', data: dataOf(attribute(attributes, 'drilldown-data')) },
    ...(app && dataset ? { query: { app, dataset } } : {}),
  };
}

/** What following links needs of the desktop. */
export interface DrillLinkHost {
  drilldown(): DesktopDrilldown;
  /** The desktop's dialogs (DialogService): a failure is shown in an alert. */
  dialogs: { alert(message: string, options: Pick<DialogOptions, 'title'>): unknown };
  translate: Translate;
}

/** The package manager's drill-down engine for links: follows each, and shows a failure as an alert with its text. */
export class LinkDrilldown implements DrilldownEngine {
  constructor(private readonly host: DrillLinkHost) {}

  drill(attributes: Record<string, string>): void {
    void this.follow(attributes);
  }

  /** Follows a link's drill; resolves with the message sent, or null when it failed (the alert is shown). */
  async follow(attributes: Readonly<Record<string, string>>): Promise<DrillMessage | null> {
    const { dialogs, translate } = this.host;
    try {
      const { drilldown, element, query } = drillLinkOf(attributes);
      return await this.host.drilldown().follow(drilldown, element, query);
    } catch (error) {
      const text = error instanceof DrillError ? drillErrorText(error, translate) : fileErrorText(error, translate);
      dialogs.alert(text, { title: () => translate('drilldown.title') });
      return null;
    }
  }
}
