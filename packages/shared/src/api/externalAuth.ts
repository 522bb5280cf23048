import * as z from 'zod/mini';
import { text } from './text.js';

/**
 * External sign-in (docs/behaviour/external-sign-in.md): the wire contract
 * and the options' rules, shared by the server (checked at start), the
 * client (checked again before the identity library is started) and the
 * local identity provider.
 */

/** The external sign-in types; 'builtin' is the username and password form. */
export const EXTERNAL_PROVIDERS = ['keycloak', 'okta'] as const;
export type ExternalProvider = (typeof EXTERNAL_PROVIDERS)[number];

export const EXTERNAL_ON_LOAD = ['check-sso', 'login-required'] as const;
export const EXTERNAL_FLOWS = ['standard', 'implicit', 'hybrid'] as const;
export const EXTERNAL_RESPONSE_MODES = ['query', 'fragment'] as const;
export const EXTERNAL_PKCE_METHODS = ['S256'] as const;

/** Seconds between two silent session checks (the provider's session iframe) by default. */
export const EXTERNAL_SESSION_CHECK_INTERVAL = 5;
/** Upper bound of a provider access token sent to POST {wrapper}/auth/external/{provider}. */
export const EXTERNAL_TOKEN_MAX = 16_384;

/**
 * What the client needs to start the identity library: part of GET
 * /client-config (`external`) when AUTH_TYPE is keycloak or okta, null
 * otherwise. Every field has been checked by checkExternalLoginOptions.
 */
export interface ExternalLoginOptions {
  type: ExternalProvider;
  /** Shown on the sign-in button ('Sign in with {{name}}'): AUTH_PROVIDER_NAME, else 'Keycloak' or 'Okta'. */
  name: string;
  clientId: string;
  /** Keycloak: the server's base address (without /realms/…); null for okta. */
  url: string | null;
  /** Keycloak: the realm; null for okta. */
  realm: string | null;
  /** Okta: the issuer (https://…/oauth2/default or the org address); null for keycloak. */
  issuer: string | null;
  /** Where the provider sends the browser back after sign-in (this site's root by default). */
  redirectUri: string;
  /** Where the provider sends the browser after sign-out (this site's root by default). */
  postLogoutRedirectUri: string;
  scopes: string[];
  onLoad: (typeof EXTERNAL_ON_LOAD)[number];
  flow: (typeof EXTERNAL_FLOWS)[number];
  responseMode: (typeof EXTERNAL_RESPONSE_MODES)[number];
  pkceMethod: (typeof EXTERNAL_PKCE_METHODS)[number];
  /** Keycloak: the silent session check through the provider's iframe. */
  checkLoginIframe: boolean;
  /** Seconds between two session checks (EXTERNAL_SESSION_CHECK_INTERVAL by default). */
  checkLoginIframeInterval: number;
}

/** The options as given (configuration or the server's answer), before they are checked. */
export type ExternalLoginInput = Partial<Record<keyof ExternalLoginOptions, unknown>>;

/** A refused option: the setting it names and a text that says what is allowed. */
export interface ExternalOptionProblem {
  option: keyof ExternalLoginOptions;
  message: string;
}

/** An absolute http(s) address with a host, no spaces. */
const isHttpAddress = (value: unknown): value is string => typeof value === 'string' && value.length <= 2048 && /^https?:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/i.test(value);

const oneOf = <T extends string>(allowed: readonly T[], value: unknown): value is T => typeof value === 'string' && (allowed as readonly string[]).includes(value);

/**
 * The external login client's rules (docs/behaviour/external-sign-in.md#options):
 * responseMode query or fragment; flow standard, implicit or hybrid;
 * pkceMethod only S256; onLoad check-sso or login-required; clientId always
 * and realm (keycloak) required; the addresses http(s). The first problem
 * found is answered, naming its option.
 */
