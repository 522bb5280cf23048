import { LOGOUT_DELAY, Messages, type Envelope, type LoginResult, type Profile } from '@atrium/shared';
import { safeAddress } from '../address/safeAddress.js';
import { RequestClient, type TokenSource } from '../api/RequestClient.js';
import { RequestError } from '../api/RequestError.js';
import type { ClientConfig } from '../clientConfig.js';
import type { ClientEnvironment } from '../env.js';
import { Observable } from '../Observable.js';
import { SecureStorage } from '../storage/SecureStorage.js';
import { StorageKeys } from '../storage/StorageKeys.js';
import { clearCaches } from './clearCaches.js';
import type { ExternalSession } from './external/ExternalSignIn.js';
import { usernameFromToken } from './usernameFromToken.js';

/** A sign-in failure: i18n key plus the server's own message when it gave one (shown instead). */
export interface LoginError {
  key: 'login.error.failed' | 'login.error.incorrect' | 'login.error.empty';
  message: string | null;
}

/** The session states (docs/behaviour/sign-in.md). */
export type SessionState =
  | { status: 'booting' }
  | { status: 'signed-out'; error: LoginError | null; loading: boolean }
  | {
      status: 'signed-in';
      username: string;
      profile: Profile | null;
      /** How the user got here: the sign-in form ('login') or a stored session restored at page load ('boot'). */
      via: 'login' | 'boot';
    }
  | { status: 'signing-out' };

/** The stored refresh token (docs/behaviour/sign-in.md#local-storage). */
interface StoredRefreshToken {
  key: string;
}
/** The stored user (docs/behaviour/sign-in.md#local-storage). */
interface StoredUser {
  jwt: string;
  username: string;
}

const LOGIN_ERROR_KEYS: ReadonlySet<string> = new Set<LoginError['key']>(['login.error.failed', 'login.error.incorrect', 'login.error.empty']);
/** Server texts that are exactly the catalogue's English: dropped so the UI shows its translation. */
const STANDARD_LOGIN_TEXTS: ReadonlySet<string> = new Set([Messages.loginFailed, Messages.loginIncorrect, Messages.loginEmpty]);

/**
 * The signed-in session (docs/behaviour/sign-in.md) and the request clients that carry its token.
 *
 * - boot(): stored token → POST {wrapper}/validatetoken; 'Token Valid' signs
 *   in; 'Token Expired' refreshes with the stored refresh token; anything
 *   else (or no token) clears storage and signs out.
 * - login(): empty fields → login.error.empty without a request; POST
 *   {wrapper}/auth; success only with a jwt → tokens stored, profile fetched
 *   and cached as UserInfo, cleared-browser-cache rule, signed in; 401 →
 *   login.error.incorrect; anything else login.error.failed.
 * - loginExternal(): the Login result of an identity provider's token
 *   (the external sign-in's model posts it) is entered like login()'s,
 *   with the provider's tokens kept beside Atrium's (docs/behaviour/external-sign-in.md).
 * - logout(): POST /logout, then the provider session ended (after an
 *   external sign-in), storage cleared, then after 2 s the account's
 *   loginURL or a reload. endExternal(): the provider session is over, so
 *   the Atrium session ends too.
 * - refresh(): one refresh at a time (the server revokes the session when a
 *   refresh token is used twice); failure logs a warning, clears storage and
 *   signs out.
 * - expire(): 'session-expired' signs out like logout (no server call: the
 *   session is over); 'too-many-retries' clears storage and reloads.
 */
export class Session extends Observable<SessionState> implements TokenSource {
  /** Wrapper service calls (config.wrapperBase). */
  readonly wrapper: RequestClient;
  /** Versioned REST calls (config.apiBase). */
  readonly api: RequestClient;
  /** Core calls at the root (/login, /logout, /ping). */
  readonly core: RequestClient;

  readonly #env: ClientEnvironment;
  readonly #storage: SecureStorage;
  #jwt: string | null = null;
  #refreshToken: string | null = null;
  #username = '';
  #refreshing: Promise<boolean> | null = null;
  /** The provider's tokens after an external sign-in; null after the built-in form. */
  #external: ExternalSession | null = null;
  #providerSignOut: ((kept: ExternalSession) => Promise<void>) | null = null;
  readonly #timers = new Set<unknown>();
  readonly #profileListeners = new Set<(profile: Profile) => void>();

