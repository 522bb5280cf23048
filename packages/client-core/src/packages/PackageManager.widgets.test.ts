import { defineApplication, type HomeWidgetContext } from '@atrium/sdk';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { entry, packageHarness, type PackageHarness } from './testing/packageHarness.js';

let harness: PackageHarness;
afterEach(() => {
  harness?.dispose();
  vi.restoreAllMocks();
});

const DASHBOARD = '0b9f3b0e-5b8a-4c39-9d7c-2a1f0e3d4c5b';
/** Where the widget is shown (the desktop's element; the runtime only keeps it). */
const body = { id: 'home-body' } as unknown as HTMLElement;

/** A Dashboards-like runtime whose home widget records what it was given and when it was removed. */
function dashboardsRuntime() {
  const shown: Array<{ body: HTMLElement; context: HomeWidgetContext }> = [];
  let removed = 0;
  const runtime = defineApplication(() => undefined, {
    widgets: {
      home(element, context) {
        shown.push({ body: element, context });
        return () => void removed++;
      },
    },
  });
  return { runtime, shown, removed: () => removed };
}

describe('PackageManager.mountHomeWidget', () => {
  it("renders the application's home widget with the dashboard and an instance that is not listed as running", async () => {
    const dashboards = dashboardsRuntime();
    harness = packageHarness({ manifest: [entry('Dashboards', { defaultAppforOrgs: 1 })], builtins: { Dashboards: dashboards.runtime } });
    await harness.manager.load();
    const remove = await harness.manager.mountHomeWidget('Dashboards', body, { dashboard: DASHBOARD });
    expect(remove).toBeTypeOf('function');
    expect(dashboards.shown).toHaveLength(1);
    const { context } = dashboards.shown[0]!;
    expect(dashboards.shown[0]!.body).toBe(body);
    expect(context.dashboard).toBe(DASHBOARD);
    expect(context.app.name).toBe('Dashboards');
    expect(context.app.windows).toEqual([]);
    expect(harness.manager.getState().running).toEqual([]);
    remove!();
    expect(dashboards.removed()).toBe(1);
    expect((context.app as unknown as { destroyed: boolean }).destroyed).toBe(true);
  });

  it('answers null, without an alert, when the package is missing, hidden from the user, or offers no home widget', async () => {
    harness = packageHarness({
      manifest: [entry('Hidden', { defaultAppforOrgs: 0 }), entry('Plain', { defaultAppforOrgs: 1 })],
      builtins: { Hidden: dashboardsRuntime().runtime, Plain: defineApplication(() => undefined) },
    });
    await harness.manager.load();
    expect(await harness.manager.mountHomeWidget('Dashboards', body, { dashboard: DASHBOARD })).toBeNull();
    expect(await harness.manager.mountHomeWidget('Hidden', body, { dashboard: DASHBOARD })).toBeNull();
    expect(await harness.manager.mountHomeWidget('Plain', body, { dashboard: DASHBOARD })).toBeNull();
    expect(harness.alerts()).toEqual([]);
  });

  it('logs a widget that throws and answers null, so that the desktop shows its fallback', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const broken = defineApplication(() => undefined, {
      widgets: {
        home() {
          throw new Error('no charts');
        },
      },
    });
    harness = packageHarness({ manifest: [entry('Dashboards', { defaultAppforOrgs: 1 })], builtins: { Dashboards: broken } });
    await harness.manager.load();
    expect(await harness.manager.mountHomeWidget('Dashboards', body, { dashboard: DASHBOARD })).toBeNull();
    expect(warn).toHaveBeenCalledWith('The home widget of Dashboards could not be shown.', expect.any(Error));
    expect(harness.alerts()).toEqual([]);
  });
});
