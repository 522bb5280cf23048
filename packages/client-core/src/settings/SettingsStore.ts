import {
  checkSetting,
  DESKTOP_SETTING_KEYS,
  SETTINGS_SAVE_DEBOUNCE,
  SettingMessages,
  type DesktopSettingKey,
  type DesktopSettings,
  type SettingProblem,
  type SettingsResponse,
  type SettingsValues,
} from '@atrium/shared';
import { RequestError } from '../api/RequestError.js';
import type { Clock } from '../env.js';
import { Observable } from '../Observable.js';
import type { Translate } from '../windows/WindowIdExistsError.js';
import type { SettingsAdapter } from './SettingsAdapter.js';

export { LocalStorageSettingsAdapter, ServerSettingsAdapter, SettingsAdapterBase, StandaloneSettingsAdapter, type SettingsAdapter } from './SettingsAdapter.js';

/** A key of settings.lock cannot be changed (docs/behaviour/settings.md); the message is translate('settings.locked', {key}). */
export class SettingLockedError extends Error {
  constructor(
    readonly key: string,
    translate: Translate | null = null,
  ) {
    super(translate ? translate('settings.locked', { key }) : SettingMessages.locked(key));
    this.name = 'SettingLockedError';
  }
}

/** A value the shared rule refuses; the message is the rule's text (SettingMessages, or 'Invalid panel item specified'). */
export class SettingValueError extends Error {
  readonly key: string;
  readonly kind: SettingProblem['kind'];

  constructor(problem: SettingProblem) {
    super(problem.message);
    this.name = 'SettingValueError';
    this.key = problem.key;
    this.kind = problem.kind;
  }
}

export interface SettingsState {
  /** Every desktop key (configured default unless stored), plus the app keys the user has. */
  values: SettingsValues;
  locked: readonly string[];
  /** Set once load() has ended (also when it failed). */
  loaded: boolean;
}

export interface SettingsStoreOptions {
  adapter: SettingsAdapter;
  clock: Clock;
  /** The configured defaults (client-config settings.defaults). */
  defaults: DesktopSettings;
  /** The configured locked keys (settings.lock), used until the adapter says otherwise. */
  lock: readonly string[];
  translate: Translate;
  /** Save delay after the last change (default 100 ms, docs/behaviour/settings.md#saving). */
  debounce?: number;
}

/**
 * The user's settings (docs/behaviour/settings.md). set() applies
 * at once and saves the changed keys together SETTINGS_SAVE_DEBOUNCE after
 * the last change; reset() goes back to the default and saves null. Locked
 * keys are refused with SettingLockedError, bad values with the shared
 * rule's text. A failed load logs a warning and keeps the configured
 * defaults and locks; a failed save logs a warning and keeps the
 * values (changes the server refused are dropped, others go with the next
 * save). reload() follows changes made elsewhere (atrium/settings:changed).
 */
export class SettingsStore extends Observable<SettingsState> {
  readonly #adapter: SettingsAdapter;
  readonly #clock: Clock;
  readonly #defaults: DesktopSettings;
  readonly #translate: Translate;
  readonly #debounce: number;
  /** Changed keys not yet saved: key → value (null = reset). */
  #pending = new Map<string, unknown>();
  #timer: unknown = null;
  #saving: Promise<void> = Promise.resolve();

  constructor(options: SettingsStoreOptions) {
    super({ values: { ...options.defaults }, locked: [...options.lock], loaded: false });
    this.#adapter = options.adapter;
    this.#clock = options.clock;
    this.#defaults = options.defaults;
    this.#translate = options.translate;
    this.#debounce = options.debounce ?? SETTINGS_SAVE_DEBOUNCE;
  }

  /** Loads the stored values; on failure warns and uses the configured defaults. Unsaved changes stay on top. */
  async load(): Promise<void> {
    try {
      this.#apply(await this.#adapter.load(), true);
    } catch (error) {
      console.warn('The settings could not be loaded; the defaults are used.', error);
      this.setState({ ...this.getState(), loaded: true });
    }
  }

  /** Loads again after a change made elsewhere; a failure warns and keeps the current values. */
  async reload(): Promise<void> {
    try {
      this.#apply(await this.#adapter.load(), true);
    } catch (error) {
      console.warn('The settings could not be reloaded.', error);
    }
  }

