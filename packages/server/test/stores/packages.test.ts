// @module-tag postgres
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStores, type TestStores } from '../helpers/testStores.js';
import { databaseKind } from '../helpers/testDatabase.js';

describe(`PackageStore on ${databaseKind}`, () => {
  let s: TestStores;
  beforeAll(async () => {
    s = await createTestStores();
  });
  afterAll(() => s.close());

  const metadata = (title: string) => ({ name: 'Timesheets', type: 'application', files: ['main.js'], title: { en_EN: title } });

  it('saves a package enabled, and replaces its metadata when saved again, keeping the flag and the registration time', async () => {
    const first = await s.stores.packages.save('Timesheets', metadata('One'));
    expect(first).toMatchObject({ created: true, record: { name: 'Timesheets', enabled: true, metadata: metadata('One') } });
    await s.stores.packages.setEnabled('Timesheets', false);
    const second = await s.stores.packages.save('Timesheets', metadata('Two'));
    expect(second).toMatchObject({ created: false, record: { enabled: false, metadata: metadata('Two') } });
    expect(second.record.registeredAt).toEqual(first.record.registeredAt);
    expect(second.record.updatedAt.getTime()).toBeGreaterThanOrEqual(first.record.updatedAt.getTime());
  });

  it('lists by name, toggles and removes', async () => {
    await s.stores.packages.save('Aurora', { name: 'Aurora', type: 'theme', title: { en_EN: 'Aurora' } });
    expect((await s.stores.packages.list()).map((p) => p.name)).toEqual(['Aurora', 'Timesheets']);
    expect(await s.stores.packages.setEnabled('Timesheets', true)).toMatchObject({ enabled: true });
    expect(await s.stores.packages.setEnabled('Missing', true)).toBeNull();
    expect(await s.stores.packages.remove('Aurora')).toBe(true);
    expect(await s.stores.packages.remove('Aurora')).toBe(false);
    expect(await s.stores.packages.findByName('Aurora')).toBeNull();
  });
});
