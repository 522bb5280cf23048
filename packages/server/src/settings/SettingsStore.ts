/** One change of a user's settings: a value to store, or null to go back to the default. */
export interface SettingChange {
  key: string;
  value: unknown;
}

/** Persistence of users' settings, one value per user and key. */
export interface SettingsStore {
  /** The user's stored values by key. */
  list(userId: string): Promise<Record<string, unknown>>;
  /** Applies every change in one transaction: all are written or none. Null deletes the key. */
  apply(userId: string, changes: readonly SettingChange[]): Promise<void>;
}
