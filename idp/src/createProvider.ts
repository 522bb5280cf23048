import { randomBytes } from 'node:crypto';
import Provider, { errors } from 'oidc-provider';
import type { Client, ClientMetadata, Configuration, KoaContext, Middleware, OIDCContext } from 'oidc-provider';
import { html, readForm } from './http.js';
import { MemoryStore } from './MemoryStore.js';
import { errorPage, signInPage, signOutPage, signedOutPage } from './pages.js';
import type { SigningKey } from './signingKey.js';
import { DEMO_PASSWORD } from './users.js';
import type { IdpUser, UserDirectory } from './users.js';

/** One oidc-provider instance mounted at `path` of the server, shaped as a Keycloak realm or an Okta issuer. */
export interface MountedIssuer {
  issuer: string;
  /** Where it is mounted (/realms/{realm}, /oauth2/default). */
  path: string;
  provider: Provider;
  store: MemoryStore;
  key: SigningKey;
  users: UserDirectory;
  accessTokenClaims(user: IdpUser, grant: AccessTokenGrant): Record<string, unknown> & { aud: string | string[] };
}

/** A client registered at the provider: public, authorization code with PKCE S256 (implicit and hybrid allowed too). */
export interface IdpClient {
  clientId: string;
  /** Shown on the sign-in page. */
  name?: string;
  redirectUris: readonly string[];
  /** Where the provider may send the browser after sign-out; the redirect addresses by default. */
  postLogoutRedirectUris?: readonly string[];
}

/** What an access token says of its grant, for the claims a provider adds. */
export interface AccessTokenGrant {
  clientId: string;
  scope: string;
  /** The provider session the token was issued in (Keycloak's sid); none for a minted test token. */
  sid: string | undefined;
}

/** What differs between the Keycloak-style realm and the Okta-style issuer. */
export interface ProviderSetup {
  issuer: string;
  /** Named on the provider's pages. */
  brand: string;
  /** oidc-provider's routes, relative to the issuer's path. */
  routes: Record<string, string>;
  cookies: { session: string; interaction: string; resume: string; path: string };
  users: UserDirectory;
  clients: readonly IdpClient[];
  key: SigningKey;
  accessTokenTtl: number;
  /** The resource indicator access tokens are issued for (they are JWTs for it). */
  resource: string;
  /** The access token's claims beyond iss, iat, exp and jti (aud included). */
  accessTokenClaims(user: IdpUser, grant: AccessTokenGrant): Record<string, unknown> & { aud: string | string[] };
  /** Whether a grant with these scopes gets a refresh token (Keycloak: always; Okta: with offline_access). */
  issuesRefreshToken(scopes: ReadonlySet<string>): boolean;
  /** Another form of a model's identifiers (see MemoryStore). */
  resolveId?: (model: string, id: string) => Promise<string | undefined>;
}

/** Scopes both providers know. */
export const SCOPES = ['openid', 'profile', 'email', 'offline_access'];

const SESSION_TTL = 10 * 60 * 60;
const AUTHORIZATION_CODE_TTL = 60;
const INTERACTION_TTL = 60 * 60;

const RESPONSE_TYPES = ['code', 'id_token', 'id_token token', 'code id_token', 'code token', 'code id_token token'];

/** The origins a client's pages run at (Keycloak's "web origins"): those of its redirect addresses. */
export function webOrigins(client: Pick<IdpClient, 'redirectUris' | 'postLogoutRedirectUris'>): Set<string> {
  return new Set([...client.redirectUris, ...(client.postLogoutRedirectUris ?? [])].map((uri) => new URL(uri).origin));
}

function clientMetadata(client: IdpClient): ClientMetadata {
  return {
    client_id: client.clientId,
    client_name: client.name ?? client.clientId,
    application_type: 'web',
    token_endpoint_auth_method: 'none',
    redirect_uris: [...client.redirectUris],
    post_logout_redirect_uris: [...(client.postLogoutRedirectUris ?? client.redirectUris)],
    grant_types: ['authorization_code', 'refresh_token', 'implicit'],
    response_types: RESPONSE_TYPES,
  };
}

