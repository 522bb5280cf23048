/** Persistence of users' saved desktop sessions: one JSON value per user. */
export interface DesktopSessionStore {
  /** The stored session list of the user, as it was written; null when none is saved. */
  find(userId: string): Promise<unknown>;
  /** Replaces the user's saved session. */
  save(userId: string, data: unknown): Promise<void>;
  /** Deletes the user's saved session; nothing happens when there is none. */
  remove(userId: string): Promise<void>;
}
