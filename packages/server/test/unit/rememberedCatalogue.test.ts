import { describe, expect, it } from 'vitest';
import type { AppRecord, AppStore, NewApp } from '../../src/apps/AppStore.js';
import type { PackageRecord, PackageStore } from '../../src/packages/PackageStore.js';
import { withRememberedCatalogue } from '../../src/packages/RememberedCatalogue.js';
import { mayMatch } from '../../src/search/SearchService.js';

/** The catalogue's stores over arrays, counting reads, on a clock moved by hand. */
function setup(ttlSeconds = 10) {
  let now = 0;
  const reads = { apps: 0, packages: 0 };
  const catalogue: AppRecord[] = [];
  const registered: PackageRecord[] = [];
  let hold: Promise<void> | null = null;
  const apps = {
    list: async () => {
      reads.apps++;
      if (hold) await hold;
      return [...catalogue];
    },
    create: async (input: NewApp) => {
      const record = { ...input, id: `app-${catalogue.length}` } as unknown as AppRecord;
      catalogue.push(record);
      return record;
    },
  } as unknown as AppStore;
  const packages = {
    list: async () => {
      reads.packages++;
      return [...registered];
    },
    save: async (name: string, metadata: Record<string, unknown>) => {
      const record = { name, metadata, enabled: true } as unknown as PackageRecord;
      registered.push(record);
      return { record, created: true };
    },
    setEnabled: async (name: string, enabled: boolean) => {
      const record = registered.find((p) => p.name === name)!;
      record.enabled = enabled;
      return record;
    },
    remove: async () => true,
  } as unknown as PackageStore;
  const stores = withRememberedCatalogue({ apps, packages }, { ttlSeconds }, () => now);
  return {
    stores,
    reads,
    advance: (ms: number) => (now += ms),
    holdReads: () => {
      let release!: () => void;
      hold = new Promise((resolve) => (release = resolve));
      return () => {
        hold = null;
        release();
      };
    },
  };
}

describe('the remembered catalogue', () => {
  it('reads the applications and the packages once until they expire', async () => {
    const s = setup();
    await s.stores.apps.list();
    await s.stores.apps.list();
    await s.stores.packages.list();
    await s.stores.packages.list();
    expect(s.reads).toEqual({ apps: 1, packages: 1 });
    s.advance(10_000);
    await s.stores.apps.list();
    await s.stores.packages.list();
    expect(s.reads).toEqual({ apps: 2, packages: 2 });
  });

  it('sees an application installed and a package registered or disabled through it at once', async () => {
    const s = setup();
    expect(await s.stores.apps.list()).toEqual([]);
    await s.stores.apps.create({ name: 'Risks' } as NewApp);
    expect((await s.stores.apps.list()).map((a) => a.name)).toEqual(['Risks']);
    expect(await s.stores.packages.list()).toEqual([]);
    await s.stores.packages.save('Board', {});
    expect((await s.stores.packages.list()).map((p) => p.enabled)).toEqual([true]);
    await s.stores.packages.setEnabled('Board', false);
    expect((await s.stores.packages.list()).map((p) => p.enabled)).toEqual([false]);
  });

  it('does not keep a list read while an application was being installed', async () => {
    const s = setup();
    const release = s.holdReads();
    const stale = s.stores.apps.list();
    await s.stores.apps.create({ name: 'Risks' } as NewApp);
    release();
    await stale;
    expect((await s.stores.apps.list()).map((a) => a.name)).toEqual(['Risks']);
  });

  it('reads every time with a time to live of 0', async () => {
    const s = setup(0);
    await s.stores.apps.list();
    await s.stores.apps.list();
    expect(s.reads.apps).toBe(2);
  });
});

describe("global search's test of what an application's texts may match", () => {
  it('keeps every application whose words begin with each searched word, in any case or language', () => {
    expect(mayMatch(['Risk Register', 'RiskRegister', 'Information security', ''], ['reg'])).toBe(true);
    expect(mayMatch(['Files', 'atrium.files-app', '', 'Dateien Fichiers'], ['datei'])).toBe(true);
    expect(mayMatch(['Leave Requests', 'Leave', 'Employee center', ''], ['leave', 'req'])).toBe(true);
    expect(mayMatch(['Übersicht', 'Overview', '', ''], ['über'])).toBe(true);
    expect(mayMatch(['文件', 'Files', '', ''], ['文件'])).toBe(true);
  });

  it('drops an application that lacks one of the words', () => {
    expect(mayMatch(['Risk Register', 'RiskRegister', 'Information security', ''], ['supplier'])).toBe(false);
    expect(mayMatch(['Leave Requests', 'Leave', 'Employee center', ''], ['leave', 'zanzibar'])).toBe(false);
  });
});