/** The sign-in hint printed under the form: the users one may try. */
function usersHint(users: UserDirectory): string {
  return `Local test provider. Users: ${users.usernames().join(', ')}; password ${DEMO_PASSWORD}.`;
}

/**
 * Builds one oidc-provider instance from its setup: the clients, the users
 * (findAccount), the signing key, JWT access tokens for the setup's
 * resource, the sign-in page (no consent screen: every requested scope is
 * granted), the sign-out step and the error page. The caller mounts it at
 * the issuer's path and adds the routes only its kind of provider has.
 */
export function createProvider(setup: ProviderSetup): { provider: Provider; store: MemoryStore } {
  const { users, brand } = setup;
  const store = new MemoryStore(setup.resolveId);
  const mountPath = new URL(setup.issuer).pathname.replace(/\/$/, '');
  const clientsById = new Map(setup.clients.map((c) => [c.clientId, c]));

  const configuration: Configuration = {
    adapter: store.factory,
    clients: setup.clients.map(clientMetadata),
    jwks: { keys: [setup.key.privateJwk] },
    cookies: {
      names: { session: setup.cookies.session, interaction: setup.cookies.interaction, resume: setup.cookies.resume },
      long: { httpOnly: true, sameSite: 'lax', path: setup.cookies.path },
      short: { httpOnly: true, sameSite: 'lax' },
      keys: [randomBytes(32).toString('base64url')],
    },
    claims: {
      openid: ['sub'],
      profile: ['name', 'given_name', 'family_name', 'preferred_username'],
      email: ['email', 'email_verified'],
    },
    scopes: SCOPES,
    responseTypes: [...RESPONSE_TYPES, 'none'],
    routes: setup.routes,
    pkce: { required: () => true },
    // Id tokens carry the profile and e-mail claims, as Keycloak's and Okta's do.
    conformIdTokenClaims: false,
    features: providerFeatures(setup),
    formats: { customizers: { jwt: jwtCustomizer(setup) } },
    ttl: {
      AccessToken: setup.accessTokenTtl,
      IdToken: setup.accessTokenTtl,
      AuthorizationCode: AUTHORIZATION_CODE_TTL,
      RefreshToken: SESSION_TTL,
      Session: SESSION_TTL,
      Grant: SESSION_TTL,
      Interaction: INTERACTION_TTL,
    },
    interactions: { url: (_ctx, interaction) => `${mountPath}/interaction/${interaction.uid}` },
    findAccount: accountFinder(users),
    // No consent screen: what the application asks for is granted.
    loadExistingGrant: async (ctx) => grantEverythingRequested(provider, ctx.oidc),
    issueRefreshToken: (_ctx, client, code) => client.grantTypeAllowed('refresh_token') && setup.issuesRefreshToken(new Set((code.scope ?? '').split(' '))),
    clientBasedCORS: (_ctx, origin, client) => {
      const known = clientsById.get(client.clientId);
      return !!known && webOrigins(known).has(origin);
    },
    renderError: (ctx, out) => html(ctx, ctx.status >= 400 ? ctx.status : 400, errorPage(brand, out.error ?? 'server_error', out.error_description)),
    clockTolerance: 5,
  };

  const provider = new Provider(setup.issuer, configuration);
  provider.proxy = false;
  allowPlainHttpForImplicit(provider);
  provider.use(credentialedCors(new Set(setup.clients.flatMap((c) => [...webOrigins(c)]))));
  provider.use(signInRoutes(provider, setup, mountPath));
  return { provider, store };
}

/**
 * What the provider serves besides the code flow: sign-out with its pages, and JWT access tokens
 * for the setup's resource. Each provider serves userinfo, revocation and introspection itself.
 */
