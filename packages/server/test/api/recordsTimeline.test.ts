/**
 * @module-tag postgres
 *
 * What records keep and tell (docs/behaviour/records.md): a history row
 * for every write, the timeline of changes and comments, mentions that
 * reach the mentioned user's notification centre, and `records:changed`
 * on the desktop sockets of the organisation's users who have the application.
 */
import fs from 'node:fs';
import { RECORDS_CHANGED_MESSAGE, type RecordsChangedParams, type TimelineEntry } from '@atrium/shared/apps';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRecord } from '../../src/users/UserStore.js';
import { makeAccount, makeUser, signIn } from '../helpers/factories.js';
import { data, installDeclaration, LEAVE_DECLARATION, RecordsApi } from '../helpers/records.js';
import { settle, TestSocket } from '../helpers/socketClient.js';
import { TaskApi } from '../helpers/tasks.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';

/**
 * The calls that write, of the service and of its parts (`csv.`, `timeline.`, `attachments.`: the
 * RecordCore users it makes), each with the history action it leaves (a comment is in the timeline as itself).
 */
const WRITES = {
  create: 'create',
  createAsOperator: 'create',
  createManyAsOperator: 'create',
  update: 'update',
  remove: 'delete',
  restore: 'restore',
  'timeline.comment': 'comment',
  'csv.importCsv': 'import',
  'attachments.attach': 'update',
  // A workflow's steps: their history rows are checked in workflows.test.ts.
  'workflow.transition': 'transition',
  'workflow.reassign': 'reassign',
} as const;
/** The calls that only read, and the plumbing. */
const NOT_WRITES = [
  'apps',
  'list',
  'get',
  'onChange',
  'forgetDeclarations',
  'changedElsewhere',
  'searchTargets',
  'useFiles',
  'useFollowing',
  'follow',
  'timeline.entries',
  'csv.exportCsv',
  'attachments.readableFiles',
  'attachments.fileTarget',
  // The workflow's parts of the writes above and of the record's answer.
  'workflow.createValues',
  'workflow.prepare',
  'workflow.enterFirst',
  'workflow.statesOf',
  'workflow.enterAll',
  'workflow.leaveOnDelete',
  'workflow.enterOnRestore',
  'workflow.committed',
  'workflow.checkWrite',
  'workflow.readOnlyFields',
  'workflow.view',
  // Whether the caller holds work on a record they may read by it alone.
  'workflow.holdsWork',
];

/** Where a part's class is, under src/. */
const PART_FILES: Record<string, string> = { WorkflowService: '../workflows/WorkflowService.ts' };

