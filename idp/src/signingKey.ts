import { calculateJwkThumbprint, exportJWK, generateKeyPair, jwtVerify } from 'jose';
import type { CryptoKey, JWK, JWTPayload } from 'jose';

/** A provider's token signing key, made at start and never written anywhere. */
export interface SigningKey {
  alg: 'RS256';
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  /** The private key as oidc-provider's `jwks` setting takes it. */
  privateJwk: JWK;
}

/** Makes a fresh RSA key for RS256, the algorithm Keycloak and Okta sign with by default. */
export async function createSigningKey(): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };
  return { alg: 'RS256', kid, privateKey, publicKey, privateJwk };
}

/** Verifies one of the provider's own JWTs (signature, issuer, lifetime); undefined when it is not one. */
export async function verifyOwnJwt(key: SigningKey, issuer: string, token: string): Promise<JWTPayload | undefined> {
  try {
    const { payload } = await jwtVerify(token, key.publicKey, { issuer, algorithms: [key.alg], clockTolerance: 5 });
    return payload;
  } catch {
    return undefined;
  }
}