function providerFeatures(setup: ProviderSetup): NonNullable<Configuration['features']> {
  const { brand } = setup;
  return {
    devInteractions: { enabled: false },
    // Each provider serves userinfo, revocation and introspection itself: its access tokens are JWTs.
    userinfo: { enabled: false },
    revocation: { enabled: false },
    introspection: { enabled: false },
    rpInitiatedLogout: {
      enabled: true,
      logoutSource: (ctx: KoaContext, form: string) => html(ctx, 200, signOutPage(brand, form)),
      postLogoutSuccessSource: (ctx: KoaContext) => html(ctx, 200, signedOutPage(brand)),
    },
    resourceIndicators: {
      enabled: true,
      defaultResource: (_ctx: KoaContext, _client: Client, oneOf?: string[]) => oneOf?.[0] ?? setup.resource,
      useGrantedResource: () => true,
      getResourceServerInfo: (_ctx: KoaContext, indicator: string, client: Client) => {
        if (indicator !== setup.resource) throw new errors.InvalidTarget();
        return {
          scope: SCOPES.join(' '),
          audience: client.clientId,
          accessTokenTTL: setup.accessTokenTtl,
          accessTokenFormat: 'jwt',
          jwt: { sign: { alg: setup.key.alg } },
        };
      },
    },
  };
}

type JwtCustomizer = NonNullable<NonNullable<NonNullable<Configuration['formats']>['customizers']>['jwt']>;

/** Shapes the JWT access token like the real provider's (the setup's accessTokenClaims). */
function jwtCustomizer(setup: ProviderSetup): JwtCustomizer {
  return (_ctx, token, jwt) => {
    const user = token.accountId === undefined ? undefined : setup.users.byId(token.accountId);
    if (!user) return;
    delete jwt.payload.client_id;
    delete jwt.payload.scope;
    Object.assign(jwt.payload, setup.accessTokenClaims(user, { clientId: token.clientId, scope: token.scope ?? '', sid: token.sessionUid }));
  };
}

/** The account of a subject: the user's profile and e-mail claims. */
function accountFinder(users: UserDirectory): NonNullable<Configuration['findAccount']> {
  return async (_ctx, sub) => {
    const user = users.byId(sub);
    if (!user) return undefined;
    return {
      accountId: sub,
      claims: () => ({
        sub,
        name: `${user.firstName} ${user.lastName}`,
        given_name: user.firstName,
        family_name: user.lastName,
        preferred_username: user.username,
        email: user.email,
        email_verified: user.emailVerified,
      }),
    };
  };
}

/**
 * keycloak-js calls the token endpoint with credentials (cookies) included;
 * Keycloak allows it to its clients' web origins, and so does this provider
 * for every answer whose CORS it grants to such an origin.
 */
function credentialedCors(allowed: ReadonlySet<string>): Middleware {
  return async (ctx, next) => {
    await next();
    const origin = ctx.get('origin');
    if (origin && allowed.has(origin) && ctx.response.get('access-control-allow-origin') === origin) ctx.set('Access-Control-Allow-Credentials', 'true');
  };
}

/** Finds the session's grant for the client, or starts one, and adds every scope and claim requested. */
async function grantEverythingRequested(provider: Provider, oidc: OIDCContext) {
  const { client, session } = oidc;
  if (!client || !session?.accountId) return undefined;
  const grantId = oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
  const existing = grantId ? await provider.Grant.find(grantId) : undefined;
  const grant = existing && existing.accountId === session.accountId ? existing : new provider.Grant({ clientId: client.clientId, accountId: session.accountId });
  grant.addOIDCScope([...oidc.requestParamOIDCScopes].join(' '));
  if (oidc.requestParamClaims.size) grant.addOIDCClaims([...oidc.requestParamClaims]);
  for (const [indicator, server] of Object.entries(oidc.resourceServers)) {
    grant.addResourceScope(indicator, [...oidc.requestParamScopes].filter((s) => server.scopes.has(s)).join(' '));
  }
  await grant.save();
  return grant;
}

