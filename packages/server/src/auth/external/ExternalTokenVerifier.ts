import { createRemoteJWKSet, customFetch, decodeJwt, decodeProtectedHeader, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { ExternalAuthConfig } from './externalConfig.js';

/** What checking a provider's access token found. */
export type ExternalVerification =
  | { ok: true; claims: JWTPayload }
  /** The token is not accepted; `reason` is for the log (it never holds the token). */
  | { ok: false; outcome: 'refused'; reason: string }
  /** The provider's discovery document or keys could not be fetched. */
  | { ok: false; outcome: 'unreachable'; reason: string };

export interface VerifierOptions {
  /** Milliseconds a request to the provider may take. */
  timeoutMs?: number;
  /** Seconds of clock difference with the provider tolerated on exp, nbf and iat. */
  clockToleranceSeconds?: number;
  /** Milliseconds after fetching the keys before an unknown key id may make them fetched again. */
  keysCooldownMs?: number;
  /** Milliseconds after a failed discovery during which the provider is not asked again. */
  discoveryRetryMs?: number;
  now?: () => Date;
  fetch?: typeof fetch;
}

/** A provider's document must be at most this big. */
const DOCUMENT_MAX_BYTES = 1024 * 1024;
/** The discovery document is fetched again after this long (and whenever the keys cannot be fetched). */
const DISCOVERY_MAX_AGE_MS = 24 * 3600_000;
/** After a failed discovery, sign-ins are answered 'unreachable' this long without asking the provider again (by default). */
const DISCOVERY_RETRY_MS = 2000;
/** An access token older than this is refused whatever its expiry (Okta's longest lifetime is a day). */
const MAX_TOKEN_AGE = '24h';

/** The provider did not answer as it should: not the token's fault. */
class ProviderUnreachable extends Error {
  override name = 'ProviderUnreachable';
}

/**
 * Checks an identity provider's access token
 * (docs/behaviour/external-sign-in.md#server): signed by one of the keys the
 * provider publishes (found through its discovery document, fetched on first
 * use and kept; jose's remote key set refetches for an unknown key id at most
 * once per cooldown), with an allowed asymmetric algorithm, issued by the
 * configured issuer for one of the configured audiences, not expired nor
 * from the future, and issued to this client (azp or cid, which must be there).
 *
 * A token whose header or issuer is already wrong is refused without any
 * request to the provider.
 */
export class ExternalTokenVerifier {
  private readonly timeoutMs: number;
  private readonly clockTolerance: number;
  private readonly keysCooldownMs: number;
  private readonly discoveryRetryMs: number;
  private readonly now: () => Date;
  private readonly fetch: typeof fetch;
  private keys: { resolver: JWTVerifyGetKey; until: number } | null = null;
  private pendingKeys: Promise<JWTVerifyGetKey> | null = null;
  /** The last failed discovery, so that a provider that is down is not asked at every attempt. */
  private lastFailure: { reason: string; at: number } | null = null;

  constructor(
    private readonly config: ExternalAuthConfig,
    options: VerifierOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 5000;
    this.clockTolerance = Math.min(30, options.clockToleranceSeconds ?? 30);
    this.keysCooldownMs = options.keysCooldownMs ?? 30_000;
    this.discoveryRetryMs = options.discoveryRetryMs ?? DISCOVERY_RETRY_MS;
    this.now = options.now ?? (() => new Date());
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  async verify(token: string): Promise<ExternalVerification> {
    const refused = (reason: string) => ({ ok: false as const, outcome: 'refused' as const, reason });
    let alg: unknown;
    let iss: unknown;
    try {
      alg = decodeProtectedHeader(token).alg;
      iss = decodeJwt(token).iss;
    } catch {
      return refused('not a signed JWT');
    }
    // Checked before anything is fetched, so that no made-up token makes the server call the provider.
    if (typeof alg !== 'string' || !this.config.algorithms.includes(alg)) return refused(`algorithm not allowed: ${String(alg).slice(0, 20)}`);
    if (iss !== this.config.issuer) return refused('unexpected issuer');

    let resolver: JWTVerifyGetKey;
    try {
      resolver = await this.keySet();
    } catch (e) {
      return { ok: false, outcome: 'unreachable', reason: e instanceof Error ? e.message : 'discovery failed' };
    }
    let claims: JWTPayload;
    try {
      ({ payload: claims } = await jwtVerify(token, resolver, {
        algorithms: this.config.algorithms,
        issuer: this.config.issuer,
        audience: this.config.audience,
        clockTolerance: this.clockTolerance,
        maxTokenAge: MAX_TOKEN_AGE,
        requiredClaims: ['exp', 'iat'],
        currentDate: this.now(),
      }));
    } catch (e) {
      if (e instanceof ProviderUnreachable) {
        // The keys moved, or the provider is down: look for them afresh next time.
        this.keys = null;
        return { ok: false, outcome: 'unreachable', reason: e.message };
      }
      if (e instanceof errors.JWKSNoMatchingKey) return refused('signed with a key the provider does not publish');
      if (e instanceof errors.JOSEError) return refused(`${e.code}: ${e.message}`);
      throw e;
    }
    // Issued to this client: Keycloak names it in azp, Okta in cid. A token that names no client is refused too,
    // since the audience alone may be shared with other applications of the same provider.
    const partyClaim = this.config.type === 'keycloak' ? 'azp' : 'cid';
    const party = claims[partyClaim];
    if (party === undefined) return refused(`names no client (${partyClaim})`);
    if (party !== this.config.clientId) return refused(`issued to another client (${partyClaim})`);
    // Keycloak says what kind of token it is: an ID or refresh token is not an access token.
    if (this.config.type === 'keycloak' && claims.typ !== undefined && claims.typ !== 'Bearer') return refused('not an access token (typ)');
    return { ok: true, claims };
  }

  /** The provider's key set: found through discovery once, then kept for a day. */
  private async keySet(): Promise<JWTVerifyGetKey> {
    if (this.keys && this.keys.until > Date.now()) return this.keys.resolver;
    if (this.lastFailure && Date.now() - this.lastFailure.at < this.discoveryRetryMs) throw new ProviderUnreachable(this.lastFailure.reason);
    this.pendingKeys ??= this.discover()
      .catch((e: unknown) => {
        this.lastFailure = { reason: e instanceof Error ? e.message : 'discovery failed', at: Date.now() };
        throw e;
      })
      .finally(() => (this.pendingKeys = null));
    return this.pendingKeys;
  }

  private async discover(): Promise<JWTVerifyGetKey> {
    const address = `${this.config.issuer}/.well-known/openid-configuration`;
    const document = await this.fetchJson(address, 'discovery document');
    if (typeof document !== 'object' || document === null) throw new ProviderUnreachable(`${address}: not a discovery document`);
    const { issuer, jwks_uri: jwksUri } = document as { issuer?: unknown; jwks_uri?: unknown };
    // OpenID Connect Discovery: the document names exactly the issuer it was fetched for.
    if (issuer !== this.config.issuer) throw new ProviderUnreachable(`${address}: names another issuer`);
    if (typeof jwksUri !== 'string' || !/^https?:\/\//i.test(jwksUri)) throw new ProviderUnreachable(`${address}: no jwks_uri`);
    let url: URL;
    try {
      url = new URL(jwksUri);
    } catch {
      throw new ProviderUnreachable(`${address}: bad jwks_uri`);
    }
    const resolver = createRemoteJWKSet(url, {
      timeoutDuration: this.timeoutMs,
      cooldownDuration: this.keysCooldownMs,
      [customFetch]: (href: string) => this.fetchKeys(href),
    });
    this.keys = { resolver, until: Date.now() + DISCOVERY_MAX_AGE_MS };
    return resolver;
  }

  /** The key set's fetch: any failure is the provider's, told apart from a bad token. */
  private async fetchKeys(href: string): Promise<Response> {
    const keys = await this.fetchJson(href, 'key set');
    if (typeof keys !== 'object' || keys === null || !Array.isArray((keys as { keys?: unknown }).keys)) throw new ProviderUnreachable(`${href}: not a key set`);
    return new Response(JSON.stringify(keys), { status: 200, headers: { 'content-type': 'application/json' } });
  }

  private async fetchJson(href: string, what: string): Promise<unknown> {
    let response: Response;
    try {
      response = await this.fetch(href, { headers: { accept: 'application/json' }, redirect: 'manual', signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (e) {
      throw new ProviderUnreachable(`${what} ${href}: ${e instanceof Error ? ((e.cause as Error | undefined)?.message ?? e.message) : 'request failed'}`);
    }
    if (response.status !== 200) {
      await response.body?.cancel();
      throw new ProviderUnreachable(`${what} ${href}: HTTP ${response.status}`);
    }
    let text: string;
    try {
      text = await response.text();
    } catch {
      throw new ProviderUnreachable(`${what} ${href}: the answer was cut short`);
    }
    if (text.length > DOCUMENT_MAX_BYTES) throw new ProviderUnreachable(`${what} ${href}: too big`);
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new ProviderUnreachable(`${what} ${href}: not JSON`);
    }
  }
}
