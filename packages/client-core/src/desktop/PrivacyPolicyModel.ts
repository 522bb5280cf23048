import type { Envelope, HasLoggedIn, Profile } from '@atrium/shared';
import type { RequestClient } from '../api/RequestClient.js';
import { Observable } from '../Observable.js';

export type PrivacyPolicyState =
  | { status: 'hidden' }
  /** Shown: the policy HTML (unsanitised: the view sanitises it), the error under the checkbox, whether acceptance is being sent. */
  | { status: 'open'; policy: string; organisation: string; error: 'privacy.mustAgree' | 'privacy.acceptFailed' | null; accepting: boolean };

/**
 * The privacy policy after sign-in (docs/behaviour/desktop.md#privacy-policy).
 * check() asks GET v1 user/me/hasLoggedIn and opens the dialog only when
 * has_logged_in is not 1, verification_pending is null or absent, and the
 * active account has a policy that is not the text 'null'. accept(agreed):
 * unticked shows 'You need to agree with our T&C'; ticked sends POST
 * user/me/updateLoggedIn and closes, so the dialog does not come back. A
 * failed check shows nothing (the user is not blocked); a failed acceptance
 * keeps the dialog open with an error.
 */
export class PrivacyPolicyModel extends Observable<PrivacyPolicyState> {
  readonly #api: RequestClient;
  #checked = false;
  #disposed = false;

  constructor(api: RequestClient) {
    super({ status: 'hidden' });
    this.#api = api;
  }

  /** Asks now; opens the dialog, when it must, once `openAfter` has settled (the desktop's settings are in effect). */
  async check(profile: Profile | null, openAfter?: Promise<unknown>): Promise<void> {
    if (this.#checked || !profile) return;
    this.#checked = true;
    const policy = profile.active_account?.preferences?.privacyPolicy;
    if (typeof policy !== 'string' || policy.trim() === '' || policy === 'null') return;
    let answer: Envelope<Partial<HasLoggedIn>> | null;
    try {
      answer = await this.#api.get<Envelope<Partial<HasLoggedIn>>>('user/me/hasLoggedIn');
    } catch (error) {
      console.warn('Whether the privacy policy was accepted could not be checked.', error);
      return;
    }
    // The desktop's start fails on its own when its settings do not come: nothing to open then.
    if (openAfter && !(await openAfter.then(() => true, () => false))) return;
    const data = answer?.status === 'success' ? answer.data : null;
    if (this.#disposed || !data) return;
    if (Number(data.has_logged_in) === 1) return;
    if (data.verification_pending !== null && data.verification_pending !== undefined) return;
    this.setState({ status: 'open', policy, organisation: profile.active_account.name, error: null, accepting: false });
  }

  async accept(agreed: boolean): Promise<void> {
    const state = this.getState();
    if (state.status !== 'open' || state.accepting) return;
    if (!agreed) {
      this.setState({ ...state, error: 'privacy.mustAgree' });
      return;
    }
    this.setState({ ...state, error: null, accepting: true });
    try {
      await this.#api.post('user/me/updateLoggedIn', {});
    } catch (error) {
      console.warn('The acceptance of the privacy policy could not be saved.', error);
      if (!this.#disposed) this.setState({ ...state, error: 'privacy.acceptFailed', accepting: false });
      return;
    }
    if (!this.#disposed) this.setState({ status: 'hidden' });
  }

  /** The user ticked the box: the error goes. */
  clearError(): void {
    const state = this.getState();
    if (state.status === 'open' && state.error) this.setState({ ...state, error: null });
  }

  dispose(): void {
    this.#disposed = true;
    this.clearListeners();
  }
}
