import { describe, expect, it } from 'vitest';
import type { AccountRecord } from '../../src/accounts/AccountStore.js';
import type { AppRecord } from '../../src/apps/AppStore.js';
import { LocalSessionEvents } from '../../src/auth/SessionEvents.js';
import { ProfileLists } from '../../src/users/ProfileLists.js';

/** ProfileLists over counted in-memory reads, on a clock moved by hand. */
function setup(ttlSeconds = 10) {
  let reads = 0;
  let now = 0;
  let hidden: string[] = [];
  let release: (() => void) | null = null;
  const events = new LocalSessionEvents();
  const accounts = {
    listForUser: async (userId: string) => {
      reads++;
      if (release !== null) {
        await new Promise<void>((resolve) => (release = resolve));
        release = null;
      }
      return [{ id: `org-of-${userId}` } as AccountRecord];
    },
  };
  const apps = { listGranted: async () => [{ name: 'Files' } as AppRecord], listBlacklisted: async () => [...hidden] };
  const declarations = { runningInOrganisationsOf: async () => new Map<string, Set<string>>() };
  const lists = new ProfileLists(accounts, apps, declarations, { ttlSeconds, maxEntries: 100 }, events, () => now);
  return {
    lists,
    events,
    reads: () => reads,
    hide: (names: string[]) => (hidden = names),
    advance: (ms: number) => (now += ms),
    /** The next read waits until `release()` is called. */
    holdNextRead: () => (release = () => {}),
    release: () => (release as (() => void) | null)?.(),
  };
}

describe('the lists of the full profile', () => {
  it('are read once per user until they expire', async () => {
    const s = setup();
    expect((await s.lists.of('u-1')).memberOf.map((a) => a.id)).toEqual(['org-of-u-1']);
    await s.lists.of('u-1');
    expect(s.reads()).toBe(1);
    await s.lists.of('u-2');
    expect(s.reads()).toBe(2);
    s.advance(10_000);
    await s.lists.of('u-1');
    expect(s.reads()).toBe(3);
  });

  it('are read again at once after a change of the user made in this process', async () => {
    const s = setup();
    expect((await s.lists.of('u-1')).blacklisted).toEqual([]);
    s.hide(['Viewer']);
    s.events.publish({ kind: 'user-changed', userId: 'u-1' });
    expect((await s.lists.of('u-1')).blacklisted).toEqual(['Viewer']);
    expect(s.reads()).toBe(2);
  });

  it('of other users are kept when one user changes', async () => {
    const s = setup();
    await s.lists.of('u-1');
    await s.lists.of('u-2');
    s.events.publish({ kind: 'user-changed', userId: 'u-1' });
    await s.lists.of('u-2');
    expect(s.reads()).toBe(2);
  });

  it('read while a change happens are used once, not remembered', async () => {
    const s = setup();
    s.holdNextRead();
    const pending = s.lists.of('u-1');
    await Promise.resolve();
    s.events.publish({ kind: 'user-changed', userId: 'u-1' });
    s.release();
    await pending;
    await s.lists.of('u-1');
    expect(s.reads()).toBe(2);
  });

  it('are never remembered with a time to live of 0', async () => {
    const s = setup(0);
    await s.lists.of('u-1');
    await s.lists.of('u-1');
    expect(s.reads()).toBe(2);
  });
});
