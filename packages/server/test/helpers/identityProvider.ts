/**
 * A tiny identity provider on 127.0.0.1 for the external sign-in tests: the
 * discovery document of a Keycloak-style realm and of an Okta-style issuer,
 * one published key set, and a signer of access tokens with the published
 * key (or with any other key, algorithm or claims a test wants).
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';

export interface TestIdentityProvider {
  /** http://127.0.0.1:<port> */
  base: string;
  /** `${base}/realms/atrium`: what AUTH_KEYCLOAK_URL=base, AUTH_REALM=atrium give. */
  keycloakIssuer: string;
  /** `${base}/oauth2/default`: an AUTH_ISSUER. */
  oktaIssuer: string;
  /** Requests received, by path. */
  requests: string[];
  /**
   * A token signed with the published key (RS256, kid 'k1') unless told
   * otherwise; `claims` are merged over iat/exp of now and 5 minutes.
   */
  sign(claims: JWTPayload, options?: { alg?: string; kid?: string; key?: CryptoKey | Uint8Array; typ?: string }): Promise<string>;
  /** A key pair the provider does not publish. */
  otherKey(): Promise<CryptoKey>;
  /** Makes the provider answer wrongly from now on, or right again (undefined). */
  misbehave(how: Misbehaviour | undefined): void;
  close(): Promise<void>;
}

/** A provider that answers wrongly: its discovery document names another issuer, or its key set is an error. */
export type Misbehaviour = 'wrong-issuer' | 'keys-fail';

export async function startIdentityProvider(initially?: Misbehaviour): Promise<TestIdentityProvider> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  const requests: string[] = [];
  let misbehaviour = initially;
  let base = '';
  const server = http.createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    requests.push(path);
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const discovery = /^(\/realms\/atrium|\/oauth2\/default)\/\.well-known\/openid-configuration$/.exec(path);
    if (discovery) return send(200, { issuer: `${base}${discovery[1]}${misbehaviour === 'wrong-issuer' ? '-other' : ''}`, jwks_uri: `${base}${discovery[1]}/keys` });
    if (path === '/realms/atrium/keys' || path === '/oauth2/default/keys') return misbehaviour === 'keys-fail' ? send(500, { error: 'down' }) : send(200, { keys: [jwk] });
    send(404, { error: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    base,
    keycloakIssuer: `${base}/realms/atrium`,
    oktaIssuer: `${base}/oauth2/default`,
    requests,
    async sign(claims, options = {}) {
      const now = Math.floor(Date.now() / 1000);
      const alg = options.alg ?? 'RS256';
      return new SignJWT({ iat: now, exp: now + 300, jti: crypto.randomUUID(), ...claims })
        .setProtectedHeader({ alg, typ: options.typ ?? 'JWT', kid: options.kid ?? 'k1' })
        .sign(options.key ?? privateKey);
    },
    async otherKey() {
      return (await generateKeyPair('RS256')).privateKey;
    },
    misbehave(how) {
      misbehaviour = how;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An unsigned token (alg none), as an attacker would write one. */
export function unsignedToken(claims: JWTPayload): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;
}
