import type { ExternalLoginOptions } from '@atrium/shared';
import type { ClientEnvironment } from '../../env.js';
import { Observable } from '../../Observable.js';
import type { Session } from '../Session.js';
import { describeError, ExternalSignInError, providerAnswer, type ExternalErrorKind, type ExternalSession, type ExternalSignIn, type ExternalSignInEvent } from './ExternalSignIn.js';
import { loadExternalSignIn } from './loadExternalSignIn.js';

/** A failed sign-in as the card shows it: the kind (its text) and the technical detail behind a disclosure. */
export interface ExternalLoginError {
  kind: ExternalErrorKind;
  detail: string | null;
}

/** The states of the external sign-in on the login page (docs/behaviour/external-sign-in.md#in-the-browser). */
export type ExternalLoginState =
  /** Not started. */
  | { status: 'idle' }
  /** The library is loading, redeeming the provider's answer or checking the provider session. */
  | { status: 'starting' }
  /** On the way to the provider ('Redirecting to {{name}}…'). */
  | { status: 'redirecting' }
  /** No provider session: the card with 'Sign in with {{name}}'. */
  | { status: 'ready' }
  /** Atrium checks the provider's token. */
  | { status: 'checking' }
  /** Atrium accepted it: the session is signed in. */
  | { status: 'signed-in' }
  | { status: 'error'; error: ExternalLoginError };

/** Kinds after which 'Try again' starts the library afresh; after the others it goes to the provider's sign-in. */
const RESTART_KINDS: ReadonlySet<ExternalErrorKind> = new Set(['unreachable', 'options', 'failed']);

/**
 * The external sign-in flow of one page (docs/behaviour/external-sign-in.md):
 * it drives the identity library's port and hands the provider's access
 * token to the Session.
 *
 * - start() (signed-out page, no #login): login-required shows
 *   'redirecting' and the library goes to the provider; check-sso checks the
 *   provider session ('starting'), then shows the card ('ready') or signs in.
 *   An answer in the address is redeemed first. An authenticated library
 *   → 'checking' → Session.loginExternal → 'signed-in', or an error.
 * - signIn(): the card's button, to the provider. retry(): 'Try again'.
 * - watch(): a page whose session was restored at boot resumes the
 *   library with the kept tokens: renewal and the session check.
 * - Library events: renewed tokens are kept; a provider session seen ended
 *   (session check, refused renewal, cleared token) signs out of Atrium.
 * - endProviderSession(): the Session's sign-out ends the provider session.
 */
export class ExternalLogin extends Observable<ExternalLoginState> {
  readonly options: ExternalLoginOptions;
  readonly #env: ClientEnvironment;
  readonly #session: Session;
  readonly #load: (env: ClientEnvironment, options: ExternalLoginOptions) => Promise<ExternalSignIn>;
  #port: Promise<ExternalSignIn> | null = null;
  #stopEvents: (() => void) | null = null;
  /** The library follows a provider session for this page (signed in here, or resumed). */
  #watching = false;
  #disposed = false;

  constructor(env: ClientEnvironment, session: Session, options: ExternalLoginOptions, load: (env: ClientEnvironment, options: ExternalLoginOptions) => Promise<ExternalSignIn> = loadExternalSignIn) {
    super({ status: 'idle' });
    this.#env = env;
    this.#session = session;
    this.options = options;
    this.#load = load;
  }

  /** Starts the flow on a signed-out page; does nothing once started. */
  async start(): Promise<void> {
    if (this.getState().status !== 'idle' || this.#disposed) return;
    const answered = providerAnswer(this.#env.location, this.options.responseMode) !== null;
    this.setState({ status: this.options.onLoad === 'login-required' && !answered ? 'redirecting' : 'starting' });
    let port: ExternalSignIn;
    try {
      port = await this.#loadPort();
      const result = await port.start();
      if (this.#disposed) return;
      if (result.status === 'redirecting') this.setState({ status: 'redirecting' });
      else if (result.status === 'anonymous') this.setState({ status: 'ready' });
      else {
        this.#watching = true;
        await this.#enter(result.accessToken, result.session);
      }
    } catch (error) {
      this.#fail(error);
    }
  }

  /** The card's 'Sign in with {{name}}': to the provider's sign-in page. */
  async signIn(): Promise<void> {
    const status = this.getState().status;
    if (status === 'redirecting' || status === 'checking' || status === 'signed-in') return;
    this.setState({ status: 'redirecting' });
    try {
      await (await this.#loadPort()).signIn();
    } catch (error) {
      this.#fail(error);
    }
  }

  /** 'Try again' after an error: the provider's sign-in, or the library afresh when it could not start. */
  async retry(): Promise<void> {
    const state = this.getState();
    if (state.status !== 'error') return;
    if (!RESTART_KINDS.has(state.error.kind)) return this.signIn();
    this.#dropPort();
    this.setState({ status: 'idle' });
    return this.start();
  }

  /** A page signed in at boot with kept provider tokens: the library resumes their renewal and the session check. */
  async watch(): Promise<void> {
    const kept = this.#session.externalSession();
    if (this.#watching || this.#disposed || !kept || this.#session.getState().status !== 'signed-in') return;
    this.#watching = true;
    try {
      await (await this.#loadPort()).resume(kept);
    } catch (error) {
      // The Atrium session stands on its own: without the library it is only not watched.
      console.warn(`${this.options.name}: the provider session cannot be followed on this page.`, describeError(error));
    }
  }

  /** Ends the provider session with the kept tokens (the Session's sign-out, after Atrium's own). */
  async endProviderSession(kept: ExternalSession): Promise<void> {
    this.#watching = false;
    await (await this.#loadPort()).endSession(kept);
  }

  dispose(): void {
    this.#disposed = true;
    this.#dropPort();
    this.clearListeners();
  }

  async #enter(accessToken: string, kept: ExternalSession): Promise<void> {
    this.setState({ status: 'checking' });
    const outcome = await this.#session.loginExternal(this.options.type, accessToken, kept);
    if (this.#disposed) return;
    if (outcome.ok) this.setState({ status: 'signed-in' });
    else this.setState({ status: 'error', error: { kind: outcome.kind, detail: outcome.detail } });
  }

  #fail(error: unknown): void {
    if (this.#disposed) return;
    const failure = error instanceof ExternalSignInError ? error : new ExternalSignInError('failed', describeError(error), { cause: error });
    if (failure.kind === 'unreachable' || failure.kind === 'failed' || failure.kind === 'options') console.warn(`${this.options.name}: sign-in could not start.`, failure.detail);
    this.setState({ status: 'error', error: { kind: failure.kind, detail: failure.detail } });
  }

  #loadPort(): Promise<ExternalSignIn> {
    this.#port ??= this.#load(this.#env, this.options).then(
      (port) => {
        this.#stopEvents = port.onEvent((event) => this.#handle(event));
        return port;
      },
      (error: unknown) => {
        this.#port = null;
        throw error;
      },
    );
    return this.#port;
  }

  #dropPort(): void {
    const port = this.#port;
    this.#port = null;
    this.#stopEvents?.();
    this.#stopEvents = null;
    port?.then((p) => p.dispose()).catch(() => undefined);
  }

  #handle(event: ExternalSignInEvent): void {
    if (this.#disposed || !this.#watching) return;
    if (event.type === 'renewed') {
      void this.#session.updateExternalSession(event.session);
    } else {
      this.#watching = false;
      void this.#session.endExternal(event.reason);
    }
  }
}
