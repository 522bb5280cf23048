/**
 * @module-tag postgres
 *
 * Global search (docs/behaviour/search.md): each kind found, ranked and
 * highlighted; the filter and paging; the validation texts; and the rights:
 * another user's home, another organisation's shared folder, a mountpoint
 * that is not searchable, users of other organisations, applications the
 * caller may not see and comments of tasks the caller does not see are
 * never found, whatever they contain.
 */
import { HIGHLIGHT_END, HIGHLIGHT_START, highlightParts, type SearchResponse } from '@atrium/shared';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRecord } from '../../src/users/UserStore.js';
import { makeAccount, makeUser, signIn } from '../helpers/factories.js';
import { bearer } from '../helpers/http.js';
import { TaskApi } from '../helpers/tasks.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';
import { VfsClient } from '../helpers/vfs.js';

/** A mountpoint of the organisation that is left out of searches. */
const MOUNTS = JSON.stringify([{ name: 'archive', label: 'Archive', scope: 'organisation', searchable: false }]);

describe(`global search on ${databaseKind}`, () => {
  let t: TestApp;
  let alice: UserRecord;
  let bob: UserRecord;
  let aliceJwt: string;
  let aliceFiles: VfsClient;

  const search = (query: Record<string, string>, jwt = aliceJwt): Promise<LightMyRequestResponse> =>
    t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/search`, query, headers: bearer(jwt) });
  const found = async (query: Record<string, string>, jwt = aliceJwt): Promise<SearchResponse> => {
    const res = await search(query, jwt);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: SearchResponse }>().data;
  };
  /** The matched parts of a snippet. */
  const marked = (snippet: string) => highlightParts(snippet).filter((p) => p.match).map((p) => p.text);

  beforeAll(async () => {
    t = await createTestApp({ env: { VFS_MOUNTS: MOUNTS } });
    const { stores } = t.services;
    const northwind = await makeAccount(stores, 'Northwind');
    const contoso = await makeAccount(stores, 'Contoso');
    const fabrikam = await makeAccount(stores, 'Fabrikam');
    alice = await makeUser(stores, t.hasher, { accounts: [northwind.id, fabrikam.id], firstname: 'Alice', lastname: 'Moreau', designation: 'Operations Analyst' });
    bob = await makeUser(stores, t.hasher, {
      accounts: [northwind.id],
      firstname: 'Bob',
      lastname: 'Zeppelinsen',
      designation: 'Quality Engineer',
      email: 'bob.z@northwind.example',
    });
    await makeUser(stores, t.hasher, { accounts: [fabrikam.id], firstname: 'Cleo', lastname: 'Quartermaine', designation: 'Quality Lead' });
    await makeUser(stores, t.hasher, { accounts: [contoso.id], firstname: 'Bruno', lastname: 'Quartermaine', designation: 'Quality Lead' });
    const disabled = await makeUser(stores, t.hasher, { accounts: [northwind.id], firstname: 'Dora', lastname: 'Quartermaine' });
    await stores.users.update(disabled.id, { disabled: true });
    const carol = await makeUser(stores, t.hasher, { accounts: [contoso.id], firstname: 'Carol', lastname: 'Contoso' });

    const audits = await stores.apps.create({ name: 'Audits', title: 'Audit Management', titles: { de_DE: 'Auditverwaltung', zh_CN: '审核管理' }, category: 'quality management' });
    const incidents = await stores.apps.create({ name: 'Incidents', title: 'Incident Tracker', category: 'quality management' });
    await stores.apps.create({ name: 'Directory', title: 'People Directory', category: 'organization', defaultAppForOrgs: 1 });
    await stores.apps.grant(alice.id, audits.id);
    await stores.apps.grant(bob.id, incidents.id);
    await stores.apps.grant(bob.id, audits.id);

    aliceJwt = (await signIn(t.app, t.config.wrapperPrefix, alice.username)).jwt;
    const bobJwt = (await signIn(t.app, t.config.wrapperPrefix, bob.username)).jwt;
    const carolJwt = (await signIn(t.app, t.config.wrapperPrefix, carol.username)).jwt;
    aliceFiles = new VfsClient(t, aliceJwt);
    const bobFiles = new VfsClient(t, bobJwt);
    const carolFiles = new VfsClient(t, carolJwt);
    const written = (res: LightMyRequestResponse) => expect(res.statusCode, res.body).toBe(200);

    written(await aliceFiles.post('mkdir', { path: 'home:/Notes' }));
    written(await aliceFiles.write('home:/Notes/harbour.txt', 'Minutes of Tuesday.\nThe zeppelin arrives at the harbour at dawn; the crew unloads it.\n'));
    written(await aliceFiles.write('home:/Notes/budget.txt', 'numbers'));
    written(await aliceFiles.write('home:/Notes/budget-2026-plan.md', 'plan of the year'));
    written(await aliceFiles.write('home:/Notes/costs.csv', 'item,budget\nrent,1000\n'));
    written(await aliceFiles.write('home:/Notes/budgetary.txt', 'old'));
    written(await aliceFiles.write('shared:/Fleet/zeppelin-schedule.json', '{"note":"shared with Northwind"}').then(async (res) => {
      if (res.statusCode === 200) return res;
      await aliceFiles.post('mkdir', { path: 'shared:/Fleet' });
      return aliceFiles.write('shared:/Fleet/zeppelin-schedule.json', '{"note":"shared with Northwind"}');
    }));
    written(await aliceFiles.write('archive:/zeppelin-archive.txt', 'zeppelin in the archive'));
    // Another user's home and another organisation's shared folder, with the same word.
    written(await bobFiles.write('home:/zeppelin-bob.txt', 'zeppelin of bob'));
    written(await carolFiles.write('shared:/zeppelin-contoso.txt', 'zeppelin of contoso'));

    // A task alice sees (assigned to her) and one she does not (between bob and himself), both with a comment on zeppelins.
    const bobTasks = new TaskApi(t, bobJwt);
    const seen = await bobTasks.create({ app: 'Audits', name: 'Check the hangar', assignee: alice.username });
    await bobTasks.comment(seen.uuid, 'The zeppelin hangar needs a new lock');
    const unseen = await bobTasks.create({ app: 'Audits', name: 'Private audit', assignee: bob.username });
    await bobTasks.comment(unseen.uuid, 'The zeppelin budget is secret');
  });
  afterAll(() => t.close());

  it("finds a text file written through writefile by a word of its content, marked in the snippet", async () => {
    const result = await found({ q: 'zeppelin', filter: 'attachments' });
    const harbour = result.attachments.items.find((a) => a.filename === 'harbour.txt');
    expect(harbour).toMatchObject({ kind: 'attachments', path: 'home:/Notes/harbour.txt', mime: 'text/plain', matchedIn: 'content' });
    expect(marked(harbour!.snippet)).toEqual(['zeppelin']);
    expect(harbour!.snippet.replace(/[\uE000\uE001]/g, '')).toContain('The zeppelin arrives at the harbour');
  });

  it("never finds another user's home file, another organisation's shared file or a file of a mountpoint that is not searchable", async () => {
    const result = await found({ q: 'zeppelin', filter: 'attachments' });
    expect(result.attachments.items.map((a) => a.path).sort()).toEqual(['home:/Notes/harbour.txt', 'shared:/Fleet/zeppelin-schedule.json']);
    expect(result.attachments.count).toBe(2);
  });

  it('finds words by their beginning, in names and texts, names first', async () => {
    const result = await found({ q: 'zepp', filter: 'attachments' });
    expect(result.attachments.items.map((a) => [a.filename, a.matchedIn])).toEqual([
      ['zeppelin-schedule.json', 'name'],
      ['harbour.txt', 'content'],
    ]);
    expect(marked(result.attachments.items[0]!.snippet)).toEqual(['zeppelin']);
  });

  it('ranks a name equal to the text first, then whole words, then beginnings, then the texts', async () => {
    const result = await found({ q: 'budget', filter: 'attachments' });
    expect(result.attachments.items.map((a) => a.filename)).toEqual(['budget.txt', 'budget-2026-plan.md', 'budgetary.txt', 'costs.csv']);
    expect(result.attachments.items[3]!.matchedIn).toBe('content');
  });

  it('pages one kind with take and skip, counting every match', async () => {
    const first = await found({ q: 'budget', filter: 'attachments', take: '2', skip: '0' });
    const second = await found({ q: 'budget', filter: 'attachments', take: '2', skip: '2' });
    const past = await found({ q: 'budget', filter: 'attachments', take: '2', skip: '10' });
    expect(first.attachments.count).toBe(4);
    expect(second.attachments.count).toBe(4);
    expect(past.attachments).toEqual({ count: 4, items: [] });
    expect([...first.attachments.items, ...second.attachments.items].map((a) => a.filename)).toEqual(['budget.txt', 'budget-2026-plan.md', 'budgetary.txt', 'costs.csv']);
  });

  it('answers every kind without a filter and only the chosen one with a filter', async () => {
    const all = await found({ q: 'zeppelin' });
    expect(all.filter).toBeNull();
    expect(all.attachments.count).toBe(2);
    expect(all.users.items.map((u) => u.name)).toEqual(['Bob Zeppelinsen']);
    expect(all.comments.count).toBe(1);
    const onlyUsers = await found({ q: 'zeppelin', filter: 'users' });
    expect(onlyUsers.filter).toBe('users');
    expect(onlyUsers.users.count).toBe(1);
    for (const kind of ['apps', 'attachments', 'comments'] as const) expect(onlyUsers[kind]).toEqual({ count: 0, items: [] });
  });

  it('finds the comments of tasks the caller sees only, with the task and the match marked', async () => {
    const result = await found({ q: 'zeppelin', filter: 'comments' });
    expect(result.comments.count).toBe(1);
    expect(result.comments.items[0]).toMatchObject({ kind: 'comments', task_name: 'Check the hangar', appName: 'Audits', author: { name: 'Bob Zeppelinsen' } });
    expect(marked(result.comments.items[0]!.snippet)).toEqual(['zeppelin']);
  });

  it("finds people of every organisation of the caller's by name, designation and e-mail, never of others nor disabled ones", async () => {
    const quality = await found({ q: 'quality', filter: 'users' });
    expect(quality.users.items.map((u) => u.name).sort()).toEqual(['Bob Zeppelinsen', 'Cleo Quartermaine']);
    const bobFound = quality.users.items.find((u) => u.name === 'Bob Zeppelinsen')!;
    expect(bobFound).toMatchObject({ kind: 'users', id: bob.id, username: bob.username, designation: 'Quality Engineer' });
    expect(marked(bobFound.snippet)).toEqual(['Quality']);
    expect((await found({ q: 'Quartermaine', filter: 'users' })).users.items.map((u) => u.name)).toEqual(['Cleo Quartermaine']);
    expect((await found({ q: 'bruno', filter: 'users' })).users.count).toBe(0);
    const byMail = await found({ q: 'northwind.example', filter: 'users' });
    expect(byMail.users.items.map((u) => u.name)).toEqual(['Bob Zeppelinsen']);
    expect(marked(byMail.users.items[0]!.snippet)).toEqual(['northwind', 'example']);
  });

  it('ranks a person whose whole name is the text before those who only share a word', async () => {
    const result = await found({ q: 'alice moreau', filter: 'users' });
    expect(result.users.items[0]?.name).toBe('Alice Moreau');
  });

  it('finds the applications the caller may see by title, name and category, never the others', async () => {
    const quality = await found({ q: 'quality', filter: 'apps' });
    expect(quality.apps.items.map((a) => a.name)).toEqual(['Audits']);
    expect(quality.apps.items[0]).toMatchObject({ kind: 'apps', title: 'Audit Management', category: 'quality management' });
    expect(marked(quality.apps.items[0]!.snippet)).toEqual(['quality']);
    expect((await found({ q: 'incident', filter: 'apps' })).apps.count).toBe(0);
    // A default application of every organisation, and a built-in package by its title in another language.
    expect((await found({ q: 'people', filter: 'apps' })).apps.items.map((a) => a.name)).toEqual(['Directory']);
    expect((await found({ q: 'einstell', filter: 'apps' })).apps.items.map((a) => a.name)).toEqual(['Preferences']);
    expect((await found({ q: 'customer', filter: 'apps' })).apps.count).toBe(0);
  });

  it("gives an application's title in the other languages, and finds it by them", async () => {
    const chinese = await found({ q: '审核管理', filter: 'apps' });
    expect(chinese.apps.items.map((a) => a.name)).toEqual(['Audits']);
    expect(chinese.apps.items[0]).toMatchObject({ title: 'Audit Management', titles: { de_DE: 'Auditverwaltung', zh_CN: '审核管理' } });
    expect((await found({ q: 'auditverw', filter: 'apps' })).apps.items.map((a) => a.name)).toEqual(['Audits']);
    // A built-in package's titles come from its metadata.
    const preferences = (await found({ q: 'einstell', filter: 'apps' })).apps.items[0];
    expect(preferences?.titles?.de_DE).toBe('Einstellungen');
  });

  it('ranks an application whose title is the text first', async () => {
    await t.services.stores.apps.create({ name: 'AuditArchive', title: 'Audit Archive of Audit Management', category: 'quality management', defaultAppForOrgs: 1 });
    const result = await found({ q: 'audit management', filter: 'apps' });
    expect(result.apps.items.map((a) => a.name)).toEqual(['Audits', 'AuditArchive']);
  });

  it('finds a copy by its text, and a replaced file by its new text only', async () => {
    expect((await aliceFiles.post('copy', { from: 'home:/Notes/harbour.txt', to: 'home:/Notes/harbour copy.txt' })).statusCode).toBe(200);
    expect((await aliceFiles.write('home:/Notes/harbour.txt', 'Now about airships only')).statusCode).toBe(200);
    const zeppelin = await found({ q: 'zeppelin', filter: 'attachments' });
    expect(zeppelin.attachments.items.map((a) => a.filename).sort()).toEqual(['harbour copy.txt', 'zeppelin-schedule.json']);
    const airships = await found({ q: 'airships', filter: 'attachments' });
    expect(airships.attachments.items.map((a) => a.filename)).toEqual(['harbour.txt']);
    expect((await aliceFiles.post('unlink', { path: 'home:/Notes/harbour copy.txt' })).statusCode).toBe(200);
    expect((await found({ q: 'unloads', filter: 'attachments' })).attachments.count).toBe(0);
  });

  it("follows a text file moved or copied to another mountpoint: found by those who can read it there, and only them", async () => {
    const bobJwt = (await signIn(t.app, t.config.wrapperPrefix, bob.username)).jwt;
    const bobSees = async (q: string) => (await found({ q, filter: 'attachments' }, bobJwt)).attachments.items.map((a) => a.path);
    expect((await aliceFiles.write('home:/Notes/moved.txt', 'The marmalade recipe')).statusCode).toBe(200);
    expect((await aliceFiles.write('home:/Notes/copied.txt', 'The lighthouse keeper')).statusCode).toBe(200);
    expect(await bobSees('marmalade')).toEqual([]);
    expect((await aliceFiles.post('rename', { from: 'home:/Notes/moved.txt', to: 'shared:/moved.txt' })).statusCode).toBe(200);
    expect((await aliceFiles.post('copy', { from: 'home:/Notes/copied.txt', to: 'shared:/copied.txt' })).statusCode).toBe(200);
    expect(await bobSees('marmalade')).toEqual(['shared:/moved.txt']);
    expect(await bobSees('lighthouse')).toEqual(['shared:/copied.txt']);
    // A folder moved takes the texts inside it along.
    expect((await aliceFiles.post('mkdir', { path: 'home:/Box' })).statusCode).toBe(200);
    expect((await aliceFiles.write('home:/Box/inner.txt', 'quince jam')).statusCode).toBe(200);
    expect((await aliceFiles.post('rename', { from: 'home:/Box', to: 'shared:/Box' })).statusCode).toBe(200);
    expect(await bobSees('quince')).toEqual(['shared:/Box/inner.txt']);
    // Moved back into a home: Bob no longer finds it; Alice does, at its new place.
    expect((await aliceFiles.post('rename', { from: 'shared:/moved.txt', to: 'home:/moved back.txt' })).statusCode).toBe(200);
    expect(await bobSees('marmalade')).toEqual([]);
    expect((await found({ q: 'marmalade', filter: 'attachments' })).attachments.items.map((a) => a.path)).toEqual(['home:/moved back.txt']);
  });

  it('finds files by the name only when they are not text or too large, and never marks text from outside', async () => {
    const big = `${'filler '.repeat(160_000)}quokka`;
    expect((await aliceFiles.write('home:/large.txt', big)).statusCode).toBe(200);
    expect((await aliceFiles.write('home:/picture.png', 'quokka in a picture')).statusCode).toBe(200);
    expect((await aliceFiles.write(`home:/odd.txt`, Buffer.from([0x71, 0x75, 0x6f, 0x6b, 0x6b, 0x61, 0x00, 0xff, 0xfe, 0x20, 0x66, 0x72, 0x69, 0x65, 0x6e, 0x64, 0x20, 0xee, 0x80, 0x80]))).statusCode).toBe(200);
    const result = await found({ q: 'quokka', filter: 'attachments' });
    expect(result.attachments.items.map((a) => a.filename)).toEqual(['odd.txt']);
    // The highlight characters in a file's own text are not passed on as marks.
    const odd = result.attachments.items[0]!;
    expect(odd.snippet.split(HIGHLIGHT_START).length - 1).toBe(1);
    expect(odd.snippet.split(HIGHLIGHT_END).length - 1).toBe(1);
  });

  it("refuses an empty text and one of special characters only with the panel's texts", async () => {
    for (const q of [undefined, '', '   ']) {
      const res = await search(q === undefined ? {} : { q });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ status: 'error', message: 'Please enter something to search!', code: 'search.empty' });
    }
    for (const q of ['%%%', '*?!', '--- ...']) {
      const res = await search({ q });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ status: 'error', message: 'The use of special characters is not allowed!', code: 'search.special' });
    }
    const tooLong = await search({ q: 'x'.repeat(101) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ code: 'request.invalid' });
    expect((await search({ q: 'zeppelin', filter: 'planes' })).statusCode).toBe(400);
    expect((await search({ q: 'zeppelin', take: '0' })).statusCode).toBe(400);
  });

  it('answers only a signed-in user', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/search?q=zeppelin` });
    expect(res.statusCode).toBe(401);
  });

  it('takes operators of the query syntax and quotes as plain words', async () => {
    for (const q of ["zeppelin & !harbour", "zeppelin' | 'x", 'zeppelin:*', 'a\\b', '北京 zeppelin']) {
      const res = await search({ q });
      expect(res.statusCode, `${q}: ${res.body}`).toBe(200);
    }
    expect((await found({ q: "zeppelin'!" , filter: 'attachments' })).attachments.count).toBeGreaterThan(0);
  });

  it('answers any text with the results or a client error, never a server error', async () => {
    const unit = fc.oneof(fc.string({ unit: 'binary', maxLength: 3 }), fc.constantFrom('\u0000', '\ud800', "'", '\\', ':*', '&', '|', '!', '<->', '(', ')', '\ue000', '北京', 'ß', 'zeppelin'));
    await fc.assert(
      fc.asyncProperty(fc.array(unit, { maxLength: 8 }).map((parts) => parts.join(' ')), fc.constantFrom('', 'apps', 'users', 'attachments', 'comments'), async (q, filter) => {
        const res = await search({ q, filter });
        expect(res.statusCode, `${JSON.stringify(q)} → ${res.body}`).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
  });
});
