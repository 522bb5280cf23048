/** The checks of a dashboard's definition against what the organisation runs (dashboards/definitionChecks.ts). */
import { AppDeclaration } from '@atrium/shared/apps';
import { DashboardDefinition, type DashboardDefinitionInput } from '@atrium/shared/dashboards';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { definitionProblems } from '../../src/dashboards/definitionChecks.js';
import { OPS_DECLARATION, opsDashboard } from '../helpers/dashboards.js';

const apps = new Map([['Ops', AppDeclaration.parse(OPS_DECLARATION)]]);
const OTHER = '6f2b51a0-93c4-4d8e-9a57-0c1e2d3f4a5b';
const problems = (input: DashboardDefinitionInput, dashboards: string[] = []) => definitionProblems(z.parse(DashboardDefinition, input), { apps, dashboards: new Set(dashboards) });
const withWidget = (widget: DashboardDefinitionInput['widgets'][number]): DashboardDefinitionInput => ({ ...opsDashboard(), widgets: [...opsDashboard().widgets, widget] });
const query = (dimensions: string[], measures: string[]) => ({ app: 'Ops', dataset: 'incidents', dimensions, measures });

describe('a dashboard definition', () => {
  it('has no problem when every widget fits the dataset and every drill its target', () => {
    expect(problems(opsDashboard())).toEqual([]);
  });

  it('holds each kind to the dimensions and measures it can draw', () => {
    const shapes: Array<[string, string[], string[], string | null]> = [
      ['pie', ['service', 'severity'], ['count'], 'a pie widget shows 1 dimension(s), not 2'],
      ['stackedBar', ['service'], ['count'], 'a stackedBar widget shows 2 dimension(s), not 1'],
      ['line', ['month'], [], 'a line widget shows 1 to 8 measure(s), not 0'],
      ['kpi', [], ['count', 'minutes'], 'a kpi widget shows 1 measure(s), not 2'],
      ['stackedBar', ['service', 'month'], ['count', 'minutes'], 'a stackedBar widget shows 1 measure(s), not 2'],
      ['table', ['service', 'severity', 'month'], [], null],
      ['area', ['month', 'service'], ['count', 'minutes'], null],
    ];
    for (const [kind, dimensions, measures, message] of shapes) {
      const found = problems(withWidget({ id: 'extra', kind: kind as never, title: 'Extra', query: query(dimensions, measures) }));
      expect(found.map((p) => p.message)).toEqual(message ? [message] : []);
    }
  });

  it('wants a table to show something, and a red limit on the worse side of the yellow one', () => {
    expect(problems(withWidget({ id: 'empty', kind: 'table', title: 'Empty', query: query([], []) }))).toEqual([{ path: 'widgets.3.query', message: 'a table shows at least one dimension or measure' }]);
    const kpi = (threshold: { red: number; yellow: number; higherIsBetter: boolean }) => problems(withWidget({ id: 'k', kind: 'kpi', title: 'K', query: query([], ['count']), threshold }));
    expect(kpi({ red: 10, yellow: 5, higherIsBetter: true })).toEqual([{ path: 'widgets.3.threshold.red', message: 'the red limit must lie on the worse side of the yellow one (at most 5)' }]);
    expect(kpi({ red: 5, yellow: 10, higherIsBetter: false })).toEqual([{ path: 'widgets.3.threshold.red', message: 'the red limit must lie on the worse side of the yellow one (at least 10)' }]);
    expect(kpi({ red: 5, yellow: 10, higherIsBetter: true })).toEqual([]);
    expect(kpi({ red: 5, yellow: 5, higherIsBetter: false })).toEqual([]);
  });

  it('takes a query of records as a table draws it, whatever its kind', () => {
    expect(problems(withWidget({ id: 'records', kind: 'pie', title: 'Records', query: { ...query(['service', 'severity'], []), detail: true } }))).toEqual([]);
  });

  it('names a drill without its target, a threshold off a KPI, a sort key not asked and filters of dimensions the dataset lacks', () => {
    const found = problems({
      title: 'Odd',
      filters: [{ app: 'Ops', dataset: 'incidents', dimension: 'team' }],
      widgets: [
        { id: 'a', kind: 'bar', title: 'A', query: { ...query(['service'], ['count']), sort: [{ by: 'severity' }] }, threshold: { red: 1, yellow: 2 }, drilldown: { target: 'widget' } },
        { id: 'b', kind: 'bar', title: 'B', query: query(['service'], ['count']), drilldown: { target: 'dashboard' } },
        { id: 'c', kind: 'bar', title: 'C', query: query(['service'], ['count']), drilldown: { target: 'file' } },
        { id: 'd', kind: 'bar', title: 'D', query: query(['service'], ['count']), drilldown: { target: 'widget', nextWidgetId: 'd' } },
        { id: 'e', kind: 'bar', title: 'E', query: query(['service'], ['count']), drilldown: { target: 'records', filter: [{ dimension: 'team', op: 'eq', value: '{team}' }] } },
        { id: 'f', kind: 'bar', title: 'F', query: query(['service'], ['count']), drilldown: { target: 'dashboard', dashboard: OTHER } },
      ],
    });
    expect(found).toEqual([
      { path: 'widgets.0.query.sort.0.by', message: "'severity' is neither a dimension nor a measure of this query" },
      { path: 'widgets.0.threshold', message: 'only a kpi widget has a threshold' },
      { path: 'widgets.0.drilldown.nextWidgetId', message: 'a widget target names the widget shown next' },
      { path: 'widgets.1.drilldown.dashboard', message: 'a dashboard target names the dashboard to open' },
      { path: 'widgets.2.drilldown.file', message: 'a file target names the path of the file to open' },
      { path: 'widgets.3.drilldown.nextWidgetId', message: 'a widget cannot drill into itself' },
      { path: 'widgets.4.drilldown.filter.0.dimension', message: "the dataset drilled into has no dimension 'team'" },
      { path: 'widgets.5.drilldown.dashboard', message: `no dashboard ${OTHER} that you see` },
      { path: 'filters.0.dimension', message: "dataset 'incidents' has no dimension 'team'" },
    ]);
    expect(problems({ title: 'Seen', widgets: [{ id: 'f', kind: 'bar', title: 'F', query: query(['service'], ['count']), drilldown: { target: 'dashboard', dashboard: OTHER } }] }, [OTHER])).toEqual([]);
  });

  it('refuses a key that is only an inherited member of the declaration', () => {
    const found = problems({ title: 'Proto', widgets: [{ id: 'p', kind: 'table', title: 'P', query: { app: 'Ops', dataset: 'constructor', dimensions: ['toString'] } }] });
    expect(found).toEqual([{ path: 'widgets.0.query.dataset', message: "application 'Ops' has no dataset 'constructor'" }]);
  });
});
