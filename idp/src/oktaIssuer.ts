import { randomBytes } from 'node:crypto';
import type Provider from 'oidc-provider';
import type { Client, KoaContext, Middleware, Next } from 'oidc-provider';
import { createProvider, webOrigins } from './createProvider.js';
import type { AccessTokenGrant, IdpClient, MountedIssuer } from './createProvider.js';
import { basicCredentials, bearerToken, cors, html, json, readForm } from './http.js';
import { oktaPostMessagePage } from './pages.js';
import { browserSession, endSession, revokeGrant } from './sessions.js';
import { createSigningKey, verifyOwnJwt } from './signingKey.js';
import type { SigningKey } from './signingKey.js';
import { oktaUserId, UserDirectory } from './users.js';
import type { IdpUser } from './users.js';

/** Okta's paths under an authorization server (what okta-auth-js builds from the issuer). */
const PATHS = {
  authorize: '/v1/authorize',
  token: '/v1/token',
  keys: '/v1/keys',
  userinfo: '/v1/userinfo',
  revoke: '/v1/revoke',
  introspect: '/v1/introspect',
  logout: '/v1/logout',
  discovery: '/.well-known/openid-configuration',
} as const;

/** At the organisation's root: the browser's Okta session (okta-auth-js's session.get, session.exists, closeSession). */
const SESSION_ME = '/api/v1/sessions/me';

/** The default authorization server's audience. */
const AUDIENCE = 'api://default';

const JWT_SHAPE = /^[\w-]+\.[\w-]+\.[\w-]+$/;

export interface OktaIssuerOptions {
  /** The organisation's address (the issuer is {orgUrl}/oauth2/default). */
  orgUrl: string;
  users: readonly IdpUser[];
  clients: readonly IdpClient[];
  accessTokenTtl: number;
}

/** An Okta-style authorization server: one oidc-provider instance mounted at `path`, plus the organisation's session API. */
export type OktaIssuer = MountedIssuer;

/**
 * Builds the issuer: Okta's endpoints and token shapes as okta-auth-js and
 * Atrium's server read them. Access tokens are RS256 JWTs with `aud`
 * api://default, `cid` (the client), `sub` (the user's login), `uid`,
 * `scp`, and the profile claims an Okta administrator adds for Atrium's
 * provisioning (given_name, family_name, email). Besides the standard
 * endpoints it answers okta-auth-js's silent renewal (response_mode
 * okta_post_message in a hidden frame), revokes and introspects its JWT
 * access tokens, and serves /api/v1/sessions/me (GET, DELETE).
 */
export async function createOktaIssuer(options: OktaIssuerOptions): Promise<OktaIssuer> {
  const path = '/oauth2/default';
  const issuer = `${options.orgUrl}${path}`;
  const key = await createSigningKey();
  const users = new UserDirectory(options.users, oktaUserId);
  const allOrigins = new Set(options.clients.flatMap((c) => [...webOrigins(c)]));

  const accessTokenClaims = (user: IdpUser, grant: AccessTokenGrant) => ({
    aud: AUDIENCE,
    ver: 1,
    sub: user.username,
    uid: oktaUserId(user.username),
    cid: grant.clientId,
    scp: grant.scope.split(' ').filter(Boolean),
    name: `${user.firstName} ${user.lastName}`,
    given_name: user.firstName,
    family_name: user.lastName,
    email: user.email,
    email_verified: user.emailVerified,
  });

  const { provider, store } = createProvider({
    issuer,
    brand: 'Okta (local)',
    routes: { authorization: PATHS.authorize, token: PATHS.token, jwks: PATHS.keys, end_session: PATHS.logout },
    cookies: { session: 'sid', interaction: 'okta_interaction', resume: 'okta_resume', path: '/' },
    users,
    clients: options.clients,
    key,
    accessTokenTtl: options.accessTokenTtl,
    resource: AUDIENCE,
    accessTokenClaims,
    // Okta gives a refresh token only to a grant with offline_access.
    issuesRefreshToken: (scopes) => scopes.has('offline_access'),
  });

  // okta-auth-js's renewal without a refresh token: prompt=none in a hidden frame, answered by postMessage.
  provider.registerResponseMode('okta_post_message', (ctx, redirectUri, response) => {
    html(ctx, 200, oktaPostMessagePage(new URL(redirectUri).origin, response));
  });

  provider.use(issuerRoutes({ provider, issuer, orgUrl: options.orgUrl, key, users, allOrigins, revoked: new RevokedTokens() }));
  return { issuer, path, provider, store, key, users, accessTokenClaims };
}

/** Access tokens (JWTs, which cannot be recalled) revoked before they expire: jti → exp. */
class RevokedTokens {
  readonly #until = new Map<string, number>();

