import fc from 'fast-check';
import { catalogues, fillPlaceholders, flattenCatalogue } from '@atrium/shared';
import type { Drilldown, DrillFilter } from '@atrium/shared/dashboards';
import { describe, expect, it } from 'vitest';
import { DrillError, drillErrorText, type DrillValue, type DrillWidget } from './drilldown.js';
import { fillText, fillValue } from './drilldownEngine.js';
import { MemoryFileSystem, memoryMountpoint, recordingDrilldown } from './testing/index.js';

const DASHBOARD = { uuid: '7b0c1c9e-4a55-4a59-9f43-0b8e3bd0c001', title: 'Audits' };
const OTHER = '7b0c1c9e-4a55-4a59-9f43-0b8e3bd0c002';

/** The engine over a desktop that records what the drills launched and opened, with one file. */
function host(locale = 'en_EN') {
  const files = new MemoryFileSystem({ mountpoints: [memoryMountpoint('org', { label: 'Organisation' })], files: { 'org:/Audits/Email/report.pdf': 'pdf' } });
  return recordingDrilldown({ locale, files });
}

const drilldown = (d: Partial<Drilldown> & Pick<Drilldown, 'target'>): Drilldown => ({ filter: [], maxDepth: 3, ...d });
const widget = (id: string, d: Drilldown, query?: DrillWidget['query']): DrillWidget => ({ id, title: `Widget ${id}`, drilldown: d, ...(query ? { query } : {}) });
const byService = drilldown({
  target: 'widget',
  nextWidgetId: 'byAuditor',
  filter: [{ dimension: 'service', op: 'eq', value: '{service}' }],
  widgetTitle: 'Audits of {service}',
  widgetFooter: { en_EN: '{count} audits', de_DE: '{count} Prüfungen' },
  dashboardTitle: 'Audits – {service}',
});
const byAuditor = drilldown({ target: 'widget', nextWidgetId: 'byMonth', filter: [{ dimension: 'auditor', op: 'eq', value: '{auditor}' }], widgetTitle: 'Audits by {auditor}' });
const email = { elementId: 'bar-3', data: { service: 'Email', count: 12 } };

