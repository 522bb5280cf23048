import { checkNewPassword, type Envelope } from '@atrium/shared';
import type { RequestClient } from '../api/RequestClient.js';
import { RequestError } from '../api/RequestError.js';
import type { ClientEnvironment } from '../env.js';
import { Observable } from '../Observable.js';
import type { RecoveryState } from './RecoveryMessage.js';
import { redirectToOrigin } from './redirectToOrigin.js';

/**
 * Reset password (docs/behaviour/password-recovery.md#reset-password). The shared password rules in order →
 * {error, 'password.<rule>'} without a request; otherwise POST
 * {wrapper}/user/me/resetpassword (form password_reset_code, new_password,
 * confirm_password). Success → {success, 'reset.success'} and the site origin
 * after 2 s; any other answer → {error, 'reset.expired'} (or the rule the
 * server names, should its rules ever differ from the client's).
 */
export class ResetPasswordModel extends Observable<RecoveryState> {
  readonly #env: ClientEnvironment;
  readonly #wrapper: RequestClient;
  readonly #code: string;
  #redirect: unknown = null;

  constructor(env: ClientEnvironment, wrapper: RequestClient, code: string) {
    super({ busy: false, message: null });
    this.#env = env;
    this.#wrapper = wrapper;
    this.#code = code;
  }

  async submit(password: string, confirmation: string): Promise<void> {
    if (this.getState().busy || this.#redirect !== null) return;
    const broken = checkNewPassword(password, confirmation);
    if (broken) {
      this.setState({ busy: false, message: { kind: 'error', key: `password.${broken}` } });
      return;
    }
    this.setState({ busy: true, message: null });
    let succeeded = false;
    let key = 'reset.expired';
    try {
      const answer = await this.#wrapper.form<Envelope<unknown>>('user/me/resetpassword', {
        password_reset_code: this.#code,
        new_password: password,
        confirm_password: confirmation,
      });
      succeeded = answer?.status === 'success';
    } catch (error) {
      const code = error instanceof RequestError ? (error.body as { code?: unknown } | null)?.code : undefined;
      if (typeof code === 'string' && /^password\.(length|digit|lowercase|uppercase|special|mismatch)$/.test(code)) key = code;
    }
    if (!succeeded) {
      this.setState({ busy: false, message: { kind: 'error', key } });
      return;
    }
    this.setState({ busy: false, message: { kind: 'success', key: 'reset.success' } });
    this.#redirect = redirectToOrigin(this.#env);
  }

  /** Cancels a pending redirect and drops listeners. */
  dispose(): void {
    if (this.#redirect !== null) this.#env.clock.clearTimeout(this.#redirect);
    this.clearListeners();
  }
}
