// @module-tag postgres
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../helpers/testDatabase.js';
import { createCliHarness, type CliHarness } from './cliHarness.js';

describe(`atrium roles on ${databaseKind}`, () => {
  let h: CliHarness;
  let northwindId = '';
  let oliviaId = '';
  beforeAll(async () => {
    h = await createCliHarness();
    const { stores } = h.ctx;
    const olivia = await stores.users.create({ username: 'olivia', firstname: 'Olivia', lastname: 'Hart' });
    const liam = await stores.users.create({ username: 'liam', managerId: olivia.id });
    await stores.users.create({ username: 'sofia' });
    const northwind = await stores.accounts.create({ name: 'Northwind Trading' });
    const contoso = await stores.accounts.create({ name: 'Contoso Health' });
    for (const user of [olivia, liam]) await stores.accounts.addMember(northwind.id, user.id);
    await stores.accounts.addMember(contoso.id, olivia.id);
    await stores.apps.create({ name: 'Audits', title: 'Audit Management', category: 'quality management' });
    northwindId = northwind.id;
    oliviaId = olivia.id;
  });
  afterAll(() => h.close());

  it('grants an organisation-wide role and a role in an application, which the caller of the user then has', async () => {
    expect(await h.run(['roles', 'grant', 'Northwind Trading', 'olivia', 'manager'])).toEqual({ code: 0, stdout: 'Granted olivia the role manager in Northwind Trading.', stderr: '' });
    expect(await h.run(['roles', 'grant', 'Northwind Trading', 'olivia', 'lead-auditor', '--app', 'Audits'])).toEqual({
      code: 0,
      stdout: 'Granted olivia the role lead-auditor in Audits of Northwind Trading.',
      stderr: '',
    });
    const facts = await h.ctx.stores.access.callerFacts(oliviaId, northwindId);
    expect(facts.roles).toEqual({ organisation: ['manager'], apps: { Audits: ['lead-auditor'] } });
    expect(facts.organisation).toEqual({ id: northwindId, name: 'Northwind Trading' });
    expect(facts.reports.map((r) => r.name)).toEqual(['liam']);
  });

  it('says so when the role was already granted, and keeps one grant', async () => {
    expect(await h.run(['roles', 'grant', 'Northwind Trading', 'olivia', 'manager'])).toEqual({ code: 0, stdout: 'olivia already has the role manager in Northwind Trading.', stderr: '' });
    expect((await h.ctx.stores.access.listRoles({ userId: oliviaId })).filter((r) => r.role === 'manager')).toHaveLength(1);
  });

  it('keeps roles of one organisation out of another', async () => {
    const contoso = (await h.ctx.stores.accounts.findByName('Contoso Health'))!;
    expect((await h.ctx.stores.access.callerFacts(oliviaId, contoso.id)).roles).toEqual({ organisation: [], apps: {} });
  });

  it('lists roles as a table, filtered, and as JSON', async () => {
    const table = await h.run(['roles', 'ls']);
    expect(table.code).toBe(0);
    expect(table.stdout.split('\n').filter((l) => !l.startsWith('---')).map((l) => l.trim().split(/\s{2,}/))).toEqual([
      ['ORGANISATION', 'USER', 'APPLICATION', 'ROLE'],
      ['Northwind Trading', 'olivia', '(organisation)', 'manager'],
      ['Northwind Trading', 'olivia', 'Audits', 'lead-auditor'],
    ]);
    expect((await h.run(['roles', 'ls', '--user', 'liam'])).stdout).toBe('No roles.');
    const json = JSON.parse((await h.run(['roles', 'ls', '--org', 'Northwind Trading', '--json'])).stdout) as Array<Record<string, unknown>>;
    expect(json.map((r) => [r.username, r.app, r.role])).toEqual([
      ['olivia', null, 'manager'],
      ['olivia', 'Audits', 'lead-auditor'],
    ]);
  });

  it('revokes a role; revoking it again is refused', async () => {
    expect(await h.run(['roles', 'revoke', 'Northwind Trading', 'olivia', 'lead-auditor', '--app', 'Audits'])).toEqual({
      code: 0,
      stdout: 'Revoked the role lead-auditor in Audits of Northwind Trading from olivia.',
      stderr: '',
    });
    expect(await h.run(['roles', 'revoke', 'Northwind Trading', 'olivia', 'lead-auditor', '--app', 'Audits'])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'olivia does not have the role lead-auditor in Audits of Northwind Trading.',
    });
    expect((await h.ctx.stores.access.callerFacts(oliviaId, northwindId)).roles).toEqual({ organisation: ['manager'], apps: {} });
  });

  it('refuses a user who is not a member, an unknown application, organisation or user', async () => {
    expect(await h.run(['roles', 'grant', 'Northwind Trading', 'sofia', 'manager'])).toEqual({ code: 1, stdout: '', stderr: 'sofia is not a member of Northwind Trading (see org add-user).' });
    expect(await h.run(['roles', 'grant', 'Northwind Trading', 'olivia', 'auditor', '--app', 'Nope'])).toMatchObject({ code: 1, stderr: "No application named 'Nope'." });
    expect(await h.run(['roles', 'grant', 'Initech', 'olivia', 'manager'])).toMatchObject({ code: 1, stderr: "No organisation named 'Initech'." });
    expect(await h.run(['roles', 'grant', 'Northwind Trading', 'nobody', 'manager'])).toMatchObject({ code: 1, stderr: "No user named 'nobody'." });
  });

  it.each([
    ['Manager', 'lower-case letters'],
    ['lead auditor', 'lower-case letters'],
    ['-x', 'lower-case letters'],
    ['a--b', 'single hyphens'],
    ['a'.repeat(41), 'at most 40 characters'],
  ])('refuses the role name %j as a bad command line', async (role, problem) => {
    const r = await h.run(['roles', 'grant', 'Northwind Trading', 'olivia', role]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(problem);
  });

  it('documents the commands in the usage', async () => {
    const usage = await h.run(['roles', '--help']);
    expect(usage.stdout).toContain("Manages users' roles in an organisation or one of its applications: grant, revoke, ls.");
    const grant = await h.run(['roles', 'grant', '--help']);
    expect(grant.stdout).toContain('atrium roles grant <org> <username> <role>');
    expect(grant.stdout).toContain('--app <app>');
    expect((await h.run(['help'])).stdout).toContain('roles grant');
  });
});
