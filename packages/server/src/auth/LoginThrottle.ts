import type { LoginAttemptStore } from './LoginAttemptStore.js';

export interface ThrottleLimits {
  /** Failures per username within the window before the account is locked. */
  maxFailuresAccount: number;
  /** Failures per client address within the window before the address is locked. */
  maxFailuresAddress: number;
  /** Window, in seconds. */
  window: number;
}

/**
 * Sign-in throttling per account and per client address. A locked attempt is
 * rejected exactly like a wrong password, so the lock reveals nothing.
 */
export class LoginThrottle {
  constructor(
    private readonly attempts: LoginAttemptStore,
    private readonly limits: ThrottleLimits,
    private readonly now: () => Date,
  ) {}

  async isLocked(username: string, ip: string): Promise<boolean> {
    const since = new Date(this.now().getTime() - this.limits.window * 1000);
    const [forAccount, forAddress] = await Promise.all([
      this.attempts.countFailures({ username }, since),
      this.attempts.countFailures({ ip }, since),
    ]);
    return forAccount >= this.limits.maxFailuresAccount || forAddress >= this.limits.maxFailuresAddress;
  }

  async record(username: string, ip: string, success: boolean): Promise<void> {
    await this.attempts.record({ username, ip, success, at: this.now() });
    if (success) await this.attempts.clearFailures(username);
  }

  /** Unlocks an account, e.g. after its password was reset. */
  clear(username: string): Promise<void> {
    return this.attempts.clearFailures(username);
  }
}
