import { describe, expect, it } from 'vitest';
import { fakeApplication } from './fakeApplication.js';

const DASHBOARD = '7b0c1c9e-4a55-4a59-9f43-0b8e3bd0c001';
const OTHER = '7b0c1c9e-4a55-4a59-9f43-0b8e3bd0c002';

describe("a fake application's drill-down", () => {
  it('drills a widget slot and records what a drill to another dashboard launched', async () => {
    const app = fakeApplication({ name: 'Dashboards', type: 'application', title: { en_EN: 'Dashboards' } });
    const stack = app.desktop.drilldown.stack(DASHBOARD, 'byService');
    const toWidget = { target: 'widget' as const, nextWidgetId: 'byAuditor', filter: [{ dimension: 'service', op: 'eq' as const, value: '{service}' }], maxDepth: 2 };
    await stack.drill({ id: 'byService', title: 'By service', drilldown: toWidget }, { elementId: 'bar-1', data: { service: 'Email' } }, { uuid: DASHBOARD, title: 'Audits' });
    expect(stack.view).toMatchObject({ widgetId: 'byAuditor', depth: 1 });
    const toDashboard = { target: 'dashboard' as const, dashboard: OTHER, filter: [], maxDepth: 2 };
    await stack.drill({ id: 'byAuditor', title: 'By auditor', drilldown: toDashboard }, { elementId: 'bar-2', data: {} }, { uuid: DASHBOARD, title: 'Audits' });
    expect(app.launches).toEqual([{ app: 'Dashboards', args: { dashboard: OTHER, filter: [{ dimension: 'service', op: 'eq', value: 'Email' }], dashboardTitle: null } }]);
  });
});

describe('a fake application ending', () => {
  it("tells its 'destroy' listeners once, as the desktop does, and no listener after", () => {
    const app = fakeApplication({ name: 'Records', type: 'application', title: { en_EN: 'Records' } });
    const heard: string[] = [];
    app.on('destroy', () => heard.push('destroy'));
    const stop = app.on('destroy', () => heard.push('stopped'));
    stop();
    app.destroy();
    app.destroy();
    expect(heard).toEqual(['destroy']);
    expect(app.ended).toBe(true);
  });
});
