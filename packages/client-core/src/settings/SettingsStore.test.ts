import { DEFAULT_SETTINGS, type DesktopSettings, type SettingsResponse } from '@atrium/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequestError } from '../api/RequestError.js';
import { FakeClock, flushPromises } from '../testing/FakeClock.js';
import { translateEnglish } from '../testing/translate.js';
import type { SettingsAdapter } from './SettingsAdapter.js';
import { SettingLockedError, SettingsStore, SettingValueError } from './SettingsStore.js';

/** An adapter over values in memory, recording every save. */
class MemoryAdapter implements SettingsAdapter {
  values: Record<string, unknown> = {};
  locked: string[] = [];
  readonly saves: Record<string, unknown>[] = [];
  loadFails: Error | null = null;
  saveFails: Error | null = null;

  async load(): Promise<SettingsResponse> {
    if (this.loadFails) throw this.loadFails;
    return { values: { ...DEFAULT_SETTINGS, ...this.values } as SettingsResponse['values'], locked: [...this.locked] };
  }

  async save(changes: Record<string, unknown>): Promise<SettingsResponse> {
    this.saves.push(changes);
    if (this.saveFails) throw this.saveFails;
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) delete this.values[key];
      else this.values[key] = value;
    }
    return this.load();
  }
}

const configured: DesktopSettings = { ...DEFAULT_SETTINGS, 'desktop.theme': 'Nocturne' };
const stores: SettingsStore[] = [];

function setup(options: { lock?: string[] } = {}) {
  const clock = new FakeClock();
  const adapter = new MemoryAdapter();
  const store = new SettingsStore({ adapter, clock, defaults: configured, lock: options.lock ?? [], translate: translateEnglish });
  stores.push(store);
  return { clock, adapter, store };
}

afterEach(() => {
  stores.splice(0).forEach((s) => s.dispose());
  vi.restoreAllMocks();
});

describe('SettingsStore load', () => {
  it('starts on the configured defaults and takes the stored values and locks', async () => {
    const { adapter, store } = setup();
    expect(store.getState()).toMatchObject({ loaded: false, locked: [] });
    expect(store.get('desktop.theme')).toBe('Nocturne');
    adapter.values = { 'desktop.font': 'Roboto', 'app.Notes': { wrap: true } };
    adapter.locked = ['desktop.lock'];
    await store.load();
    expect(store.getState()).toMatchObject({ loaded: true, locked: ['desktop.lock'] });
    expect(store.get('desktop.font')).toBe('Roboto');
    expect(store.get('app.Notes')).toEqual({ wrap: true });
    expect(store.isLocked('desktop.lock')).toBe(true);
  });

  it('logs a warning and keeps the configured defaults and locks when loading fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { adapter, store } = setup({ lock: ['desktop.theme'] });
    adapter.loadFails = new Error('Network request failed');
    await store.load();
    expect(warn).toHaveBeenCalledOnce();
    expect(store.getState()).toEqual({ values: configured, locked: ['desktop.theme'], loaded: true });
    expect(() => store.set('desktop.theme', 'Vision')).toThrow(SettingLockedError);
  });

  it('leaves out stored values the rules refuse', async () => {
    const { adapter, store } = setup();
    adapter.values = { 'desktop.font': 'Comic Sans', 'no.such': 1 };
    await store.load();
    expect(store.get('desktop.font')).toBe('Lato');
    expect(store.get('no.such')).toBeUndefined();
  });
});

