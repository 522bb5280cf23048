import { socketMessages } from '@atrium/shared';
import type { SocketHub } from '../sockets/SocketHub.js';
import type { EventBus } from './EventBus.js';

/** The bus topic of changed settings. */
export const SETTINGS_TOPIC = 'settings';

const ID = /^[0-9a-f-]{36}$/i;
/** A setting's key as the settings name them ('desktop.theme', 'app.Files.view'). */
const KEY = /^[\w.-]{1,200}$/;
/** The most keys one change names. */
const MAX_KEYS = 100;

/** A settings change from another server, checked: null when it is none. */
export function parseSettingsMessage(payload: unknown): { userId: string; keys: string[] } | null {
  if (!payload || typeof payload !== 'object') return null;
  const { userId, keys } = payload as Record<string, unknown>;
  if (typeof userId !== 'string' || !ID.test(userId)) return null;
  if (!Array.isArray(keys) || keys.length > MAX_KEYS || !keys.every((key): key is string => typeof key === 'string' && KEY.test(key))) return null;
  return { userId, keys };
}

/**
 * Settings changed through another server reach the user's desktops
 * connected here (`atrium/settings:changed`, by the keys' names: each
 * desktop reads the values itself). Returns what the settings service
 * calls on a change made here, and the function that stops listening.
 */
export function shareSettingsChanges(bus: EventBus, hub: Pick<SocketHub, 'sendToUser'>): { changedHere(userId: string, keys: string[]): void; stop(): void } {
  const stop = bus.subscribe(SETTINGS_TOPIC, (payload, origin) => {
    if (origin !== 'elsewhere') return;
    const message = parseSettingsMessage(payload);
    if (message) hub.sendToUser(message.userId, socketMessages.settingsChanged(message.keys));
  });
  return {
    changedHere: (userId, keys) => bus.publish(SETTINGS_TOPIC, { userId, keys }),
    stop,
  };
}
