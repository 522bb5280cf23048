/**
 * `npm run idp`: the local OpenID Connect provider (idp/README.md). Reads
 * IDP_HOST, IDP_PORT, IDP_REDIRECT_URIS and IDP_ACCESS_TOKEN_TTL, prints
 * the settings that start Atrium against it, and stops on SIGINT/SIGTERM.
 */
import { DEFAULT_ACCESS_TOKEN_TTL, DEFAULT_PORT, DEFAULT_REDIRECT_URIS, startIdp } from './startIdp.js';
import type { Idp, IdpProviderType } from './startIdp.js';

class SettingError extends Error {}

function integer(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) throw new SettingError(`${name} must be a whole number from ${min} to ${max}, not '${raw}'`);
  return value;
}

function redirectUris(): string[] {
  const raw = process.env.IDP_REDIRECT_URIS?.trim();
  if (!raw) return DEFAULT_REDIRECT_URIS;
  const uris = raw.split(',').map((u) => u.trim()).filter(Boolean);
  for (const uri of uris) {
    const parsed = URL.parse(uri);
    if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.hash) throw new SettingError(`IDP_REDIRECT_URIS must be http(s) addresses without a fragment, separated by commas; '${uri}' is not`);
  }
  return uris;
}

function host(): string {
  const value = process.env.IDP_HOST?.trim() || '127.0.0.1';
  if (!/^[A-Za-z0-9.:-]+$/.test(value)) throw new SettingError(`IDP_HOST must be a host name or an IP address, not '${value}'`);
  // The host is also in the provider's addresses (its issuers): it must be one a browser can reach.
  if (value === '0.0.0.0' || value === '::') throw new SettingError(`IDP_HOST must be the address browsers reach the provider at, not '${value}'`);
  return value;
}

const line = (idp: Idp, type: IdpProviderType) =>
  `${Object.entries(idp.authEnv(type))
    .map(([k, v]) => `${k}=${v}`)
    .join(' ')} npm start`;

let idp: Idp;
try {
  idp = await startIdp({
    host: host(),
    port: integer('IDP_PORT', DEFAULT_PORT, 0, 65_535),
    redirectUris: redirectUris(),
    accessTokenTtl: integer('IDP_ACCESS_TOKEN_TTL', DEFAULT_ACCESS_TOKEN_TTL, 5, 86_400),
  });
} catch (error) {
  console.error(`idp: ${error instanceof SettingError || (error as NodeJS.ErrnoException).code ? (error as Error).message : String(error)}`);
  process.exit(1);
}

console.log(`Local OpenID Connect provider at ${idp.url}
  Keycloak-style realm: ${idp.keycloakIssuer}
  Okta-style issuer:    ${idp.oktaIssuer}
  Users: ${idp.users.map((u) => u.username).join(', ')} (password Demo@1234; 'newcomer' is unknown to Atrium)

Start Atrium against it, in another terminal:
  ${line(idp, 'keycloak')}
  ${line(idp, 'okta')}
(AUTH_LINK_BY_EMAIL=all: each user here is linked at their first sign-in to the Atrium user with
their address, which this provider marks verified; never set it for a provider whose addresses
you do not trust. See docs/behaviour/external-sign-in.md.)
`);

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`idp: ${signal}, stopping`);
  void idp.close().then(() => process.exit(0));
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
