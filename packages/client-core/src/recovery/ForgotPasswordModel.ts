import type { RequestClient } from '../api/RequestClient.js';
import type { ClientEnvironment } from '../env.js';
import { Observable } from '../Observable.js';
import type { RecoveryState } from './RecoveryMessage.js';
import { redirectToOrigin } from './redirectToOrigin.js';

/**
 * Forgot password (docs/behaviour/password-recovery.md#forgot-password). An empty username → {error,
 * 'forgot.error.required'} without a request; otherwise POST
 * {wrapper}/user/me/forgotpassword (form username), then {success,
 * 'forgot.sent'} whatever the answer (the neutral message tells nobody
 * whether the account exists) and the site origin after 2 s. Submissions
 * after that are ignored.
 */
export class ForgotPasswordModel extends Observable<RecoveryState> {
  readonly #env: ClientEnvironment;
  readonly #wrapper: RequestClient;
  #redirect: unknown = null;

  constructor(env: ClientEnvironment, wrapper: RequestClient) {
    super({ busy: false, message: null });
    this.#env = env;
    this.#wrapper = wrapper;
  }

  async submit(username: string): Promise<void> {
    if (this.getState().busy || this.#redirect !== null) return;
    if (!username.trim()) {
      this.setState({ busy: false, message: { kind: 'error', key: 'forgot.error.required' } });
      return;
    }
    this.setState({ busy: true, message: null });
    try {
      await this.#wrapper.form('user/me/forgotpassword', { username });
    } catch {
      // neutral on purpose: the answer must not tell whether the account exists
    }
    this.setState({ busy: false, message: { kind: 'success', key: 'forgot.sent' } });
    this.#redirect = redirectToOrigin(this.#env);
  }

  /** Cancels a pending redirect and drops listeners. */
  dispose(): void {
    if (this.#redirect !== null) this.#env.clock.clearTimeout(this.#redirect);
    this.clearListeners();
  }
}