describe('a widget slot drilled into other widgets', () => {
  it('pushes a bound entry with the filter and titles filled from the clicked data, and shows the next widget', async () => {
    const { drilldown: engine } = host();
    const stack = engine.stack(DASHBOARD.uuid, 'byService');
    let told = 0;
    stack.subscribe(() => told++);
    const message = await stack.drill(widget('byService', byService), email, DASHBOARD);
    expect(message).toEqual({
      action: 'drilldown',
      widgetId: 'byService',
      elementId: 'bar-3',
      target: 'widget',
      nextWidgetId: 'byAuditor',
      filter: [{ dimension: 'service', op: 'eq', value: 'Email' }],
      titles: { widgetTitle: 'Audits of Email', widgetFooter: '12 audits', dashboardTitle: 'Audits – Email' },
      dashboardUuid: DASHBOARD.uuid,
    });
    expect(stack.view).toMatchObject({ widgetId: 'byAuditor', depth: 1, filter: [{ dimension: 'service', op: 'eq', value: 'Email' }], widgetTitle: 'Audits of Email' });
    expect(stack.view.entries).toEqual([
      {
        widgetId: 'byService',
        nextWidgetId: 'byAuditor',
        target: 'widget',
        filter: [{ dimension: 'service', op: 'eq', value: 'Email' }],
        widgetTitle: 'Audits of Email',
        widgetFooter: '12 audits',
        dashboardTitle: 'Audits – Email',
        isBound: true,
        maxDepth: 3,
      },
    ]);
    expect(told).toBe(1);
    // The same slot's stack is kept; another slot has its own.
    expect(engine.stack(DASHBOARD.uuid, 'byService')).toBe(stack);
    expect(engine.stack(DASHBOARD.uuid, 'other').view.depth).toBe(0);
  });

  it('gives titles per language in the user’s language', async () => {
    const stack = host('de_DE').drilldown.stack(DASHBOARD.uuid, 'byService');
    await stack.drill(widget('byService', byService), email, DASHBOARD);
    expect(stack.view.widgetFooter).toBe('12 Prüfungen');
  });

  it('adds each drill’s filter to those before it, and rolls up one level restoring the earlier filter and titles', async () => {
    const stack = host().drilldown.stack(DASHBOARD.uuid, 'byService');
    await stack.drill(widget('byService', byService), email, DASHBOARD);
    const second = await stack.drill(widget('byAuditor', byAuditor), { elementId: 'slice-1', data: { auditor: 'Ana' } }, DASHBOARD);
    expect(second.filter).toEqual([
      { dimension: 'service', op: 'eq', value: 'Email' },
      { dimension: 'auditor', op: 'eq', value: 'Ana' },
    ]);
    // The dashboard title stays the one the first drill set; the widget's are the last drill's.
    expect(stack.view).toMatchObject({ widgetId: 'byMonth', depth: 2, widgetTitle: 'Audits by Ana', widgetFooter: null, dashboardTitle: 'Audits – Email' });

    const up = stack.rollUp();
    expect(up).toMatchObject({ action: 'rollup', widgetId: 'byAuditor', nextWidgetId: 'byMonth', filter: [{ dimension: 'service', op: 'eq', value: 'Email' }] });
    expect(stack.view).toMatchObject({ widgetId: 'byAuditor', depth: 1, widgetTitle: 'Audits of Email', widgetFooter: '12 audits', dashboardTitle: 'Audits – Email' });
    stack.rollUp();
    expect(stack.view).toMatchObject({ widgetId: 'byService', depth: 0, filter: [], widgetTitle: null, widgetFooter: null, dashboardTitle: null });
  });

  it('rolls up to a breadcrumb’s depth at once', async () => {
    const stack = host().drilldown.stack(DASHBOARD.uuid, 'byService');
    await stack.drill(widget('byService', byService), email, DASHBOARD);
    await stack.drill(widget('byAuditor', byAuditor), { elementId: 'a', data: { auditor: 'Ana' } }, DASHBOARD);
    let told = 0;
    stack.subscribe(() => told++);
    // The breadcrumb of the level shown changes nothing.
    stack.rollUp(2);
    expect(stack.view).toMatchObject({ widgetId: 'byMonth', depth: 2 });
    stack.rollUp(0);
    expect(stack.view).toMatchObject({ widgetId: 'byService', depth: 0, filter: [] });
    expect(told).toBe(1);
  });

  it('stops drilling when the depth reaches maxDepth: canDrill says no and a drill changes nothing', async () => {
    const stack = host().drilldown.stack(DASHBOARD.uuid, 'byService');
    const twoDeep = { ...byService, maxDepth: 2 };
    expect(stack.canDrill(twoDeep)).toBe(true);
    await stack.drill(widget('byService', twoDeep), email, DASHBOARD);
    await stack.drill(widget('byAuditor', { ...byAuditor, maxDepth: 2 }), { elementId: 'a', data: { auditor: 'Ana' } }, DASHBOARD);
    expect(stack.canDrill({ ...byAuditor, maxDepth: 2 })).toBe(false);
    await expect(stack.drill(widget('byMonth', { ...byAuditor, maxDepth: 2 }), { elementId: 'b', data: { auditor: 'Bo' } }, DASHBOARD)).rejects.toMatchObject({ code: 'depthReached' });
    expect(stack.view.depth).toBe(2);
    expect(stack.canDrill(undefined)).toBe(false);
    // Another dashboard opens whatever the depth.
    expect(stack.canDrill(drilldown({ target: 'dashboard', dashboard: OTHER, maxDepth: 2 }))).toBe(true);
  });

  it('forgets a dashboard’s stacks on release', async () => {
    const { drilldown: engine } = host();
    const stack = engine.stack(DASHBOARD.uuid, 'byService');
    await stack.drill(widget('byService', byService), email, DASHBOARD);
    const kept = engine.stack(OTHER, 'byService');
    engine.release(DASHBOARD.uuid);
    expect(engine.stack(DASHBOARD.uuid, 'byService')).not.toBe(stack);
    expect(engine.stack(DASHBOARD.uuid, 'byService').view.depth).toBe(0);
    expect(engine.stack(OTHER, 'byService')).toBe(kept);
  });
});