  constructor(env: ClientEnvironment, config: ClientConfig) {
    super({ status: 'booting' });
    this.#env = env;
    this.#storage = new SecureStorage(env);
    this.wrapper = new RequestClient({ env, base: config.wrapperBase, session: this });
    this.api = new RequestClient({ env, base: config.apiBase, session: this });
    this.core = new RequestClient({ env, base: '', session: this });
  }

  /** Restores the stored session, or signs out (clearing storage) when it cannot be. */
  async boot(): Promise<void> {
    const jwt = await this.#storage.get<string>(StorageKeys.authToken);
    if (typeof jwt !== 'string' || !jwt) return this.#signOutLocally();
    const refreshToken = await this.#storage.get<StoredRefreshToken>(StorageKeys.refreshToken);
    const user = await this.#storage.get<StoredUser>(StorageKeys.user);
    this.#jwt = jwt;
    this.#refreshToken = typeof refreshToken?.key === 'string' ? refreshToken.key : null;
    this.#username = user?.username || usernameFromToken(jwt) || '';
    this.#external = keptExternalSession(await this.#storage.get<unknown>(StorageKeys.externalTokens));

    let answer: Envelope<unknown> | null = null;
    try {
      answer = await this.wrapper.form<Envelope<unknown>>('validatetoken', { jwt }, { handleSession: false });
    } catch {
      // unreachable or refused: treated like an invalid token (docs/behaviour/sign-in.md#boot)
    }
    if (answer?.status === 'success' && answer.message === Messages.tokenValid) return this.#enter('boot');
    if (answer?.message === Messages.tokenExpired && this.#refreshToken) {
      if (await this.refresh()) return this.#enter('boot');
      return; // refresh() has signed out
    }
    return this.#signOutLocally();
  }

  /** Signs in with the built-in form. */
  async login(username: string, password: string): Promise<void> {
    const state = this.getState();
    if (state.status !== 'signed-out' || state.loading) return;
    if (!username.trim() || !password) {
      this.setState({ status: 'signed-out', error: { key: 'login.error.empty', message: null }, loading: false });
      return;
    }
    this.setState({ status: 'signed-out', error: null, loading: true });
    let answer: Envelope<LoginResult>;
    try {
      answer = await this.wrapper.form<Envelope<LoginResult>>('auth', { username, password }, { handleSession: false });
    } catch (error) {
      this.setState({ status: 'signed-out', error: loginError(error), loading: false });
      return;
    }
    const result = answer?.status === 'success' ? answer.data : null;
    if (!result || typeof result.jwt !== 'string' || !result.jwt) {
      const message = typeof answer?.message === 'string' ? answer.message : null;
      this.setState({ status: 'signed-out', error: { key: 'login.error.failed', message: standardOrOwn(message) }, loading: false });
      return;
    }
    await this.#enter('login', this.#keep(result.jwt, result.refresh_token, result.username || username, null));
  }

  /**
   * Signs in with what POST {wrapper}/auth/external/{provider} answered for
   * the provider's token (docs/behaviour/external-sign-in.md#in-the-browser): entered like
   * login(), the provider's tokens kept encrypted beside Atrium's. The caller
   * (the external sign-in's model) makes the call, with `begin`, and tells
   * its failures itself. False when the answer carries no jwt.
   */
  async loginExternal(begin: () => Promise<Envelope<LoginResult>>, kept: ExternalSession): Promise<boolean> {
    const state = this.getState();
    if (state.status !== 'signed-out' || state.loading) throw new Error('A sign-in is already under way');
    this.setState({ status: 'signed-out', error: null, loading: true });
    let result: LoginResult | null = null;
    try {
      const answer = await begin();
      result = answer?.status === 'success' ? answer.data : null;
    } finally {
      if (!result?.jwt) this.setState({ status: 'signed-out', error: null, loading: false });
    }
    if (typeof result?.jwt !== 'string' || !result.jwt) return false;
    await this.#enter('login', this.#keep(result.jwt, result.refresh_token, result.username || usernameFromToken(result.jwt) || '', kept));
    return true;
  }

