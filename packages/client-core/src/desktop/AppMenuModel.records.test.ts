import { DECLARED_APP_TYPE } from '@atrium/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { entry, packageHarness, profileApp, type HarnessOptions, type PackageHarness } from '../packages/testing/packageHarness.js';
import { AppMenuModel } from './AppMenuModel.js';

let harness: PackageHarness | null = null;
let model: AppMenuModel | null = null;

afterEach(() => {
  model?.dispose();
  harness?.dispose();
  model = null;
  harness = null;
});

async function menu(options: HarnessOptions): Promise<AppMenuModel> {
  harness = packageHarness(options);
  const h = harness;
  await h.manager.load();
  return (model = new AppMenuModel({ packages: h.manager, profile: h.hooks.profile, locale: () => h.locale.current }));
}

/** A declared application of the profile, titled in its start_options. */
const declared = (name: string, title: string) => profileApp(name, { is_base_app: true, app_type: DECLARED_APP_TYPE, category: 'employee center', start_options: JSON.stringify({ name, title }) });

describe('AppMenuModel: declared applications', () => {
  it('lists a declared application as available when the user has Records, and not Records itself', async () => {
    const m = await menu({ profileApps: [declared('LeaveRequests', 'Leave requests')], manifest: [entry('Records', { defaultAppforOrgs: 1 })] });
    expect(m.getState().entries).toEqual([expect.objectContaining({ name: 'LeaveRequests', title: 'Leave requests', category: 'employee center', available: true })]);
  });

  it('lists a declared application as unavailable when the user does not have Records', async () => {
    const m = await menu({ profileApps: [declared('LeaveRequests', 'Leave requests')], manifest: [entry('Records')] });
    expect(m.getState().entries).toEqual([expect.objectContaining({ name: 'LeaveRequests', available: false })]);
  });
});
