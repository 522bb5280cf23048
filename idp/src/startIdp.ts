import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT } from 'jose';
import type { IdpClient } from './createProvider.js';
import { createKeycloakRealm } from './keycloakRealm.js';
import type { KeycloakRealm } from './keycloakRealm.js';
import { createOktaIssuer } from './oktaIssuer.js';
import type { OktaIssuer } from './oktaIssuer.js';
import { escapeHtml } from './pages.js';
import { completeUser, DEMO_USERS } from './users.js';
import type { IdpUser, IdpUserInput } from './users.js';

/** Atrium's addresses at its default port, where the provider may send the browser back. */
export const DEFAULT_REDIRECT_URIS = ['http://127.0.0.1:8080/', 'http://localhost:8080/'];
export const DEFAULT_PORT = 8090;
export const DEFAULT_ACCESS_TOKEN_TTL = 300;
/** The client id Atrium is registered with (AUTH_CLIENT_ID). */
export const ATRIUM_CLIENT_ID = 'atrium';

export interface IdpOptions {
  /** Listen address; 127.0.0.1 by default. */
  host?: string;
  /** Listen port; 8090 by default, 0 for any free one. */
  port?: number;
  /** The `atrium` client's redirect and post-logout addresses. */
  redirectUris?: readonly string[];
  /** Access (and id) token lifetime in seconds; 300 by default. */
  accessTokenTtl?: number;
  /** The Keycloak realm's name; 'atrium' by default. */
  realm?: string;
  /** Users beside the built-in ones. */
  users?: readonly IdpUserInput[];
  /** Clients beside `atrium` (e.g. 'other-app', for a token issued to another application). */
  clients?: readonly IdpClient[];
  /** Where failures inside the provider are reported (never a token); stderr by default. */
  log?: (line: string) => void;
}

export type IdpProviderType = 'keycloak' | 'okta';

export interface IssueAccessTokenOptions {
  provider: IdpProviderType;
  username: string;
  /** The client the token is issued to; 'atrium' by default. */
  clientId?: string;
  /** Replaces the token's aud. */
  audience?: string | string[];
  /** Seconds from now; negative for a token that has already expired. The provider's access token lifetime by default. */
  expiresIn?: number;
  scope?: string;
  /** Claims added to the token (a value of undefined removes that claim). */
  claims?: Record<string, unknown>;
}

/** A running local provider. */
export interface Idp {
  /** http://{host}:{port}: Keycloak's base address (AUTH_KEYCLOAK_URL) and Okta's organisation. */
  url: string;
  realm: string;
  keycloakIssuer: string;
  oktaIssuer: string;
  clientId: string;
  users: readonly IdpUser[];
  /** The AUTH_* settings that start Atrium against this provider. */
  authEnv(type: IdpProviderType): Record<string, string>;
  /**
   * A test's shortcut: an access token for a user and client, shaped and
   * signed exactly as the provider's own (its published key), without a
   * browser.
   */
  issueAccessToken(options: IssueAccessTokenOptions): Promise<string>;
  close(): Promise<void>;
}

/**
 * Starts the local OpenID Connect provider: one HTTP server with a
 * Keycloak-style realm (/realms/{realm}) and an Okta-style issuer
 * (/oauth2/default and the organisation's /api/v1/sessions/me), the demo
 * users and the `atrium` client. See idp/README.md.
 */
