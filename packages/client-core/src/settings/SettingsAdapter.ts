import type { Envelope, SettingsResponse, SettingsValues } from '@atrium/shared';
import type { RequestClient } from '../api/RequestClient.js';

/**
 * Where the settings are kept (docs/behaviour/settings.md: the server, local storage or
 * standalone mode). load() may return only some values: the store fills in
 * the configured defaults. save() gets the changed keys (null: back to the
 * default) and may answer the new state.
 */
export interface SettingsAdapter {
  load(): Promise<SettingsResponse>;
  save(changes: Record<string, unknown>): Promise<SettingsResponse | void>;
}

/** The base every adapter extends: load and save reject with Error('Not implemented') until overridden. */
export class SettingsAdapterBase implements SettingsAdapter {
  load(): Promise<SettingsResponse> {
    return Promise.reject(new Error('Not implemented'));
  }

  save(_changes: Record<string, unknown>): Promise<SettingsResponse | void> {
    return Promise.reject(new Error('Not implemented'));
  }
}

/** The server's settings: GET and POST {api}/settings (docs/API.md), answered as {values, locked}. */
export class ServerSettingsAdapter extends SettingsAdapterBase {
  readonly #api: RequestClient;

  constructor(api: RequestClient) {
    super();
    this.#api = api;
  }

  override async load(): Promise<SettingsResponse> {
    return settingsOf(await this.#api.get<Envelope<SettingsResponse>>('settings'));
  }

  override async save(changes: Record<string, unknown>): Promise<SettingsResponse> {
    // keepalive: a save made as the page is hidden or closed still reaches the server.
    return settingsOf(await this.#api.post<Envelope<SettingsResponse>>('settings', changes, { keepalive: true }));
  }
}

/**
 * Settings kept in the browser's local storage under one key (as JSON),
 * nothing locked. Without storage, load gives no values (the defaults) and
 * save rejects.
 */
export class LocalStorageSettingsAdapter extends SettingsAdapterBase {
  readonly #storage: Storage | null;
  readonly #key: string;

  constructor(storage: Storage | null, key = 'settings') {
    super();
    this.#storage = storage;
    this.#key = key;
  }

  override async load(): Promise<SettingsResponse> {
    return { values: this.#read() as SettingsValues, locked: [] };
  }

  override async save(changes: Record<string, unknown>): Promise<SettingsResponse> {
    if (!this.#storage) throw new Error('Local storage is unavailable');
    const values = this.#read();
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) delete values[key];
      // Defined, not assigned: a key such as __proto__ stays an own value and never changes the object's prototype.
      else Object.defineProperty(values, key, { value, enumerable: true, writable: true, configurable: true });
    }
    this.#storage.setItem(this.#key, JSON.stringify(values));
    return { values: values as SettingsValues, locked: [] };
  }

  #read(): Record<string, unknown> {
    const text = this.#storage?.getItem(this.#key);
    if (!text) return {};
    try {
      const parsed = JSON.parse(text) as unknown;
      return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  }
}

/** Standalone mode (no server): inherits the rejecting defaults, so the store runs on the configured defaults. */
export class StandaloneSettingsAdapter extends SettingsAdapterBase {}

function settingsOf(answer: Envelope<SettingsResponse>): SettingsResponse {
  const data = answer?.status === 'success' ? answer.data : undefined;
  if (!data || typeof data.values !== 'object' || data.values === null) throw new Error('The server sent no settings');
  return { values: data.values, locked: Array.isArray(data.locked) ? data.locked.filter((k) => typeof k === 'string') : [] };
}
