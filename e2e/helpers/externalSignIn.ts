import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startIdp, type Idp, type IdpProviderType, type IdpUserInput } from '@atrium/idp';
import type { Page, Request } from '@playwright/test';
import { Ports, workerPort } from './ports.js';
import { JourneyServer } from './server.js';

/**
 * What the external sign-in journeys run against
 * (docs/behaviour/external-sign-in.md): the local OpenID Connect provider
 * (idp/, started in the test process on 127.0.0.1) and an
 * Atrium server of their own configured for one type with the provider's
 * AUTH_* settings, on ports of the worker's (e2e/helpers/ports.ts). Atrium is opened at 127.0.0.1 like the
 * provider: the provider's cookies are SameSite=Lax, and its hidden frames
 * (Keycloak's session check, Okta's silent renewal) see its session only
 * from a page of the same site.
 */
export interface ExternalSite {
  type: IdpProviderType;
  /** The name on the login card's button (AUTH_PROVIDER_NAME's default). */
  name: string;
  idp: Idp;
  server: JourneyServer;
  /** The provider's token endpoint (code exchange, refresh). */
  tokenEndpoint: string;
  stop(): Promise<void>;
}

/** The port of an external sign-in journey's Atrium server (its provider's is 5 further: e2e/helpers/ports.ts). */
export function externalPort(offset: number): number {
  return workerPort(Ports.external + offset);
}

export interface ExternalSiteOptions {
  port: number;
  /** The provider's access (and id) token lifetime in seconds. */
  accessTokenTtl: number;
  /** Atrium settings beside the provider's AUTH_* (AUTH_ON_LOAD, …). */
  env?: Record<string, string>;
  /** Users the provider has beside the demo users. */
  idpUsers?: IdpUserInput[];
}

/** Starts the provider, then an Atrium server with fresh demo data pointed at it. */
export async function startExternalSite(type: IdpProviderType, options: ExternalSiteOptions): Promise<ExternalSite> {
  const atrium = `http://127.0.0.1:${options.port}/`;
  const idp = await startIdp({ port: options.port - Ports.external + Ports.externalIdp, redirectUris: [atrium], accessTokenTtl: options.accessTokenTtl, users: options.idpUsers });
  const server = new JourneyServer(fs.mkdtempSync(path.join(os.tmpdir(), `atrium-e2e-${type}-`)), options.port, { ...idp.authEnv(type), ...options.env });
  try {
    await server.start({ registerPackages: false });
  } catch (error) {
    await idp.close();
    throw error;
  }
  return {
    type,
    name: type === 'keycloak' ? 'Keycloak' : 'Okta',
    idp,
    server,
    tokenEndpoint: type === 'keycloak' ? `${idp.keycloakIssuer}/protocol/openid-connect/token` : `${idp.oktaIssuer}/v1/token`,
    async stop() {
      await server.stop();
      await idp.close();
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    },
  };
}

/** Records the requests of a page (its frames included) that match, from now on. */
export function recordRequests(page: Page, matches: (request: Request) => boolean): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (matches(request)) seen.push(request);
  });
  return seen;
}

/** The grant type of a request to the provider's token endpoint (authorization_code, refresh_token). */
export function grantType(request: Request): string | null {
  return new URLSearchParams(request.postData() ?? '').get('grant_type');
}

/**
 * Holds the provider's answer on its way back to Atrium, so that it stays
 * unused: the provider's sign-in form is sent from here instead of by the
 * browser, its redirects are followed up to Atrium's address (the answer:
 * code and state, in the fragment), and the browser is left on an empty
 * page of Atrium's origin, where the journey can read and change what the
 * sign-in stored. `deliver` then opens a (changed) answer in the
 * application, as a fresh page load.
 *
 * The hold is at the form's POST, the first request of the chain: the
 * hops a redirect leads to are not handed to page.route.
 */
export async function holdProviderAnswer(page: Page, atriumUrl: string, providerUrl: string): Promise<{ answer: Promise<URL>; deliver(address: string): Promise<void> }> {
  const origin = new URL(atriumUrl).origin;
  const provider = new URL(providerUrl).origin;
  const isSignInForm = (url: URL) => url.origin === provider && /\/interaction\/[^/]+$/.test(url.pathname);
  const isAtriumPage = (url: URL) => url.origin === origin && url.pathname === '/';
  const heldPage = { contentType: 'text/html; charset=utf-8', body: '<!DOCTYPE html><html lang="en"><head><title>Held</title></head><body><p>Held</p></body></html>' };
  let found: (answer: URL) => void = () => {};
  let failed: (error: Error) => void = () => {};
  const redirected = new Promise<URL>((resolve, reject) => ((found = resolve), (failed = reject)));
  await page.route(isSignInForm, async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    // The provider's redirects, followed one at a time with the browser's cookies, until one leads to Atrium.
    let response = await route.fetch({ maxRedirects: 0 });
    for (let hop = 0; hop < 5; hop++) {
      const location = response.headers()['location'];
      if (!location) break;
      const next = new URL(location, response.url());
      if (next.origin === origin) {
        const loaded = page.waitForEvent('load');
        await route.fulfill(heldPage);
        await loaded;
        return found(next);
      }
      response = await page.context().request.get(next.href, { maxRedirects: 0 });
    }
    failed(new Error(`the provider's answer did not lead to Atrium (${response.status()} from ${response.url()})`));
    return route.fulfill(heldPage);
  });
  await page.route(isAtriumPage, (route) => (route.request().resourceType() === 'document' ? route.fulfill(heldPage) : route.fallback()));
  const answer = redirected.then(async (address) => {
    // An empty page of Atrium's origin: its storage is the sign-in's.
    await page.goto(`${origin}/`);
    return address;
  });
  return {
    answer,
    async deliver(address) {
      await page.unroute(isSignInForm);
      await page.unroute(isAtriumPage);
      // A new document, not a change of fragment within the held page.
      await page.goto('about:blank');
      await page.goto(address);
    },
  };
}
