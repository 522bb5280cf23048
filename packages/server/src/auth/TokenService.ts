import crypto from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import type { AccessTokenClaims } from '@atrium/shared';

const ALGORITHM = 'HS256';
const AUDIENCE = 'atrium';

const Claims = z.object({
  sub: z.uuid(),
  sid: z.uuid(),
  acc: z.union([z.uuid(), z.literal('')]),
  username: z.string(),
  iat: z.number(),
  exp: z.number(),
});

export type TokenCheck =
  | { status: 'valid'; claims: AccessTokenClaims }
  /** Signature and issuer are right but the token is past its expiry. */
  | { status: 'expired'; claims: AccessTokenClaims }
  | { status: 'invalid' };

/**
 * Access tokens: short-lived HS256 JWTs, algorithm pinned, issuer and
 * audience checked. Refresh tokens: opaque random strings stored hashed.
 */
export class TokenService {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly issuer: string,
    private readonly ttlSeconds: number,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  issueAccessToken(claims: AccessTokenClaims): Promise<string> {
    const iat = Math.floor(this.now().getTime() / 1000);
    return new SignJWT({ sid: claims.sid, acc: claims.acc, username: claims.username })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer(this.issuer)
      .setAudience(AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.ttlSeconds)
      .setJti(crypto.randomUUID())
      .sign(this.key);
  }

  /** Checks a token; anything forged, malformed, of another algorithm or issuer is 'invalid'. */
  async check(token: string): Promise<TokenCheck> {
    try {
      return { status: 'valid', claims: await this.verifyAt(token, this.now()) };
    } catch (e) {
      if (!(e instanceof errors.JWTExpired)) return { status: 'invalid' };
      // The signature was good; check every other claim as of the moment of issue.
      const iat = typeof e.payload.iat === 'number' ? e.payload.iat : 0;
      try {
        return { status: 'expired', claims: await this.verifyAt(token, new Date(iat * 1000)) };
      } catch {
        return { status: 'invalid' };
      }
    }
  }

  private async verifyAt(token: string, at: Date): Promise<AccessTokenClaims> {
    const { payload } = await jwtVerify(token, this.key, {
      algorithms: [ALGORITHM],
      issuer: this.issuer,
      audience: AUDIENCE,
      currentDate: at,
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    const c = Claims.parse(payload);
    return { sub: c.sub, sid: c.sid, acc: c.acc, username: c.username };
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