  /** The provider's tokens kept since an external sign-in (null after the built-in form or when signed out). */
  externalSession(): ExternalSession | null {
    return this.#external;
  }

  /** Keeps the provider's renewed tokens (signed in after an external sign-in only). */
  async updateExternalSession(kept: ExternalSession): Promise<void> {
    if (this.getState().status !== 'signed-in' || !this.#external || kept.provider !== this.#external.provider) return;
    await this.#saveExternal(kept);
  }

  /** What ends the provider session at sign-out (the external sign-in's model); null for none. */
  setProviderSignOut(end: ((kept: ExternalSession) => Promise<void>) | null): void {
    this.#providerSignOut = end;
  }

  /**
   * The provider session is over (its session check, a refused renewal):
   * the Atrium session signed in through it ends as by logout, with POST
   * /logout sent even if the page is leaving (keepalive), and no call to the
   * provider.
   */
  async endExternal(reason: string): Promise<void> {
    if (this.getState().status !== 'signed-in' || !this.#external) return;
    console.warn(`The identity provider session has ended (${reason}); signing out.`);
    return this.#signOff(false);
  }

  /** Forgets the sign-in error (the user edits a field). */
  clearError(): void {
    const state = this.getState();
    if (state.status === 'signed-out' && state.error) this.setState({ ...state, error: null });
  }

  /** POST /logout, clear storage, then after 2 s go to the account's loginURL or reload. */
  logout(): Promise<void> {
    return this.#signOff(true);
  }

  /**
   * POST /logout (sent even if the page is leaving: keepalive), storage
   * cleared, then, after an external sign-in and when asked, the provider
   * session ended too with the tokens kept for it
   * (docs/behaviour/external-sign-in.md#sign-out; a failure is only logged), and the page
   * leaves after 2 s.
   */
  async #signOff(endProvider: boolean): Promise<void> {
    if (this.getState().status === 'signing-out') return;
    const loginURL = this.#loginURL();
    this.setState({ status: 'signing-out' });
    try {
      await this.core.post('logout', this.#refreshToken ? { refresh_token: this.#refreshToken } : {}, { handleSession: false, keepalive: true });
    } catch (error) {
      console.warn('The logout call failed; the session is ended locally.', error);
    }
    const kept = endProvider ? this.#external : null;
    await this.#forget();
    try {
      if (kept) await this.#providerSignOut?.(kept);
    } catch (error) {
      console.warn('The identity provider session could not be ended.', error);
    }
    this.#leave(loginURL);
  }

  /** Profile cache (docs/behaviour/profile.md#profile-cache): purges UserInfo, metadata and settings, refetches, emits profile-updated. */
  async updateProfile(): Promise<void> {
    if (this.getState().status !== 'signed-in') return;
    for (const key of [StorageKeys.userInfo, StorageKeys.metadata, StorageKeys.desktop]) await this.#storage.remove(key);
    const profile = await this.#fetchProfile();
    const state = this.getState();
    if (state.status !== 'signed-in') return;
    await this.#storage.set(StorageKeys.userInfo, profile);
    this.setState({ ...state, profile });
    for (const listener of [...this.#profileListeners]) listener(profile);
  }

  /**
   * Switch Account (docs/behaviour/desktop.md#switch-account): POST v1
   * user/switchaccount {accountId}. On success the stored access token is
   * replaced, the cached profile, metadata and desktop are purged, the profile
   * is fetched again and the page reloads (true). On failure the server's
   * errors are only logged (false): the user stays in the current account.
   */
  async switchAccount(accountId: string): Promise<boolean> {
    const state = this.getState();
    if (state.status !== 'signed-in') return false;
    let answer: Envelope<{ jwt?: unknown; errors?: unknown }> | null;
    try {
      answer = await this.api.post<Envelope<{ jwt?: unknown; errors?: unknown }>>('user/switchaccount', { accountId });
    } catch (error) {
      console.warn('Switch account failed.', error instanceof RequestError ? (error.body ?? error.message) : error);
      return false;
    }
    const jwt = answer?.status === 'success' ? answer.data?.jwt : null;
    if (typeof jwt !== 'string' || !jwt || !this.#refreshToken) {
      console.warn('Switch account failed.', answer?.data?.errors ?? answer?.message ?? answer);
      return false;
    }
    await this.#saveTokens(jwt, this.#refreshToken, this.#username);
    try {
      await this.updateProfile();
    } catch (error) {
      console.warn('The profile of the new account could not be loaded; the reload fetches it.', error);
    }
    this.#env.location.reload();
    return true;
  }

  /** Calls the listener after updateProfile(); returns an unsubscribe. */
  onProfileUpdated(listener: (profile: Profile) => void): () => void {
    this.#profileListeners.add(listener);
    return () => this.#profileListeners.delete(listener);
  }

  accessToken(): string | null {
    return this.#jwt;
  }

  refresh(): Promise<boolean> {
    // A session signing out is over: a call that meets its revoked token (the socket closed by the logout) does not try to renew it.
    if (this.getState().status === 'signing-out') return Promise.resolve(false);
    this.#refreshing ??= this.#refreshOnce().finally(() => {
      this.#refreshing = null;
    });
    return this.#refreshing;
  }

  async expire(reason: 'session-expired' | 'too-many-retries'): Promise<void> {
    if (reason === 'too-many-retries') {
      await this.#forget();
      this.#env.location.reload();
      return;
    }
    await this.#endWithoutServer();
  }

  /** Cancels pending timers and drops listeners. */
  dispose(): void {
    for (const timer of this.#timers) this.#env.clock.clearTimeout(timer);
    this.#timers.clear();
    this.#profileListeners.clear();
    this.clearListeners();
  }

  async #refreshOnce(): Promise<boolean> {
    const jwt = this.#jwt;
    const refreshToken = this.#refreshToken;
    let failure: unknown = 'no stored token';
    if (jwt && refreshToken) {
      try {
        const answer = await this.wrapper.form<Envelope<Partial<LoginResult>>>('refreshtoken', { jwt, refresh_token: refreshToken }, { handleSession: false });
        const data = answer?.status === 'success' ? answer.data : null;
        if (data && typeof data.jwt === 'string' && data.jwt) {
          await this.#saveTokens(data.jwt, data.refresh_token || refreshToken, this.#username || usernameFromToken(data.jwt) || '');
          return true;
        }
        failure = answer;
      } catch (error) {
        failure = error;
      }
    }
    console.warn('Token refresh failed; signing out.', failure);
    await this.#endWithoutServer();
    return false;
  }

  /**
   * Takes a new session's tokens (and the provider's, or none): in memory at
   * once, so the next requests carry them, and into the encrypted storage,
   * which #enter waits for before anything may clear it.
   */
  #keep(jwt: string, refreshToken: string, username: string, external: ExternalSession | null): Promise<unknown> {
    const kept = Promise.all([this.#saveTokens(jwt, refreshToken, username), this.#saveExternal(external)]);
    kept.catch(() => undefined);
    return kept;
  }

  /**
   * Signed in from here on: fetch the profile (while the tokens are being
   * `kept`: neither waits for the other), apply the cleared-browser-cache
   * rule, show the desktop.
   */
  async #enter(via: 'login' | 'boot', kept: Promise<unknown> = Promise.resolve()): Promise<void> {
    let profile: Profile | null = null;
    try {
      profile = await this.#fetchProfile();
    } catch (error) {
      console.warn('The profile could not be loaded; using the cached one.', error);
    }
    await kept;
    if (this.#jwt === null) return; // the session ended meanwhile (expired, too many retries)
    if (profile) {
      await this.#storage.set(StorageKeys.userInfo, profile);
      if (Number(profile.cleared_browser_cache) === 1 && (await this.#resetClearedCacheFlag(profile))) {
        await this.#forget();
        await clearCaches(this.#env);
        this.#env.location.reload();
        return;
      }
    } else {
      profile = await this.#storage.get<Profile>(StorageKeys.userInfo);
    }
    this.setState({ status: 'signed-in', username: this.#username, profile, via });
  }

  /** PUT {api}/user/{id} {cleared_browser_cache: 0}; false (and no clearing) when it fails, so a refusal cannot lock the user out. */
  async #resetClearedCacheFlag(profile: Profile): Promise<boolean> {
    try {
      await this.api.put(`user/${encodeURIComponent(profile.id)}`, { cleared_browser_cache: 0 });
      return true;
    } catch (error) {
      console.warn('The cleared-browser-cache flag could not be reset; the cache is kept.', error);
      return false;
    }
  }

  async #fetchProfile(): Promise<Profile> {
    const answer = await this.api.get<Envelope<Profile>>('user/me/a+p+acc+ap+t');
    if (answer?.status !== 'success' || typeof answer.data?.id !== 'string') throw new Error('The server sent no profile');
    return answer.data;
  }

  async #saveTokens(jwt: string, refreshToken: string, username: string): Promise<void> {
    this.#jwt = jwt;
    this.#refreshToken = refreshToken;
    this.#username = username;
    await Promise.all([
      this.#storage.set(StorageKeys.authToken, jwt),
      this.#storage.set(StorageKeys.refreshToken, { key: refreshToken } satisfies StoredRefreshToken),
      this.#storage.set(StorageKeys.user, { jwt, username } satisfies StoredUser),
    ]);
  }

  async #saveExternal(kept: ExternalSession | null): Promise<void> {
    this.#external = kept;
    if (kept) await this.#storage.set(StorageKeys.externalTokens, kept);
    else await this.#storage.remove(StorageKeys.externalTokens);
  }

  /** Drops the tokens from memory and clears storage. */
  async #forget(): Promise<void> {
    this.#jwt = null;
    this.#refreshToken = null;
    this.#external = null;
    await this.#storage.clear();
  }

  async #signOutLocally(): Promise<void> {
    await this.#forget();
    this.setState({ status: 'signed-out', error: null, loading: false });
  }

  /** The session is over on the server: a signed-in page leaves like logout; otherwise show the login form. */
  async #endWithoutServer(): Promise<void> {
    const status = this.getState().status;
    if (status === 'signing-out') return;
    if (status !== 'signed-in') return this.#signOutLocally();
    const loginURL = this.#loginURL();
    this.setState({ status: 'signing-out' });
    await this.#forget();
    this.#leave(loginURL);
  }

