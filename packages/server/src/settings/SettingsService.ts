import {
  appOfSettingKey,
  checkSetting,
  noAccessMessage,
  SettingMessages,
  socketMessages,
  type DesktopSettings,
  type SettingsResponse,
  type SettingsValues,
} from '@atrium/shared';
import type { PackageService } from '../packages/PackageService.js';
import type { SocketHub } from '../sockets/SocketHub.js';
import type { SettingChange, SettingsStore } from './SettingsStore.js';

/** Why a change of settings was refused; nothing was written. */
export interface SettingRefusal {
  kind: 'unknown' | 'invalid' | 'too-large' | 'locked' | 'no-access';
  key: string;
  message: string;
}

export type SettingsUpdate = { ok: true; settings: SettingsResponse; keys: string[] } | { ok: false; refusal: SettingRefusal };

/** Configured defaults and the keys users cannot change (settings.lock). */
export interface SettingsConfig {
  defaults: DesktopSettings;
  lock: readonly string[];
}

/**
 * The settings (docs/behaviour/settings.md): each user's stored values over the configured
 * defaults. A locked key always answers its default and cannot be changed;
 * an application's key ('app.<Name>') exists only for applications the user
 * may see. A change is checked in full before anything is written.
 */
export class SettingsService {
  private readonly locked: ReadonlySet<string>;

  constructor(
    private readonly store: SettingsStore,
    private readonly packages: PackageService,
    private readonly hub: SocketHub,
    private readonly config: SettingsConfig,
    /** Told of every change, for the user's desktops connected to the other servers (docs/DEPLOYMENT.md, "The event bus"). */
    private readonly changedHere: (userId: string, keys: string[]) => void = () => undefined,
  ) {
    this.locked = new Set(config.lock);
  }

  /** Every value (defaults filled in) and the locked keys. */
  async get(userId: string): Promise<SettingsResponse> {
    const [stored, access] = await Promise.all([this.store.list(userId), this.packages.accessFor(userId)]);
    const own: Array<[string, unknown]> = [];
    for (const [key, value] of Object.entries(stored)) {
      if (this.locked.has(key)) continue;
      const app = appOfSettingKey(key);
      if (app !== null && !access.canUseApp(app)) continue;
      // A value stored under older rules that no longer passes falls back to the default.
      const checked = checkSetting(key, value);
      if (checked.ok && checked.value !== null) own.push([key, checked.value]);
    }
    // Object.fromEntries defines own properties: no stored key can reach the object's prototype.
    const values = Object.fromEntries([...Object.entries(this.config.defaults), ...own]) as SettingsValues;
    return { values, locked: [...this.locked] };
  }

  /**
   * Applies changes ({key: value}, null resets a key) when every one is
   * allowed and valid, in one transaction, then tells the user's other
   * desktop sockets which keys changed (all but the `exceptConnection`).
   */
  async update(userId: string, changes: Readonly<Record<string, unknown>>, exceptConnection?: string): Promise<SettingsUpdate> {
    const access = await this.packages.accessFor(userId);
    const accepted: SettingChange[] = [];
    for (const [key, value] of Object.entries(changes)) {
      const checked = checkSetting(key, value);
      if (!checked.ok && checked.problem.kind === 'unknown') return refuse(checked.problem);
      if (this.locked.has(key)) return refuse({ kind: 'locked', key, message: SettingMessages.locked(key) });
      const app = appOfSettingKey(key);
      if (app !== null && !access.canUseApp(app)) return refuse({ kind: 'no-access', key, message: noAccessMessage(app) });
      if (!checked.ok) return refuse(checked.problem);
      accepted.push({ key, value: checked.value });
    }
    await this.store.apply(userId, accepted);
    const keys = accepted.map((c) => c.key);
    this.hub.sendToUser(userId, socketMessages.settingsChanged(keys), exceptConnection);
    this.changedHere(userId, keys);
    return { ok: true, settings: await this.get(userId), keys };
  }
}

function refuse(refusal: SettingRefusal): SettingsUpdate {
  return { ok: false, refusal };
}
