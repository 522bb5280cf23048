import type { ExternalLoginOptions } from '@atrium/shared';
import Keycloak, { type KeycloakAdapter, type KeycloakInitOptions } from 'keycloak-js';
import type { ClientEnvironment } from '../../env.js';
import { describeError, ExternalSignInError, providerAnswer, type ExternalSession, type ExternalSignIn, type ExternalSignInEvent, type ExternalStartResult } from './ExternalSignIn.js';

/**
 * keycloak-js's token refresh uses Promise.withResolvers, which browsers have
 * since 2024 (and Node only from 22): an equivalent where it is missing.
 */
function ensureWithResolvers(): void {
  const promise = Promise as unknown as { withResolvers?: unknown };
  if (typeof promise.withResolvers === 'function') return;
  Object.defineProperty(Promise, 'withResolvers', {
    configurable: true,
    writable: true,
    value<T>() {
      let resolve!: (value: T) => void;
      let reject!: (reason?: unknown) => void;
      const created = new Promise<T>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      return { promise: created, resolve, reject };
    },
  });
}

/** Seconds before expiry under which keycloak-js refreshes a token when asked (updateToken's minValidity). */
const MIN_VALIDITY = 5;
/** A renewal that failed without an answer (network) is tried again after this long. */
const RENEW_RETRY = 30_000;

/**
 * The Keycloak port over keycloak-js (docs/behaviour/external-sign-in.md#in-the-browser).
 * The library does the protocol: PKCE S256 with a 96-character verifier,
 * UUID state and nonce kept for an hour ('kc-callback-<state>' in local
 * storage, a 60-minute cookie without it), the callback parsed from the
 * fragment or query and only redeemed when its state was stored, the nonce
 * of the id token checked (a mismatch clears the token: 'Invalid nonce.'),
 * the third-party-cookie check and the session iframe every
 * checkLoginIframeInterval seconds ('Timeout when waiting for 3rd party
 * check iframe message.' after 10 s), refresh on expiry (a 400 clears the
 * token; with login-required clearing the token signs in again).
 *
 * This module and keycloak-js are one chunk, imported by loadExternalSignIn
 * only when the type is keycloak. Navigation goes through the environment (a keycloak-js adapter object),
 * so that the library never leaves the page by itself in tests.
 */
export async function createKeycloakSignIn(env: ClientEnvironment, options: ExternalLoginOptions): Promise<ExternalSignIn> {
  if (!options.url || !options.realm) throw new ExternalSignInError('options', 'url and realm are required');
  ensureWithResolvers();
  return new KeycloakSignIn(env, options, options.url, options.realm);
}

/**
 * keycloak-js's navigation through the environment; `redirected` is called when it sends the
 * browser to the provider's sign-in.
 */
function keycloakAdapter(env: ClientEnvironment, kc: Keycloak, options: ExternalLoginOptions, redirected: () => void): KeycloakAdapter {
  return {
    async login(loginOptions) {
      env.location.assign(await kc.createLoginUrl(loginOptions));
      redirected();
      return new Promise<void>(() => undefined);
    },
    async logout(logoutOptions) {
      env.location.assign(kc.createLogoutUrl(logoutOptions));
    },
    async register(registerOptions) {
      env.location.assign(await kc.createRegisterUrl(registerOptions));
      return new Promise<void>(() => undefined);
    },
    async accountManagement() {
      env.location.assign(kc.createAccountUrl());
      return new Promise<void>(() => undefined);
    },
    redirectUri: (redirectOptions) => redirectOptions?.redirectUri || options.redirectUri,
  };
}

/** The port itself: one keycloak-js instance and the renewal of its token. */
class KeycloakSignIn implements ExternalSignIn {
  readonly type = 'keycloak' as const;
  readonly #env: ClientEnvironment;
  readonly #options: ExternalLoginOptions;
  readonly #url: string;
  readonly #realm: string;
  readonly #kc: Keycloak;
  readonly #adapter: KeycloakAdapter;
  readonly #listeners = new Set<(event: ExternalSignInEvent) => void>();
  #retryTimer: unknown = null;
  #disposed = false;
  /** Resolves start() when the library sends the browser to the provider (login-required, silent check-sso). */
  #redirected: (() => void) | null = null;

  constructor(env: ClientEnvironment, options: ExternalLoginOptions, url: string, realm: string) {
    this.#env = env;
    this.#options = options;
    this.#url = url;
    this.#realm = realm;
    const kc = new Keycloak({ url, realm, clientId: options.clientId });
    this.#kc = kc;
    this.#adapter = keycloakAdapter(env, kc, options, () => this.#redirected?.());
    kc.onTokenExpired = this.#renew;
    kc.onAuthRefreshSuccess = () => this.#emit({ type: 'renewed', session: this.#snapshot() });
    kc.onAuthRefreshError = () => console.warn(`${options.name}: the token refresh was refused.`);
    kc.onAuthLogout = () => this.#emit({ type: 'ended', reason: 'The provider session ended or its token was cleared' });
    kc.onAuthError = (error) => console.warn(`${options.name}: sign-in error.`, error ? describeError(error) : '');
  }

