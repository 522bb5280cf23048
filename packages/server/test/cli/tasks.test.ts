// @module-tag postgres
import type { TaskItem } from '@atrium/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../helpers/testDatabase.js';
import { createCliHarness, type CliHarness } from './cliHarness.js';

describe(`atrium tasks on ${databaseKind}`, () => {
  let h: CliHarness;
  let aliceId: string;
  beforeAll(async () => {
    h = await createCliHarness();
    const { stores } = h.ctx;
    const acme = await stores.accounts.create({ name: 'Acme' });
    const other = await stores.accounts.create({ name: 'Other' });
    const alice = await stores.users.create({ username: 'alice', firstname: 'Alice', lastname: 'Example' });
    const bob = await stores.users.create({ username: 'bob' });
    const carol = await stores.users.create({ username: 'carol' });
    aliceId = alice.id;
    for (const u of [alice, bob]) await stores.accounts.addMember(acme.id, u.id);
    await stores.accounts.addMember(other.id, carol.id);
    await stores.apps.create({ name: 'Audits', title: 'Audit Management', category: 'quality management' });
  });
  afterAll(() => h.close());

  it('creates a task for a member, followed by its creator, and lists it', async () => {
    const end = new Date(Date.now() + 5 * 86_400_000).toISOString();
    const created = await h.run(['tasks', 'create', 'Audits', 'Close the audit findings', '--org', 'Acme', '--assignee', 'alice', '--creator', 'bob', '--end', end, '--json']);
    expect(created.code, created.stderr).toBe(0);
    const task = JSON.parse(created.stdout) as TaskItem;
    expect(task).toMatchObject({ task_name: 'Close the audit findings', appName: 'Audits', rygStatus: 'GREEN', end_date: end, status: 'open', assignee: { id: aliceId, name: 'Alice Example' }, following: true });
    expect(await h.ctx.stores.tasks.followers(task.uuid)).toHaveLength(1);

    const plain = await h.run(['tasks', 'create', 'Audits', 'Read the handbook', '--org', 'Acme', '--assignee', 'alice']);
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.stdout).toMatch(/^Created task [0-9a-f-]{36} 'Read the handbook' in Audits for Alice Example \(BLUE\)\.$/);

    const ls = await h.run(['tasks', 'ls', '--org', 'Acme', '--user', 'alice']);
    expect(ls.code).toBe(0);
    const lines = ls.stdout.split('\n');
    expect(lines[0]).toMatch(/^id\s+application\s+task\s+assignee\s+end date\s+colour\s+status$/);
    expect(lines.slice(2).map((l) => /Close the audit findings|Read the handbook/.exec(l)?.[0])).toEqual(['Close the audit findings', 'Read the handbook']);
  });

  it('completes a task: it leaves the list of open tasks and shows with --all', async () => {
    const created = JSON.parse((await h.run(['tasks', 'create', 'Audits', 'Finish me', '--org', 'Acme', '--assignee', 'bob', '--json'])).stdout) as TaskItem;
    expect(await h.run(['tasks', 'complete', created.uuid])).toMatchObject({ code: 0, stdout: `Completed task ${created.uuid} 'Finish me'.` });
    const open = JSON.parse((await h.run(['tasks', 'ls', '--user', 'bob', '--json'])).stdout) as TaskItem[];
    expect(open.map((t) => t.uuid)).not.toContain(created.uuid);
    const all = JSON.parse((await h.run(['tasks', 'ls', '--user', 'bob', '--all', '--json'])).stdout) as TaskItem[];
    expect(all.find((t) => t.uuid === created.uuid)?.status).toBe('done');
    const missing = await h.run(['tasks', 'complete', '00000000-0000-4000-8000-000000000000']);
    expect(missing).toMatchObject({ code: 1 });
    expect(missing.stderr).toContain("No task with the id '00000000-0000-4000-8000-000000000000'.");
  });

  it('refuses assignees, creators and followers outside the organisation, and unknown applications', async () => {
    const notMember = await h.run(['tasks', 'create', 'Audits', 'x', '--org', 'Acme', '--assignee', 'carol']);
    expect(notMember.code).toBe(1);
    expect(notMember.stderr).toContain('The assignee is not a member of this organisation.');
    const follower = await h.run(['tasks', 'create', 'Audits', 'x', '--org', 'Acme', '--assignee', 'alice', '--follower', 'carol']);
    expect(follower.code).toBe(1);
    const creator = await h.run(['tasks', 'create', 'Audits', 'x', '--org', 'Acme', '--assignee', 'alice', '--creator', 'carol']);
    expect(creator.stderr).toContain("The creator 'carol' is not a member of Acme.");
    const app = await h.run(['tasks', 'create', 'Nope', 'x', '--org', 'Acme', '--assignee', 'alice']);
    expect(app.code).toBe(1);
    expect(app.stderr).toContain('No application of that name in the catalogue');
    expect((await h.run(['tasks', 'create', 'Audits', 'x', '--org', 'Nowhere', '--assignee', 'alice'])).stderr).toContain("No organisation named 'Nowhere'.");
  });

  it('refuses a bad command line before opening the database', async () => {
    const opened = h.opened;
    for (const argv of [
      ['tasks', 'create', 'Audits', 'x', '--org', 'Acme', '--assignee', 'alice', '--end', 'tomorrow'],
      ['tasks', 'create', 'Audits', 'x'.repeat(201), '--org', 'Acme', '--assignee', 'alice'],
      ['tasks', 'create', 'Audits', 'x', '--assignee', 'alice'],
      ['tasks', 'complete', 'not-an-id'],
      ['tasks', 'ls', '--limit', '0'],
    ]) {
      const r = await h.run(argv);
      expect(r.code, argv.join(' ')).toBe(2);
    }
    expect((await h.run(['tasks', 'create', 'Audits', 'x', '--org', 'Acme', '--assignee', 'alice', '--end', 'tomorrow'])).stderr).toContain('--end');
    expect(h.opened).toBe(opened);
  });
});