  get<K extends DesktopSettingKey>(key: K): DesktopSettings[K];
  get(key: string): unknown;
  get(key: string): unknown {
    // Own values only: a key named like a built-in member (toString, constructor) is just unknown.
    const { values } = this.getState();
    return Object.hasOwn(values, key) ? (values as Record<string, unknown>)[key] : undefined;
  }

  isLocked(key: string): boolean {
    return this.getState().locked.includes(key);
  }

  /** Changes a value at once and saves it soon. Throws SettingLockedError or SettingValueError; null is reset(). */
  set(key: string, value: unknown): void {
    if (value === null) return this.reset(key);
    if (this.isLocked(key)) throw new SettingLockedError(key, this.#translate);
    const checked = checkSetting(key, value);
    if (!checked.ok) throw new SettingValueError(checked.problem);
    this.#change(key, checked.value, checked.value);
  }

  /** Back to the default (an app key disappears); saved as null. */
  reset(key: string): void {
    if (this.isLocked(key)) throw new SettingLockedError(key, this.#translate);
    const checked = checkSetting(key, null);
    if (!checked.ok) throw new SettingValueError(checked.problem);
    this.#change(key, this.#defaultOf(key), null);
  }

  /** Saves the pending changes now; resolves once they are saved (or the save failed, with a warning). */
  save(): Promise<void> {
    this.#clearTimer();
    if (this.#pending.size === 0) return this.#saving;
    const changes = Object.fromEntries(this.#pending);
    this.#pending = new Map();
    this.#saving = this.#saving.then(() => this.#send(changes));
    return this.#saving;
  }

  /** Flushes pending changes (without waiting), cancels the timer and drops the listeners. */
  dispose(): void {
    if (this.#pending.size > 0) void this.save();
    this.#clearTimer();
    this.clearListeners();
  }

  async #send(changes: Record<string, unknown>): Promise<void> {
    try {
      const answer = await this.#adapter.save(changes);
      if (answer) this.#apply(answer, false);
    } catch (error) {
      console.warn('The settings could not be saved.', error);
      if (!refused(error)) {
        // Not refused, only not delivered: they go with the next save unless changed since.
        for (const [key, value] of Object.entries(changes)) if (!this.#pending.has(key)) this.#pending.set(key, value);
      }
    }
  }

  #change(key: string, value: unknown, saved: unknown): void {
    const state = this.getState();
    const values = { ...state.values } as Record<string, unknown>;
    if (value === undefined) delete values[key];
    else values[key] = value;
    this.#pending.set(key, saved);
    this.setState({ ...state, values: values as SettingsValues });
    this.#clearTimer();
    this.#timer = this.#clock.setTimeout(() => {
      this.#timer = null;
      void this.save();
    }, this.#debounce);
  }

  /** Takes an adapter's answer: known, valid values over the defaults; pending changes stay on top. */
  #apply(answer: SettingsResponse, complete: boolean): void {
    const state = this.getState();
    const values: Record<string, unknown> = complete ? { ...this.#defaults } : { ...state.values };
    for (const [key, value] of Object.entries(answer.values ?? {})) {
      if (value === null || value === undefined) {
        if (complete) continue;
        values[key] = this.#defaultOf(key);
        if (values[key] === undefined) delete values[key];
        continue;
      }
      const checked = checkSetting(key, value);
      if (checked.ok) values[key] = checked.value;
    }
    for (const [key, value] of this.#pending) {
      if (value === null) {
        const fallback = this.#defaultOf(key);
        if (fallback === undefined) delete values[key];
        else values[key] = fallback;
      } else values[key] = value;
    }
    const locked = Array.isArray(answer.locked) ? answer.locked : state.locked;
    this.setState({ values: values as SettingsValues, locked: sameList(locked, state.locked) ? state.locked : [...locked], loaded: true });
  }

  #defaultOf(key: string): unknown {
    // App keys have no default: reset removes them.
    return (DESKTOP_SETTING_KEYS as readonly string[]).includes(key) ? (this.#defaults as Record<string, unknown>)[key] : undefined;
  }

  #clearTimer(): void {
    if (this.#timer !== null) this.#clock.clearTimeout(this.#timer);
    this.#timer = null;
  }
}

/** Whether the server refused the changes (4xx): sending them again would fail again. */
function refused(error: unknown): boolean {
  return error instanceof RequestError && typeof error.status === 'number' && error.status >= 400 && error.status < 500;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}
