import { randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type Provider from 'oidc-provider';
import type { KoaContext, Middleware, Token } from 'oidc-provider';
import { createProvider, webOrigins } from './createProvider.js';
import type { AccessTokenGrant, IdpClient, MountedIssuer } from './createProvider.js';
import { basicCredentials, bearerToken, cors, html, json, readForm } from './http.js';
import { loginStatusFrame, thirdPartyCookiesStep1, thirdPartyCookiesStep2 } from './pages.js';
import { browserSession, endSession, revokeGrant } from './sessions.js';
import { createSigningKey, verifyOwnJwt } from './signingKey.js';
import type { SigningKey } from './signingKey.js';
import { keycloakUserId, UserDirectory } from './users.js';
import type { IdpUser } from './users.js';

/** Keycloak's paths under a realm (what keycloak-js builds from the server address and the realm). */
const OIDC = '/protocol/openid-connect';
const PATHS = {
  auth: `${OIDC}/auth`,
  token: `${OIDC}/token`,
  logout: `${OIDC}/logout`,
  certs: `${OIDC}/certs`,
  userinfo: `${OIDC}/userinfo`,
  statusFrame: `${OIDC}/login-status-iframe.html`,
  cookiesStep1: `${OIDC}/3p-cookies/step1.html`,
  cookiesStep2: `${OIDC}/3p-cookies/step2.html`,
  account: '/account',
  discovery: '/.well-known/openid-configuration',
} as const;

const JWT_SHAPE = /^[\w-]+\.[\w-]+\.[\w-]+$/;

export interface KeycloakRealmOptions {
  /** The server's address, without /realms/… (AUTH_KEYCLOAK_URL). */
  baseUrl: string;
  realm: string;
  users: readonly IdpUser[];
  clients: readonly IdpClient[];
  accessTokenTtl: number;
}

/** A Keycloak-style realm: one oidc-provider instance mounted at `path`. */
export type KeycloakRealm = MountedIssuer;

/**
 * Builds the realm: Keycloak's endpoints and token shapes as keycloak-js
 * and Atrium's server read them. Access tokens are RS256 JWTs with `aud`
 * [client, 'account'], `azp`, `sid`/`session_state`, the profile claims,
 * `realm_access` and `resource_access`; refresh tokens are signed JWTs
 * (keycloak-js decodes them); besides the standard endpoints it serves the
 * session status frame keycloak-js polls, the third-party cookie check, and
 * the logout POST with client_id and refresh_token that ends the session.
 */
export async function createKeycloakRealm(options: KeycloakRealmOptions): Promise<KeycloakRealm> {
  const path = `/realms/${encodeURIComponent(options.realm)}`;
  const issuer = `${options.baseUrl}${path}`;
  const key = await createSigningKey();
  const users = new UserDirectory(options.users, keycloakUserId);
  const clients = new Map(options.clients.map((c) => [c.clientId, c]));
  const allOrigins = new Set(options.clients.flatMap((c) => [...webOrigins(c)]));
  // Refresh tokens are HS512 JWTs (as Keycloak's) around oidc-provider's opaque value.
  const refreshSecret = randomBytes(64);

  const accessTokenClaims = (user: IdpUser, grant: AccessTokenGrant) => {
    const resourceAccess: Record<string, { roles: string[] }> = { account: { roles: ['manage-account', 'manage-account-links', 'view-profile'] } };
    for (const [client, roles] of Object.entries(user.clientRoles)) if (roles.length) resourceAccess[client] = { roles: [...roles] };
    const client = clients.get(grant.clientId);
    return {
      aud: [grant.clientId, 'account'],
      sub: keycloakUserId(user.username),
      typ: 'Bearer',
      azp: grant.clientId,
      ...(grant.sid ? { sid: grant.sid, session_state: grant.sid } : {}),
      acr: '1',
      'allowed-origins': client ? [...webOrigins(client)] : [],
      realm_access: { roles: [...user.realmRoles] },
      resource_access: resourceAccess,
      scope: grant.scope,
      email_verified: user.emailVerified,
      name: `${user.firstName} ${user.lastName}`,
      preferred_username: user.username,
      given_name: user.firstName,
      family_name: user.lastName,
      email: user.email,
    };
  };

  const unwrapRefreshToken = async (wrapped: string) => {
    try {
      const { payload } = await jwtVerify(wrapped, refreshSecret, { issuer, audience: issuer, algorithms: ['HS512'] });
      return typeof payload.jti === 'string' ? payload.jti : undefined;
    } catch {
      return undefined;
    }
  };

  const { provider, store } = createProvider({
    issuer,
    brand: `Keycloak realm ${options.realm}`,
    routes: { authorization: PATHS.auth, token: PATHS.token, end_session: PATHS.logout, jwks: PATHS.certs },
    cookies: { session: 'KEYCLOAK_IDENTITY', interaction: 'KC_INTERACTION', resume: 'KC_RESUME', path: `${path}/` },
    users,
    clients: options.clients,
    key,
    accessTokenTtl: options.accessTokenTtl,
    resource: `${issuer}/access`,
    accessTokenClaims,
    issuesRefreshToken: () => true,
    resolveId: async (model, id) => (model === 'RefreshToken' && JWT_SHAPE.test(id) ? unwrapRefreshToken(id) : id),
  });

  const wrapRefreshToken = (token: Token) =>
    new SignJWT({ typ: 'Refresh', azp: token.clientId, sub: token.accountId, sid: token.sessionUid, session_state: token.sessionUid, scope: token.scope })
      .setProtectedHeader({ alg: 'HS512', typ: 'JWT' })
      .setIssuer(issuer)
      .setAudience(issuer)
      .setIssuedAt(token.iat)
      .setExpirationTime(token.exp)
      .setJti(token.jti)
      .sign(refreshSecret);

  provider.use(realmRoutes({ provider, issuer, path, key, users, clients, allOrigins, wrapRefreshToken }));
  return { issuer, path, provider, store, key, users, accessTokenClaims };
}

interface RealmContext {
  provider: Provider;
  issuer: string;
  path: string;
  key: SigningKey;
  users: UserDirectory;
  clients: ReadonlyMap<string, IdpClient>;
  allOrigins: ReadonlySet<string>;
  wrapRefreshToken(token: Token): Promise<string>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The routes a Keycloak realm has beyond oidc-provider's, and the touches to its answers. */
function realmRoutes(realm: RealmContext): Middleware {
  const { provider, issuer, path, key, users, clients, allOrigins } = realm;

  /** The user a bearer access token of this realm names, while its session (if it has one) lasts. */
  const bearerUser = async (ctx: KoaContext) => {
    const token = bearerToken(ctx);
    const claims = token ? await verifyOwnJwt(key, issuer, token) : undefined;
    if (!claims || typeof claims.sub !== 'string') return undefined;
    if (typeof claims.sid === 'string' && !(await provider.Session.findByUid(claims.sid))) return undefined;
    const user = users.byId(claims.sub);
    return user ? { user, claims } : undefined;
  };

  const refuseBearer = (ctx: KoaContext) => {
    ctx.set('WWW-Authenticate', 'Bearer realm="' + issuer + '", error="invalid_token", error_description="Token verification failed"');
    json(ctx, 401, { error: 'invalid_token', error_description: 'Token verification failed' });
  };

  return async (ctx, next) => {
    const route = ctx.path;
    if (route === PATHS.userinfo || route === PATHS.account) {
      if (cors(ctx, allOrigins, 'GET, POST')) return;
      if (ctx.method !== 'GET' && !(ctx.method === 'POST' && route === PATHS.userinfo)) return next();
      const found = await bearerUser(ctx);
      if (!found) return refuseBearer(ctx);
      const { user, claims } = found;
      const scopes = new Set(String(claims.scope ?? '').split(' '));
      if (route === PATHS.account) {
        json(ctx, 200, { id: claims.sub, username: user.username, firstName: user.firstName, lastName: user.lastName, email: user.email, emailVerified: true, attributes: {} });
        return;
      }
      json(ctx, 200, {
        sub: claims.sub,
        ...(scopes.has('profile') ? { name: `${user.firstName} ${user.lastName}`, preferred_username: user.username, given_name: user.firstName, family_name: user.lastName } : {}),
        ...(scopes.has('email') ? { email: user.email, email_verified: user.emailVerified } : {}),
      });
      return;
    }

    if (ctx.method === 'GET' && route === PATHS.statusFrame) return html(ctx, 200, loginStatusFrame());
    if (ctx.method === 'GET' && route === `${PATHS.statusFrame}/init`) {
      // Keycloak answers 204 when the origin is one of the client's web origins, 403 otherwise.
      const client = clients.get(String(ctx.query.client_id ?? ''));
      ctx.status = client && webOrigins(client).has(String(ctx.query.origin ?? '')) ? 204 : 403;
      return;
    }
    if (ctx.method === 'GET' && route === `${PATHS.statusFrame}/status`) {
      const session = await browserSession(provider, ctx);
      ctx.set('Cache-Control', 'no-store');
      ctx.type = 'text/plain';
      ctx.body = (session?.uid ?? '') === String(ctx.query.session_state ?? '') ? 'unchanged' : 'changed';
      return;
    }
    if (ctx.method === 'GET' && route === PATHS.cookiesStep1) return html(ctx, 200, thirdPartyCookiesStep1(`${path}/`));
    if (ctx.method === 'GET' && route === PATHS.cookiesStep2) return html(ctx, 200, thirdPartyCookiesStep2(`${path}/`));

    if (ctx.method === 'POST' && route === PATHS.logout) return logoutPost(ctx, realm);

    await next();

    if (ctx.method === 'POST' && route === PATHS.token && ctx.status === 200 && isRecord(ctx.body) && typeof ctx.body.refresh_token === 'string') {
      const body = ctx.body;
      const token = await provider.RefreshToken.find(String(body.refresh_token));
      if (token) {
        body.refresh_token = await realm.wrapRefreshToken(token);
        body.refresh_expires_in = Math.max(0, token.exp - Math.floor(Date.now() / 1000));
        body.session_state = token.sessionUid;
        body['not-before-policy'] = 0;
      }
    }
    if (ctx.method === 'GET' && route === PATHS.discovery && ctx.status === 200 && isRecord(ctx.body)) {
      Object.assign(ctx.body, { userinfo_endpoint: `${issuer}${PATHS.userinfo}`, check_session_iframe: `${issuer}${PATHS.statusFrame}` });
    }
  };
}

/**
 * POST …/logout: with client_id and refresh_token (Keycloak's logout call,
 * form-encoded, from the application's page), ends the session the refresh
 * token belongs to and answers 204; without a refresh token it is the
 * RP-initiated logout, carried on as a GET.
 */
async function logoutPost(ctx: KoaContext, realm: RealmContext) {
  const { provider, allOrigins, path } = realm;
  if (cors(ctx, allOrigins, 'POST', true)) return;
  const form = await readForm(ctx);
  const refreshToken = form.get('refresh_token');
  if (!refreshToken) {
    ctx.status = 303;
    ctx.redirect(`${path}${PATHS.logout}${form.size ? `?${form.toString()}` : ''}`);
    return;
  }
  const clientId = form.get('client_id') ?? basicCredentials(ctx)?.clientId;
  if (!clientId || !realm.clients.has(clientId)) return json(ctx, 401, { error: 'unauthorized_client', error_description: 'Invalid client or Invalid client credentials' });
  const token = await provider.RefreshToken.find(refreshToken);
  if (!token) return json(ctx, 400, { error: 'invalid_grant', error_description: 'Invalid refresh token' });
  if (token.clientId !== clientId) return json(ctx, 400, { error: 'invalid_grant', error_description: "Invalid refresh token. Token client and authorized client don't match" });
  const session = token.sessionUid ? await provider.Session.findByUid(token.sessionUid) : undefined;
  if (session) await endSession(provider, session);
  else if (token.grantId) await revokeGrant(provider, token.grantId);
  ctx.status = 204;
}
