import { checkNewPassword, RESET_CODE_LIFETIME, type PasswordRule } from '@atrium/shared';
import type { Log } from '../logger.js';
import type { Mailer } from '../mail/Mailer.js';
import { normalizeUsername, type UserRecord, type UserStore } from '../users/UserStore.js';
import type { LoginThrottle } from './LoginThrottle.js';
import type { PasswordHasher } from './PasswordHasher.js';
import type { PasswordResetStore } from './PasswordResetStore.js';
import type { SessionStore } from './SessionStore.js';
import { TokenService } from './TokenService.js';

/** Most reset mails one user receives per hour; more requests are quietly dropped. */
const MAX_CODES_PER_HOUR = 5;

export type ResetOutcome = { ok: true } | { ok: false; rule: PasswordRule } | { ok: false; expired: true };

/**
 * Forgot and reset password. Requesting a reset never tells whether the
 * username exists: the answer and its timing are the same either way, as
 * the mail goes out in the background.
 */
export class PasswordRecoveryService {
  private readonly inFlight = new Set<Promise<void>>();
  /** Code issuance runs one at a time, so that the hourly limit cannot be raced past. */
  private issuing: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly users: UserStore,
    private readonly codes: PasswordResetStore,
    private readonly sessions: SessionStore,
    private readonly hasher: PasswordHasher,
    private readonly throttle: LoginThrottle,
    private readonly mailer: Mailer,
    private readonly publicUrl: string,
    private readonly log: Log,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Starts a reset for a username, if it names an enabled user with an e-mail address. */
  requestReset(username: string): void {
    const job = this.issueCode(normalizeUsername(username)).catch((e: unknown) => {
      this.log.error({ event: 'reset.mail-failed', err: e }, 'could not send the password-reset mail');
    });
    this.inFlight.add(job);
    void job.finally(() => this.inFlight.delete(job));
  }

  /** Waits for reset mails still being sent (shutdown, tests). */
  async drain(): Promise<void> {
    while (this.inFlight.size) await Promise.all([...this.inFlight]);
  }

  /** Sets a new password with a reset code: rules first, then the single-use code. */
  async reset(code: string, password: string, confirmation: string): Promise<ResetOutcome> {
    const rule = checkNewPassword(password, confirmation);
    if (rule) return { ok: false, rule };
    const userId = await this.codes.consume(TokenService.hash(code), this.now());
    const user = userId ? await this.users.findById(userId) : null;
    if (!user || user.disabled) return { ok: false, expired: true };
    await this.users.update(user.id, { passwordHash: await this.hasher.hash(password) });
    await this.codes.invalidateAll(user.id, this.now());
    const revoked = await this.sessions.revokeAllForUser(user.id, 'password-reset');
    await this.throttle.clear(user.username);
    this.log.info({ event: 'reset.done', userId: user.id, revokedSessions: revoked }, 'password reset');
    return { ok: true };
  }

  private async issueCode(username: string): Promise<void> {
    const issued = this.issuing.then(() => this.createCode(username));
    this.issuing = issued.catch(() => undefined);
    const found = await issued;
    if (!found) return;
    const { user, code } = found;
    const link = `${this.publicUrl}/?resetpassword=${encodeURIComponent(code)}`;
    const name = [user.firstname, user.lastname].filter(Boolean).join(' ') || user.username;
    const minutes = RESET_CODE_LIFETIME / 60_000;
    await this.mailer.send({
      to: user.email,
      subject: 'Reset your Atrium password',
      text: `Hello ${name},\n\nSomebody asked to reset the password of your Atrium account "${user.username}".\nOpen this link within ${minutes} minutes to choose a new password:\n\n${link}\n\nIf it was not you, ignore this mail: your password stays as it is.\n`,
      html: `<p>Hello ${escapeHtml(name)},</p><p>Somebody asked to reset the password of your Atrium account <b>${escapeHtml(user.username)}</b>.</p><p><a href="${escapeHtml(link)}">Choose a new password</a> within ${minutes} minutes.</p><p>If it was not you, ignore this mail: your password stays as it is.</p>`,
    });
  }

  /**
   * Creates a code for an enabled user with an e-mail address under the
   * hourly limit; null otherwise. A user created by an external sign-in gets
   * none: their identity provider is where they sign in.
   */
  private async createCode(username: string): Promise<{ user: UserRecord & { email: string }; code: string } | null> {
    const user = username ? await this.users.findByUsername(username) : null;
    if (!user || user.disabled || !user.email || user.externalProvider) return null;
    const hourAgo = new Date(this.now().getTime() - 3600_000);
    if ((await this.codes.countIssuedSince(user.id, hourAgo)) >= MAX_CODES_PER_HOUR) {
      this.log.warn({ event: 'reset.flood', userId: user.id }, 'too many reset requests: no mail sent');
      return null;
    }
    const code = TokenService.newOpaqueToken();
    const now = this.now();
    await this.codes.create({ userId: user.id, codeHash: TokenService.hash(code), createdAt: now, expiresAt: new Date(now.getTime() + RESET_CODE_LIFETIME) });
    return { user: { ...user, email: user.email }, code };
  }
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
