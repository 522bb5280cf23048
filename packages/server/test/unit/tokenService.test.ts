/** Access tokens: a token verified once is answered from memory, never past its expiry and never for another text. */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TokenService } from '../../src/auth/TokenService.js';
import { TestClock } from '../helpers/clock.js';

const SECRET = 'unit-test-secret-that-is-long-enough-for-hs256-0123456789';
const claims = { sub: crypto.randomUUID(), sid: crypto.randomUUID(), acc: '', username: 'ada' };

describe('TokenService', () => {
  it('answers a valid token until its expiry, then expired, however often it was checked before', async () => {
    const clock = new TestClock();
    const tokens = new TokenService(SECRET, 'http://atrium.test', 900, clock.now);
    const jwt = await tokens.issueAccessToken(claims);
    for (let i = 0; i < 3; i++) expect(await tokens.check(jwt)).toEqual({ status: 'valid', claims });
    clock.advanceSeconds(899);
    expect((await tokens.check(jwt)).status).toBe('valid');
    clock.advanceSeconds(1);
    expect(await tokens.check(jwt)).toEqual({ status: 'expired', claims });
  });

  it('refuses a token whose signature or claims were altered after the genuine one was accepted', async () => {
    const tokens = new TokenService(SECRET, 'http://atrium.test', 900);
    const jwt = await tokens.issueAccessToken(claims);
    expect((await tokens.check(jwt)).status).toBe('valid');
    const [header, payload, signature] = jwt.split('.') as [string, string, string];
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await tokens.check(`${header}.${payload}.${flipped}`)).status).toBe('invalid');
    const other = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), username: 'root' })).toString('base64url');
    expect((await tokens.check(`${header}.${other}.${signature}`)).status).toBe('invalid');
  });

  it('refuses tokens of another key or issuer', async () => {
    const tokens = new TokenService(SECRET, 'http://atrium.test', 900);
    const otherKey = await new TokenService(`${SECRET}-other`, 'http://atrium.test', 900).issueAccessToken(claims);
    const otherIssuer = await new TokenService(SECRET, 'http://elsewhere.test', 900).issueAccessToken(claims);
    expect((await tokens.check(otherKey)).status).toBe('invalid');
    expect((await tokens.check(otherIssuer)).status).toBe('invalid');
  });

  it("derives a refresh token's successor from it alone, the same every time, and only with the server's secret", () => {
    const tokens = new TokenService(SECRET, 'http://atrium.test', 900);
    const token = TokenService.newOpaqueToken();
    const successor = tokens.successorOf(token);
    expect(tokens.successorOf(token)).toEqual(successor);
    expect(successor.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(successor.token).not.toBe(token);
    expect(successor.jti).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(tokens.successorOf(TokenService.newOpaqueToken()).token).not.toBe(successor.token);
    expect(new TokenService(`${SECRET}-other`, 'http://atrium.test', 900).successorOf(token).token).not.toBe(successor.token);
  });

  it('issues the very same access token for the same claims, moment and id, whenever it is asked', async () => {
    const clock = new TestClock();
    const tokens = new TokenService(SECRET, 'http://atrium.test', 900, clock.now);
    const at = { issuedAt: clock.now(), jti: tokens.successorOf('a-refresh-token').jti };
    const jwt = await tokens.issueAccessToken(claims, at);
    clock.advanceSeconds(3);
    expect(await tokens.issueAccessToken(claims, at)).toBe(jwt);
    expect(await tokens.issueAccessToken(claims)).not.toBe(jwt);
    expect(await tokens.check(jwt)).toEqual({ status: 'valid', claims });
  });
});
