import type { DesktopSettingsAccess } from '@atrium/sdk';
import { useCallback, useState, useSyncExternalStore } from 'react';

/** A desktop setting as a control needs it. */
export interface SettingBinding<T> {
  value: T;
  /** settings.lock holds the key: the control is shown disabled. */
  locked: boolean;
  /** Why the last change was refused (the store's message), until the next accepted one. */
  error: string | null;
  /** Changes the setting at once (the store applies it and saves it debounced). */
  set(value: T): void;
}

/** Follows one desktop setting (also changes made elsewhere) and changes it through the store. */
export function useSetting<T>(settings: DesktopSettingsAccess, key: string): SettingBinding<T> {
  const subscribe = useCallback((listener: () => void) => settings.subscribe(listener), [settings]);
  const value = useSyncExternalStore(subscribe, () => settings.get<T>(key));
  const locked = useSyncExternalStore(subscribe, () => settings.isLocked(key));
  const [error, setError] = useState<string | null>(null);
  const set = useCallback(
    (next: T) => {
      try {
        settings.set(key, next);
        setError(null);
      } catch (problem) {
        setError(problem instanceof Error ? problem.message : String(problem));
      }
    },
    [settings, key],
  );
  return { value, locked, error, set };
}
