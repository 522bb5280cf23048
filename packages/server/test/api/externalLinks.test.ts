/**
 * @module-tag postgres
 *
 * Which user an identity provider's identity signs in to
 * (docs/behaviour/external-sign-in.md#links), for Keycloak and for Okta: the
 * user its identity (issuer and the provider's immutable user id) is linked
 * to, and only that one. Tokens with forged and look-alike names, an
 * address the provider does not vouch for, or another identity's address
 * never reach an existing user; linking by a verified address follows
 * AUTH_LINK_BY_EMAIL.
 */
import crypto from 'node:crypto';
import { Messages } from '@atrium/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRecord } from '../../src/users/UserStore.js';
import { makeAccount, makeUser } from '../helpers/factories.js';
import { expectClientErrorEnvelope, form } from '../helpers/http.js';
import { startIdentityProvider, type TestIdentityProvider } from '../helpers/identityProvider.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';

type Provider = 'keycloak' | 'okta';

/** What a provider's token says about the person. */
interface Person {
  /** The provider's immutable user id: Keycloak's sub, Okta's uid. */
  id: string;
  /** The username claim: Keycloak's preferred_username, Okta's sub (the login). */
  username?: unknown;
  email?: unknown;
  emailVerified?: unknown;
}

const CLIENT_ID = 'atrium';
const OLIVIA_EMAIL = 'olivia.hart@northwind.example';

interface Site {
  t: TestApp;
  issuer: string;
  /** Signs in with a token saying this of the person. */
  post(person: Person): Promise<LightMyRequestResponse>;
  /** Olivia: a password, her address; what the attacker wants. */
  olivia: UserRecord;
}

/** Starts Atrium configured for one provider type, with Olivia and the given settings. */
async function startSite(provider: Provider, idp: TestIdentityProvider, env: Record<string, string> = {}): Promise<Site> {
  const issuer = provider === 'keycloak' ? idp.keycloakIssuer : idp.oktaIssuer;
  const t = await createTestApp({
    env:
      provider === 'keycloak'
        ? { AUTH_TYPE: 'keycloak', AUTH_KEYCLOAK_URL: idp.base, AUTH_REALM: 'atrium', AUTH_CLIENT_ID: CLIENT_ID, ...env }
        : { AUTH_TYPE: 'okta', AUTH_ISSUER: idp.oktaIssuer, AUTH_CLIENT_ID: CLIENT_ID, ...env },
    rateLimits: { auth: 10_000 },
  });
  const northwind = await makeAccount(t.services.stores, 'Northwind Trading');
  const olivia = await makeUser(t.services.stores, t.hasher, { username: 'olivia', email: OLIVIA_EMAIL, accounts: [northwind.id] });
  const url = `${t.config.wrapperPrefix}/auth/external/${provider}`;
  const claims = (person: Person): Record<string, unknown> => {
    const named = { email: person.email, email_verified: person.emailVerified, given_name: 'Liam', family_name: 'Chen' };
    return provider === 'keycloak'
      ? { iss: issuer, aud: [CLIENT_ID, 'account'], azp: CLIENT_ID, typ: 'Bearer', sub: person.id, preferred_username: person.username, ...named }
      : { iss: issuer, aud: 'api://default', cid: CLIENT_ID, ver: 1, uid: person.id, sub: person.username, scp: ['openid', 'email'], ...named };
  };
  return {
    t,
    issuer,
    olivia,
    post: async (person) => t.app.inject({ method: 'POST', url, ...form({ access_token: await idp.sign(claims(person)) }) }),
  };
}

const signedInAs = (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { username: string } }>().data.username;
};

function expectAnswer(res: LightMyRequestResponse, answer: 'no-access' | 'link-required') {
  expectClientErrorEnvelope(res, 403);
  expect(res.json()).toMatchObject(
    answer === 'no-access'
      ? { message: Messages.externalNoAccess, code: 'login.error.external-no-access' }
      : { message: Messages.externalLinkRequired, code: 'login.error.external-link-required' },
  );
}

/** A fresh identity id, as the provider would give one. */
const newId = (provider: Provider) => (provider === 'keycloak' ? crypto.randomUUID() : `00u${crypto.randomBytes(10).toString('hex').slice(0, 17)}`);