describe('placeholders in a drill’s filter', () => {
  const fill = async (filter: DrillFilter[], data: Record<string, string | number | boolean | null>) => {
    const stack = host().drilldown.stack(DASHBOARD.uuid, 'w');
    return (await stack.drill(widget('w', drilldown({ target: 'widget', nextWidgetId: 'next', filter })), { elementId: 'e', data }, DASHBOARD)).filter;
  };

  it('keeps the type of a value that is exactly one placeholder, and makes text of one inside longer text', async () => {
    const filter = await fill(
      [
        { dimension: 'rating', op: 'gte', value: '{rating}' },
        { dimension: 'open', op: 'eq', value: '{open}' },
        { dimension: 'owner', op: 'eq', value: '{owner}' },
        { dimension: 'month', op: 'eq', value: '{year}-{month}' },
        { dimension: 'fixed', op: 'eq', value: 'as written' },
        { dimension: 'none', op: 'empty' },
      ],
      { rating: 4, open: true, owner: null, year: 2026, month: '08' },
    );
    expect(filter).toEqual([
      { dimension: 'rating', op: 'gte', value: 4 },
      { dimension: 'open', op: 'eq', value: true },
      { dimension: 'owner', op: 'eq', value: null },
      { dimension: 'month', op: 'eq', value: '2026-08' },
      { dimension: 'fixed', op: 'eq', value: 'as written' },
      { dimension: 'none', op: 'empty' },
    ]);
  });

  it('fills each text of a list', async () => {
    expect(await fill([{ dimension: 'service', op: 'in', value: ['{service}', 'Web', 'Mail {count}'] }], { service: 'Email', count: 3 })).toEqual([
      { dimension: 'service', op: 'in', value: ['Email', 'Web', 'Mail 3'] },
    ]);
  });

  it('refuses a placeholder the clicked data has no value for, naming it, and pushes nothing', async () => {
    const stack = host().drilldown.stack(DASHBOARD.uuid, 'byService');
    const error = await stack.drill(widget('byService', byService), { elementId: 'e', data: { count: 1 } }, DASHBOARD).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DrillError);
    expect(error).toMatchObject({ code: 'keyNotFound', key: 'service' });
    expect(stack.view.depth).toBe(0);
  });
});

describe('drills to other places', () => {
  it('opens another dashboard with the stack’s filter and the drill’s, and its title', async () => {
    const { drilldown: engine, launches } = host();
    const stack = engine.stack(DASHBOARD.uuid, 'byService');
    await stack.drill(widget('byService', byService), email, DASHBOARD);
    const toDashboard = drilldown({ target: 'dashboard', dashboard: OTHER, filter: [{ dimension: 'auditor', op: 'eq', value: '{auditor}' }], dashboardTitle: 'Audits by {auditor}' });
    const message = await stack.drill(widget('byAuditor', toDashboard), { elementId: 'a', data: { auditor: 'Ana' } }, DASHBOARD);
    const filter = [
      { dimension: 'service', op: 'eq', value: 'Email' },
      { dimension: 'auditor', op: 'eq', value: 'Ana' },
    ];
    expect(launches).toEqual([{ app: 'Dashboards', args: { dashboard: OTHER, filter, dashboardTitle: 'Audits by Ana' } }]);
    expect(message).toMatchObject({ target: 'dashboard', dashboardUuid: OTHER, filter, nextWidgetId: null });
    // The slot itself stays where it was.
    expect(stack.view.depth).toBe(1);
  });

  it('opens a file at a path with placeholders, in its application when one is named, telling its id and name', async () => {
    const { drilldown: engine, opened, launches } = host();
    const stack = engine.stack(DASHBOARD.uuid, 'w');
    const toFile = drilldown({ target: 'file', file: { path: 'org:/Audits/{service}/report.pdf' } });
    const message = await stack.drill(widget('w', toFile), email, DASHBOARD);
    expect(opened.map((f) => (typeof f === 'string' ? f : f.path))).toEqual(['org:/Audits/Email/report.pdf']);
    expect(message).toMatchObject({ target: 'file', name: 'report.pdf', uuid: expect.any(String) });
    expect(message.appName).toBeUndefined();

    const withApp = await stack.drill(widget('w', drilldown({ target: 'file', file: { path: 'org:/Audits/{service}/report.pdf', appName: 'Preview' } })), email, DASHBOARD);
    expect(launches).toEqual([{ app: 'Preview', args: { file: expect.objectContaining({ path: 'org:/Audits/Email/report.pdf' }) } }]);
    expect(withApp).toMatchObject({ appName: 'Preview', name: 'report.pdf' });
  });

  it('opens the records behind the element in the dataset’s application, filtered', async () => {
    const { drilldown: engine, launches } = host();
    const stack = engine.stack(DASHBOARD.uuid, 'w');
    const toRecords = drilldown({ target: 'records', filter: [{ dimension: 'service', op: 'eq', value: '{service}' }] });
    await stack.drill(widget('w', toRecords, { app: 'Audits', dataset: 'audits' }), email, DASHBOARD);
    expect(launches).toEqual([{ app: 'Audits', args: { dataset: 'audits', filters: [{ dimension: 'service', op: 'eq', value: 'Email' }] } }]);
  });
});

