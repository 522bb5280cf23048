/** The rules of a dashboard's definition, one by one, as the editor and the server apply them (definitionRules.ts). */
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { DashboardDefinition, type DashboardDefinitionInput } from './dashboard.js';
import { definitionProblemMessage, definitionProblems, type DefinitionFacts, type DefinitionProblem } from './definitionRules.js';

const SEEN = '6f2b51a0-93c4-4d8e-9a57-0c1e2d3f4a5b';
const UNSEEN = '0c1e2d3f-93c4-4d8e-9a57-6f2b51a04a5b';

/** One application, Ops, with one dataset of incidents. */
const facts = (dashboards: ReadonlySet<string> | null = new Set([SEEN])): DefinitionFacts => ({
  dataset: (app, key) => (app !== 'Ops' ? 'noApp' : key !== 'incidents' ? 'noDataset' : { dimensions: ['service', 'severity', 'month'], measures: ['count', 'minutes'] }),
  dashboards,
});

type WidgetInput = DashboardDefinitionInput['widgets'][number];
const query = (dimensions: string[], measures: string[]) => ({ app: 'Ops', dataset: 'incidents', dimensions, measures });
const bar = (id: string, rest: Partial<WidgetInput> = {}): WidgetInput => ({ id, kind: 'bar', title: id, query: query(['service'], ['count']), ...rest });
const problemsOf = (widgets: WidgetInput[], more: Partial<DashboardDefinitionInput> = {}, known = facts()): DefinitionProblem[] =>
  definitionProblems(z.parse(DashboardDefinition, { title: 'Test', widgets, ...more }), known);
const codes = (found: DefinitionProblem[]) => found.map((p) => [p.path, p.code]);

