import { createHash, randomBytes, randomUUID } from 'node:crypto';

interface Cookie {
  name: string;
  value: string;
  path: string;
}

/**
 * For the provider's tests: a browser reduced to what OpenID Connect needs,
 * with its own cookie jar (one origin) and redirects followed by hand, so
 * that each step of a sign-in can be looked at.
 */
export class TestBrowser {
  readonly #cookies = new Map<string, Cookie>();

  /** One request, cookies sent and kept, redirects not followed. */
  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url);
    const cookie = [...this.#cookies.values()]
      .filter((c) => target.pathname === c.path || target.pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
    const headers = new Headers(init.headers);
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) this.#keep(line);
    return response;
  }

  /** Follows redirects from `url` until a page answers or the browser is sent to `stopAt` (the application). */
  async navigate(url: string, stopAt: string, init: RequestInit = {}): Promise<{ url: string; response: Response }> {
    let current = url;
    let response = await this.request(current, init);
    for (let hops = 0; hops < 10 && response.status >= 300 && response.status < 400; hops++) {
      current = new URL(response.headers.get('location') ?? '', current).href;
      if (current.startsWith(stopAt)) return { url: current, response };
      response = await this.request(current);
    }
    return { url: current, response };
  }

  /** Sends the sign-in form of a page (its action, the given username and password). */
  async signIn(page: { url: string; response: Response }, username: string, password: string, stopAt: string) {
    const body = await page.response.text();
    const action = /<form method="post" action="([^"]+)"/.exec(body)?.[1];
    if (!action) throw new Error(`no sign-in form at ${page.url} (${page.response.status})`);
    return this.navigate(new URL(action.replace(/&#(\d+);/g, (_, c: string) => String.fromCharCode(Number(c))), page.url).href, stopAt, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username, password }),
    });
  }

  cookie(name: string): string | undefined {
    return [...this.#cookies.values()].find((c) => c.name === name)?.value;
  }

  #keep(line: string) {
    const [pair = '', ...attributes] = line.split(';').map((s) => s.trim());
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq);
    const value = pair.slice(eq + 1);
    let path = '/';
    let expired = value === '';
    for (const attribute of attributes) {
      const [key = '', val = ''] = attribute.split('=');
      if (key.toLowerCase() === 'path') path = val;
      if (key.toLowerCase() === 'expires' && Date.parse(val) <= Date.now()) expired = true;
      if (key.toLowerCase() === 'max-age' && Number(val) <= 0) expired = true;
    }
    const key = `${name};${path}`;
    if (expired) this.#cookies.delete(key);
    else this.#cookies.set(key, { name, value, path });
  }
}

/** An authorization request's secrets, as keycloak-js and okta-auth-js make them (PKCE S256 with a 96-character verifier). */
export function authorizationSecrets() {
  const verifier = randomBytes(72).toString('base64url');
  return {
    verifier,
    challenge: createHash('sha256').update(verifier).digest('base64url'),
    state: randomUUID(),
    nonce: randomUUID(),
  };
}

/** The parameters of an authorization response (in the fragment or the query of the address the browser was sent to). */
export function callbackParams(url: string): URLSearchParams {
  const parsed = new URL(url);
  return new URLSearchParams(parsed.hash ? parsed.hash.slice(1) : parsed.search);
}
