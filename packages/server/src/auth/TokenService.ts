import crypto, { type webcrypto } from 'node:crypto';
import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { AccessTokenClaims } from '@atrium/shared';
import { ExpiringCache } from './ExpiringCache.js';

const ALGORITHM = 'HS256';
const AUDIENCE = 'atrium';
/** Most verified tokens remembered; the oldest go first. */
const VERIFIED_TOKENS_MAX = 10_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type TokenCheck =
  | { status: 'valid'; claims: AccessTokenClaims }
  /** Signature and issuer are right but the token is past its expiry. */
  | { status: 'expired'; claims: AccessTokenClaims }
  | { status: 'invalid' };

/** A refresh token's successor and the id of the access token issued with it. */
export interface Successor {
  token: string;
  jti: string;
}

/**
 * Access tokens: short-lived HS256 JWTs, algorithm pinned, issuer and
 * audience checked. Refresh tokens: opaque strings stored hashed; a
 * session's first is random, each next one derived from the one it
 * replaces (`successorOf`).
 *
 * The signing key is imported into WebCrypto once (given raw bytes, jose
 * would import it again on every call), and a token that passed every check
 * is remembered by its exact text until its expiry: a client sends the same
 * token with each call for up to 15 minutes, and a repeat needs only the
 * expiry compared. Any other text, a forged one included, is verified in full.
 */
export class TokenService {
  private readonly key: Promise<webcrypto.CryptoKey>;
  /** The key successors are derived with: from the server secret under its own label, never the signing key itself. */
  private readonly successorKey: Buffer;
  private readonly verified: ExpiringCache<string, AccessTokenClaims>;

  constructor(
    secret: string,
    private readonly issuer: string,
    private readonly ttlSeconds: number,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.key = crypto.webcrypto.subtle.importKey('raw', Buffer.from(secret, 'utf8'), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    // A key that cannot be imported fails each call that needs it, not the process.
    this.key.catch(() => undefined);
    this.verified = new ExpiringCache(VERIFIED_TOKENS_MAX, () => this.now().getTime());
    this.successorKey = crypto.createHmac('sha256', secret).update('atrium/refresh-token-successors').digest();
  }

  /**
   * An access token for the claims, issued now with a random id; or, given
   * `at`, issued at that moment with that id: the same claims then always
   * give the very same token (HS256 signatures are deterministic).
   */
  async issueAccessToken(claims: AccessTokenClaims, at?: { issuedAt: Date; jti: string }): Promise<string> {
    const iat = Math.floor((at?.issuedAt ?? this.now()).getTime() / 1000);
    return new SignJWT({ sid: claims.sid, acc: claims.acc, username: claims.username })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer(this.issuer)
      .setAudience(AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.ttlSeconds)
      .setJti(at?.jti ?? crypto.randomUUID())
      .sign(await this.key);
  }

  /**
   * The refresh token that replaces `refreshToken`, and the id of the access
   * token issued with it: HMAC-SHA256 of the token with a key derived from
   * the server secret, so every refresh with one token derives the same
   * pair, and nobody without the secret can derive it. Only the successor's
   * hash is ever stored.
   */
  successorOf(refreshToken: string): Successor {
    const derive = (label: string) => crypto.createHmac('sha256', this.successorKey).update(`${label}\n${refreshToken}`).digest();
    const id = derive('jti').toString('hex');
    return {
      token: derive('token').toString('base64url'),
      jti: `${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20, 32)}`,
    };
  }

  /** Checks a token; anything forged, malformed, of another algorithm or issuer is 'invalid'. */
  async check(token: string): Promise<TokenCheck> {
    const remembered = this.verified.get(token);
    if (remembered) return { status: 'valid', claims: remembered };
    try {
      const { claims, exp } = await this.verifyAt(token, this.now());
      // Valid while the clock, in whole seconds as jose counts them, is before exp.
      this.verified.set(token, claims, exp * 1000);
      return { status: 'valid', claims };
    } catch (e) {
      if (!(e instanceof errors.JWTExpired)) return { status: 'invalid' };
      // The signature was good; check every other claim as of the moment of issue.
      const iat = typeof e.payload.iat === 'number' ? e.payload.iat : 0;
      try {
        return { status: 'expired', claims: (await this.verifyAt(token, new Date(iat * 1000))).claims };
      } catch {
        return { status: 'invalid' };
      }
    }
  }

  private async verifyAt(token: string, at: Date): Promise<{ claims: AccessTokenClaims; exp: number }> {
    const { payload } = await jwtVerify(token, await this.key, {
      algorithms: [ALGORITHM],
      issuer: this.issuer,
      audience: AUDIENCE,
      currentDate: at,
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    const claims = claimsOf(payload);
    if (!claims) throw new Error('unexpected claims');
    return { claims, exp: payload.exp! };
  }

  /** A new opaque refresh token: 256 random bits. */
  static newOpaqueToken(): string {
    return crypto.randomBytes(32).toString('base64url');
  }

  /** How opaque tokens and codes are stored: SHA-256, hex. */
  static hash(token: string): string {
    return crypto.createHash('sha256').update(token).digest('hex');
  }
}

/** The product's claims of a verified payload, or null when one is missing or malformed. */
function claimsOf(p: JWTPayload): AccessTokenClaims | null {
  const { sub, sid, acc, username } = p;
  if (typeof sub !== 'string' || !UUID.test(sub) || typeof sid !== 'string' || !UUID.test(sid)) return null;
  if (typeof acc !== 'string' || (acc !== '' && !UUID.test(acc)) || typeof username !== 'string') return null;
  return { sub, sid, acc, username };
}