export function checkExternalLoginOptions(input: ExternalLoginInput): { ok: true; value: ExternalLoginOptions } | { ok: false; problem: ExternalOptionProblem } {
  const fail = (option: keyof ExternalLoginOptions, message: string) => ({ ok: false as const, problem: { option, message } });
  if (!oneOf(EXTERNAL_PROVIDERS, input.type)) return fail('type', `must be one of ${EXTERNAL_PROVIDERS.join(', ')}`);
  const type = input.type;
  if (typeof input.clientId !== 'string' || !input.clientId.trim()) return fail('clientId', 'clientId is required');
  let url: string | null = null;
  let realm: string | null = null;
  let issuer: string | null = null;
  if (type === 'keycloak') {
    if (!isHttpAddress(input.url)) return fail('url', 'must be the http(s) address of the Keycloak server');
    if (typeof input.realm !== 'string' || !input.realm.trim()) return fail('realm', 'realm is required');
    if (!/^[A-Za-z0-9._-]+$/.test(input.realm)) return fail('realm', 'may hold only letters, digits, dot, underscore and hyphen');
    url = input.url.replace(/\/+$/, '');
    realm = input.realm;
  } else {
    if (!isHttpAddress(input.issuer)) return fail('issuer', 'must be the http(s) address of the Okta issuer');
    issuer = input.issuer.replace(/\/+$/, '');
  }
  if (!isHttpAddress(input.redirectUri)) return fail('redirectUri', 'must be an http(s) address');
  if (!isHttpAddress(input.postLogoutRedirectUri)) return fail('postLogoutRedirectUri', 'must be an http(s) address');
  const onLoad = input.onLoad ?? 'check-sso';
  if (!oneOf(EXTERNAL_ON_LOAD, onLoad)) return fail('onLoad', `onLoad must be ${EXTERNAL_ON_LOAD.join(' or ')}`);
  const flow = input.flow ?? 'standard';
  if (!oneOf(EXTERNAL_FLOWS, flow)) return fail('flow', `flow must be ${EXTERNAL_FLOWS.join(', ')}`);
  const responseMode = input.responseMode ?? 'fragment';
  if (!oneOf(EXTERNAL_RESPONSE_MODES, responseMode)) return fail('responseMode', `responseMode must be ${EXTERNAL_RESPONSE_MODES.join(' or ')}`);
  const pkceMethod = input.pkceMethod ?? 'S256';
  if (!oneOf(EXTERNAL_PKCE_METHODS, pkceMethod)) return fail('pkceMethod', 'pkceMethod must be S256');
  const scopes = input.scopes ?? ['openid', 'profile', 'email'];
  if (!Array.isArray(scopes) || scopes.length === 0 || !scopes.every((s) => typeof s === 'string' && /^[\x21\x23-\x5B\x5D-\x7E]+$/.test(s))) {
    return fail('scopes', 'must be scope names separated by spaces or commas');
  }
  if (!scopes.includes('openid')) return fail('scopes', "must include 'openid'");
  const interval = input.checkLoginIframeInterval ?? EXTERNAL_SESSION_CHECK_INTERVAL;
  if (typeof interval !== 'number' || !Number.isInteger(interval) || interval < 1 || interval > 3600) return fail('checkLoginIframeInterval', 'must be whole seconds from 1 to 3600');
  const checkLoginIframe = input.checkLoginIframe ?? true;
  if (typeof checkLoginIframe !== 'boolean') return fail('checkLoginIframe', 'must be true or false');
  const name = typeof input.name === 'string' && input.name.trim() ? input.name.trim().slice(0, 60) : type === 'keycloak' ? 'Keycloak' : 'Okta';
  return {
    ok: true,
    value: {
      type,
      name,
      clientId: input.clientId.trim(),
      url,
      realm,
      issuer,
      redirectUri: input.redirectUri,
      postLogoutRedirectUri: input.postLogoutRedirectUri,
      scopes: [...new Set(scopes as string[])],
      onLoad,
      flow,
      responseMode,
      pkceMethod,
      checkLoginIframe,
      checkLoginIframeInterval: interval,
    },
  };
}

/** POST {wrapper}/auth/external/{provider}: the provider's access token, form-encoded. */
// Pure: the client's configuration check imports this module, and the login page must not carry zod for a schema only the server uses.
export const ExternalLoginForm = /* @__PURE__ */ z.strictObject({
  access_token: /* @__PURE__ */ text({ min: 1, max: EXTERNAL_TOKEN_MAX }),
});
export type ExternalLoginForm = z.infer<typeof ExternalLoginForm>;

/**
 * What the client keeps of the provider's session beside Atrium's own
 * tokens (the Login result's "keycloak refresh token or okta id token"):
 * used to end the provider session at sign-out.
 */
export interface ExternalTokens {
  provider: ExternalProvider;
  /** Keycloak's refresh token (the Keycloak logout call sends it). */
  refreshToken?: string;
  /** Okta's id token (the id_token_hint of Okta's logout). */
  idToken?: string;
}

/** Roles read from a provider's access token (realm_access, resource_access). */
export interface ExternalRoles {
  realm: string[];
  /** Per client id: that client's roles. */
  resource: Record<string, string[]>;
}

/** Whether the roles hold a realm role. */
export function hasRealmRole(roles: ExternalRoles | null | undefined, role: string): boolean {
  return !!roles && roles.realm.includes(role);
}

/** Whether the roles hold a role of a client (resource). */
export function hasResourceRole(roles: ExternalRoles | null | undefined, role: string, resource: string): boolean {
  return !!roles && Object.hasOwn(roles.resource, resource) && (roles.resource[resource] ?? []).includes(role);
}

/** Reads realm_access.roles and resource_access.{client}.roles from verified claims; anything malformed counts as no role. */
export function rolesFromClaims(claims: Record<string, unknown>): ExternalRoles {
  const strings = (value: unknown): string[] => (Array.isArray(value) ? [...new Set(value.filter((v): v is string => typeof v === 'string' && v.length > 0 && v.length <= 200))].slice(0, 200) : []);
  const realmAccess = claims.realm_access;
  const realm = typeof realmAccess === 'object' && realmAccess !== null ? strings((realmAccess as { roles?: unknown }).roles) : [];
  // No prototype: a client named '__proto__' is just a key.
  const resource = Object.create(null) as Record<string, string[]>;
  const resourceAccess = claims.resource_access;
  if (typeof resourceAccess === 'object' && resourceAccess !== null && !Array.isArray(resourceAccess)) {
    for (const [client, entry] of Object.entries(resourceAccess as Record<string, unknown>).slice(0, 100)) {
      const roles = typeof entry === 'object' && entry !== null ? strings((entry as { roles?: unknown }).roles) : [];
      if (roles.length > 0 && client.length <= 200) resource[client] = roles;
    }
  }
  return { realm, resource };
}
