import type { Envelope, ExternalLoginOptions, LoginResult } from '@atrium/shared';
import { RequestError } from '../../api/RequestError.js';
import type { ClientEnvironment } from '../../env.js';
import { Observable } from '../../Observable.js';
import type { Session } from '../Session.js';
import { describeError, ExternalSignInError, providerAnswer, type ExternalErrorKind, type ExternalSession, type ExternalSignIn, type ExternalSignInEvent } from './ExternalSignIn.js';
import { loadExternalSignIn, preloadExternalSignIn } from './loadExternalSignIn.js';

/** Longest wait for the provider's sign-out before the page leaves anyway. */
const PROVIDER_SIGN_OUT_TIMEOUT = 10_000;

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
    // The library's code is fetched as soon as the model exists, before it is asked for.
    if (load === loadExternalSignIn) preloadExternalSignIn(options.type).catch(() => undefined);
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

  /** Ends the provider session with the kept tokens (the Session's sign-out, after Atrium's own); gives up after 10 s without an answer. */
  async endProviderSession(kept: ExternalSession): Promise<void> {
    this.#watching = false;
    let timer: unknown = null;
    try {
      await Promise.race([
        this.#loadPort().then((port) => port.endSession(kept)),
        new Promise((_, reject) => {
          timer = this.#env.clock.setTimeout(() => reject(new Error('The identity provider did not answer')), PROVIDER_SIGN_OUT_TIMEOUT);
        }),
      ]);
    } finally {
      this.#env.clock.clearTimeout(timer);
    }
  }

  dispose(): void {
    this.#disposed = true;
    this.#dropPort();
    this.clearListeners();
  }

  /** POST {wrapper}/auth/external/{type} with the provider's access token (form field access_token); the Session enters Atrium's answer. */
  async #enter(accessToken: string, kept: ExternalSession): Promise<void> {
    this.setState({ status: 'checking' });
    const answered: { message?: unknown } = {};
    let error: ExternalLoginError | null = null;
    try {
      const call = async () => {
        const answer = await this.#session.wrapper.form<Envelope<LoginResult>>(`auth/external/${this.options.type}`, { access_token: accessToken }, { handleSession: false });
        answered.message = answer?.message;
        return answer;
      };
      if (!(await this.#session.loginExternal(call, kept))) error = { kind: 'failed', detail: typeof answered.message === 'string' ? answered.message : null };
    } catch (failure) {
      error = atriumRefusal(failure);
    }
    if (this.#disposed) return;
    this.setState(error ? { status: 'error', error } : { status: 'signed-in' });
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

/** Atrium's refusal of the provider's token by kind (401 refused, 403 no access or link required, 503 or no answer unreachable), with the server's own text as detail. */
function atriumRefusal(error: unknown): ExternalLoginError {
  if (!(error instanceof RequestError)) return { kind: 'failed', detail: describeError(error) };
  if (error.code !== 'request.failed') return { kind: 'unreachable', detail: error.message };
  const body = (typeof error.body === 'object' && error.body !== null ? error.body : {}) as { message?: unknown; code?: unknown };
  const detail = [String(error.status), typeof body.message === 'string' ? body.message : null, typeof body.code === 'string' ? `(${body.code})` : null].filter(Boolean).join(' ');
  const kind =
    error.status === 401
      ? 'refused'
      : error.status === 403
        ? body.code === 'login.error.external-link-required'
          ? 'link-required'
          : 'no-access'
        : error.status === 502 || error.status === 503 || error.status === 504
          ? 'unreachable'
          : 'failed';
  return { kind, detail };
}
