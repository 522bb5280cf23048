import type { Drilldown } from '@atrium/shared/dashboards';
import { describe, expect, it, vi } from 'vitest';
import { DrillError, type DrilldownHost, type DrillWidget } from './drilldown.js';
import * as engineModule from './drilldownEngine.js';
import { lazyDrilldown, type DrilldownEngineModule } from './lazyDrilldown.js';
import type { LaunchRequest } from './index.js';
import { MemoryFileSystem, memoryMountpoint } from './testing/index.js';

const DASHBOARD = { uuid: '7b0c1c9e-4a55-4a59-9f43-0b8e3bd0c001', title: 'Audits' };
const OTHER = '7b0c1c9e-4a55-4a59-9f43-0b8e3bd0c002';

const byService: Drilldown = { target: 'widget', nextWidgetId: 'byAuditor', filter: [{ dimension: 'service', op: 'eq', value: '{service}' }], widgetTitle: 'Audits of {service}', maxDepth: 1 };
const widget: DrillWidget = { id: 'byService', title: 'Audits by service', drilldown: byService };
const email = { elementId: 'bar-3', data: { service: 'Email', count: 12 } };

/** A desktop that records launches, and an engine module whose arrival the test decides. */
function setup() {
  const launches: LaunchRequest[] = [];
  const host: DrilldownHost = {
    locale: 'en_EN',
    launch: async (request) => void launches.push(request),
    openFile: async () => undefined,
    files: new MemoryFileSystem({ mountpoints: [memoryMountpoint('home', { label: 'Home' })], files: {} }),
  };
  const arrivals: Array<{ resolve(module: DrilldownEngineModule): void; reject(error: Error): void }> = [];
  const load = vi.fn(() => new Promise<DrilldownEngineModule>((resolve, reject) => arrivals.push({ resolve, reject })));
  const arrive = () => arrivals.shift()!.resolve(engineModule);
  const fail = () => arrivals.shift()!.reject(new Error('Failed to fetch dynamically imported module'));
  return { drilldown: lazyDrilldown(host, load), load, arrive, fail, launches };
}

describe('the drill-down engine fetched when first needed', () => {
  it('fetches nothing until a stack is asked for, then once, answering as an undrilled stack meanwhile', () => {
    const { drilldown, load } = setup();
    expect(load).not.toHaveBeenCalled();
    const stack = drilldown.stack(DASHBOARD.uuid, 'byService');
    drilldown.stack(DASHBOARD.uuid, 'other');
    expect(load).toHaveBeenCalledTimes(1);
    expect(drilldown.stack(DASHBOARD.uuid, 'byService')).toBe(stack);
    expect(stack.view).toMatchObject({ widgetId: 'byService', depth: 0, filter: [], widgetTitle: null, dashboardTitle: null, entries: [] });
    expect(stack.canDrill(byService)).toBe(true);
    expect(stack.canDrill(undefined)).toBe(false);
    expect(() => stack.rollUp()).toThrow(expect.objectContaining({ name: 'DrillError', code: 'missingContext' }));
  });

  it('drills once the engine has come, with the engine’s rules: the view, the listeners, the depth and the roll-up', async () => {
    const { drilldown, arrive } = setup();
    const stack = drilldown.stack(DASHBOARD.uuid, 'byService');
    const heard = vi.fn();
    stack.subscribe(heard);
    const drilled = stack.drill(widget, email, DASHBOARD);
    arrive();
    await expect(drilled).resolves.toMatchObject({ action: 'drilldown', nextWidgetId: 'byAuditor', filter: [{ dimension: 'service', op: 'eq', value: 'Email' }] });
    expect(heard).toHaveBeenCalledTimes(1);
    expect(stack.view).toMatchObject({ widgetId: 'byAuditor', depth: 1, widgetTitle: 'Audits of Email' });
    // maxDepth 1 reached: the engine's stack answers now.
    expect(stack.canDrill(byService)).toBe(false);
    await expect(stack.drill(widget, email, DASHBOARD)).rejects.toMatchObject({ code: 'depthReached' });
    expect(stack.rollUp(0)).toMatchObject({ action: 'rollup', widgetId: 'byService' });
    expect(heard).toHaveBeenCalledTimes(2);
    expect(stack.view.depth).toBe(0);
  });

  it('follows a link’s drill once the engine has come, and a failed fetch fails only that drill', async () => {
    const { drilldown, load, arrive, fail, launches } = setup();
    const toOther: Drilldown = { target: 'dashboard', dashboard: OTHER, filter: [{ dimension: 'service', op: 'eq', value: '{service}' }], dashboardTitle: 'Audits of {service}', maxDepth: 3 };
    const first = drilldown.follow(toOther, email);
    fail();
    await expect(first).rejects.toThrow(/dynamically imported module/);
    expect(launches).toEqual([]);
    const second = drilldown.follow(toOther, email);
    expect(load).toHaveBeenCalledTimes(2);
    arrive();
    await expect(second).resolves.toMatchObject({ action: 'drilldown', dashboardUuid: OTHER });
    expect(launches).toEqual([{ app: 'Dashboards', args: { dashboard: OTHER, filter: [{ dimension: 'service', op: 'eq', value: 'Email' }], dashboardTitle: 'Audits of Email' } }]);
  });

  it('forgets a released dashboard’s stacks: its slots start undrilled again', async () => {
    const { drilldown, arrive } = setup();
    const drilled = drilldown.stack(DASHBOARD.uuid, 'byService').drill(widget, email, DASHBOARD);
    arrive();
    await drilled;
    expect(drilldown.stack(DASHBOARD.uuid, 'byService').view.depth).toBe(1);
    drilldown.release(DASHBOARD.uuid);
    const again = drilldown.stack(DASHBOARD.uuid, 'byService');
    expect(again.view.depth).toBe(0);
    expect(() => again.rollUp()).toThrow(DrillError);
  });
});
