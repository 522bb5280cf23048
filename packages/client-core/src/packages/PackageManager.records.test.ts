import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { entry, packageHarness, profileApp, recordingRuntime, type HarnessOptions, type PackageHarness } from './testing/packageHarness.js';

let harness: PackageHarness;
async function setup(options: HarnessOptions) {
  harness = packageHarness(options);
  await harness.manager.load();
  return harness;
}
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  harness?.dispose();
  vi.restoreAllMocks();
});

const manifest = [entry('Records', { defaultAppforOrgs: 1 }), entry('Viewer', { defaultAppforOrgs: 1 })];
const leave = profileApp('LeaveRequests', { is_base_app: true, app_type: 3 });
const assets = profileApp('Assets', { is_base_app: true, app_type: 3 });

describe('PackageManager and declared applications', () => {
  it('opens a declared application (app_type 3) in Records with args {app}, and the session keeps its name', async () => {
    const records = recordingRuntime();
    const h = await setup({ manifest, builtins: { Records: records }, profileApps: [leave] });
    const app = await h.manager.launch('LeaveRequests', { url: 'https://evil.example' });
    expect(app?.name).toBe('Records');
    expect(app?.args).toEqual({ app: 'LeaveRequests' });
    expect(app?.options).toMatchObject({ sessionName: 'LeaveRequests' });
    expect(h.manager.canLaunch('LeaveRequests')).toBe(true);
  });

  it('passes the record asked for, from the arguments or from the page address (its options)', async () => {
    const records = recordingRuntime();
    const h = await setup({ manifest, builtins: { Records: records }, profileApps: [leave, assets] });
    expect((await h.manager.launch('LeaveRequests', { record: 'LR-2026-00001' }))?.args).toEqual({ app: 'LeaveRequests', record: 'LR-2026-00001' });
    expect((await h.manager.launch('Assets', {}, { record: 'AS-7' }))?.args).toEqual({ app: 'Assets', record: 'AS-7' });
  });

  it('keeps one window per declared application: chosen again, it comes forward and is told the record asked for', async () => {
    const records = recordingRuntime();
    const h = await setup({ manifest, builtins: { Records: records }, profileApps: [leave, assets] });
    const first = (await h.manager.launch('LeaveRequests'))!;
    const other = (await h.manager.launch('Assets'))!;
    expect(other).not.toBe(first);
    const attention = vi.fn();
    first.on('attention', attention);
    h.windows.minimize(first.windows[0]!.wid);
    const again = await h.manager.launch('LeaveRequests', { record: 'LR-2026-00002' });
    expect(again).toBe(first);
    expect(records.launched).toHaveLength(2);
    expect(attention).toHaveBeenCalledWith(expect.objectContaining({ args: { app: 'LeaveRequests', record: 'LR-2026-00002' } }));
    expect(h.windows.get(first.windows[0]!.wid)?.state).toMatchObject({ minimized: false, focused: true });
  });

  it('passes a list asked for (a dashboard drill to the records behind a figure): a dataset or entity and its filters, at launch and launched again', async () => {
    const records = recordingRuntime();
    const h = await setup({ manifest, builtins: { Records: records }, profileApps: [leave] });
    const filters = [{ dimension: 'status', op: 'eq', value: 'approved' }];
    const app = (await h.manager.launch('LeaveRequests', { dataset: 'leaves', filters, other: 'dropped' }))!;
    expect(app.args).toEqual({ app: 'LeaveRequests', dataset: 'leaves', filters });
    const attention = vi.fn();
    app.on('attention', attention);
    await h.manager.launch('LeaveRequests', { entity: 'LeaveRequest', filters: [] });
    expect(attention).toHaveBeenCalledWith(expect.objectContaining({ args: { app: 'LeaveRequests', entity: 'LeaveRequest', filters: [] } }));
  });

  it('refuses a declared application when the user does not have Records', async () => {
    const h = await setup({ manifest: [entry('Records')], builtins: { Records: recordingRuntime() }, profileApps: [leave] });
    expect(h.manager.canLaunch('LeaveRequests')).toBe(false);
    expect(await h.manager.launch('LeaveRequests')).toBeNull();
    expect(h.alerts()).toHaveLength(1);
  });
});

describe('Desktop.onRecordsChanged', () => {
  const microtasks = async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };

  it("tells an application each change of records the desktop socket hears, and null once the connection is back, until it stops listening", async () => {
    const h = await setup({ manifest, builtins: { Records: recordingRuntime() }, profileApps: [leave], sockets: true });
    h.socket!.connect();
    const app = (await h.manager.launch('LeaveRequests'))!;
    const heard: unknown[] = [];
    const stop = app.desktop.onRecordsChanged((change) => heard.push(change));
    await microtasks();
    h.server.broadcast('atrium/records:changed', { app: 'LeaveRequests', entity: 'LeaveRequest', names: ['LR-2026-00001'], by: 'Olivia Hart' });
    expect(heard).toEqual([{ app: 'LeaveRequests', entity: 'LeaveRequest', names: ['LR-2026-00001'], by: 'Olivia Hart' }]);
    h.server.goDown();
    h.server.comeBack();
    await h.clock.settle(5000);
    expect(heard.at(-1)).toBeNull();
    stop();
    h.server.broadcast('atrium/records:changed', { app: 'LeaveRequests', entity: 'LeaveRequest', names: ['LR-2026-00002'] });
    expect(heard.filter((c) => c !== null)).toHaveLength(1);
  });
});
