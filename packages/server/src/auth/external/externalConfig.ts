/**
 * The operator's settings of external sign-in (docs/behaviour/external-sign-in.md#options):
 * the AUTH_* variables read into the options the client is given (checked by
 * the shared rules) and the server's own (audience, user claim, provisioning,
 * linking by e-mail, algorithms). A bad value is answered with the variable
 * it came from.
 */
import { checkExternalLoginOptions, type ExternalLoginInput, type ExternalLoginOptions, type ExternalProvider } from '@atrium/shared';

/** The JWS algorithms an operator may allow: asymmetric ones only (a provider's published keys are public keys). */
export const EXTERNAL_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'] as const;
/** Allowed when AUTH_ALGORITHMS is unset. */
export const DEFAULT_EXTERNAL_ALGORITHMS = ['RS256', 'PS256', 'ES256'];

/**
 * AUTH_LINK_BY_EMAIL (docs/behaviour/external-sign-in.md#links): whether an
 * identity no user is linked to yet may be linked by its verified e-mail
 * address, never (`off`), only to a user without a password
 * (`passwordless`), or to any user (`all`: the operator's consent for the
 * users who have a password too).
 */
export const LINK_BY_EMAIL = ['off', 'passwordless', 'all'] as const;
export type LinkByEmail = (typeof LINK_BY_EMAIL)[number];

/**
 * The claim holding the provider's immutable id of the user, by type:
 * Keycloak's `sub` is the user's id; in Okta's access tokens `sub` is the
 * login, which can change, and `uid` the user's id.
 */
export const SUBJECT_CLAIMS = { keycloak: 'sub', okta: 'uid' } as const satisfies Record<ExternalProvider, string>;

/** External sign-in as configured (AUTH_TYPE keycloak or okta). */
export interface ExternalAuthConfig {
  type: ExternalProvider;
  /** Whose tokens are accepted: Keycloak's `${url}/realms/${realm}`, or Okta's issuer. */
  issuer: string;
  clientId: string;
  /** The access token's `aud` must hold one of these. */
  audience: string[];
  /** The claim whose value is the username of a user created at their first sign-in. */
  userClaim: string;
  /** Name or id of the organisation unknown users are created in; null: they are refused. */
  provisionAccount: string | null;
  /** Which users an identity may be linked to by its verified e-mail address. */
  linkByEmail: LinkByEmail;
  /** JWS algorithms accepted. */
  algorithms: string[];
  /**
   * The options the client is given, checked at start. The two addresses are
   * placeholders when they were not configured: `clientOptions` fills them.
   */
  options: ExternalLoginOptions;
  /** AUTH_REDIRECT_URI, else PUBLIC_URL + '/', else null (each request's own origin + '/'). */
  redirectUri: string | null;
  /** AUTH_POST_LOGOUT_REDIRECT_URI, else null (the redirect address). */
  postLogoutRedirectUri: string | null;
}

export type ExternalConfigResult = { ok: true; value: ExternalAuthConfig | null } | { ok: false; variable: string; message: string };

/** Which variable sets each client option. */
const VARIABLES: Record<keyof ExternalLoginOptions, string> = {
  type: 'AUTH_TYPE',
  name: 'AUTH_PROVIDER_NAME',
  clientId: 'AUTH_CLIENT_ID',
  url: 'AUTH_KEYCLOAK_URL',
  realm: 'AUTH_REALM',
  issuer: 'AUTH_ISSUER',
  redirectUri: 'AUTH_REDIRECT_URI',
  postLogoutRedirectUri: 'AUTH_POST_LOGOUT_REDIRECT_URI',
  scopes: 'AUTH_SCOPES',
  onLoad: 'AUTH_ON_LOAD',
  flow: 'AUTH_FLOW',
  responseMode: 'AUTH_RESPONSE_MODE',
  pkceMethod: 'AUTH_PKCE_METHOD',
  checkLoginIframe: 'AUTH_CHECK_LOGIN_IFRAME',
  checkLoginIframeInterval: 'AUTH_CHECK_LOGIN_IFRAME_INTERVAL',
};

/** Stands for an address computed per request while the options are checked at start. */
const PLACEHOLDER_ADDRESS = 'http://localhost/';
const BOOLEANS: Record<string, boolean> = { true: true, '1': true, yes: true, false: false, '0': false, no: false };
/** A claim name: letters, digits and a few separators. */
const CLAIM_NAME = /^[A-Za-z0-9_.:-]{1,100}$/;

/** A comma (or space) separated list, blanks dropped. */
const items = (value: string, separators = /,/) =>
  value
    .split(separators)
    .map((item) => item.trim())
    .filter(Boolean);

/**
 * Reads external sign-in from the environment (empty variables already
 * removed). `publicUrl` is PUBLIC_URL when the operator set it.
 */
