import { DEFAULT_SETTINGS } from '@atrium/shared';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../testing/FakeEnvironment.js';
import { startSignedIn } from '../testing/fixtures.js';
import { MemoryStorage } from '../testing/MemoryStorage.js';
import { LocalStorageSettingsAdapter, ServerSettingsAdapter, SettingsAdapterBase, StandaloneSettingsAdapter } from './SettingsAdapter.js';

describe('SettingsAdapterBase and StandaloneSettingsAdapter', () => {
  it("reject load and save with 'Not implemented'", async () => {
    for (const adapter of [new SettingsAdapterBase(), new StandaloneSettingsAdapter()]) {
      await expect(adapter.load()).rejects.toThrow(new Error('Not implemented'));
      await expect(adapter.save({ 'desktop.lock': true })).rejects.toThrow('Not implemented');
    }
  });
});

describe('ServerSettingsAdapter', () => {
  it('GETs and POSTs {api}/settings with the bearer token', async () => {
    const { env, session } = await startSignedIn();
    const answer = { values: { ...DEFAULT_SETTINGS, 'desktop.font': 'Roboto' }, locked: ['desktop.theme'] };
    env.route('GET', '/api/v1/settings', () => jsonResponse(200, { status: 'success', data: answer }));
    env.route('POST', '/api/v1/settings', () => jsonResponse(200, { status: 'success', data: answer }));
    const adapter = new ServerSettingsAdapter(session.api);
    expect(await adapter.load()).toEqual(answer);
    expect(await adapter.save({ 'desktop.font': 'Roboto', 'desktop.theme': null })).toEqual(answer);
    const post = env.calls('POST', '/api/v1/settings')[0]!;
    expect(post.json()).toEqual({ 'desktop.font': 'Roboto', 'desktop.theme': null });
    expect(post.headers.Authorization).toBe(`Bearer ${session.accessToken()}`);
  });

  it('raises the server refusal', async () => {
    const { env, session } = await startSignedIn();
    env.route('POST', '/api/v1/settings', () => jsonResponse(403, { status: 'error', message: "Setting 'desktop.theme' is locked" }, 'Forbidden'));
    await expect(new ServerSettingsAdapter(session.api).save({ 'desktop.theme': 'Vision' })).rejects.toThrow("Setting 'desktop.theme' is locked");
  });
});

describe('LocalStorageSettingsAdapter', () => {
  it('keeps the values as JSON under its key; null removes a key', async () => {
    const storage = new MemoryStorage();
    const adapter = new LocalStorageSettingsAdapter(storage);
    expect(await adapter.load()).toEqual({ values: {}, locked: [] });
    await adapter.save({ 'desktop.font': 'Roboto', 'desktop.lock': true });
    await adapter.save({ 'desktop.lock': null });
    expect(JSON.parse(storage.getItem('settings')!)).toEqual({ 'desktop.font': 'Roboto' });
    expect((await new LocalStorageSettingsAdapter(storage).load()).values).toEqual({ 'desktop.font': 'Roboto' });
  });

  it('reads garbage as no values and rejects saves without storage', async () => {
    const storage = new MemoryStorage();
    storage.setItem('prefs', '{not json');
    expect((await new LocalStorageSettingsAdapter(storage, 'prefs').load()).values).toEqual({});
    const none = new LocalStorageSettingsAdapter(null);
    expect((await none.load()).values).toEqual({});
    await expect(none.save({ 'desktop.lock': true })).rejects.toThrow('Local storage is unavailable');
  });

  it('stores a key named __proto__ as a plain value, never as the prototype of the values', async () => {
    const storage = new MemoryStorage();
    const adapter = new LocalStorageSettingsAdapter(storage);
    const saved = await adapter.save(JSON.parse('{"__proto__": {"polluted": true}, "toString": 1}') as Record<string, unknown>);
    expect(Object.getPrototypeOf(saved.values)).toBe(Object.prototype);
    expect((saved.values as Record<string, unknown>).polluted).toBeUndefined();
    expect(JSON.parse(storage.getItem('settings')!)).toEqual(JSON.parse('{"__proto__": {"polluted": true}, "toString": 1}'));
  });
});
