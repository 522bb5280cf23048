import type { ExternalLoginOptions, ExternalProvider, ExternalTokens } from '@atrium/shared';
import type { ClientEnvironment } from '../../env.js';

/**
 * The identity library behind one port (docs/behaviour/external-sign-in.md#in-the-browser):
 * keycloak-js (keycloakSignIn.ts) or okta-auth-js (oktaSignIn.ts), each
 * loaded by dynamic import only when its type is configured. The flow model
 * (ExternalLogin) drives the port and never sees the library itself; tests
 * drive it with a fake port.
 */
export interface ExternalSignIn {
  readonly type: ExternalProvider;
  /**
   * Starts the library on a signed-out page: redeems the provider's answer
   * in the address (code and state checked against the stored request:
   * PKCE S256, state and nonce), or checks the provider session (check-sso),
   * or sends the browser to the provider (login-required). Failures reject
   * with an ExternalSignInError.
   */
  start(): Promise<ExternalStartResult>;
  /**
   * Starts the library on a signed-in page with the provider tokens kept
   * since the sign-in: their renewal and the silent session check. Events
   * tell what happens next.
   */
  resume(kept: ExternalSession): Promise<void>;
  /** Sends the browser to the provider's sign-in page (never resolves when it navigates). */
  signIn(): Promise<void>;
  /** Ends the provider session (docs/behaviour/external-sign-in.md#sign-out). */
  endSession(kept: ExternalSession): Promise<void>;
  /** Calls the listener on every event; returns an unsubscribe. */
  onEvent(listener: (event: ExternalSignInEvent) => void): () => void;
  /** Stops timers and listeners of the port (the library's own session iframe ends with the page). */
  dispose(): void;
}

/** What start() found. */
export type ExternalStartResult =
  /** Signed in at the provider: its access token goes to Atrium. */
  | { status: 'authenticated'; accessToken: string; session: ExternalSession }
  /** No provider session (or a silent check that found none): the card with its sign-in button. */
  | { status: 'anonymous' }
  /** The browser is on its way to the provider. */
  | { status: 'redirecting' };

/** Something the library did after start() or resume(). */
export type ExternalSignInEvent =
  /** The provider's tokens were renewed: keep the new ones. */
  | { type: 'renewed'; session: ExternalSession }
  /** The provider session is over (session check, refused renewal, tokens cleared): sign out of Atrium. */
  | { type: 'ended'; reason: string };

/**
 * What the browser keeps of the provider session, encrypted beside Atrium's
 * own tokens (StorageKeys.externalTokens): the Login result's provider
 * token (keycloak refresh token, okta id token) plus what resumes the
 * library after a reload.
 */
export interface ExternalSession extends ExternalTokens {
  /** The provider's access token (keycloak-js resumes with it). */
  accessToken?: string;
  /** The library's own token set (okta-auth-js's token manager), to resume it after a reload. */
  library?: unknown;
  /** The silent session check has seen the provider session once: only then does a failed check mean it ended. */
  sessionCheckWorks?: boolean;
}

/** Why a sign-in through the provider failed; each kind has its text (external.error.*). */
export type ExternalErrorKind =
  /** The provider answered an error (error + error_description). */
  | 'provider'
  /** The authorization code could not be exchanged for tokens. */
  | 'exchange'
  /** The provider's answer does not match the request made (state or nonce): refused, token cleared. */
  | 'state'
  /** Atrium refused the provider's token (401). */
  | 'refused'
  /** The identity has no (enabled) account in Atrium (403). */
  | 'no-access'
  /** The identity looks like an existing account's, which an administrator must link to it first (403 login.error.external-link-required). */
  | 'link-required'
  /** The provider (or Atrium's check of it) cannot be reached: 503, network, the library's code, a timeout. */
  | 'unreachable'
  /** The configured options break a rule (checkExternalLoginOptions). */
  | 'options'
  /** Anything else. */
  | 'failed';

/** A sign-in failure: its kind and the technical detail (the library's or server's own text). */
export class ExternalSignInError extends Error {
  readonly kind: ExternalErrorKind;
  readonly detail: string | null;

  constructor(kind: ExternalErrorKind, detail: string | null, options?: { cause?: unknown }) {
    super(detail ?? kind, options);
    this.name = 'ExternalSignInError';
    this.kind = kind;
    this.detail = detail;
  }
}

/** Builds the port of a type: what loadExternalSignIn imports. */
export type ExternalSignInFactory = (env: ClientEnvironment, options: ExternalLoginOptions) => Promise<ExternalSignIn>;

/** A text for an unknown thrown value (an Error's message, a library's {error, error_description}, else its string form). */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'object' && error !== null) {
    const { error: code, error_description: description } = error as { error?: unknown; error_description?: unknown };
    if (typeof code === 'string') return typeof description === 'string' && description ? `${code}: ${description}` : code;
  }
  return String(error);
}

/** The OAuth parameters that make an address the provider's answer. */
const ANSWER_PARAMS = ['code', 'access_token', 'id_token', 'error'];

/**
 * The provider's answer in the address, when there is one: its parameters
 * (from the fragment or the query, per the response mode) if they carry a
 * state and a code, token or error.
 */
export function providerAnswer(location: { search: string; hash: string }, responseMode: ExternalLoginOptions['responseMode']): URLSearchParams | null {
  const raw = responseMode === 'query' ? location.search.replace(/^\?/, '') : location.hash.replace(/^#/, '');
  if (!raw) return null;
  const params = new URLSearchParams(raw);
  return params.has('state') && ANSWER_PARAMS.some((name) => params.has(name)) ? params : null;
}