  add(jti: string, exp: number) {
    const now = Math.floor(Date.now() / 1000);
    for (const [id, until] of this.#until) if (until < now) this.#until.delete(id);
    this.#until.set(jti, exp);
  }

  has(jti: unknown): boolean {
    return typeof jti === 'string' && this.#until.has(jti);
  }
}

interface IssuerContext {
  provider: Provider;
  issuer: string;
  orgUrl: string;
  key: SigningKey;
  users: UserDirectory;
  allOrigins: ReadonlySet<string>;
  revoked: RevokedTokens;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const iso = (epochSeconds: number | undefined) => (epochSeconds === undefined ? null : new Date(epochSeconds * 1000).toISOString());

function issuerRoutes(context: IssuerContext): Middleware {
  const { issuer, key, revoked } = context;

  /** The claims of one of this issuer's access tokens, still valid and not revoked. */
  const accessTokenClaims: ClaimsOf = async (token: string) => {
    const claims = await verifyOwnJwt(key, issuer, token);
    return claims && claims.aud !== undefined && !revoked.has(claims.jti) ? claims : undefined;
  };

  return async (ctx, next) => {
    const route = ctx.path;
    if (route === SESSION_ME) return sessionMe(ctx, next, context);
    if (route === PATHS.userinfo) return userinfo(ctx, next, context, accessTokenClaims);
    if (route === PATHS.authorize && ctx.method === 'GET') offlineAccessWithoutAsking(ctx);
    if (route === PATHS.revoke || route === PATHS.introspect) return tokenCall(ctx, next, context, accessTokenClaims);

    await next();

    if (ctx.method === 'GET' && route === PATHS.discovery && ctx.status === 200 && isRecord(ctx.body)) {
      Object.assign(ctx.body, {
        userinfo_endpoint: `${issuer}${PATHS.userinfo}`,
        revocation_endpoint: `${issuer}${PATHS.revoke}`,
        introspection_endpoint: `${issuer}${PATHS.introspect}`,
      });
    }
  };
}

/** Okta's session API for the browser's session: GET describes it, DELETE ends it; 404 without one. */
async function sessionMe(ctx: KoaContext, next: Next, { provider, orgUrl, users, allOrigins }: IssuerContext): Promise<void> {
  if (cors(ctx, allOrigins, 'GET, DELETE', true)) return;
  if (ctx.method !== 'GET' && ctx.method !== 'DELETE') return next();
  const session = await browserSession(provider, ctx);
  const user = session?.accountId ? users.byId(session.accountId) : undefined;
  if (!session || !user) {
    json(ctx, 404, { errorCode: 'E0000007', errorSummary: 'Not found: Resource not found: me (Session)', errorLink: 'E0000007', errorId: `oae${randomBytes(9).toString('base64url')}`, errorCauses: [] });
    return;
  }
  if (ctx.method === 'DELETE') {
    await endSession(provider, session);
    ctx.cookies.set('sid', null, { path: '/' });
    ctx.status = 204;
    return;
  }
  json(ctx, 200, {
    id: session.uid,
    userId: oktaUserId(user.username),
    login: user.username,
    createdAt: iso(session.loginTs ?? session.iat),
    expiresAt: iso(session.exp),
    status: 'ACTIVE',
    lastPasswordVerification: iso(session.loginTs),
    lastFactorVerification: null,
    amr: ['pwd'],
    idp: { id: '00o1local0idp0000000', type: 'OKTA' },
    mfaActive: false,
    _links: {
      self: { href: `${orgUrl}${SESSION_ME}`, hints: { allow: ['GET', 'DELETE'] } },
      user: { name: `${user.firstName} ${user.lastName}`, href: `${orgUrl}/api/v1/users/me`, hints: { allow: ['GET'] } },
    },
  });
}

/** The userinfo endpoint: the claims the access token's scopes allow. */
async function userinfo(ctx: KoaContext, next: Next, { users, allOrigins }: IssuerContext, accessTokenClaims: ClaimsOf): Promise<void> {
  if (cors(ctx, allOrigins, 'GET, POST')) return;
  if (ctx.method !== 'GET' && ctx.method !== 'POST') return next();
  const token = bearerToken(ctx);
  const claims = token ? await accessTokenClaims(token) : undefined;
  const user = typeof claims?.sub === 'string' ? users.byUsername(claims.sub) : undefined;
  if (!claims || !user) {
    ctx.set('WWW-Authenticate', 'Bearer error="invalid_token", error_description="The access token is invalid."');
    json(ctx, 401, { error: 'invalid_token', error_description: 'The access token is invalid.' });
    return;
  }
  const scopes = new Set(Array.isArray(claims.scp) ? claims.scp : []);
  json(ctx, 200, {
    sub: oktaUserId(user.username),
    ...(scopes.has('profile') ? { name: `${user.firstName} ${user.lastName}`, preferred_username: user.username, given_name: user.firstName, family_name: user.lastName } : {}),
    ...(scopes.has('email') ? { email: user.email, email_verified: user.emailVerified } : {}),
  });
}

/**
 * The revoke and introspect endpoints, for a client that names itself (client_id, or Basic with
 * the id alone as okta-auth-js sends it).
 */
async function tokenCall(ctx: KoaContext, next: Next, context: IssuerContext, accessTokenClaims: ClaimsOf): Promise<void> {
  if (cors(ctx, context.allOrigins, 'POST')) return;
  if (ctx.method !== 'POST') return next();
  const form = await readForm(ctx);
  const clientId = form.get('client_id') ?? basicCredentials(ctx)?.clientId;
  const client = clientId ? await context.provider.Client.find(clientId) : undefined;
  if (!client) return json(ctx, 401, { error: 'invalid_client', error_description: 'Client authentication failed.' });
  const token = form.get('token');
  if (!token) return json(ctx, 400, { error: 'invalid_request', error_description: 'The token parameter is required.' });
  if (ctx.path === PATHS.revoke) return revoke(ctx, context, client, token, accessTokenClaims);
  return introspect(ctx, context, client, token, accessTokenClaims);
}

/**
 * Okta grants offline_access (a refresh token) when asked; oidc-provider,
 * following OpenID Connect, only with prompt=consent. The request is given
 * that prompt (the consent is granted without a screen); with prompt=none
 * (a silent renewal) offline_access is left out, as oidc-provider does.
 */
function offlineAccessWithoutAsking(ctx: KoaContext) {
  const params = new URLSearchParams(ctx.querystring);
  const prompts = new Set((params.get('prompt') ?? '').split(' ').filter(Boolean));
  if (!(params.get('scope') ?? '').split(' ').includes('offline_access') || prompts.has('consent') || prompts.has('none')) return;
  prompts.add('consent');
  params.set('prompt', [...prompts].join(' '));
  // oidc-provider finds its mount path by comparing originalUrl with url: both must change.
  const req = ctx.req as typeof ctx.req & { originalUrl?: string };
  const mount = req.originalUrl?.slice(0, req.originalUrl.length - (req.url ?? '').length) ?? '';
  ctx.querystring = params.toString();
  req.originalUrl = `${mount}${req.url ?? ''}`;
}

type ClaimsOf = (token: string) => Promise<Record<string, unknown> | undefined>;

/** POST /v1/revoke: an access token is refused from then on; a refresh token ends its grant. Always 200, as RFC 7009 asks. */
async function revoke(ctx: KoaContext, { provider, revoked }: IssuerContext, client: Client, token: string, claimsOf: ClaimsOf) {
  if (JWT_SHAPE.test(token)) {
    const claims = await claimsOf(token);
    if (claims && claims.cid === client.clientId && typeof claims.jti === 'string') revoked.add(claims.jti, Number(claims.exp));
  } else {
    const refresh = await provider.RefreshToken.find(token);
    if (refresh && refresh.clientId === client.clientId && refresh.grantId) await revokeGrant(provider, refresh.grantId);
  }
  ctx.status = 200;
  ctx.body = '';
}

/** POST /v1/introspect: whether a token is active, and what it says. */
async function introspect(ctx: KoaContext, { provider, issuer, users }: IssuerContext, client: Client, token: string, claimsOf: ClaimsOf) {
  if (JWT_SHAPE.test(token)) {
    const claims = await claimsOf(token);
    if (!claims || claims.cid !== client.clientId) return json(ctx, 200, { active: false });
    const scp = Array.isArray(claims.scp) ? claims.scp : [];
    return json(ctx, 200, { active: true, token_type: 'Bearer', scope: scp.join(' '), client_id: claims.cid, username: claims.sub, exp: claims.exp, iat: claims.iat, sub: claims.sub, aud: claims.aud, iss: claims.iss, jti: claims.jti, uid: claims.uid });
  }
  const refresh = await provider.RefreshToken.find(token);
  const user = refresh ? users.byId(refresh.accountId) : undefined;
  if (!refresh || !refresh.isValid || refresh.clientId !== client.clientId || !user) return json(ctx, 200, { active: false });
  return json(ctx, 200, { active: true, token_type: 'refresh_token', scope: refresh.scope, client_id: refresh.clientId, username: user.username, exp: refresh.exp, iat: refresh.iat, sub: user.username, uid: refresh.accountId, iss: issuer });
}
