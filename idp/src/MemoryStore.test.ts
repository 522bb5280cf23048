import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryStore } from './MemoryStore.js';

afterEach(() => vi.useRealTimers());

describe('MemoryStore', () => {
  it('forgets an entry once its lifetime is over', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const tokens = new MemoryStore().factory('RefreshToken');
    await tokens.upsert('a', { jti: 'a' }, 60);
    expect(await tokens.find('a')).toEqual({ jti: 'a' });
    vi.setSystemTime(1_000_000 + 60_000);
    expect(await tokens.find('a')).toBeUndefined();
  });

  it('revokes every token of a grant, whatever its model, and no other', async () => {
    const store = new MemoryStore();
    const refresh = store.factory('RefreshToken');
    const codes = store.factory('AuthorizationCode');
    await refresh.upsert('r1', { grantId: 'g1' }, 60);
    await codes.upsert('c1', { grantId: 'g1' }, 60);
    await refresh.upsert('r2', { grantId: 'g2' }, 60);
    await refresh.revokeByGrantId('g1');
    expect(await refresh.find('r1')).toBeUndefined();
    expect(await codes.find('c1')).toBeUndefined();
    expect(await refresh.find('r2')).toEqual({ grantId: 'g2' });
  });

  it('finds a session by its uid until it is destroyed', async () => {
    const sessions = new MemoryStore().factory('Session');
    await sessions.upsert('s1', { uid: 'u1', accountId: 'demo' }, 600);
    expect(await sessions.findByUid('u1')).toMatchObject({ accountId: 'demo' });
    await sessions.destroy('s1');
    expect(await sessions.findByUid('u1')).toBeUndefined();
  });

  it('keeps models apart and lets one accept another form of its ids', async () => {
    const store = new MemoryStore(async (model, id) => (model === 'RefreshToken' && id.startsWith('wrapped:') ? id.slice('wrapped:'.length) : id));
    await store.factory('RefreshToken').upsert('x', { kind: 'RefreshToken' }, 60);
    await store.factory('AccessToken').upsert('x', { kind: 'AccessToken' }, 60);
    expect(await store.factory('RefreshToken').find('wrapped:x')).toEqual({ kind: 'RefreshToken' });
    expect(await store.factory('AccessToken').find('wrapped:x')).toBeUndefined();
    expect(await store.factory('AccessToken').find('x')).toEqual({ kind: 'AccessToken' });
  });

  it('sweeps expired entries as writes come, so that it does not grow without bound', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const store = new MemoryStore();
    const codes = store.factory('AuthorizationCode');
    for (let i = 0; i < 400; i++) await codes.upsert(`old${i}`, {}, 60);
    vi.setSystemTime(1_000_000 + 61_000);
    for (let i = 0; i < 200; i++) await codes.upsert(`new${i}`, {}, 60);
    expect(store.size).toBeLessThanOrEqual(200);
  });
});
