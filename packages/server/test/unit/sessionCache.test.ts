/** The expiring cache and the session cache built on it, with a clock moved by hand. */
import { describe, expect, it } from 'vitest';
import { ExpiringCache } from '../../src/auth/ExpiringCache.js';
import { SessionCache } from '../../src/auth/SessionCache.js';
import { LocalSessionEvents } from '../../src/auth/SessionEvents.js';
import type { UserRecord } from '../../src/users/UserStore.js';

function manualClock(start = 1_000_000) {
  let ms = start;
  return { now: () => ms, advance: (by: number) => (ms += by) };
}

const user = (id: string) => ({ id, username: id }) as UserRecord;

describe('ExpiringCache', () => {
  it('returns a value until its expiry and never after', () => {
    const clock = manualClock();
    const cache = new ExpiringCache<string, number>(10, clock.now);
    cache.set('a', 1, clock.now() + 1000);
    clock.advance(999);
    expect(cache.get('a')).toBe(1);
    clock.advance(1);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('stores nothing whose expiry has already passed', () => {
    const clock = manualClock();
    const cache = new ExpiringCache<string, number>(10, clock.now);
    cache.set('a', 1, clock.now());
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('holds at most maxEntries, dropping the one stored longest ago', () => {
    const clock = manualClock();
    const cache = new ExpiringCache<string, number>(3, clock.now);
    for (const [i, key] of ['a', 'b', 'c', 'd'].entries()) cache.set(key, i, clock.now() + 60_000);
    expect(cache.size).toBe(3);
    expect(cache.get('a')).toBeUndefined();
    expect([cache.get('b'), cache.get('c'), cache.get('d')]).toEqual([1, 2, 3]);
    // Storing a key again makes it the newest.
    cache.set('b', 10, clock.now() + 60_000);
    cache.set('e', 4, clock.now() + 60_000);
    expect(cache.get('c')).toBeUndefined();
    expect(cache.get('b')).toBe(10);
  });

  it('holds nothing with a size of 0', () => {
    const cache = new ExpiringCache<string, number>(0);
    cache.set('a', 1, Date.now() + 60_000);
    expect(cache.get('a')).toBeUndefined();
  });
});

describe('SessionCache', () => {
  const farFuture = new Date(Date.now() + 3600_000);

  function setup(ttlSeconds = 10, maxEntries = 100) {
    const clock = manualClock(Date.now());
    const events = new LocalSessionEvents();
    const cache = new SessionCache({ ttlSeconds, maxEntries }, events, clock.now);
    return { clock, events, cache };
  }

  it('remembers an open session for the TTL', () => {
    const { clock, cache } = setup(10);
    cache.set('s1', { user: user('u1'), expiresAt: farFuture, roles: null }, cache.snapshot());
    clock.advance(9_999);
    expect(cache.get('s1')?.user.id).toBe('u1');
    clock.advance(1);
    expect(cache.get('s1')).toBeUndefined();
  });

  it('never remembers a session past its own end', () => {
    const { clock, cache } = setup(10);
    cache.set('s1', { user: user('u1'), expiresAt: new Date(clock.now() + 2000), roles: null }, cache.snapshot());
    clock.advance(2000);
    expect(cache.get('s1')).toBeUndefined();
  });

  it('forgets a session when it is revoked, and every session of a user when the user changes or is signed out everywhere', () => {
    const { events, cache } = setup();
    const put = (sid: string, uid: string) => cache.set(sid, { user: user(uid), expiresAt: farFuture, roles: null }, cache.snapshot());
    put('s1', 'u1');
    put('s2', 'u1');
    put('s3', 'u2');
    put('s4', 'u3');
    events.publish({ kind: 'session-revoked', sessionId: 's1' });
    expect([cache.get('s1'), cache.get('s2')?.user.id]).toEqual([undefined, 'u1']);
    events.publish({ kind: 'user-changed', userId: 'u1' });
    expect(cache.get('s2')).toBeUndefined();
    expect(cache.get('s3')?.user.id).toBe('u2');
    events.publish({ kind: 'user-sessions-revoked', userId: 'u2' });
    expect(cache.get('s3')).toBeUndefined();
    expect(cache.get('s4')?.user.id).toBe('u3');
  });

  it('does not store an answer read before an invalidation', () => {
    const { events, cache } = setup();
    const before = cache.snapshot();
    // The database answered "open", but the session was revoked while the answer travelled.
    events.publish({ kind: 'session-revoked', sessionId: 's1' });
    cache.set('s1', { user: user('u1'), expiresAt: farFuture, roles: null }, before);
    expect(cache.get('s1')).toBeUndefined();
    cache.set('s1', { user: user('u1'), expiresAt: farFuture, roles: null }, cache.snapshot());
    expect(cache.get('s1')?.user.id).toBe('u1');
  });

  it('holds at most maxEntries sessions', () => {
    const { cache } = setup(10, 2);
    for (const sid of ['s1', 's2', 's3']) cache.set(sid, { user: user('u1'), expiresAt: farFuture, roles: null }, cache.snapshot());
    expect(cache.size).toBe(2);
    expect(cache.get('s1')).toBeUndefined();
    expect(cache.get('s3')?.user.id).toBe('u1');
  });

  it('remembers nothing with a TTL of 0', () => {
    const { cache } = setup(0);
    cache.set('s1', { user: user('u1'), expiresAt: farFuture, roles: null }, cache.snapshot());
    expect(cache.get('s1')).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});
