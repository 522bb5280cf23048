// @module-tag postgres
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../helpers/testDatabase.js';
import { createCliHarness, type CliHarness } from './cliHarness.js';

describe(`atrium files on ${databaseKind}`, () => {
  let h: CliHarness;
  beforeAll(async () => {
    h = await createCliHarness();
    const org = await h.ctx.stores.accounts.create({ name: 'Acme' });
    const alice = await h.ctx.stores.users.create({ username: 'alice', email: 'alice@acme.test' });
    await h.ctx.stores.accounts.addMember(org.id, alice.id);
  });
  afterAll(() => h.close());

  it('puts a file into the read-only documents of an organisation, making its folders, and lists it', async () => {
    const file = h.file('handbook.pdf', '%PDF-1.4 handbook');
    const put = await h.run(['files', 'put', file, 'documents:/Policies/handbook.pdf', '--org', 'Acme']);
    expect(put).toMatchObject({ code: 0, stderr: '', stdout: 'Stored documents:/Policies/handbook.pdf (17 B).' });
    const ls = await h.run(['files', 'ls', 'documents:/Policies', '--org', 'Acme', '--json']);
    expect(ls.code).toBe(0);
    expect(JSON.parse(ls.stdout)).toMatchObject([{ filename: 'handbook.pdf', mime: 'application/pdf', size: 17 }]);
  });

  it("puts into a user's home without counting against their space, and removes it", async () => {
    const put = await h.run(['files', 'put', h.file('n.txt', 'hello'), 'home:/n.txt', '--user', 'alice']);
    expect(put.code).toBe(0);
    const alice = (await h.ctx.stores.users.findByUsername('alice'))!;
    expect(await h.ctx.stores.vfs.usage(alice.id)).toBe(0);
    expect(await h.run(['files', 'rm', 'home:/n.txt', '--user', 'alice'])).toMatchObject({ code: 0, stdout: 'Deleted home:/n.txt.' });
    expect((await h.run(['files', 'rm', 'home:/n.txt', '--user', 'alice'])).stderr).toContain("'home:/n.txt' does not exist");
  });

  it('refuses to store under a name that changes the direction of the text or holds a look-alike slash, making no folder', async () => {
    const file = h.file('invoice.exe', 'MZ');
    for (const [target, rule] of [
      ['documents:/invoice\u202Efdp.exe', 'a name cannot contain characters that change the direction of the text around them'],
      ['documents:/Reports\u2215 2026/summary.txt', 'a name cannot contain characters that look like / or \\'],
    ] as const) {
      const put = await h.run(['files', 'put', file, target, '--org', 'Acme']);
      expect(put.code).toBe(1);
      expect(put.stderr).toContain(`is not a valid name: ${rule}`);
    }
    const ls = await h.run(['files', 'ls', 'documents:/', '--org', 'Acme', '--json']);
    const names = (JSON.parse(ls.stdout) as Array<{ filename: string }>).map((e) => e.filename);
    expect(names.filter((name) => name.startsWith('invoice') || name.startsWith('Reports'))).toEqual([]);
  });

  it('says whose folders it needs, and refuses what is not a path', async () => {
    const r = await h.run(['files', 'ls', 'home:/']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("Filesystem 'home' not found (name the owner with --user or --org)");
    expect((await h.run(['files', 'ls', 'not-a-path'])).code).toBe(2);
  });
});
