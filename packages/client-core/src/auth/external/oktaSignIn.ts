import type { ExternalLoginOptions } from '@atrium/shared';
import * as okta from '@okta/okta-auth-js/core';
import type { OktaAuthOptions, Tokens } from '@okta/okta-auth-js/core';
import type { ClientEnvironment } from '../../env.js';
import { describeError, ExternalSignInError, providerAnswer, type ExternalSession, type ExternalSignIn, type ExternalSignInEvent, type ExternalStartResult } from './ExternalSignIn.js';

/** Session-storage item set before the sign-in that follows an unexpected okta error, so that a second one is shown instead of looping. */
const RECOVERY_ITEM = 'atrium.external.recovery';
/** Texts of okta-auth-js's errors for an answer that does not belong to the request made here (state, nonce, unknown transaction). */
const MISMATCH = /state doesn't match|nonce doesn't match|Could not load PKCE codeVerifier|Unable to retrieve OAuth redirect params|State in redirect uri does not match/i;

/**
 * The Okta port over okta-auth-js (its core entry: OAuth, token manager,
 * session), docs/behaviour/external-sign-in.md#in-the-browser. The library does the
 * protocol: PKCE S256 (flows standard and hybrid; implicit asks for
 * id_token and token), state and nonce kept in its transaction storage and
 * checked on return (the library checks the nonce of the implicit flow; the
 * code flow's is checked here, a mismatch clearing the tokens), the id
 * token's signature, issuer and audience verified, tokens renewed before they expire (30 s early) or removed.
 * Tokens live in the library's memory and, encrypted, in Atrium's storage
 * (ExternalSession.library), not in okta's plain local storage.
 *
 * This module and okta-auth-js are one chunk, imported by loadExternalSignIn
 * only when the type is okta.
 *
 * Errors: OAuthError and AuthApiError are logged and shown; other okta
 * errors send the user to the okta sign-in (once: a second one is shown).
 * The silent session check asks /api/v1/sessions/me every
 * checkLoginIframeInterval seconds once it has seen the session; a browser
 * that never lets it see one (third-party cookies blocked) has it disabled
 * with a warning.
 */
export async function createOktaSignIn(env: ClientEnvironment, options: ExternalLoginOptions): Promise<ExternalSignIn> {
  if (!options.issuer) throw new ExternalSignInError('options', 'issuer is required');
  return new OktaSignIn(env, options, options.issuer);
}

/** okta-auth-js's options for Atrium's: tokens in memory only, the page left where it is after the answer. */
function oktaOptionsOf(env: ClientEnvironment, options: ExternalLoginOptions, issuer: string): OktaAuthOptions {
  const implicit = options.flow === 'implicit';
  return {
    issuer,
    clientId: options.clientId,
    redirectUri: options.redirectUri,
    postLogoutRedirectUri: options.postLogoutRedirectUri,
    scopes: options.scopes,
    pkce: !implicit,
    responseType: implicit ? ['id_token', 'token'] : 'code',
    responseMode: options.responseMode,
    setLocation: (url: string) => env.location.assign(url),
    // The page stays where it is after the answer is redeemed.
    restoreOriginalUri: async () => undefined,
    tokenManager: { storage: 'memory', autoRenew: true, autoRemove: true, syncStorage: false },
    services: { syncStorage: false },
  };
}

const isOAuthOrApiError = (error: unknown) => error instanceof okta.OAuthError || error instanceof okta.AuthApiError;

/** Reads and removes a session-storage item; null when it is missing or the storage unavailable. */
function takeItem(storage: Storage | null, name: string): string | null {
  try {
    const value = storage?.getItem(name) ?? null;
    storage?.removeItem(name);
    return value;
  } catch {
    return null;
  }
}

/** Sets a session-storage marker, if the storage can be written. */
function setItem(storage: Storage | null, name: string): void {
  try {
    storage?.setItem(name, '1');
  } catch {
    // unavailable: the marker is only a refinement
  }
}

/**
 * The error a refused answer is shown as, or null for an unexpected okta error, which sends the
 * user to the okta sign-in instead (unless that was already the recovery from one).
 */