export async function startIdp(options: IdpOptions = {}): Promise<Idp> {
  const host = options.host ?? '127.0.0.1';
  const accessTokenTtl = options.accessTokenTtl ?? DEFAULT_ACCESS_TOKEN_TTL;
  const realmName = options.realm ?? 'atrium';
  const redirectUris = [...(options.redirectUris ?? DEFAULT_REDIRECT_URIS)];
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const users = [...DEMO_USERS, ...(options.users ?? []).map(completeUser)];
  const clients: IdpClient[] = [{ clientId: ATRIUM_CLIENT_ID, name: 'Atrium', redirectUris, postLogoutRedirectUris: redirectUris }, ...(options.clients ?? [])];

  const server = createServer();
  await listen(server, options.port ?? DEFAULT_PORT, host);
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  let keycloak: KeycloakRealm;
  let okta: OktaIssuer;
  try {
    [keycloak, okta] = await Promise.all([
      createKeycloakRealm({ baseUrl: url, realm: realmName, users, clients, accessTokenTtl }),
      createOktaIssuer({ orgUrl: url, users, clients, accessTokenTtl }),
    ]);
    // A client with a bad address is refused now rather than at its first sign-in.
    for (const { provider } of [keycloak, okta]) for (const client of clients) await provider.Client.find(client.clientId);
  } catch (error) {
    server.close();
    throw error;
  }

  for (const { provider, issuer } of [keycloak, okta]) {
    // Koa's default would print whole stacks; one line says what failed where.
    provider.on('server_error', (ctx: { method: string; path: string }, error: Error) => log(`idp: ${issuer}: ${ctx.method} ${ctx.path}: ${error.message}`));
    provider.on('error', (error: Error) => log(`idp: ${issuer}: ${error.message}`));
  }
  server.on('request', requestHandler(keycloak, okta));

  const idp: Idp = {
    url,
    realm: realmName,
    keycloakIssuer: keycloak.issuer,
    oktaIssuer: okta.issuer,
    clientId: ATRIUM_CLIENT_ID,
    users,
    authEnv: (type): Record<string, string> =>
      // Its users' addresses are verified (Atrium's demo users have the same ones): each is linked to the Atrium user
      // with that address at the first sign-in, their passwords notwithstanding.
      type === 'keycloak'
        ? { AUTH_TYPE: 'keycloak', AUTH_KEYCLOAK_URL: url, AUTH_REALM: realmName, AUTH_CLIENT_ID: ATRIUM_CLIENT_ID, AUTH_LINK_BY_EMAIL: 'all' }
        : { AUTH_TYPE: 'okta', AUTH_ISSUER: okta.issuer, AUTH_CLIENT_ID: ATRIUM_CLIENT_ID, AUTH_LINK_BY_EMAIL: 'all' },
    issueAccessToken: (tokenOptions) => issueAccessToken(tokenOptions.provider === 'keycloak' ? keycloak : okta, tokenOptions, accessTokenTtl),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  return idp;
}

/** Listens on `port` of `host`; rejects when the server cannot. */
function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** The server's requests: each issuer at its path, Okta's organisation API, a health check and the index. */
function requestHandler(keycloak: KeycloakRealm, okta: OktaIssuer): (req: IncomingMessage & { originalUrl?: string }, res: ServerResponse) => void {
  const mounts = [keycloak, okta].map(({ path, provider }) => ({ path, handle: provider.callback() }));
  const oktaHandle = mounts[1]!.handle;
  return (req, res) => {
    const requestUrl = req.url ?? '/';
    const pathname = requestUrl.split('?')[0] ?? '/';
    for (const mount of mounts) {
      if (pathname === mount.path || pathname.startsWith(`${mount.path}/`)) {
        // Mounted as oidc-provider documents it: the prefix is taken off and kept in originalUrl.
        const rest = requestUrl.slice(mount.path.length);
        req.originalUrl = requestUrl;
        req.url = rest.startsWith('/') ? rest : `/${rest}`;
        void mount.handle(req, res);
        return;
      }
    }
    if (pathname.startsWith('/api/v1/')) return void oktaHandle(req, res);
    if (pathname === '/healthz') return plain(res, 200, 'ok');
    // The sign-in page's browser asks for one; nothing to show, and no error in its console.
    if (pathname === '/favicon.ico') return plain(res, 204, '');
    if (pathname === '/') return index(res, keycloak.issuer, okta.issuer);
    plain(res, 404, 'Not found');
  };
}

/** An access token of `realm` for a user, shaped and signed as the provider's own (Idp.issueAccessToken). */
async function issueAccessToken(realm: KeycloakRealm | OktaIssuer, options: IssueAccessTokenOptions, accessTokenTtl: number): Promise<string> {
  const { username, clientId = ATRIUM_CLIENT_ID, audience, expiresIn = accessTokenTtl, scope = 'openid profile email', claims = {} } = options;
  const user = realm.users.byUsername(username);
  if (!user) throw new Error(`no user '${username}' at the local provider`);
  const now = Math.floor(Date.now() / 1000);
  const exp = now + expiresIn;
  const payload = { ...realm.accessTokenClaims(user, { clientId, scope, sid: undefined }), ...(audience === undefined ? {} : { aud: audience }), ...claims };
  return new SignJWT(payload)
    .setProtectedHeader({ alg: realm.key.alg, typ: 'at+jwt', kid: realm.key.kid })
    .setIssuer(realm.issuer)
    .setIssuedAt(Math.min(now, exp - 60))
    .setExpirationTime(exp)
    .setJti(randomUUID())
    .sign(realm.key.privateKey);
}

function plain(res: ServerResponse, status: number, text: string) {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(text);
}

/** The root: where the two providers are. */
function index(res: ServerResponse, keycloakIssuer: string, oktaIssuer: string) {
  const link = (href: string) => `<a href="${escapeHtml(href)}">${escapeHtml(href)}</a>`;
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
  res.end(`<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Local OpenID Connect provider</title></head><body><main>
<h1>Local OpenID Connect provider</h1>
<p>Keycloak-style realm: ${link(`${keycloakIssuer}/.well-known/openid-configuration`)}</p>
<p>Okta-style issuer: ${link(`${oktaIssuer}/.well-known/openid-configuration`)}</p>
</main></body></html>`);
}