describe('drill-down errors', () => {
  /** The product's catalogue of a language, as desktop.t reads it. */
  const translator = (locale: 'en_EN' | 'de_DE') => {
    const texts = flattenCatalogue(catalogues[locale]);
    return { t: (key: string, vars?: Record<string, unknown>) => fillPlaceholders(texts[key] ?? key, vars) };
  };

  it('refuses unknown or incomplete targets', async () => {
    const stack = host().drilldown.stack(DASHBOARD.uuid, 'w');
    const refused = (d: Drilldown, query?: DrillWidget['query']) => stack.drill(widget('w', d, query), email, DASHBOARD).catch((e: unknown) => e);
    expect(await refused({ ...drilldown({ target: 'widget' }), target: 'chart' as Drilldown['target'] })).toMatchObject({ code: 'unknownTarget', params: { target: 'chart' } });
    expect(await refused(drilldown({ target: 'widget' }))).toMatchObject({ code: 'unknownTarget', params: { target: 'widget' } });
    expect(await refused(drilldown({ target: 'dashboard' }))).toMatchObject({ code: 'unknownTarget', params: { target: 'dashboard' } });
    expect(await refused(drilldown({ target: 'file' }))).toMatchObject({ code: 'unknownTarget' });
    expect(await refused(drilldown({ target: 'records' }))).toMatchObject({ code: 'unknownTarget', params: { target: 'records' } });
    // A widget without a drilldown has no context to drill from; a slot not drilled none to return to.
    expect(await stack.drill({ id: 'w', title: 'W' } as DrillWidget, email, DASHBOARD).catch((e: unknown) => e)).toMatchObject({ code: 'missingContext' });
    expect(() => stack.rollUp()).toThrow(DrillError);
  });

  it('tells each failure in the user’s language', () => {
    const en = translator('en_EN');
    const de = translator('de_DE');
    const texts = (t: ReturnType<typeof translator>) =>
      [new DrillError('missingContext'), new DrillError('unknownTarget', { target: 'chart' }), new DrillError('keyNotFound', { key: 'service' }), new DrillError('depthReached', { maxDepth: 3 })].map((e) =>
        drillErrorText(e, (key, vars) => t.t(key, vars)),
      );
    expect(texts(en)).toEqual([
      'The drill-down has no context to return to.',
      "The drill-down target 'chart' is unknown.",
      "The clicked element has no value for 'service'.",
      'The drill-down cannot go deeper than 3 levels.',
    ]);
    expect(texts(de)).toEqual([
      'Der Drilldown hat keinen Kontext, zu dem er zurückkehren kann.',
      'Das Drilldown-Ziel „chart“ ist unbekannt.',
      'Das angeklickte Element hat keinen Wert für „service“.',
      'Der Drilldown kann nicht tiefer als 3 Ebenen gehen.',
    ]);
    // The error's own message is the English text.
    expect(new DrillError('keyNotFound', { key: 'service' }).message).toBe("The clicked element has no value for 'service'.");
  });
});

describe('placeholders, whatever the data', () => {
  const key = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,11}$/);
  const value: fc.Arbitrary<DrillValue> = fc.oneof(fc.string(), fc.double({ noNaN: true }), fc.boolean(), fc.constant(null));

  it('leaves a text without braces as it is', () => {
    fc.assert(fc.property(fc.string().filter((text) => !text.includes('{')), fc.dictionary(key, value), (text, data) => fillText(text, data) === text));
  });

  it('gives the value itself for a text that is exactly one placeholder, and its text inside longer text', () => {
    fc.assert(
      fc.property(key, value, (name, v) => {
        const data = { [name]: v };
        expect(fillValue(`{${name}}`, data)).toBe(v);
        expect(fillText(`<{${name}}>`, data)).toBe(`<${v === null ? '' : String(v)}>`);
      }),
    );
  });

  it('refuses any placeholder the data lacks, naming it', () => {
    fc.assert(
      fc.property(key, fc.dictionary(key, value), (name, data) => {
        fc.pre(!Object.hasOwn(data, name));
        expect(() => fillText(`a {${name}} b`, data)).toThrow(expect.objectContaining({ code: 'keyNotFound', key: name }));
      }),
    );
  });
});
