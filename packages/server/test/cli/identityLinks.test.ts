/**
 * @module-tag postgres
 *
 * `atrium user link|unlink|links|link-import` (docs/behaviour/external-sign-in.md#links):
 * the operator says which identity of the identity provider signs in to
 * which user, one at a time or from a file, and the server then signs that
 * identity in there and no other.
 */
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliContext } from '../../src/cli/context.js';
import { runCli } from '../../src/cli/runCli.js';
import { PackageRegistry } from '../../src/packages/PackageRegistry.js';
import { makeAccount, makeUser } from '../helpers/factories.js';
import { expectClientErrorEnvelope, form } from '../helpers/http.js';
import { startIdentityProvider, type TestIdentityProvider } from '../helpers/identityProvider.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';
import { createCliHarness, memoryIo, type CliHarness } from './cliHarness.js';

const ISSUER = 'https://sso.example/realms/staff';
const OLIVIA = '5f0c2a4e-8d1b-4c7a-9e3f-2b6d8a1c4e70';
const LIAM = '9a1b2c3d-0000-4000-8000-000000000001';

describe(`atrium user link, unlink, links and link-import on ${databaseKind}`, () => {
  let h: CliHarness;
  beforeAll(async () => {
    h = await createCliHarness();
    h.ctx.externalIssuer = ISSUER;
    for (const username of ['olivia', 'liam', 'sofia', 'demo']) await h.ctx.stores.users.create({ username, email: `${username}@northwind.example` });
  });
  afterAll(() => h.close());

  const userId = async (username: string) => (await h.ctx.stores.users.findByUsername(username))!.id;

  it("links a user to an identity of the configured provider, and says so when it is linked already", async () => {
    const r = await h.run(['user', 'link', 'Olivia', '--subject', OLIVIA]);
    expect(r).toEqual({ code: 0, stdout: `Linked user olivia to the identity '${OLIVIA}' of ${ISSUER}.`, stderr: '' });
    expect(await h.ctx.stores.identities.find(ISSUER, OLIVIA)).toMatchObject({ userId: await userId('olivia'), linkedBy: 'operator' });
    expect((await h.run(['user', 'link', 'olivia', '--subject', OLIVIA])).stdout).toBe(`User olivia is already linked to '${OLIVIA}' of ${ISSUER}.`);
  });

  it('refuses to give an identity to a second user, or a second identity of the provider to a user, and changes nothing', async () => {
    const taken = await h.run(['user', 'link', 'liam', '--subject', OLIVIA]);
    expect(taken).toEqual({ code: 1, stdout: '', stderr: `The identity '${OLIVIA}' is already linked to the user olivia; unlink it there first.` });
    const second = await h.run(['user', 'link', 'olivia', '--subject', LIAM]);
    expect(second.code).toBe(1);
    expect(second.stderr).toBe(`User olivia is already linked to the identity '${OLIVIA}' of this provider; unlink it first ('atrium user unlink olivia').`);
    expect(await h.ctx.stores.identities.find(ISSUER, LIAM)).toBeNull();
    expect(await h.ctx.stores.identities.findForUser(await userId('liam'))).toEqual([]);
  });

  it('links to the provider --issuer names, the same id there being another identity', async () => {
    const okta = 'https://acme.okta.example/oauth2/default';
    expect((await h.run(['user', 'link', 'liam', '--subject', OLIVIA, '--issuer', okta])).code).toBe(0);
    expect(await h.ctx.stores.identities.find(okta, OLIVIA)).toMatchObject({ userId: await userId('liam') });
  });

  it('refuses a bad subject or issuer before opening the database, and an unknown user', async () => {
    const opened = h.opened;
    for (const argv of [
      ['user', 'link', 'olivia', '--subject', ''],
      ['user', 'link', 'olivia', '--subject', 'two words'],
      ['user', 'link', 'olivia', '--subject', 'zero\u200bwidth'],
      ['user', 'link', 'olivia', '--subject', 'x'.repeat(256)],
      ['user', 'link', 'olivia', '--subject', 'abc', '--issuer', 'sso.example'],
      ['user', 'link', 'olivia'],
      ['user', 'unlink', 'olivia', '--all', '--issuer', ISSUER],
    ]) {
      const r = await h.run(argv);
      expect(r.code, argv.join(' ')).toBe(2);
    }
    expect(h.opened).toBe(opened);
    expect(await h.run(['user', 'link', 'nobody', '--subject', 'abc'])).toMatchObject({ code: 1, stderr: "No user named 'nobody'." });
  });

  it('says what to do when no provider is configured and --issuer is not given', async () => {
    h.ctx.externalIssuer = undefined;
    try {
      const r = await h.run(['user', 'link', 'sofia', '--subject', 'abc']);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('No identity provider is configured');
    } finally {
      h.ctx.externalIssuer = ISSUER;
    }
  });

  it('lists the links, as a table and as JSON', async () => {
    const table = await h.run(['user', 'links']);
    expect(table.code).toBe(0);
    const lines = table.stdout.split('\n');
    expect(lines[0]).toMatch(/^USERNAME\s+SUBJECT\s+LINKED BY\s+SINCE\s+ISSUER$/);
    expect(lines.slice(2).map((l) => l.split(/\s+/)[0])).toEqual(['liam', 'olivia']);
    const json = JSON.parse((await h.run(['user', 'links', '--json'])).stdout) as Array<Record<string, unknown>>;
    expect(json).toContainEqual(expect.objectContaining({ username: 'olivia', issuer: ISSUER, subject: OLIVIA, linkedBy: 'operator' }));
  });

  it('imports links from a file all or nothing: one bad line links nobody', async () => {
    const bad = h.file('bad.csv', ['username,subject', 'sofia,sofia-id', 'nobody,nobody-id', 'demo,olivia-again', 'demo,x2', `liam,${OLIVIA}`].join('\n'));
    const r = await h.run(['user', 'link-import', bad]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("Line 3: no user named 'nobody'.");
    expect(r.stderr).toContain('Line 5: user demo is on line 4 already.');
    expect(await h.ctx.stores.identities.find(ISSUER, 'sofia-id')).toBeNull();
    // Every line known, but one identity is another user's: refused in the transaction, nothing kept.
    const conflicting = h.file('conflicting.csv', `sofia,sofia-id\ndemo,${OLIVIA}\n`);
    const c = await h.run(['user', 'link-import', conflicting]);
    expect(c.code).toBe(1);
    expect(c.stderr).toContain(`Line 2: The identity '${OLIVIA}' is already linked to the user olivia`);
    expect(await h.ctx.stores.identities.find(ISSUER, 'sofia-id')).toBeNull();
  });

  it('imports links from a file or standard input, keeping the ones already there', async () => {
    const good = h.file('good.csv', `# exported from the provider\r\nusername,subject\r\n\r\nsofia,sofia-id\r\nolivia;${OLIVIA}\r\n`);
    const r = await h.run(['user', 'link-import', good]);
    expect(r).toEqual({ code: 0, stdout: `Linked 1 user to identities of ${ISSUER}; 1 already linked so.`, stderr: '' });
    expect(await h.ctx.stores.identities.find(ISSUER, 'sofia-id')).toMatchObject({ userId: await userId('sofia') });
    const piped = await h.run(['user', 'link-import', '-'], 'demo\tdemo-id\n');
    expect(piped.stdout).toBe(`Linked 1 user to identities of ${ISSUER}.`);
    expect((await h.run(['user', 'link-import', h.file('empty.csv', '# nothing\n')])).stderr).toContain('No links in');
  });

  it('unlinks a user from the configured provider, or from every one', async () => {
    const r = await h.run(['user', 'unlink', 'olivia']);
    expect(r).toEqual({ code: 0, stdout: 'Unlinked user olivia (1 link); ended 0 sessions.', stderr: '' });
    expect(await h.ctx.stores.identities.find(ISSUER, OLIVIA)).toBeNull();
    expect((await h.run(['user', 'unlink', 'olivia'])).stdout).toBe(`User olivia is not linked to an identity of ${ISSUER}.`);
    expect((await h.run(['user', 'unlink', 'liam', '--all'])).stdout).toBe('Unlinked user liam (1 link); ended 0 sessions.');
    expect(await h.ctx.stores.identities.findForUser(await userId('liam'))).toEqual([]);
  });
});

describe(`identities linked with the command line sign in on ${databaseKind}`, () => {
  let idp: TestIdentityProvider;
  let t: TestApp;
  let run: (argv: string[]) => Promise<number>;

  beforeAll(async () => {
    idp = await startIdentityProvider();
    t = await createTestApp({ env: { AUTH_TYPE: 'keycloak', AUTH_KEYCLOAK_URL: idp.base, AUTH_REALM: 'atrium', AUTH_CLIENT_ID: 'atrium' }, rateLimits: { auth: 10_000 } });
    await makeUser(t.services.stores, t.hasher, { username: 'olivia', email: 'olivia.hart@northwind.example', accounts: [(await makeAccount(t.services.stores)).id] });
    // The command line on the server's database, as with PostgreSQL.
    const ctx: CliContext = { stores: t.services.stores, hasher: t.hasher, packages: new PackageRegistry(t.services.stores.packages, () => [], os.tmpdir()), externalIssuer: t.config.external!.issuer };
    run = (argv) => runCli(argv, memoryIo(), () => Promise.resolve({ ...ctx, close: () => Promise.resolve() }));
  });
  afterAll(async () => {
    await t.close();
    await idp.close();
  });

  const post = async (sub: string, preferredUsername: string) =>
    t.app.inject({
      method: 'POST',
      url: `${t.config.wrapperPrefix}/auth/external/keycloak`,
      ...form({ access_token: await idp.sign({ iss: idp.keycloakIssuer, aud: 'atrium', azp: 'atrium', sub, preferred_username: preferredUsername }) }),
    });

  it("signs in the linked identity whatever its name; after unlink it is refused and Olivia's sessions through it end", async () => {
    expectClientErrorEnvelope(await post(OLIVIA, 'olivia'), 403);
    expect(await run(['user', 'link', 'olivia', '--subject', OLIVIA])).toBe(0);
    const res = await post(OLIVIA, 'o.hart');
    expect(res.statusCode, res.body).toBe(200);
    const { jwt, username } = res.json<{ data: { jwt: string; username: string } }>().data;
    expect(username).toBe('olivia');
    expect(await run(['user', 'unlink', 'olivia'])).toBe(0);
    expectClientErrorEnvelope(await post(OLIVIA, 'olivia'), 403);
    expect((await t.services.auth.authenticate(`Bearer ${jwt}`)).ok).toBe(false);
  });
});
