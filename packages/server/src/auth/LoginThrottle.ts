import type { LoginAttemptStore } from './LoginAttemptStore.js';

export interface ThrottleLimits {
  /** Failures per username within the window before the account is locked. */
  maxFailuresAccount: number;
  /** Failures per client address within the window before sign-ins from it are slowed down. */
  maxFailuresAddress: number;
  /** Window, in seconds. */
  window: number;
  /** Longest wait, in milliseconds, before answering a sign-in from an address past its failures (default 10 s; 0: none). */
  addressMaxDelay?: number;
}

/** Wait for the first sign-in past an address's failures; it doubles with each further failure, up to addressMaxDelay. */
export const ADDRESS_BASE_DELAY_MS = 500;
const DEFAULT_ADDRESS_MAX_DELAY_MS = 10_000;

/** A NUL, or an unpaired UTF-16 surrogate: characters the database cannot store as text. */
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * The username an attempt is counted under. Whatever was typed is counted:
 * characters the database cannot store are replaced (by U+FFFD) rather than
 * let the attempt fail unrecorded.
 */
function attemptKey(username: string): string {
  return username.replace(UNSTORABLE, '\ufffd');
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Sign-in throttling (docs/SECURITY.md, "Sign-in throttling"):
 *
 * - per account: more than maxFailuresAccount failures for one username
 *   within the window lock it; a locked attempt is rejected exactly like a
 *   wrong password, so the lock reveals nothing;
 * - per client address: past maxFailuresAddress failures within the window,
 *   every sign-in from that address is answered only after a wait that
 *   doubles with each further failure, up to addressMaxDelay. The address is
 *   slowed down, never locked: many users behind one proxy address (without
 *   TRUST_PROXY) still sign in when someone else guesses from it.
 */
export class LoginThrottle {
  private readonly addressMaxDelay: number;

  constructor(
    private readonly attempts: LoginAttemptStore,
    private readonly limits: ThrottleLimits,
    private readonly now: () => Date,
    private readonly sleep: (ms: number) => Promise<void> = wait,
  ) {
    this.addressMaxDelay = limits.addressMaxDelay ?? DEFAULT_ADDRESS_MAX_DELAY_MS;
  }

  /** Milliseconds a sign-in waits after `failures` failures from its address within the window. */
  addressDelay(failures: number): number {
    const over = failures - this.limits.maxFailuresAddress;
    if (over < 0 || this.addressMaxDelay <= 0) return 0;
    return Math.min(this.addressMaxDelay, ADDRESS_BASE_DELAY_MS * 2 ** Math.min(over, 30));
  }

  /**
   * Waits the address's delay, if it has one, then tells whether the
   * username is locked. Called before the password is checked.
   */
  async isLocked(username: string, ip: string): Promise<boolean> {
    const since = new Date(this.now().getTime() - this.limits.window * 1000);
    const [forAccount, forAddress] = await Promise.all([
      this.attempts.countFailures({ username: attemptKey(username) }, since),
      this.attempts.countFailures({ ip }, since),
    ]);
    const delay = this.addressDelay(forAddress);
    if (delay > 0) await this.sleep(delay);
    return forAccount >= this.limits.maxFailuresAccount;
  }

  async record(username: string, ip: string, success: boolean): Promise<void> {
    const key = attemptKey(username);
    await this.attempts.record({ username: key, ip, success, at: this.now() });
    if (success) await this.attempts.clearFailures(key);
  }

  /** Unlocks an account, e.g. after its password was reset. */
  clear(username: string): Promise<void> {
    return this.attempts.clearFailures(attemptKey(username));
  }
}