/** The public calls of the class a records source file exports, each prefixed. */
function callsOf(file: string, className: string, prefix: string): string[] {
  const source = fs.readFileSync(new URL(`../../src/records/${file}`, import.meta.url), 'utf8');
  const body = source.slice(source.indexOf(`export class ${className}`));
  return [...body.matchAll(/^ {2}(?:async )?([a-z][A-Za-z]*)\(/gm)].map((m) => `${prefix}${m[1]}`).filter((name) => !name.endsWith('constructor'));
}

describe(`records' history, comments and live updates on ${databaseKind}`, () => {
  let t: TestApp;
  let ada: UserRecord;
  let bob: UserRecord;
  let adaApi: RecordsApi;
  let bobApi: RecordsApi;
  let bobTasks: TaskApi;
  let daveTasks: TaskApi;
  const sockets: TestSocket[] = [];
  let socketOf: Record<'ada' | 'dave' | 'erin' | 'frank', TestSocket>;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    const url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/socket`;
    const { stores } = t.services;
    const org = await makeAccount(stores);
    const other = await makeAccount(stores);
    ada = await makeUser(stores, t.hasher, { accounts: [org.id], firstname: 'Ada', lastname: 'Hart', username: `ada-${org.id.slice(0, 6)}` });
    bob = await makeUser(stores, t.hasher, { accounts: [org.id], firstname: 'Bob', lastname: 'Novak', username: `bob-${org.id.slice(0, 6)}` });
    const dave = await makeUser(stores, t.hasher, { accounts: [org.id], firstname: 'Dave', lastname: 'Else', username: `dave-${org.id.slice(0, 6)}` });
    const erin = await makeUser(stores, t.hasher, { accounts: [other.id] });
    // A member of the organisation who was not given the application.
    const frank = await makeUser(stores, t.hasher, { accounts: [org.id] });
    const app = await installDeclaration(stores, LEAVE_DECLARATION, [org.id, other.id], [ada.id, bob.id, dave.id, erin.id]);
    await stores.access.grantRole({ userId: ada.id, accountId: org.id, appId: app.id, role: 'hr' });
    const jwts = await Promise.all([ada, bob, dave, erin, frank].map(async (u) => (await signIn(t.app, t.config.wrapperPrefix, u.username)).jwt));
    adaApi = new RecordsApi(t, jwts[0]!);
    bobApi = new RecordsApi(t, jwts[1]!);
    bobTasks = new TaskApi(t, jwts[1]!);
    daveTasks = new TaskApi(t, jwts[2]!);
    for (const jwt of [jwts[0]!, jwts[2]!, jwts[3]!, jwts[4]!]) {
      const socket = await TestSocket.open(url, { origin: 'http://atrium.test' });
      await socket.authenticate(jwt);
      sockets.push(socket);
    }
    const [adaSocket, daveSocket, erinSocket, frankSocket] = sockets as [TestSocket, TestSocket, TestSocket, TestSocket];
    socketOf = { ada: adaSocket, dave: daveSocket, erin: erinSocket, frank: frankSocket };
  });
  afterAll(async () => {
    for (const socket of sockets) socket.ws.terminate();
    await t.close();
  });

  it('knows each call of the service and of its parts as a write (tested below for its history) or not', () => {
    // A new public call must be listed in one of them: a write without history would otherwise go unnoticed.
    const service = fs.readFileSync(new URL('../../src/records/RecordService.ts', import.meta.url), 'utf8');
    // Every part the service makes with its common steps, so that a new part's calls are listed too.
    const parts = [...service.matchAll(/this\.([a-z][A-Za-z]*) = new ([A-Z][A-Za-z]*)\(core\b/g)].map((m) => ({ name: m[1]!, className: m[2]! }));
    expect(parts.map((p) => p.name).sort()).toEqual(['attachments', 'csv', 'timeline', 'workflow']);
    const calls = [...callsOf('RecordService.ts', 'RecordService', ''), ...parts.flatMap((p) => callsOf(PART_FILES[p.className] ?? `${p.className}.ts`, p.className, `${p.name}.`))];
    expect(calls.sort()).toEqual([...Object.keys(WRITES), ...NOT_WRITES].sort());
  });

  it('writes one history row with every write: each version of each record has its row', async () => {
    const { record } = await bobApi.created({ subject: 'Audit trail', note: 'first' });
    const seeded = await t.services.records.createAsOperator({ accountId: ada.activeAccountId!, app: 'Leave', entity: 'request', values: { subject: 'Seeded', employee: bob.id }, createdBy: ada.id });
    expect((await adaApi.timeline(seeded)).map((e) => e.kind === 'change' && [e.action, e.version, e.by?.name])).toEqual([['create', 1, 'Ada Hart']]);
    const [bulk] = await t.services.records.createManyAsOperator({ accountId: ada.activeAccountId!, app: 'Leave', records: [{ entity: 'request', values: { subject: 'Bulk', employee: bob.id }, createdBy: ada.id, at: new Date() }] });
    expect((await adaApi.timeline(bulk!)).map((e) => e.kind === 'change' && [e.action, e.version, e.by?.name])).toEqual([['create', 1, 'Ada Hart']]);
    data(await bobApi.update(record.name, 1, { note: 'second' }), 200);
    data(await adaApi.update(record.name, 2, { salary: 1200 }), 200);
    // Refused and empty writes leave no row.
    expect((await bobApi.update(record.name, 1, { note: 'late' })).statusCode).toBe(409);
    expect((await bobApi.update(record.name, 3, { note: 'second' })).statusCode).toBe(200);
    expect((await adaApi.remove(record.name, 3)).statusCode).toBe(200);
    data(await adaApi.restore(record.name), 200);
    expect((await bobApi.comment(record.name, 'done')).statusCode).toBe(201);

    const changes = (await adaApi.timeline(record.name)).filter((e) => e.kind === 'change');
    expect(changes.map((e) => [e.action, e.version])).toEqual([
      ['restore', 5],
      ['delete', 4],
      ['update', 3],
      ['update', 2],
      ['create', 1],
    ]);
    expect(changes.map((e) => e.by?.name)).toEqual(['Ada Hart', 'Ada Hart', 'Ada Hart', 'Bob Novak', 'Bob Novak']);
    expect(changes.find((e) => e.version === 2)!.changes).toEqual([{ field: 'note', before: 'first', after: 'second' }]);
    expect(changes.find((e) => e.version === 1)!.changes).toEqual(
      expect.arrayContaining([
        { field: 'subject', before: null, after: 'Audit trail' },
        { field: 'employee', before: null, after: bob.id },
      ]),
    );
    // Bob does not see the salary, in the history either.
    const bobs = (await bobApi.timeline(record.name)).filter((e): e is Extract<TimelineEntry, { kind: 'change' }> => e.kind === 'change');
    expect(bobs.find((e) => e.version === 3)!.changes).toEqual([]);

    // An import's records: each with its one row of the action 'import'.
    const [imported] = data<{ created: string[] }>(await adaApi.request('POST', 'Leave/request/import', { csv: 'Subject\r\nImported\r\n' }), 200).created;
    expect((await adaApi.timeline(imported!)).map((e) => e.kind === 'change' && [e.action, e.version, e.by?.name])).toEqual([['import', 1, 'Ada Hart']]);

    // Over every record of this file's writes: versions 1..n, each with exactly one row.
    const rows = (await t.services.db.execute(
      sql`select r.name, r.version, count(h.id)::int as rows, coalesce(min(h.version), 0) as first, coalesce(max(h.version), 0) as last, count(distinct h.version)::int as versions
          from records r left join record_history h on h.record_id = r.id group by r.id`,
    )) as unknown as { rows: Array<{ name: string; version: number; rows: number; first: number; last: number; versions: number }> };
    expect(rows.rows.length).toBeGreaterThan(0);
    for (const row of rows.rows) expect({ ...row, first: Number(row.first), last: Number(row.last) }).toEqual({ ...row, rows: row.version, first: 1, last: row.version, versions: row.version });
    // attach (a file added to a file field) is an update: its history row is checked with the attachments (recordFiles.test.ts).
    expect(Object.keys(WRITES).sort()).toEqual(['attachments.attach', 'create', 'createAsOperator', 'createManyAsOperator', 'csv.importCsv', 'remove', 'restore', 'timeline.comment', 'update', 'workflow.reassign', 'workflow.transition']);
  });

  it('keeps comments with the users they mention who may read the record, and gives each a work item', async () => {
    const { record } = await bobApi.created({ subject: 'Ski week' });
    const res = await adaApi.comment(record.name, `Approved. @${bob.username} enjoy; @dave-${bob.username.slice(4)} cannot see this, @nobody-here either.`);
    expect(res.statusCode).toBe(201);
    const comment = data<Extract<TimelineEntry, { kind: 'comment' }>>(res, 201);
    expect(comment.mentions).toEqual([{ id: bob.id, name: 'Bob Novak' }]);
    const timeline = await bobApi.timeline(record.name);
    expect(timeline[0]).toMatchObject({ kind: 'comment', by: { id: ada.id, name: 'Ada Hart' }, mentions: [{ id: bob.id, name: 'Bob Novak' }] });
    expect(await bobTasks.names()).toContain('Ada Hart mentioned you on Ski week');
    expect(await daveTasks.names()).not.toContain('Ada Hart mentioned you on Ski week');

    // Written in the mentioned user's language.
    await t.services.stores.settings.apply(bob.id, [{ key: 'locale', value: 'de_DE' }]);
    expect((await adaApi.comment(record.name, `@${bob.username} bitte ansehen`)).statusCode).toBe(201);
    expect(await bobTasks.names()).toContain('Ada Hart hat Sie bei Ski week erwähnt');
    // The runtime's suggestions write a person's id.
    const byId = data<Extract<TimelineEntry, { kind: 'comment' }>>(await adaApi.comment(record.name, `@${bob.id} again`), 201);
    expect(byId.mentions).toEqual([{ id: bob.id, name: 'Bob Novak' }]);
  });

  it('tells the organisation’s users who have the application that records changed, by name only', async () => {
    const { record } = await bobApi.created({ subject: 'Live' });
    const expected: RecordsChangedParams = { app: 'Leave', entity: 'request', names: [record.name], by: 'Bob Novak' };
    /** The message about this record (those of the earlier tests' writes come first). */
    const about = async (socket: TestSocket) => {
      for (;;) {
        const params = (await socket.next(RECORDS_CHANGED_MESSAGE)).params as RecordsChangedParams;
        if (params.names.includes(record.name)) return params;
      }
    };
    expect(await about(socketOf.ada)).toEqual(expected);
    // Dave may not read Bob's request: he only hears its name, and reads nothing more.
    expect(await about(socketOf.dave)).toEqual(expected);
    await settle();
    // Erin's organisation runs the application too, but the records are not hers; Frank was not given it.
    expect(socketOf.erin.received(RECORDS_CHANGED_MESSAGE)).toEqual([]);
    expect(socketOf.frank.received(RECORDS_CHANGED_MESSAGE)).toEqual([]);
    for (const socket of Object.values(socketOf)) expect(socket.outsideContract).toEqual([]);
  });
});
