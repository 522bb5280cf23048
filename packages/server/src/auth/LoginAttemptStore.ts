/** Record of sign-in attempts, for throttling. */
export interface LoginAttemptStore {
  record(attempt: { username: string; ip: string; success: boolean; at: Date }): Promise<void>;
  /** Failed attempts since a time, for a username or for a client address. */
  countFailures(filter: { username: string } | { ip: string }, since: Date): Promise<number>;
  /** Forgets the failures of a username (after a successful sign-in or a password reset). */
  clearFailures(username: string): Promise<void>;
  /** Deletes attempts older than the given time. */
  purge(before: Date): Promise<number>;
}
