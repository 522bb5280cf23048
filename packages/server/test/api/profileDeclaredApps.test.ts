/**
 * @module-tag postgres
 *
 * The applications of the full profile (the desktop's application menu)
 * and of global search, and declared applications
 * (docs/behaviour/profile.md#profile): one is offered in the organisations
 * that run it, to the users given it, and nowhere else.
 */
import type { Profile, SearchResponse } from '@atrium/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountRecord } from '../../src/accounts/AccountStore.js';
import type { UserRecord } from '../../src/users/UserStore.js';
import { makeAccount, makeUser, signIn } from '../helpers/factories.js';
import { bearer } from '../helpers/http.js';
import { installDeclaration, LEAVE_DECLARATION } from '../helpers/records.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';

const RISKS = { ...LEAVE_DECLARATION, name: 'Risks', label: { en_EN: 'Risks' } };

describe(`declared applications in the profile on ${databaseKind}`, () => {
  let t: TestApp;
  let northwind: AccountRecord;
  let contoso: AccountRecord;
  let dana: UserRecord;
  let liam: UserRecord;

  const profileOf = async (jwt: string): Promise<Profile> => {
    const res = await t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/user/me/a+p+acc+ap+t`, headers: bearer(jwt) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: Profile }>().data;
  };
  const switchTo = async (jwt: string, accountId: string): Promise<string> => {
    const res = await t.app.inject({ method: 'POST', url: `${t.config.apiPrefix}/user/switchaccount`, headers: bearer(jwt), payload: { accountId } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: { jwt: string } }>().data.jwt;
  };
  const names = (profile: Profile) => profile.apps.map((a) => a.name).sort();
  /** The applications global search finds by a word. */
  const foundApps = async (jwt: string, q: string): Promise<string[]> => {
    const res = await t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/search`, query: { q, filter: 'apps' }, headers: bearer(jwt) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: SearchResponse }>().data.apps.items.map((a) => a.name);
  };

  beforeAll(async () => {
    t = await createTestApp();
    const { stores } = t.services;
    northwind = await makeAccount(stores, 'Northwind Profile');
    contoso = await makeAccount(stores, 'Contoso Profile');
    dana = await makeUser(stores, t.hasher, { accounts: [northwind.id, contoso.id] });
    liam = await makeUser(stores, t.hasher, { accounts: [northwind.id] });
    // Leave runs at Northwind only, Risks at Contoso only; Dana has both, Liam neither.
    await installDeclaration(stores, LEAVE_DECLARATION, [northwind.id], [dana.id]);
    await installDeclaration(stores, RISKS, [contoso.id], [dana.id]);
    const files = await stores.apps.create({ name: 'Ledger', title: 'Ledger', category: 'organization', type: 'application' });
    await stores.apps.grant(dana.id, files.id);
  });
  afterAll(async () => {
    await t.close();
  });

  it('offers a declared application only in an organisation that runs it', async () => {
    const { jwt } = await signIn(t.app, t.config.wrapperPrefix, dana.username);
    const atNorthwind = await profileOf(jwt);
    expect(atNorthwind.accountId).toBe(northwind.id);
    expect(names(atNorthwind)).toEqual(['Leave', 'Ledger']);
    expect(await foundApps(jwt, 'leave')).toEqual(['Leave']);
    expect(await foundApps(jwt, 'risks')).toEqual([]);

    const contosoJwt = await switchTo(jwt, contoso.id);
    const atContoso = await profileOf(contosoJwt);
    expect(atContoso.accountId).toBe(contoso.id);
    // Northwind's Leave is not Contoso's; an application that is not declared stays wherever she is.
    expect(names(atContoso)).toEqual(['Ledger', 'Risks']);
    expect(await foundApps(contosoJwt, 'leave')).toEqual([]);
    expect(await foundApps(contosoJwt, 'risks')).toEqual(['Risks']);
    expect(await foundApps(contosoJwt, 'ledger')).toEqual(['Ledger']);
  });

  it('does not offer a declared application the organisation runs to a user not given it', async () => {
    const { jwt } = await signIn(t.app, t.config.wrapperPrefix, liam.username);
    expect(names(await profileOf(jwt))).toEqual([]);
  });

  it('offers a declared application once the organisation runs it', async () => {
    const { jwt } = await signIn(t.app, t.config.wrapperPrefix, dana.username);
    const atContoso = await switchTo(jwt, contoso.id);
    const leave = (await t.services.stores.apps.findByName('Leave'))!;
    const [version] = await t.services.stores.declarations.versions(leave.id);
    await t.services.stores.declarations.setInstalled(leave.id, contoso.id, version!.id);
    // The profile's lists are remembered per user: a change of her record (the switch back) reads them again.
    const again = await switchTo(await switchTo(atContoso, northwind.id), contoso.id);
    expect(names(await profileOf(again))).toEqual(['Leave', 'Ledger', 'Risks']);
  });
});
