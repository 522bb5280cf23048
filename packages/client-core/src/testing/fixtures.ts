import { DEFAULT_SETTINGS, SOCKET_PATH, type ClientConfig, type Profile } from '@atrium/shared';
import { DEFAULT_SITE_SETTINGS } from '../clientConfig.js';
import { toBase64Url } from '../storage/base64url.js';
import { RequestClient } from '../api/RequestClient.js';
import { Session } from '../auth/Session.js';
import { FakeEnvironment, jsonResponse, type RecordedRequest } from './FakeEnvironment.js';

/** The client configuration the tests use. */
export const testConfig: ClientConfig = {
  wrapperBase: '/api/wrapper',
  apiBase: '/api/v1',
  version: '0.1.0',
  site: { ...DEFAULT_SITE_SETTINGS },
  external: null,
  manifestUrl: '/api/v1/packages/manifest',
  socketPath: SOCKET_PATH,
  sessionMaxAge: 30 * 24 * 3600,
  settings: { defaults: DEFAULT_SETTINGS, lock: [] },
};

/** An unsigned token-shaped string carrying a username claim (the client never verifies tokens). */
export function fakeJwt(username: string, serial = 1): string {
  const part = (value: object) => toBase64Url(new TextEncoder().encode(JSON.stringify(value)));
  return `${part({ alg: 'none' })}.${part({ sub: 'u-1', username, n: serial })}.sig${serial}`;
}

/** A profile (docs/behaviour/profile.md#profile) with sensible values; override what a test needs. */
export function makeProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: '8a5c7a2e-0f6a-4d5e-9a0b-1c2d3e4f5a6b',
    username: 'ada',
    firstname: 'Ada',
    lastname: 'Lovelace',
    name: 'Ada Lovelace',
    designation: 'Analyst',
    icon: null,
    date_of_birth: null,
    email: 'ada@example.com',
    country: null,
    accountId: 'acc-1',
    accounts: [{ accountId: 'acc-1', name: 'Acme' }],
    active_account: { name: 'Acme', preferences: { theme: null, favicon: null, privacyPolicy: null, loginURL: null, footerText: null, footer: null, logo: null } },
    apps: [],
    preferences: {},
    blackListedApps: {},
    cleared_browser_cache: 0,
    timestamp: 0,
    search_history: '',
    roles: { organisation: [], apps: {} },
    ...overrides,
  };
}

/** The answer of a protected call to a stale or bad token. */
export function tokenInvalid(status = 400): Response {
  return jsonResponse(status, { status: 'error', message: 'Token Invalid', code: 'auth.token-invalid' }, status === 404 ? 'Not Found' : 'Bad Request');
}

/** The server's answer to a bearer call: 400 'Token Invalid' unless the token is the accepted one. */
export function requireToken(accepted: () => string | null, answer: (request: RecordedRequest) => Response | Promise<Response>) {
  return (request: RecordedRequest): Response | Promise<Response> => (request.headers.Authorization === `Bearer ${accepted()}` ? answer(request) : tokenInvalid());
}

/**
 * A small scripted server for session tests: sign-in, validate, refresh with
 * rotation (a refresh token works once), profile, logout, the flag reset.
 */
export class FakeAuthServer {
  jwt = fakeJwt('ada', 1);
  refreshToken = 'refresh-1';
  profile = makeProfile();
  password = 'Secret#123';
  /** What /validatetoken answers. */
  validity: 'Token Valid' | 'Token Expired' | 'Token Invalid' | 'Session Expired' = 'Token Valid';
  /** Makes /refreshtoken fail (401 Session Expired). */
  refreshFails = false;
  /** Whether the current access token is still accepted (false: it has expired). */
  accessValid = true;
  /** Set when a refresh token was presented twice: the server then revokes the session. */
  reuseDetected = false;
  #usedRefreshTokens = new Set<string>();
  #serial = 1;

