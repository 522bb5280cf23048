import { describe, expect, it } from 'vitest';
import type { AccessStore, CallerFacts } from '../../src/access/AccessStore.js';
import type { Caller } from '../../src/access/Caller.js';
import { Callers } from '../../src/access/Callers.js';
import { roleNameProblem } from '../../src/access/roleName.js';
import { actsIn, appAccess, hasAppRole, hasOrgRole, isManagerOf, mayChangeUser, maySeeUser } from '../../src/access/rules.js';
import { LocalSessionEvents } from '../../src/auth/SessionEvents.js';
import type { UserRecord } from '../../src/users/UserStore.js';

const olivia: Caller = {
  userId: 'u-olivia',
  name: 'Olivia Hart',
  sessionId: 's-1',
  organisation: { id: 'org-northwind', name: 'Northwind Trading' },
  roles: { organisation: ['manager'], apps: { Audits: ['auditor'] } },
  manager: null,
  reports: [{ id: 'u-liam', name: 'Liam Chen' }],
};

describe('the rights of a caller', () => {
  it('changes its own user record only', () => {
    expect(mayChangeUser(olivia, 'u-olivia')).toBe(true);
    expect(mayChangeUser(olivia, 'u-liam')).toBe(false);
  });

  it('sees its own card, and a colleague’s only when they share an organisation, which is asked only then', async () => {
    let asked = 0;
    const share = (answer: boolean) => async () => (asked++, answer);
    expect(await maySeeUser('u-olivia', 'u-olivia', share(false))).toBe(true);
    expect(asked).toBe(0);
    expect(await maySeeUser('u-olivia', 'u-liam', share(true))).toBe(true);
    expect(await maySeeUser('u-olivia', 'u-stranger', share(false))).toBe(false);
    expect(asked).toBe(2);
  });

  it('acts in the active organisation only', () => {
    expect(actsIn(olivia, 'org-northwind')).toBe(true);
    expect(actsIn(olivia, 'org-contoso')).toBe(false);
    expect(actsIn({ ...olivia, organisation: null }, 'org-northwind')).toBe(false);
  });

  it('has organisation-wide roles apart from roles in an application', () => {
    expect(hasOrgRole(olivia, 'manager')).toBe(true);
    expect(hasOrgRole(olivia, 'auditor')).toBe(false);
    expect(hasAppRole(olivia, 'Audits', 'auditor')).toBe(true);
    expect(hasAppRole(olivia, 'Audits', 'manager')).toBe(false);
    expect(hasAppRole(olivia, 'CRM', 'auditor')).toBe(false);
    // Names of the object's own prototype are no applications.
    expect(hasAppRole(olivia, 'constructor', 'auditor')).toBe(false);
  });

  it('is the manager of direct reports only', () => {
    expect(isManagerOf(olivia, 'u-liam')).toBe(true);
    expect(isManagerOf(olivia, 'u-sofia')).toBe(false);
    expect(isManagerOf(olivia, 'u-olivia')).toBe(false);
  });

  it('uses an application whose package it may see, or a catalogue application granted to it', () => {
    const installed = new Map([
      ['Audits', { name: 'Audits', type: 'application' }],
      ['Preferences', { name: 'Preferences', type: 'application', defaultAppforOrgs: 1 }],
    ]);
    const access = appAccess(installed, new Set(['Audits', 'Reports']));
    expect(access.canUseApp('Audits')).toBe(true);
    expect(access.canUseApp('Preferences')).toBe(true);
    expect(access.canUseApp('Reports')).toBe(true);
    expect(access.canUseApp('CRM')).toBe(false);
  });
});

describe('role names', () => {
  it.each(['manager', 'auditor', 'lead-auditor', 'level2', 'a'])('accepts %j', (name) => expect(roleNameProblem(name)).toBeNull());
  it.each(['', 'Manager', 'lead auditor', 'lead_auditor', '-lead', 'lead-', 'a--b', '2nd', 'a'.repeat(41)])('refuses %j', (name) => expect(roleNameProblem(name)).not.toBeNull());
});

describe('the remembered callers', () => {
  function setup() {
    let reads = 0;
    let facts: CallerFacts = { organisation: { id: 'org-1', name: 'Org' }, roles: { organisation: [], apps: {} }, manager: { id: 'u-boss', name: 'Boss' }, reports: [{ id: 'u-rep', name: 'Rep' }] };
    const store = {
      callerFacts: async () => {
        reads++;
        return facts;
      },
    } as unknown as AccessStore;
    let now = 0;
    const events = new LocalSessionEvents();
    const callers = new Callers(store, { ttlSeconds: 10, maxEntries: 100 }, events, () => now);
    const user = { id: 'u-1', firstname: 'Ada', lastname: '', username: 'ada', activeAccountId: 'org-1', managerId: 'u-boss' } as UserRecord;
    return {
      callers,
      events,
      user,
      reads: () => reads,
      setFacts: (next: CallerFacts) => (facts = next),
      advance: (ms: number) => (now += ms),
    };
  }

  it('reads once per session until the entry expires', async () => {
    const s = setup();
    await s.callers.of(s.user, 's-1');
    await s.callers.of(s.user, 's-1');
    expect(s.reads()).toBe(1);
    await s.callers.of(s.user, 's-2');
    expect(s.reads()).toBe(2);
    s.advance(10_000);
    await s.callers.of(s.user, 's-1');
    expect(s.reads()).toBe(3);
  });

  it('reads again when the user record names another organisation or manager', async () => {
    const s = setup();
    await s.callers.of(s.user, 's-1');
    await s.callers.of({ ...s.user, activeAccountId: 'org-2' }, 's-1');
    await s.callers.of({ ...s.user, activeAccountId: 'org-2', managerId: null }, 's-1');
    expect(s.reads()).toBe(3);
  });

  it('forgets on the events of the user, of their manager and of their reports, not of others', async () => {
    const s = setup();
    await s.callers.of(s.user, 's-1');
    s.events.publish({ kind: 'user-changed', userId: 'u-stranger' });
    await s.callers.of(s.user, 's-1');
    expect(s.reads()).toBe(1);
    for (const event of [
      { kind: 'user-changed', userId: 'u-1' },
      { kind: 'user-changed', userId: 'u-boss' },
      { kind: 'user-changed', userId: 'u-rep' },
      { kind: 'user-sessions-revoked', userId: 'u-1' },
      { kind: 'session-revoked', sessionId: 's-1' },
    ] as const) {
      const before = s.reads();
      s.events.publish(event);
      await s.callers.of(s.user, 's-1');
      expect(s.reads(), event.kind).toBe(before + 1);
    }
  });

  it('does not remember an answer read while an event arrived', async () => {
    const s = setup();
    const first = s.callers.of(s.user, 's-1');
    s.events.publish({ kind: 'user-changed', userId: 'u-1' });
    await first;
    s.setFacts({ organisation: null, roles: { organisation: [], apps: {} }, manager: null, reports: [] });
    expect((await s.callers.of(s.user, 's-1')).organisation).toBeNull();
    expect(s.reads()).toBe(2);
  });
});