describe('SettingsStore set', () => {
  it('knows no value under a key named like a built-in member', async () => {
    const { store } = setup();
    await store.load();
    for (const key of ['toString', 'constructor', '__proto__', 'hasOwnProperty']) expect(store.get(key)).toBeUndefined();
  });

  it('applies a change at once and saves once, 100 ms after the last of several quick changes, with every changed key', async () => {
    const { clock, adapter, store } = setup();
    await store.load();
    const seen: unknown[] = [];
    store.subscribe(() => seen.push(store.get('desktop.font')));
    store.set('desktop.font', 'Roboto');
    expect(store.get('desktop.font')).toBe('Roboto');
    expect(seen).toEqual(['Roboto']);
    clock.advance(60);
    store.set('desktop.lock', true);
    clock.advance(60);
    store.set('desktop.font', 'Lato');
    clock.advance(99);
    expect(adapter.saves).toEqual([]);
    await clock.settle(1);
    expect(adapter.saves).toEqual([{ 'desktop.font': 'Lato', 'desktop.lock': true }]);
    await clock.settle(1000);
    expect(adapter.saves).toHaveLength(1);
  });

  it('refuses a locked key with the translated error and saves nothing', async () => {
    const { clock, adapter, store } = setup({ lock: ['desktop.theme'] });
    expect(() => store.set('desktop.theme', 'Vision')).toThrow(new SettingLockedError('desktop.theme', translateEnglish));
    expect(() => store.set('desktop.theme', 'Vision')).toThrow("Setting 'desktop.theme' is locked");
    expect(() => store.reset('desktop.theme')).toThrow(SettingLockedError);
    expect(store.get('desktop.theme')).toBe('Nocturne');
    await clock.settle(500);
    expect(adapter.saves).toEqual([]);
  });

  it('translates the locked message', () => {
    const error = new SettingLockedError('locale', (key, vars) => `${key}|${String(vars?.key)}`);
    expect(error.message).toBe('settings.locked|locale');
    expect(error.key).toBe('locale');
  });

  it("refuses an invalid value with the shared rule's text and keeps the old value", async () => {
    const { clock, adapter, store } = setup();
    expect(() => store.set('desktop.font', 'Comic Sans')).toThrow(SettingValueError);
    expect(() => store.set('desktop.font', 'Comic Sans')).toThrow(/^Invalid value for setting 'desktop.font': /);
    expect(() => store.set('desktop.panels', [{ position: 'top', ontop: true, items: [{ name: 'clock' }] }])).toThrow('Invalid panel item specified');
    expect(() => store.set('desktop.nonsense', 1)).toThrow("Unknown setting 'desktop.nonsense'");
    expect(store.get('desktop.font')).toBe('Lato');
    await clock.settle(500);
    expect(adapter.saves).toEqual([]);
  });

  it('resets a key to its configured default and sends null; an app key disappears', async () => {
    const { clock, adapter, store } = setup();
    adapter.values = { 'desktop.theme': 'Vision', 'app.Notes': { wrap: true } };
    await store.load();
    store.reset('desktop.theme');
    store.set('app.Notes', null);
    expect(store.get('desktop.theme')).toBe('Nocturne');
    expect(store.get('app.Notes')).toBeUndefined();
    await clock.settle(100);
    expect(adapter.saves).toEqual([{ 'desktop.theme': null, 'app.Notes': null }]);
  });

  it('save() flushes at once and cancels the debounce', async () => {
    const { clock, adapter, store } = setup();
    store.set('desktop.lock', true);
    await store.save();
    expect(adapter.saves).toEqual([{ 'desktop.lock': true }]);
    await clock.settle(500);
    expect(adapter.saves).toHaveLength(1);
  });
});

describe('SettingsStore save failures', () => {
  it('keeps the values and warns; undelivered changes go with the next save', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { clock, adapter, store } = setup();
    adapter.saveFails = new RequestError('request.network');
    store.set('desktop.font', 'Roboto');
    await clock.settle(100);
    expect(warn).toHaveBeenCalledOnce();
    expect(store.get('desktop.font')).toBe('Roboto');
    adapter.saveFails = null;
    store.set('desktop.lock', true);
    await clock.settle(100);
    expect(adapter.saves.at(-1)).toEqual({ 'desktop.lock': true, 'desktop.font': 'Roboto' });
  });

  it('drops changes the server refused (4xx) instead of sending them again', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { clock, adapter, store } = setup();
    adapter.saveFails = new RequestError('request.failed', { status: 403, reason: "Setting 'desktop.font' is locked" });
    store.set('desktop.font', 'Roboto');
    await clock.settle(100);
    adapter.saveFails = null;
    store.set('desktop.lock', true);
    await clock.settle(100);
    expect(adapter.saves.at(-1)).toEqual({ 'desktop.lock': true });
  });
});

describe('SettingsStore reload and dispose', () => {
  it('reload() takes changes made elsewhere and keeps unsaved local changes on top', async () => {
    const { adapter, store } = setup();
    await store.load();
    store.set('desktop.lock', true);
    adapter.values = { 'desktop.font': 'Roboto', 'desktop.lock': false };
    await store.reload();
    expect(store.get('desktop.font')).toBe('Roboto');
    expect(store.get('desktop.lock')).toBe(true);
  });

  it('a failed reload warns and keeps the current values', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { adapter, store } = setup();
    adapter.values = { 'desktop.font': 'Roboto' };
    await store.load();
    adapter.loadFails = new Error('offline');
    await store.reload();
    expect(warn).toHaveBeenCalledOnce();
    expect(store.get('desktop.font')).toBe('Roboto');
  });

  it('dispose() flushes pending changes and cancels the timer', async () => {
    const { clock, adapter, store } = setup();
    store.set('desktop.font', 'Roboto');
    store.dispose();
    await flushPromises();
    expect(adapter.saves).toEqual([{ 'desktop.font': 'Roboto' }]);
    expect(clock.pending).toBe(0);
  });
});
