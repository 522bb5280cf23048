import crypto from 'node:crypto';
import { hash, verify, type Options } from '@node-rs/argon2';

/** Hashes and verifies passwords with argon2id. */
export class PasswordHasher {
  private dummy: Promise<string> | undefined;

  /** Costs default to the library's argon2id defaults (19 MiB, 2 passes). */
  constructor(private readonly options: Options = {}) {}

  hash(password: string): Promise<string> {
    return hash(password, this.options);
  }

  /** True when the password matches; false for a wrong password or a malformed hash. */
  async verify(passwordHash: string, password: string): Promise<boolean> {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  }

  /**
   * Verifies against a throwaway hash and returns false. Called when there is
   * no user or no password so that an unknown username takes as long to
   * reject as a wrong password.
   */
  async verifyNothing(password: string): Promise<false> {
    this.dummy ??= this.hash(crypto.randomBytes(16).toString('hex'));
    await this.verify(await this.dummy, password);
    return false;
  }
}