describe.each(['keycloak', 'okta'] as const)(`identity links with %s on ${databaseKind}`, (provider) => {
  let idp: TestIdentityProvider;

  beforeAll(async () => {
    idp = await startIdentityProvider();
  });
  afterAll(async () => {
    await idp.close();
  });

  describe('with the defaults (no linking by e-mail, no provisioning)', () => {
    let site: Site;
    beforeAll(async () => {
      site = await startSite(provider, idp);
    });
    afterAll(async () => {
      await site.t.close();
    });

    it("refuses a provider user whose username claim is Olivia's address, or her username in any case: nobody signs in as her", async () => {
      const liam = newId(provider);
      for (const username of [OLIVIA_EMAIL, 'OLIVIA', 'olivia', 'Olivia.Hart@Northwind.Example']) {
        expectAnswer(await site.post({ id: liam, username, email: 'mallory@evil.example', emailVerified: true }), 'no-access');
      }
      expect(await site.t.services.stores.identities.findForUser(site.olivia.id)).toEqual([]);
      expect(await site.t.services.stores.identities.find(site.issuer, liam)).toBeNull();
    });

    it("refuses an identity whose token carries Olivia's address, even verified, while linking by e-mail is off", async () => {
      expectAnswer(await site.post({ id: newId(provider), username: 'olivia', email: OLIVIA_EMAIL, emailVerified: true }), 'no-access');
      expect(await site.t.services.stores.identities.findForUser(site.olivia.id)).toEqual([]);
    });

    it('signs in the identity an operator linked to Olivia, whatever it is called, and only that one', async () => {
      const hers = newId(provider);
      await site.t.services.stores.identities.link({ issuer: site.issuer, subject: hers, userId: site.olivia.id, linkedBy: 'operator' });
      expect(signedInAs(await site.post({ id: hers, username: 'o.hart', email: 'other@northwind.example', emailVerified: false }))).toBe('olivia');
      expectAnswer(await site.post({ id: newId(provider), username: 'olivia', email: OLIVIA_EMAIL, emailVerified: true }), 'no-access');
      // The same id at another issuer is another identity.
      const elsewhere = await site.t.services.stores.identities.find(`${site.issuer}-other`, hers);
      expect(elsewhere).toBeNull();
    });

    it('writes why to the log, with the identity but never the token', () => {
      const lines = site.t.logs.join('\n');
      expect(lines).toContain('"event":"external.no-access"');
      expect(lines).toContain('no user is linked to this identity');
      // No JWT (header and payload start with {" in base64url) anywhere.
      expect(lines).not.toMatch(/eyJ[\w-]+\.eyJ/);
    });
  });

  describe('with AUTH_LINK_BY_EMAIL=passwordless and provisioning', () => {
    let site: Site;
    let pat: UserRecord;
    beforeAll(async () => {
      site = await startSite(provider, idp, { AUTH_LINK_BY_EMAIL: 'passwordless', AUTH_PROVISION_ACCOUNT: 'Northwind Trading' });
      // A user without a password (created by an earlier provisioning, before links existed).
      pat = await site.t.services.stores.users.create({ username: 'pat', email: 'Pat.Lee@Northwind.example', passwordHash: null, externalProvider: provider });
      await makeUser(site.t.services.stores, site.t.hasher, { username: 'twin-a', email: 'shared@northwind.example' });
      await makeUser(site.t.services.stores, site.t.hasher, { username: 'twin-b', email: 'shared@northwind.example' });
    });
    afterAll(async () => {
      await site.t.close();
    });

    it("never provisions a username that is Olivia's, looks like hers, or is her address: an administrator must link it", async () => {
      const before = await site.t.services.stores.users.count();
      for (const username of ['olivia', 'OLIVIA', 'Olivia', '\u043elivia', 'o1ivia', '0livia', '\uff4f\uff4c\uff49\uff56\uff49\uff41', OLIVIA_EMAIL, 'OLIVIA.HART@northwind.example']) {
        expectAnswer(await site.post({ id: newId(provider), username, email: 'mallory@evil.example', emailVerified: true }), 'link-required');
      }
      // Invisible characters make no username at all.
      for (const username of ['oli\u00advia', 'oli\u200dvia', '\u202eaivilo']) {
        const res = await site.post({ id: newId(provider), username, email: 'mallory@evil.example', emailVerified: true });
        expectClientErrorEnvelope(res, 401);
      }
      expect(await site.t.services.stores.users.count()).toBe(before);
      expect(await site.t.services.stores.identities.findForUser(site.olivia.id)).toEqual([]);
      const lines = site.t.logs.join('\n');
      expect(lines).toContain('"event":"external.link-required"');
      expect(lines).toContain("the username looks like the existing 'olivia'");
    });

    it("does not link to Olivia by an address the provider does not mark verified with the boolean true", async () => {
      const before = await site.t.services.stores.users.count();
      for (const emailVerified of [undefined, false, 'true', 1, null]) {
        // A fresh username, so that only the address could reach Olivia: the identity gets a user of its own.
        const username = `liam-${crypto.randomBytes(3).toString('hex')}`;
        expect(signedInAs(await site.post({ id: newId(provider), username, email: OLIVIA_EMAIL, emailVerified }))).toBe(username);
        expect((await site.t.services.stores.users.findByUsername(username))?.email).toBeNull();
      }
      expect(await site.t.services.stores.users.count()).toBe(before + 5);
      expect(await site.t.services.stores.identities.findForUser(site.olivia.id)).toEqual([]);
    });

    it('does not link a verified address to a user who has a password: an administrator must', async () => {
      expectAnswer(await site.post({ id: newId(provider), username: 'someone-new', email: OLIVIA_EMAIL.toUpperCase(), emailVerified: true }), 'link-required');
      expect(await site.t.services.stores.identities.findForUser(site.olivia.id)).toEqual([]);
      expect(await site.t.services.stores.users.findByUsername('someone-new')).toBeNull();
      expect(site.t.logs.join('\n')).toContain('has a password (AUTH_LINK_BY_EMAIL=passwordless)');
    });

    it('does not link an address several users have', async () => {
      expectAnswer(await site.post({ id: newId(provider), username: 'twin-c', email: 'shared@northwind.example', emailVerified: true }), 'link-required');
      expect(await site.t.services.stores.users.findByUsername('twin-c')).toBeNull();
    });

    it('links a verified address to the user without a password who has it; then only that identity signs in there', async () => {
      const first = newId(provider);
      expect(signedInAs(await site.post({ id: first, username: 'p.lee', email: 'pat.lee@northwind.example', emailVerified: true }))).toBe('pat');
      expect(await site.t.services.stores.identities.findForUser(pat.id)).toEqual([expect.objectContaining({ issuer: site.issuer, subject: first, linkedBy: 'email' })]);
      // Later tokens of that identity sign in by its link, whatever they say.
      expect(signedInAs(await site.post({ id: first, username: 'olivia', email: OLIVIA_EMAIL, emailVerified: true }))).toBe('pat');
      // A second identity with the same verified address does not take the account.
      expectAnswer(await site.post({ id: newId(provider), username: 'pat.lee', email: 'pat.lee@northwind.example', emailVerified: true }), 'link-required');
      expect(await site.t.services.stores.identities.findForUser(pat.id)).toHaveLength(1);
      expect(site.t.logs.join('\n')).toContain('linked to another identity of this provider');
    });

    it('provisions a new person with a user of their own, linked to their identity', async () => {
      const id = newId(provider);
      expect(signedInAs(await site.post({ id, username: 'Noor', email: 'noor@northwind.example', emailVerified: true }))).toBe('noor');
      const noor = (await site.t.services.stores.users.findByUsername('noor'))!;
      expect(noor).toMatchObject({ email: 'noor@northwind.example', passwordHash: null });
      expect(await site.t.services.stores.identities.find(site.issuer, id)).toMatchObject({ userId: noor.id, linkedBy: 'provisioning' });
      // Another identity calling itself noor is not noor.
      expectAnswer(await site.post({ id: newId(provider), username: 'noor', email: 'someone@evil.example', emailVerified: true }), 'link-required');
    });
  });

  describe('with AUTH_LINK_BY_EMAIL=all (the operator consents for users with a password)', () => {
    let site: Site;
    beforeAll(async () => {
      site = await startSite(provider, idp, { AUTH_LINK_BY_EMAIL: 'all' });
    });
    afterAll(async () => {
      await site.t.close();
    });

    it("links the first identity with Olivia's verified address, once: of two at the same moment exactly one gets her account", async () => {
      const [a, b] = [newId(provider), newId(provider)];
      const answers = await Promise.all([a, b].map((id) => site.post({ id, username: 'whoever', email: OLIVIA_EMAIL, emailVerified: true })));
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 403]);
      const links = await site.t.services.stores.identities.findForUser(site.olivia.id);
      expect(links).toHaveLength(1);
      const winner = links[0]!.subject;
      const loser = winner === a ? b : a;
      expectAnswer(answers[winner === a ? 1 : 0]!, 'link-required');
      expect(signedInAs(await site.post({ id: winner, username: 'anything' }))).toBe('olivia');
      expectAnswer(await site.post({ id: loser, username: 'olivia', email: OLIVIA_EMAIL, emailVerified: true }), 'link-required');
    });

    it('refuses a disabled user with the verified address, and links nothing', async () => {
      const dora = await makeUser(site.t.services.stores, site.t.hasher, { username: 'dora', email: 'dora@northwind.example' });
      await site.t.services.stores.users.update(dora.id, { disabled: true });
      expectAnswer(await site.post({ id: newId(provider), username: 'dora', email: 'dora@northwind.example', emailVerified: true }), 'no-access');
      expect(await site.t.services.stores.identities.findForUser(dora.id)).toEqual([]);
    });
  });
});