  #loginURL(): string | null {
    const state = this.getState();
    return state.status === 'signed-in' ? safeAddress(state.profile?.active_account?.preferences?.loginURL) : null;
  }

  /** After the logout delay: the account's login page, else a reload (the core shuts down either way). */
  #leave(loginURL: string | null): void {
    const timer = this.#env.clock.setTimeout(() => {
      this.#timers.delete(timer);
      if (loginURL) this.#env.location.assign(loginURL);
      else this.#env.location.reload();
    }, LOGOUT_DELAY);
    this.#timers.add(timer);
  }
}

/** The sign-in error for a failed POST {wrapper}/auth. */
function loginError(error: unknown): LoginError {
  if (!(error instanceof RequestError) || error.code !== 'request.failed') return { key: 'login.error.failed', message: null };
  const body = (typeof error.body === 'object' && error.body !== null ? error.body : {}) as { message?: unknown; code?: unknown };
  const message = standardOrOwn(typeof body.message === 'string' ? body.message : null);
  if (error.status === 401) return { key: 'login.error.incorrect', message };
  if (typeof body.code === 'string' && LOGIN_ERROR_KEYS.has(body.code)) return { key: body.code as LoginError['key'], message };
  return { key: 'login.error.failed', message };
}

/** A kept provider session read back from storage, or null when it is not one. */
function keptExternalSession(value: unknown): ExternalSession | null {
  return typeof (value as ExternalSession | null)?.provider === 'string' ? (value as ExternalSession) : null;
}

/** null for the texts the catalogue already has (so they show translated), else the server's own text. */
function standardOrOwn(message: string | null): string | null {
  return message && !STANDARD_LOGIN_TEXTS.has(message) ? message : null;
}