  async start(): Promise<ExternalStartResult> {
    const kc = this.#kc;
    const options = this.#options;
    const answer = providerAnswer(this.#env.location, options.responseMode);
    const redirect = new Promise<'redirecting'>((resolve) => {
      this.#redirected = () => resolve('redirecting');
    });
    let authenticated: boolean | 'redirecting';
    try {
      // An answer in the address is handled alone: one that is not redeemed is shown, not followed by a new sign-in.
      authenticated = await Promise.race([kc.init({ ...this.#initOptions(), ...(answer ? {} : { onLoad: options.onLoad }) }), redirect]);
    } catch (error) {
      throw keycloakError(error, answer !== null);
    } finally {
      kc.loginRequired = options.onLoad === 'login-required';
    }
    if (authenticated === 'redirecting') return { status: 'redirecting' };
    if (authenticated && kc.token) return { status: 'authenticated', accessToken: kc.token, session: this.#snapshot() };
    // A code or token in the address that the library did not redeem: its state was never stored here (or has expired).
    if (answer && !answer.has('error')) throw new ExternalSignInError('state', 'The answer’s state does not match a sign-in started here');
    return { status: 'anonymous' };
  }

  async resume(kept: ExternalSession): Promise<void> {
    if (!kept.accessToken || !kept.refreshToken) throw new Error('Not authenticated');
    if (kept.accessToken.split('.').length !== 3) throw new Error('Invalid token');
    // No onLoad: a failed check ends the Atrium session (an event), it never sends the page away by itself.
    // timeSkew 0: the stored token's expiry is taken as it is, so that its renewal is scheduled.
    await this.#kc.init({ ...this.#initOptions(), token: kept.accessToken, refreshToken: kept.refreshToken, ...(kept.idToken ? { idToken: kept.idToken } : {}), timeSkew: 0 });
    // From now on a cleared token sends the user to sign in again when login is required.
    this.#kc.loginRequired = this.#options.onLoad === 'login-required';
  }

  async signIn(): Promise<void> {
    // The library builds its addresses once initialised; start() normally has done it.
    if (!this.#kc.didInitialize) await this.#kc.init(this.#initOptions());
    this.#env.location.assign(await this.#kc.createLoginUrl());
  }

  async endSession(kept: ExternalSession): Promise<void> {
    if (!kept.refreshToken) throw new Error('Not authenticated');
    const options = this.#options;
    // Keycloak's logout call: the refresh token names the session. No cookies: the token is enough, and a
    // credentialed answer would need the provider to allow credentials for this origin.
    const response = await this.#env.fetch(`${this.#url}/realms/${encodeURIComponent(this.#realm)}/protocol/openid-connect/logout`, {
      method: 'POST',
      body: new URLSearchParams({ client_id: options.clientId, redirect_uri: options.postLogoutRedirectUri, refresh_token: kept.refreshToken }),
      credentials: 'omit',
    });
    if (!response.ok) throw new Error(`${response.status} (${response.statusText})`);
  }

  onEvent(listener: (event: ExternalSignInEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  dispose(): void {
    this.#disposed = true;
    this.#env.clock.clearTimeout(this.#retryTimer);
    this.#listeners.clear();
    this.#kc.onTokenExpired = undefined;
    // The library's own expiry timer (not in its typings).
    const expiry = (this.#kc as { tokenTimeoutHandle?: number }).tokenTimeoutHandle;
    if (expiry) clearTimeout(expiry);
  }

  #emit(event: ExternalSignInEvent): void {
    for (const listener of [...this.#listeners]) listener(event);
  }

  #snapshot(): ExternalSession {
    const kc = this.#kc;
    return {
      provider: 'keycloak',
      ...(kc.refreshToken ? { refreshToken: kc.refreshToken } : {}),
      ...(kc.idToken ? { idToken: kc.idToken } : {}),
      ...(kc.token ? { accessToken: kc.token } : {}),
    };
  }

  readonly #renew = (): void => {
    const kc = this.#kc;
    if (this.#disposed || !kc.token) return;
    kc.updateToken(MIN_VALIDITY).catch((error: unknown) => {
      // A 400 has already cleared the token (onAuthLogout); anything else (no answer) is tried again later.
      if (this.#disposed || !kc.token) return;
      console.warn(`${this.#options.name}: the token could not be renewed; trying again in ${RENEW_RETRY / 1000} s.`, describeError(error));
      this.#env.clock.clearTimeout(this.#retryTimer);
      this.#retryTimer = this.#env.clock.setTimeout(this.#renew, RENEW_RETRY);
    });
  };

  #initOptions(): KeycloakInitOptions {
    const options = this.#options;
    return {
      adapter: this.#adapter,
      flow: options.flow,
      responseMode: options.responseMode,
      pkceMethod: options.pkceMethod,
      checkLoginIframe: options.checkLoginIframe,
      checkLoginIframeInterval: options.checkLoginIframeInterval,
      scope: options.scopes.join(' '),
      redirectUri: options.redirectUri,
      // The library's own warnings (third-party cookies blocked: the session iframe is disabled) reach the console.
      enableLogging: true,
    };
  }
}

/** The failure of keycloak-js's init as an ExternalSignInError. */
function keycloakError(error: unknown, answered: boolean): ExternalSignInError {
  const detail = describeError(error);
  // The provider's error answer: {error, error_description} (prompt=none answers are silent and never get here).
  if (typeof error === 'object' && error !== null && !(error instanceof Error) && typeof (error as { error?: unknown }).error === 'string') {
    return new ExternalSignInError('provider', detail, { cause: error });
  }
  if (error instanceof Error && error.message === 'Invalid nonce.') return new ExternalSignInError('state', detail, { cause: error });
  // The token endpoint refused the code (keycloak-js's NetworkError carries the response).
  const response = (error as { response?: { status?: unknown; statusText?: unknown } } | null)?.response;
  if (typeof response?.status === 'number') return new ExternalSignInError('exchange', `${detail} ${response.status} (${String(response.statusText ?? '')})`, { cause: error });
  if (answered && error instanceof TypeError) return new ExternalSignInError('exchange', detail, { cause: error });
  return new ExternalSignInError('unreachable', detail, { cause: error });
}