/**
 * oidc-provider refuses http and localhost redirect addresses to clients
 * allowed the implicit flow; a local provider for http://127.0.0.1 and
 * http://localhost needs them (the documented way to lift the rule).
 */
function allowPlainHttpForImplicit(provider: Provider) {
  const schema = provider.Client.Schema.prototype;
  const invalidate = schema.invalidate;
  schema.invalidate = function (message: string, code?: string) {
    if (code === 'implicit-force-https' || code === 'implicit-forbid-localhost') return;
    invalidate.call(this, message, code);
  };
}

/** The error oidc-provider throws when the interaction cookie or record is gone. */
const isExpiredInteraction = (error: unknown) => error instanceof Error && error.name === 'SessionNotFound';

/**
 * GET {issuer}/interaction/{uid}: the sign-in page; POST: checks the
 * username and password and returns to the authorization, or shows the
 * page again with 'Invalid username or password.'; Cancel returns to the
 * application with the error access_denied.
 */
function signInRoutes(provider: Provider, setup: ProviderSetup, mountPath: string): Middleware {
  const { users, brand } = setup;
  return async (ctx, next) => {
    const match = /^\/interaction\/([A-Za-z0-9_-]+)$/.exec(ctx.path);
    if (!match || (ctx.method !== 'GET' && ctx.method !== 'POST')) return next();
    ctx.set('Cache-Control', 'no-store');
    let details;
    try {
      details = await provider.interactionDetails(ctx.req, ctx.res);
    } catch (error) {
      if (!isExpiredInteraction(error)) throw error;
      html(ctx, 400, errorPage(brand, 'invalid_request', 'This sign-in has expired. Go back to the application and sign in again.'));
      return;
    }
    const client = await provider.Client.find(String(details.params.client_id ?? ''));
    const action = `${mountPath}/interaction/${details.uid}`;
    const page = (error?: string, username?: string) =>
      signInPage({ brand, client: client?.clientName ?? client?.clientId ?? '', action, error, username, hint: usersHint(users) });

    if (details.prompt.name !== 'login') {
      // Anything but a sign-in (a consent the grant did not cover): granted without asking.
      const accountId = details.session?.accountId;
      if (!accountId || !client) {
        html(ctx, 400, errorPage(brand, 'invalid_request', 'This sign-in has expired. Go back to the application and sign in again.'));
        return;
      }
      const grant = new provider.Grant({ clientId: client.clientId, accountId });
      grant.addOIDCScope(String(details.params.scope ?? 'openid'));
      await grant.save();
      ctx.status = 303;
      ctx.redirect(await provider.interactionResult(ctx.req, ctx.res, { consent: { grantId: grant.jti } }));
      return;
    }
    if (ctx.method === 'GET') {
      html(ctx, 200, page(undefined, typeof details.params.login_hint === 'string' ? details.params.login_hint : undefined));
      return;
    }
    const form = await readForm(ctx);
    if (form.has('cancel')) {
      // The application is told, as Keycloak and Okta tell it: an error answer at its redirect address.
      const returnTo = await provider.interactionResult(ctx.req, ctx.res, { error: 'access_denied', error_description: 'The user cancelled the sign-in.' }, { mergeWithLastSubmission: false });
      ctx.status = 303;
      ctx.redirect(returnTo);
      return;
    }
    const username = form.get('username') ?? '';
    const user = users.authenticate(username, form.get('password') ?? '');
    if (!user) {
      html(ctx, 200, page('Invalid username or password.', username));
      return;
    }
    const returnTo = await provider.interactionResult(ctx.req, ctx.res, { login: { accountId: users.id(user), amr: ['pwd'] } }, { mergeWithLastSubmission: false });
    ctx.status = 303;
    ctx.redirect(returnTo);
  };
}