function answerError(error: unknown, answer: URLSearchParams, recovered: boolean): ExternalSignInError | null {
  const detail = describeError(error);
  // An OAuth error: the provider's answer itself, or the token endpoint's refusal of the code.
  if (error instanceof okta.OAuthError) return new ExternalSignInError(answer.has('error') ? 'provider' : 'exchange', `${error.errorCode}: ${error.errorSummary}`, { cause: error });
  if (error instanceof okta.AuthApiError) return new ExternalSignInError('exchange', detail, { cause: error });
  if (MISMATCH.test(detail)) return new ExternalSignInError('state', detail, { cause: error });
  if (error instanceof TypeError) return new ExternalSignInError('exchange', detail, { cause: error });
  // Other okta errors: to the okta sign-in, once.
  if (recovered) return new ExternalSignInError('exchange', detail, { cause: error });
  return null;
}

/** The port itself: one okta-auth-js instance, its renewal and the silent session check. */
class OktaSignIn implements ExternalSignIn {
  readonly type = 'okta' as const;
  readonly #env: ClientEnvironment;
  readonly #options: ExternalLoginOptions;
  readonly #auth: okta.OktaAuth;
  readonly #storage: Storage | null;
  readonly #listeners = new Set<(event: ExternalSignInEvent) => void>();
  #checkTimer: unknown = null;
  #sessionCheckWorks = false;
  #signedIn = false;
  #disposed = false;