  constructor(readonly env: FakeEnvironment) {
    env.route('POST', '/api/wrapper/auth', (r) => {
      const { username, password } = r.form();
      if (username === 'ada' && password === this.password) return jsonResponse(200, { status: 'success', data: { jwt: this.jwt, refresh_token: this.refreshToken, username: 'ada' } });
      return jsonResponse(401, { status: 'error', message: 'The username or password you entered is incorrect', code: 'login.error.incorrect' }, 'Unauthorized');
    });
    env.route('POST', '/api/wrapper/validatetoken', () =>
      jsonResponse(200, this.validity === 'Token Valid' ? { status: 'success', message: this.validity } : { status: 'error', message: this.validity }),
    );
    env.route('POST', '/api/wrapper/refreshtoken', (r) => {
      const { jwt, refresh_token } = r.form();
      if (refresh_token && this.#usedRefreshTokens.has(refresh_token)) this.reuseDetected = true;
      if (this.refreshFails || this.reuseDetected || jwt !== this.jwt || refresh_token !== this.refreshToken) return jsonResponse(401, { status: 'error', message: 'Session Expired' }, 'Unauthorized');
      this.#usedRefreshTokens.add(refresh_token);
      this.rotate();
      return jsonResponse(200, { status: 'success', data: { jwt: this.jwt, refresh_token: this.refreshToken } });
    });
    env.route('GET', '/api/v1/user/me/a+p+acc+ap+t', requireToken(() => this.accepted(), () => jsonResponse(200, { status: 'success', data: this.profile })));
    env.route('PUT', /^\/api\/v1\/user\/[^/]+$/, requireToken(() => this.accepted(), () => jsonResponse(200, { status: 'success', message: 'Updated' })));
    env.route('POST', '/logout', () => jsonResponse(200, { status: 'success', message: 'Logged out' }));
    env.route(
      'POST',
      '/api/v1/user/switchaccount',
      requireToken(
        () => this.accepted(),
        (r) => {
          const { accountId } = r.json() as { accountId: string };
          const account = this.profile.accounts.find((a) => a.accountId === accountId);
          if (!account) return jsonResponse(400, { status: 'error', message: 'Not a member of that account', data: { errors: ['Not a member of that account'] } }, 'Bad Request');
          this.#serial += 1;
          this.jwt = fakeJwt('ada', this.#serial);
          this.profile = { ...this.profile, accountId, active_account: { ...this.profile.active_account, name: account.name } };
          return jsonResponse(200, { status: 'success', data: { jwt: this.jwt } });
        },
      ),
    );
  }

  /** The access token protected calls accept now, or null when it has expired. */
  accepted(): string | null {
    return this.accessValid ? this.jwt : null;
  }

  /** Issues a new pair (what a refresh does); the old access token becomes 'Token Invalid'. */
  rotate(): void {
    this.accessValid = true;
    this.#serial += 1;
    this.jwt = fakeJwt('ada', this.#serial);
    this.refreshToken = `refresh-${this.#serial}`;
  }
}

/** A fake browser, its fake server and a Session signed in as ada (booted, then logged in). */
export async function startSignedIn(options: { server?: FakeAuthServer } = {}): Promise<{ env: FakeEnvironment; server: FakeAuthServer; session: Session }> {
  const server = options.server ?? new FakeAuthServer(new FakeEnvironment());
  const env = server.env;
  const session = new Session(env, testConfig);
  await session.boot();
  await session.login('ada', server.password);
  if (session.getState().status !== 'signed-in') throw new Error(`startSignedIn: ${JSON.stringify(session.getState())}`);
  env.requests.length = 0;
  return { env, server, session };
}

/** A signed-out page (no token) and a request client over the given base, as the login-page models have. */
export function signedOutClient(base: string, address = 'https://atrium.example/'): { env: FakeEnvironment; client: RequestClient } {
  const env = new FakeEnvironment({ address });
  const client = new RequestClient({ env, base, session: { accessToken: () => null, refresh: async () => false, expire: async () => undefined } });
  return { env, client };
}
