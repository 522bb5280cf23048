/** Single-use password-reset codes, stored as hashes. */
export interface PasswordResetStore {
  create(input: { userId: string; codeHash: string; createdAt: Date; expiresAt: Date }): Promise<void>;
  /** Marks an unused, unexpired code used and returns its user, atomically; null otherwise. */
  consume(codeHash: string, now: Date): Promise<string | null>;
  /** Codes issued to a user since a time (to limit mail floods). */
  countIssuedSince(userId: string, since: Date): Promise<number>;
  /** Invalidates every unused code of a user. */
  invalidateAll(userId: string, now: Date): Promise<void>;
}