describe('the rules of a dashboard definition', () => {
  it('find nothing wrong in widgets that fit their dataset and drills that reach their targets', () => {
    const found = problemsOf([
      bar('a', { drilldown: { target: 'widget', nextWidgetId: 'b', filter: [{ dimension: 'service', op: 'eq', value: '{service}' }] } }),
      bar('b', { query: query(['severity'], ['count', 'minutes']), drilldown: { target: 'records', filter: [{ dimension: 'severity', op: 'eq', value: '{severity}' }] } }),
      bar('c', { drilldown: { target: 'dashboard', dashboard: SEEN } }),
      bar('d', { drilldown: { target: 'file', file: { path: 'org:/Reports/{service}.pdf' } } }),
      { id: 'k', kind: 'kpi', title: 'K', query: query([], ['count']), threshold: { red: 10, yellow: 5, higherIsBetter: false } },
    ]);
    expect(found).toEqual([]);
  });

  it('want widget ids unique', () => {
    expect(codes(problemsOf([bar('a'), bar('b'), bar('a')]))).toEqual([['widgets.2.id', 'duplicateId']]);
  });

  it('want the application and the dataset to exist, naming the one missing', () => {
    expect(problemsOf([bar('a', { query: { ...query(['service'], ['count']), app: 'Nope' } })])).toEqual([{ path: 'widgets.0.query.app', code: 'appUnknown', params: { app: 'Nope' } }]);
    expect(problemsOf([bar('a', { query: { ...query(['service'], ['count']), dataset: 'constructor' } })])).toEqual([
      { path: 'widgets.0.query.dataset', code: 'datasetUnknown', params: { app: 'Ops', dataset: 'constructor' } },
    ]);
  });

  it("want the query's dimensions, measures and filters of the dataset, and its sort among what it asks", () => {
    const found = problemsOf([
      { id: 't', kind: 'table', title: 'T', query: { ...query(['service', 'team'], ['count', 'revenue']), filters: [{ dimension: 'region', op: 'eq', value: 'x' }], sort: [{ by: 'severity', direction: 'asc' }] } },
    ]);
    expect(found).toEqual([
      { path: 'widgets.0.query.dimensions.1', code: 'dimensionUnknown', params: { dataset: 'incidents', key: 'team' } },
      { path: 'widgets.0.query.measures.1', code: 'measureUnknown', params: { dataset: 'incidents', key: 'revenue' } },
      { path: 'widgets.0.query.filters.0.dimension', code: 'dimensionUnknown', params: { dataset: 'incidents', key: 'region' } },
      { path: 'widgets.0.query.sort.0.by', code: 'sortUnknown', params: { key: 'severity' } },
    ]);
  });

  it('hold each kind to the dimensions and measures it draws, a table to something, a query of records to none of it', () => {
    expect(problemsOf([{ id: 'p', kind: 'pie', title: 'P', query: query(['service', 'severity'], ['count']) }])).toEqual([
      { path: 'widgets.0.query.dimensions', code: 'dimensionCount', params: { kind: 'pie', min: 1, max: 1, count: 2 } },
    ]);
    expect(codes(problemsOf([{ id: 's', kind: 'stackedBar', title: 'S', query: query(['service'], ['count', 'minutes']) }]))).toEqual([
      ['widgets.0.query.dimensions', 'dimensionCount'],
      ['widgets.0.query.measures', 'measureCount'],
    ]);
    expect(codes(problemsOf([{ id: 't', kind: 'table', title: 'T', query: query([], []) }]))).toEqual([['widgets.0.query', 'tableEmpty']]);
    expect(problemsOf([{ id: 'r', kind: 'pie', title: 'R', query: { ...query(['service', 'severity', 'month'], []), detail: true } }])).toEqual([]);
  });

  it('give a threshold to a KPI only, with numbers, its red limit on the worse side of the yellow one', () => {
    const kpi = (threshold: { red: number; yellow: number; higherIsBetter: boolean }) => problemsOf([{ id: 'k', kind: 'kpi', title: 'K', query: query([], ['count']), threshold }]);
    expect(kpi({ red: 10, yellow: 5, higherIsBetter: true })).toEqual([{ path: 'widgets.0.threshold.red', code: 'thresholdOrder', params: { yellow: 5, higherIsBetter: 'true' } }]);
    expect(kpi({ red: 5, yellow: 10, higherIsBetter: false })).toMatchObject([{ code: 'thresholdOrder' }]);
    expect(kpi({ red: 5, yellow: 5, higherIsBetter: false })).toEqual([]);
    // A form's field emptied while typing: no number (the server's schema never lets one through).
    const typing = z.parse(DashboardDefinition, { title: 'Test', widgets: [{ id: 'k', kind: 'kpi', title: 'K', query: query([], ['count']), threshold: { red: 1, yellow: 5 } }] });
    typing.widgets[0]!.threshold!.red = Number.NaN;
    expect(definitionProblems(typing, facts())).toMatchObject([{ path: 'widgets.0.threshold', code: 'thresholdNumber' }]);
    expect(codes(problemsOf([bar('b', { threshold: { red: 1, yellow: 2 } })]))).toEqual([['widgets.0.threshold', 'thresholdKind']]);
  });

  it("want a widget drill's next widget named, on the dashboard, not the widget itself, and its filter of the next widget's dataset", () => {
    const found = problemsOf([
      bar('a', { drilldown: { target: 'widget' } }),
      bar('b', { drilldown: { target: 'widget', nextWidgetId: 'gone' } }),
      bar('c', { drilldown: { target: 'widget', nextWidgetId: 'c' } }),
      bar('d', { drilldown: { target: 'widget', nextWidgetId: 'a', filter: [{ dimension: 'team', op: 'eq', value: '{service}' }] } }),
    ]);
    expect(found).toEqual([
      { path: 'widgets.0.drilldown.nextWidgetId', code: 'drillWidgetMissing', params: {} },
      { path: 'widgets.1.drilldown.nextWidgetId', code: 'drillWidgetUnknown', params: { key: 'gone' } },
      { path: 'widgets.2.drilldown.nextWidgetId', code: 'drillWidgetSelf', params: {} },
      { path: 'widgets.3.drilldown.filter.0.dimension', code: 'drillFilterDimension', params: { key: 'team' } },
    ]);
  });

  it('want a dashboard drill to name a dashboard the user sees (any, while they are not known), a file drill a path, a records drill its own dimensions', () => {
    const widgets = [
      bar('a', { drilldown: { target: 'dashboard' } }),
      bar('b', { drilldown: { target: 'dashboard', dashboard: UNSEEN } }),
      bar('c', { drilldown: { target: 'file', file: { path: '  ' } } }),
      bar('d', { drilldown: { target: 'records', filter: [{ dimension: 'team', op: 'eq', value: 'x' }] } }),
    ];
    expect(codes(problemsOf(widgets))).toEqual([
      ['widgets.0.drilldown.dashboard', 'drillDashboardMissing'],
      ['widgets.1.drilldown.dashboard', 'drillDashboardUnknown'],
      ['widgets.2.drilldown.file', 'drillFileMissing'],
      ['widgets.3.drilldown.filter.0.dimension', 'drillFilterDimension'],
    ]);
    expect(codes(problemsOf(widgets, {}, facts(null))).map(([, code]) => code)).not.toContain('drillDashboardUnknown');
  });

  it("want the dashboard's filters over dimensions of datasets there are", () => {
    const filters = [
      { app: 'Ops', dataset: 'incidents', dimension: 'service' },
      { app: 'Ops', dataset: 'incidents', dimension: 'team' },
      { app: 'Ops', dataset: 'gone', dimension: 'service' },
      { app: 'Nope', dataset: 'incidents', dimension: 'service' },
    ];
    expect(codes(problemsOf([bar('a')], { filters }))).toEqual([
      ['filters.1.dimension', 'dimensionUnknown'],
      ['filters.2.dataset', 'datasetUnknown'],
      ['filters.3.app', 'appUnknown'],
    ]);
  });

  it('say each problem in English with its values, as the server refuses a definition', () => {
    const [count] = problemsOf([{ id: 'l', kind: 'line', title: 'L', query: query(['month'], []) }]);
    expect(definitionProblemMessage(count!)).toBe('a line widget shows 1 to 8 measure(s), not 0');
    const [pie] = problemsOf([{ id: 'p', kind: 'pie', title: 'P', query: query(['service', 'severity'], ['count']) }]);
    expect(definitionProblemMessage(pie!)).toBe('a pie widget shows 1 dimension(s), not 2');
    const [order] = problemsOf([{ id: 'k', kind: 'kpi', title: 'K', query: query([], ['count']), threshold: { red: 5, yellow: 10, higherIsBetter: false } }]);
    expect(definitionProblemMessage(order!)).toBe('the red limit must lie on the worse side of the yellow one (at least 10)');
    const [unknown] = problemsOf([bar('a', { query: query(['team'], ['count']) })]);
    expect(definitionProblemMessage(unknown!)).toBe("dataset 'incidents' has no dimension 'team'");
  });
});
