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
  const listeners = new Set<(event: ExternalSignInEvent) => void>();
  const emit = (event: ExternalSignInEvent) => {
    for (const listener of [...listeners]) listener(event);
  };
  const implicit = options.flow === 'implicit';
  const oktaOptions: OktaAuthOptions = {
    issuer: options.issuer,
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
  const auth = new okta.OktaAuth(oktaOptions);
  let checkTimer: unknown = null;
  let sessionCheckWorks = false;
  let signedIn = false;
  let disposed = false;

  const session = (): ExternalSession => {
    const tokens = auth.tokenManager.getTokensSync();
    return {
      provider: 'okta',
      ...(tokens.idToken ? { idToken: tokens.idToken.idToken } : {}),
      ...(tokens.accessToken ? { accessToken: tokens.accessToken.accessToken } : {}),
      ...(tokens.refreshToken ? { refreshToken: tokens.refreshToken.refreshToken } : {}),
      library: JSON.parse(JSON.stringify(tokens)) as unknown,
      sessionCheckWorks,
    };
  };
  const isOAuthOrApiError = (error: unknown) => error instanceof okta.OAuthError || error instanceof okta.AuthApiError;
  const storage = env.sessionStorage ?? null;
  const takeItem = (name: string) => {
    try {
      const value = storage?.getItem(name) ?? null;
      storage?.removeItem(name);
      return value;
    } catch {
      return null;
    }
  };
  const setItem = (name: string) => {
    try {
      storage?.setItem(name, '1');
    } catch {
      // unavailable: the marker is only a refinement
    }
  };
  const redirect = async (): Promise<void> => {
    try {
      await auth.signInWithRedirect();
    } catch (error) {
      throw new ExternalSignInError('unreachable', describeError(error), { cause: error });
    }
  };

  /** The nonce of the stored request an answer's state names, if any. */
  const storedNonce = (state: string | null): string | null => {
    try {
      const meta = state ? (auth.transactionManager.load({ state }) as { state?: unknown; nonce?: unknown } | null) : null;
      return meta && meta.state === state && typeof meta.nonce === 'string' ? meta.nonce : null;
    } catch {
      return null;
    }
  };

  /** One silent session check: true while the provider session lives. */
  const checkSession = async () => {
    if (disposed || !signedIn) return;
    const exists = await auth.session.exists();
    if (disposed || !signedIn) return;
    if (exists) {
      if (!sessionCheckWorks) {
        sessionCheckWorks = true;
        emit({ type: 'renewed', session: session() });
      }
    } else if (sessionCheckWorks) {
      stopChecking();
      signedIn = false;
      emit({ type: 'ended', reason: 'The provider session ended' });
      return;
    } else {
      console.warn(`${options.name}: the provider session cannot be seen from this page (third-party cookies blocked?); the session check is disabled.`);
      stopChecking();
      return;
    }
    checkTimer = env.clock.setTimeout(() => void checkSession(), options.checkLoginIframeInterval * 1000);
  };
  const stopChecking = () => {
    env.clock.clearTimeout(checkTimer);
    checkTimer = null;
  };
  /** Renewal and the session check for a signed-in page. */
  const watch = async () => {
    signedIn = true;
    await auth.start();
    if (options.checkLoginIframe) await checkSession();
  };

  auth.tokenManager.on('renewed', () => {
    if (signedIn) emit({ type: 'renewed', session: session() });
  });
  auth.tokenManager.on('error', (error: unknown) => {
    if (!signedIn) return;
    console.warn(`${options.name}: the token could not be renewed.`, describeError(error));
    // The provider refused (OAuthError, AuthApiError: invalid_grant, login_required) or something else went
    // wrong in the library: either way the session cannot be kept, and signing in again is what comes next.
    if (isOAuthOrApiError(error) || !(error instanceof TypeError)) {
      signedIn = false;
      stopChecking();
      emit({ type: 'ended', reason: describeError(error) });
    }
  });

  return {
    type: 'okta',
    async start(): Promise<ExternalStartResult> {
      const answer = providerAnswer(env.location, options.responseMode);
      if (answer) {
        const recovered = takeItem(RECOVERY_ITEM) !== null;
        // okta-auth-js checks the id token's nonce in the implicit flow only: the code flow's is checked here.
        const expectedNonce = storedNonce(answer.get('state'));
        try {
          // Parses the answer (and removes it from the address), checks its state against the stored request,
          // redeems the code with the PKCE verifier and verifies the id token (signature, issuer, audience, nonce).
          await auth.storeTokensFromRedirect();
        } catch (error) {
          // The answer leaves the address even when it is refused (the library removes it only once it has redeemed it).
          if (providerAnswer(env.location, options.responseMode)) env.history.replaceState(null, '', options.responseMode === 'query' ? `${env.location.pathname}${env.location.hash}` : `${env.location.pathname}${env.location.search}`);
          const detail = describeError(error);
          if (isOAuthOrApiError(error)) console.warn(`${options.name}: sign-in error.`, detail);
          // An OAuth error: the provider's answer itself, or the token endpoint's refusal of the code.
          if (error instanceof okta.OAuthError) throw new ExternalSignInError(answer.has('error') ? 'provider' : 'exchange', `${error.errorCode}: ${error.errorSummary}`, { cause: error });
          if (error instanceof okta.AuthApiError) throw new ExternalSignInError('exchange', detail, { cause: error });
          if (MISMATCH.test(detail)) throw new ExternalSignInError('state', detail, { cause: error });
          if (error instanceof TypeError) throw new ExternalSignInError('exchange', detail, { cause: error });
          // Other okta errors: to the okta sign-in, once.
          if (recovered) throw new ExternalSignInError('exchange', detail, { cause: error });
          setItem(RECOVERY_ITEM);
          await redirect();
          return { status: 'redirecting' };
        }
        const tokens = auth.tokenManager.getTokensSync();
        if (expectedNonce && tokens.idToken && tokens.idToken.claims.nonce !== expectedNonce) {
          auth.tokenManager.clear();
          throw new ExternalSignInError('state', "OAuth flow response nonce doesn't match request nonce");
        }
        if (!tokens.accessToken) return { status: 'anonymous' };
        // Renewal and the session check start beside Atrium's check of the token, not before it.
        watch().catch((error: unknown) => console.warn(`${options.name}: the provider session cannot be followed on this page.`, describeError(error)));
        return { status: 'authenticated', accessToken: tokens.accessToken.accessToken, session: session() };
      }
      if (options.onLoad === 'login-required') {
        await redirect();
        return { status: 'redirecting' };
      }
      // check-sso: the card; a live okta session signs in at its button without asking again.
      return { status: 'anonymous' };
    },
    async resume(kept) {
      if (!kept.library || typeof kept.library !== 'object') throw new Error('Not authenticated');
      sessionCheckWorks = kept.sessionCheckWorks === true;
      try {
        auth.tokenManager.setTokens(kept.library as Tokens);
      } catch (error) {
        throw new Error('Invalid token', { cause: error });
      }
      await watch();
    },
    async signIn() {
      await redirect();
    },
    async endSession(kept) {
      if (kept.library && typeof kept.library === 'object' && !auth.tokenManager.getTokensSync().accessToken) auth.tokenManager.setTokens(kept.library as Tokens);
      signedIn = false;
      stopChecking();
      const { accessToken } = auth.tokenManager.getTokensSync();
      // Revoke the access token, then close the okta session (DELETE /api/v1/sessions/me with its cookie).
      const failures: unknown[] = [];
      if (accessToken) await auth.revokeAccessToken(accessToken).catch((error: unknown) => failures.push(error));
      await auth.closeSession().catch((error: unknown) => failures.push(error));
      await auth.stop();
      if (failures.length) throw new Error(failures.map(describeError).join('; '));
    },
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      disposed = true;
      signedIn = false;
      stopChecking();
      listeners.clear();
      void auth.stop();
    },
  };
}