  constructor(env: ClientEnvironment, options: ExternalLoginOptions, issuer: string) {
    this.#env = env;
    this.#options = options;
    this.#storage = env.sessionStorage ?? null;
    this.#auth = new okta.OktaAuth(oktaOptionsOf(env, options, issuer));
    this.#auth.tokenManager.on('renewed', () => {
      if (this.#signedIn) this.#emit({ type: 'renewed', session: this.#session() });
    });
    this.#auth.tokenManager.on('error', (error: unknown) => this.#renewalFailed(error));
  }

  async start(): Promise<ExternalStartResult> {
    const answer = providerAnswer(this.#env.location, this.#options.responseMode);
    if (answer) return this.#redeem(answer);
    if (this.#options.onLoad === 'login-required') {
      await this.#redirect();
      return { status: 'redirecting' };
    }
    // check-sso: the card; a live okta session signs in at its button without asking again.
    return { status: 'anonymous' };
  }

  async resume(kept: ExternalSession): Promise<void> {
    if (!kept.library || typeof kept.library !== 'object') throw new Error('Not authenticated');
    this.#sessionCheckWorks = kept.sessionCheckWorks === true;
    try {
      this.#auth.tokenManager.setTokens(kept.library as Tokens);
    } catch (error) {
      throw new Error('Invalid token', { cause: error });
    }
    await this.#watch();
  }

  async signIn(): Promise<void> {
    await this.#redirect();
  }

  async endSession(kept: ExternalSession): Promise<void> {
    const auth = this.#auth;
    if (kept.library && typeof kept.library === 'object' && !auth.tokenManager.getTokensSync().accessToken) auth.tokenManager.setTokens(kept.library as Tokens);
    this.#signedIn = false;
    this.#stopChecking();
    const { accessToken } = auth.tokenManager.getTokensSync();
    // Revoke the access token, then close the okta session (DELETE /api/v1/sessions/me with its cookie).
    const failures: unknown[] = [];
    if (accessToken) await auth.revokeAccessToken(accessToken).catch((error: unknown) => failures.push(error));
    await auth.closeSession().catch((error: unknown) => failures.push(error));
    await auth.stop();
    if (failures.length) throw new Error(failures.map(describeError).join('; '));
  }

  onEvent(listener: (event: ExternalSignInEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  dispose(): void {
    this.#disposed = true;
    this.#signedIn = false;
    this.#stopChecking();
    this.#listeners.clear();
    void this.#auth.stop();
  }

  /** Redeems the provider's answer in the address. */
  async #redeem(answer: URLSearchParams): Promise<ExternalStartResult> {
    const env = this.#env;
    const { name, responseMode } = this.#options;
    const recovered = takeItem(this.#storage, RECOVERY_ITEM) !== null;
    // okta-auth-js checks the id token's nonce in the implicit flow only: the code flow's is checked here.
    const expectedNonce = this.#storedNonce(answer.get('state'));
    try {
      // Parses the answer (and removes it from the address), checks its state against the stored request,
      // redeems the code with the PKCE verifier and verifies the id token (signature, issuer, audience, nonce).
      await this.#auth.storeTokensFromRedirect();
    } catch (error) {
      // The answer leaves the address even when it is refused (the library removes it only once it has redeemed it).
      if (providerAnswer(env.location, responseMode)) env.history.replaceState(null, '', responseMode === 'query' ? `${env.location.pathname}${env.location.hash}` : `${env.location.pathname}${env.location.search}`);
      if (isOAuthOrApiError(error)) console.warn(`${name}: sign-in error.`, describeError(error));
      const refused = answerError(error, answer, recovered);
      if (refused) throw refused;
      setItem(this.#storage, RECOVERY_ITEM);
      await this.#redirect();
      return { status: 'redirecting' };
    }
    const tokens = this.#auth.tokenManager.getTokensSync();
    if (expectedNonce && tokens.idToken && tokens.idToken.claims.nonce !== expectedNonce) {
      this.#auth.tokenManager.clear();
      throw new ExternalSignInError('state', "OAuth flow response nonce doesn't match request nonce");
    }
    if (!tokens.accessToken) return { status: 'anonymous' };
    // Renewal and the session check start beside Atrium's check of the token, not before it.
    this.#watch().catch((error: unknown) => console.warn(`${name}: the provider session cannot be followed on this page.`, describeError(error)));
    return { status: 'authenticated', accessToken: tokens.accessToken.accessToken, session: this.#session() };
  }

  #emit(event: ExternalSignInEvent): void {
    for (const listener of [...this.#listeners]) listener(event);
  }

  #session(): ExternalSession {
    const tokens = this.#auth.tokenManager.getTokensSync();
    return {
      provider: 'okta',
      ...(tokens.idToken ? { idToken: tokens.idToken.idToken } : {}),
      ...(tokens.accessToken ? { accessToken: tokens.accessToken.accessToken } : {}),
      ...(tokens.refreshToken ? { refreshToken: tokens.refreshToken.refreshToken } : {}),
      library: JSON.parse(JSON.stringify(tokens)) as unknown,
      sessionCheckWorks: this.#sessionCheckWorks,
    };
  }

  async #redirect(): Promise<void> {
    try {
      await this.#auth.signInWithRedirect();
    } catch (error) {
      throw new ExternalSignInError('unreachable', describeError(error), { cause: error });
    }
  }

  /** The nonce of the stored request an answer's state names, if any. */
  #storedNonce(state: string | null): string | null {
    try {
      const meta = state ? (this.#auth.transactionManager.load({ state }) as { state?: unknown; nonce?: unknown } | null) : null;
      return meta && meta.state === state && typeof meta.nonce === 'string' ? meta.nonce : null;
    } catch {
      return null;
    }
  }

  #renewalFailed(error: unknown): void {
    if (!this.#signedIn) return;
    console.warn(`${this.#options.name}: the token could not be renewed.`, describeError(error));
    // The provider refused (OAuthError, AuthApiError: invalid_grant, login_required) or something else went
    // wrong in the library: either way the session cannot be kept, and signing in again is what comes next.
    if (isOAuthOrApiError(error) || !(error instanceof TypeError)) {
      this.#signedIn = false;
      this.#stopChecking();
      this.#emit({ type: 'ended', reason: describeError(error) });
    }
  }

  /** One silent session check: true while the provider session lives. */
  async #checkSession(): Promise<void> {
    if (this.#disposed || !this.#signedIn) return;
    const exists = await this.#auth.session.exists();
    if (this.#disposed || !this.#signedIn) return;
    if (exists) {
      if (!this.#sessionCheckWorks) {
        this.#sessionCheckWorks = true;
        this.#emit({ type: 'renewed', session: this.#session() });
      }
    } else if (this.#sessionCheckWorks) {
      this.#stopChecking();
      this.#signedIn = false;
      this.#emit({ type: 'ended', reason: 'The provider session ended' });
      return;
    } else {
      console.warn(`${this.#options.name}: the provider session cannot be seen from this page (third-party cookies blocked?); the session check is disabled.`);
      this.#stopChecking();
      return;
    }
    this.#checkTimer = this.#env.clock.setTimeout(() => void this.#checkSession(), this.#options.checkLoginIframeInterval * 1000);
  }

  #stopChecking(): void {
    this.#env.clock.clearTimeout(this.#checkTimer);
    this.#checkTimer = null;
  }

  /** Renewal and the session check for a signed-in page. */
  async #watch(): Promise<void> {
    this.#signedIn = true;
    await this.#auth.start();
    if (this.#options.checkLoginIframe) await this.#checkSession();
  }
}
