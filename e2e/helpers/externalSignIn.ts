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
 * Holds the provider's answer on its way back to Atrium: the next page load
 * of Atrium's address gets an empty page instead of the application, so the
 * answer (code and state, in the fragment) stays in the address, unused.
 * Resolves with that address; `deliver` then opens a (changed) answer in
 * the application, as a fresh page load.
 */
export async function holdProviderAnswer(page: Page, atriumUrl: string): Promise<{ answer: Promise<URL>; deliver(address: string): Promise<void> }> {
  const origin = new URL(atriumUrl).origin;
  const matches = (url: URL) => url.origin === origin && url.pathname === '/';
  await page.route(matches, async (route) => {
    if (!route.request().isNavigationRequest()) return route.fallback();
    await route.fulfill({ contentType: 'text/html; charset=utf-8', body: '<!DOCTYPE html><html lang="en"><head><title>Held</title></head><body><p>Held</p></body></html>' });
  });
  const answer = page.waitForURL((url) => matches(url) && /(^|[#&?])state=/.test(url.hash || url.search), { waitUntil: 'load' }).then(() => new URL(page.url()));
  return {
    answer,
    async deliver(address) {
      await page.unroute(matches);
      // A new document, not a change of fragment within the held page.
      await page.goto('about:blank');
      await page.goto(address);
    },
  };
}