export function readExternalAuthConfig(env: Record<string, string | undefined>, type: 'builtin' | ExternalProvider, publicUrl: string | undefined): ExternalConfigResult {
  if (type === 'builtin') return { ok: true, value: null };
  const refuse = (variable: string, message: string) => ({ ok: false as const, variable, message });

  const redirectUri = env.AUTH_REDIRECT_URI ?? (publicUrl ? `${publicUrl.replace(/\/+$/, '')}/` : null);
  const postLogoutRedirectUri = env.AUTH_POST_LOGOUT_REDIRECT_URI ?? null;
  const input: ExternalLoginInput = {
    type,
    name: env.AUTH_PROVIDER_NAME,
    clientId: env.AUTH_CLIENT_ID,
    url: type === 'keycloak' ? env.AUTH_KEYCLOAK_URL : undefined,
    realm: type === 'keycloak' ? env.AUTH_REALM : undefined,
    issuer: type === 'okta' ? env.AUTH_ISSUER : undefined,
    redirectUri: redirectUri ?? PLACEHOLDER_ADDRESS,
    postLogoutRedirectUri: postLogoutRedirectUri ?? redirectUri ?? PLACEHOLDER_ADDRESS,
    scopes: env.AUTH_SCOPES === undefined ? undefined : items(env.AUTH_SCOPES, /[\s,]+/),
    onLoad: env.AUTH_ON_LOAD,
    flow: env.AUTH_FLOW,
    responseMode: env.AUTH_RESPONSE_MODE,
    pkceMethod: env.AUTH_PKCE_METHOD,
  };
  if (env.AUTH_CHECK_LOGIN_IFRAME !== undefined) {
    const value = BOOLEANS[env.AUTH_CHECK_LOGIN_IFRAME.trim().toLowerCase()];
    if (value === undefined) return refuse('AUTH_CHECK_LOGIN_IFRAME', 'must be true or false');
    input.checkLoginIframe = value;
  }
  if (env.AUTH_CHECK_LOGIN_IFRAME_INTERVAL !== undefined) {
    const text = env.AUTH_CHECK_LOGIN_IFRAME_INTERVAL.trim();
    // Not a whole number: handed on as text, which the shared rule refuses with its own words.
    input.checkLoginIframeInterval = /^\d{1,9}$/.test(text) ? Number(text) : text;
  }
  const checked = checkExternalLoginOptions(input);
  if (!checked.ok) return refuse(VARIABLES[checked.problem.option], checked.problem.message);
  const options = checked.value;

  const issuer = options.type === 'keycloak' ? `${options.url!}/realms/${options.realm!}` : options.issuer!;

  const audience = env.AUTH_AUDIENCE === undefined ? [options.type === 'keycloak' ? options.clientId : 'api://default'] : items(env.AUTH_AUDIENCE);
  if (audience.length === 0 || audience.some((a) => /\s/.test(a) || a.length > 500)) return refuse('AUTH_AUDIENCE', 'must be a comma-separated list of audiences');

  const userClaim = env.AUTH_USER_CLAIM?.trim() ?? (options.type === 'keycloak' ? 'preferred_username' : 'sub');
  if (!CLAIM_NAME.test(userClaim)) return refuse('AUTH_USER_CLAIM', 'must be a claim name (letters, digits, _ . : -)');

  const provisionAccount = env.AUTH_PROVISION_ACCOUNT?.trim() || null;
  if (provisionAccount !== null && provisionAccount.length > 200) return refuse('AUTH_PROVISION_ACCOUNT', 'must be the name or id of an organisation');

  const linkByEmail = (env.AUTH_LINK_BY_EMAIL?.trim().toLowerCase() ?? 'off') as LinkByEmail;
  if (!LINK_BY_EMAIL.includes(linkByEmail)) return refuse('AUTH_LINK_BY_EMAIL', 'must be off, passwordless or all');

  const algorithms = env.AUTH_ALGORITHMS === undefined ? DEFAULT_EXTERNAL_ALGORITHMS : items(env.AUTH_ALGORITHMS);
  const allowed: readonly string[] = EXTERNAL_ALGORITHMS;
  const bad = algorithms.find((a) => !allowed.includes(a));
  if (algorithms.length === 0 || bad !== undefined) {
    const why = bad === undefined ? 'is empty' : /^none$/i.test(bad) ? "'none' (unsigned tokens) is refused" : /^HS/i.test(bad) ? `${bad} (a shared secret) is refused` : `${bad} is not known`;
    return refuse('AUTH_ALGORITHMS', `${why}: allow asymmetric algorithms only (${EXTERNAL_ALGORITHMS.join(', ')})`);
  }

  return {
    ok: true,
    value: { type: options.type, issuer, clientId: options.clientId, audience, userClaim, provisionAccount, linkByEmail, algorithms: [...new Set(algorithms)], options, redirectUri, postLogoutRedirectUri },
  };
}

/**
 * The options answered in GET /client-config: the addresses the operator did
 * not set are this site's root as the request reached it (`origin`).
 */
export function clientOptions(config: ExternalAuthConfig, origin: string): ExternalLoginOptions {
  const redirectUri = config.redirectUri ?? `${origin}/`;
  return { ...config.options, redirectUri, postLogoutRedirectUri: config.postLogoutRedirectUri ?? redirectUri };
}

/** The origin the browser talks to at the provider (the page's policy lets it connect there): Keycloak's server or Okta's issuer. */
export function providerOrigin(config: ExternalAuthConfig): string {
  return new URL(config.type === 'keycloak' ? (config.options.url ?? config.issuer) : config.issuer).origin;
}
