import { afterEach, describe, expect, it } from 'vitest';
import { entry, packageHarness, recordingRuntime, type PackageHarness } from './testing/packageHarness.js';

let harness: PackageHarness;
afterEach(() => harness?.dispose());

async function setup() {
  const names = ['Plain', 'Late', 'Early', 'Middle', 'Idle', 'Hidden'];
  const runtimes = Object.fromEntries(names.map((n) => [n, recordingRuntime()]));
  harness = packageHarness({
    manifest: [
      entry('Plain', { autostart: true, defaultAppforOrgs: 1 }),
      entry('Late', { autostart: true, precedence: 30, defaultAppforOrgs: 1 }),
      entry('Early', { autostart: true, precedence: 1, defaultAppforOrgs: 1 }),
      entry('Middle', { autostart: true, precedence: 5, defaultAppforOrgs: 1 }),
      entry('Idle', { defaultAppforOrgs: 1 }),
      entry('Hidden', { autostart: true }),
    ],
    builtins: runtimes,
  });
  await harness.manager.load();
  const launched = () => harness.manager.applications().map((a) => a.name);
  return { h: harness, launched };
}

describe('PackageManager.autostart', () => {
  it('launches nothing before 1000 ms; then the apps without precedence and, in ascending precedence 750 ms apart, the others (visible ones only)', async () => {
    const { h, launched } = await setup();
    h.manager.autostart();
    await h.clock.settle(999);
    expect(launched()).toEqual([]);
    await h.clock.settle(1);
    expect(launched()).toEqual(['Early', 'Plain']);
    await h.clock.settle(749);
    expect(launched()).toEqual(['Early', 'Plain']);
    await h.clock.settle(1);
    expect(launched()).toEqual(['Early', 'Plain', 'Middle']);
    await h.clock.settle(750);
    expect(launched()).toEqual(['Early', 'Plain', 'Middle', 'Late']);
    await h.clock.settle(10_000);
    expect(launched()).toHaveLength(4);
  });

  it('skips apps already running and runs once per manager', async () => {
    const { h, launched } = await setup();
    await h.manager.launch('Plain');
    h.manager.autostart();
    h.manager.autostart();
    await h.clock.settle(5000);
    expect(launched()).toEqual(['Plain', 'Early', 'Middle', 'Late']);
  });

  it('dispose cancels what has not launched yet', async () => {
    const { h } = await setup();
    h.manager.autostart();
    await h.clock.settle(1000);
    h.manager.dispose();
    expect(h.clock.pending).toBe(0);
  });
});
