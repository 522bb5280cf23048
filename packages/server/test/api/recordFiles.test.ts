/**
 * @module-tag postgres
 *
 * The files of records' file fields (docs/behaviour/records.md#attachments):
 * uploaded to a record, kept in the organisation's `records` mountpoint,
 * read through the filesystem's calls only by who may read the record (and
 * sees the field), deleted when taken out of the field, hidden with a
 * deleted record and back with its restore, counted against the
 * uploader's storage.
 */
import type { RecordDetail, TimelineEntry } from '@atrium/shared/apps';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRecord } from '../../src/users/UserStore.js';
import { makeAccount, makeUser, signIn } from '../helpers/factories.js';
import { bearer } from '../helpers/http.js';
import { data, installDeclaration, LEAVE_DECLARATION, RecordsApi } from '../helpers/records.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';
import { multipart, VfsClient } from '../helpers/vfs.js';

const QUOTA = 64 * 1024;
const label = (en: string) => ({ en_EN: en });
const request = LEAVE_DECLARATION.entities.request!;

/** Leave requests with attachments: `papers` (several files, for everyone who may update), `payslip` (one file, hidden to everyone but hr). */
const CLAIMS = {
  ...LEAVE_DECLARATION,
  name: 'Claims',
  label: label('Claims'),
  entities: {
    ...LEAVE_DECLARATION.entities,
    request: {
      ...request,
      fields: { ...request.fields, papers: { type: 'file', label: label('Papers'), multiple: true }, payslip: { type: 'file', label: label('Payslip') } },
      rights: {
        ...request.rights,
        everyone: { ...request.rights!.everyone!, hiddenFields: ['salary', 'payslip'] },
        manager: { ...request.rights!.manager!, hiddenFields: ['salary', 'payslip'] },
      },
    },
  },
} as typeof LEAVE_DECLARATION;

describe(`files of records on ${databaseKind}`, () => {
  let t: TestApp;
  let bob: UserRecord;
  let adaApi: RecordsApi;
  let bobApi: RecordsApi;
  let carlApi: RecordsApi;
  let daveApi: RecordsApi;
  let ada: VfsClient;
  let bobFs: VfsClient;
  let carl: VfsClient;
  let dave: VfsClient;
  let erin: VfsClient;

  beforeAll(async () => {
    t = await createTestApp({ env: { VFS_QUOTA: String(QUOTA) } });
    const { stores } = t.services;
    const org = await makeAccount(stores);
    const other = await makeAccount(stores);
    const adaUser = await makeUser(stores, t.hasher, { accounts: [org.id], firstname: 'Ada', lastname: 'Hart' });
    const carlUser = await makeUser(stores, t.hasher, { accounts: [org.id], firstname: 'Carl', lastname: 'Boss' });
    bob = await makeUser(stores, t.hasher, { accounts: [org.id], firstname: 'Bob', lastname: 'Novak', managerId: carlUser.id });
    const daveUser = await makeUser(stores, t.hasher, { accounts: [org.id], firstname: 'Dave', lastname: 'Else' });
    const erinUser = await makeUser(stores, t.hasher, { accounts: [other.id], firstname: 'Erin', lastname: 'Far' });
    // Erin's organisation runs the application too: her mountpoint is her organisation's, not Bob's.
    const app = await installDeclaration(stores, CLAIMS, [org.id, other.id], [adaUser.id, bob.id, carlUser.id, daveUser.id, erinUser.id]);
    await stores.access.grantRole({ userId: adaUser.id, accountId: org.id, appId: app.id, role: 'hr' });
    await stores.access.grantRole({ userId: carlUser.id, accountId: org.id, appId: app.id, role: 'manager' });
    const jwt = async (u: UserRecord) => (await signIn(t.app, t.config.wrapperPrefix, u.username)).jwt;
    const [a, b, c, d, e] = await Promise.all([adaUser, bob, carlUser, daveUser, erinUser].map(jwt));
    [adaApi, bobApi, carlApi, daveApi] = [a!, b!, c!, d!].map((token) => new RecordsApi(t, token, 'Claims')) as [RecordsApi, RecordsApi, RecordsApi, RecordsApi];
    [ada, bobFs, carl, dave, erin] = [a!, b!, c!, d!, e!].map((token) => new VfsClient(t, token)) as [VfsClient, VfsClient, VfsClient, VfsClient, VfsClient];
  });
  afterAll(async () => {
    await t.close();
  });

  const upload = (api: RecordsApi, name: string, field: string, content: Buffer | string, filename = 'note.txt'): Promise<LightMyRequestResponse> => {
    const form = multipart({}, content, filename);
    return t.app.inject({
      method: 'POST',
      url: `${t.config.apiPrefix}/records/Claims/record/${encodeURIComponent(name)}/files?field=${field}`,
      payload: form.payload,
      headers: { ...bearer(api.jwt), ...form.headers },
    });
  };
  const usage = async () => (await t.services.stores.vfs.usage(bob.id)) ?? 0;

  it('stores an upload in the record’s folder and adds it to the field, readable by who may read the record', async () => {
    const { record } = await bobApi.created({ subject: 'Dentist' });
    const detail = data<RecordDetail>(await upload(bobApi, record.name, 'papers', 'Appointment at nine'), 201);
    const files = detail.record.values.papers as Array<{ id: string; name: string }>;
    expect(files).toEqual([{ id: expect.any(String), name: 'note.txt' }]);
    expect(detail.record.version).toBe(2);
    const change = (await bobApi.timeline(record.name)).find((e): e is Extract<TimelineEntry, { kind: 'change' }> => e.kind === 'change' && e.version === 2);
    expect(change?.changes).toEqual([{ field: 'papers', before: null, after: files }]);

    const path = `records:/Claims/${record.name}/note.txt`;
    // Bob, his manager and hr read it; the same name again is kept beside it.
    for (const who of [bobFs, carl, ada]) expect((await who.read(path)).body).toBe('Appointment at nine');
    const again = data<RecordDetail>(await upload(bobApi, record.name, 'papers', 'Second visit'), 201);
    expect((again.record.values.papers as Array<{ name: string }>).map((f) => f.name)).toEqual(['note.txt', 'note (2).txt']);
    const listed = data<Array<{ filename: string }>>(await bobFs.get('readdir', { path: `records:/Claims/${record.name}` }), 200);
    expect(listed.map((e) => e.filename)).toEqual(['note (2).txt', 'note.txt']);
    expect((await carl.get('stat', { path })).statusCode).toBe(200);
    const byId = await t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/file/${files[0]!.id}/data`, headers: bearer(carlApi.jwt) });
    expect(byId.body).toBe('Appointment at nine');
    expect(await usage()).toBeGreaterThanOrEqual('Appointment at nine'.length + 'Second visit'.length);
  });

  it('answers as if nothing were there to who may not read the record, and to other organisations', async () => {
    const { record } = await bobApi.created({ subject: 'Private' });
    const files = data<RecordDetail>(await upload(bobApi, record.name, 'papers', 'secret'), 201).record.values.papers as Array<{ id: string }>;
    const path = `records:/Claims/${record.name}/note.txt`;
    const folder = `records:/Claims/${record.name}`;
    expect((await dave.read(path)).statusCode).toBe(404);
    expect((await dave.read(path, {}, { download: true })).statusCode).toBe(404);
    expect((await dave.get('stat', { path })).statusCode).toBe(404);
    expect((await dave.get('readdir', { path: folder })).json()).toMatchObject({ code: 'vfs.notFound' });
    expect(data<boolean>(await dave.get('exists', { path }), 200)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/file/${files[0]!.id}/data`, headers: bearer(daveApi.jwt) })).statusCode).toBe(404);
    // Dave sees the application's folder, without Bob's records in it.
    const names = data<Array<{ filename: string }>>(await dave.get('readdir', { path: 'records:/Claims' }), 200).map((e) => e.filename);
    expect(names).not.toContain(record.name);
    expect(data<Array<{ filename: string }>>(await bobFs.get('readdir', { path: 'records:/Claims' }), 200).map((e) => e.filename)).toContain(record.name);
    // Erin's organisation's mountpoint has no such folder, and her token cannot reach the file by id.
    expect((await erin.read(path)).statusCode).toBe(404);
    expect((await erin.get('readdir', { path: folder })).statusCode).toBe(404);
    // A copy out of the mountpoint is a read too.
    expect((await dave.post('copy', { from: path, to: 'home:/stolen.txt' })).statusCode).toBe(404);
  });

  it('keeps a hidden field’s files from who does not see the field', async () => {
    const { record } = await bobApi.created({ subject: 'Pay' });
    data<RecordDetail>(await upload(adaApi, record.name, 'payslip', 'pay 1000', 'slip.txt'), 201);
    const path = `records:/Claims/${record.name}/slip.txt`;
    expect((await ada.read(path)).body).toBe('pay 1000');
    expect((await bobFs.read(path)).statusCode).toBe(404);
    expect(data<Array<{ filename: string }>>(await bobFs.get('readdir', { path: `records:/Claims/${record.name}` }), 200)).toEqual([]);
    // A copy of the record's folder takes what he sees of it.
    data(await bobFs.post('copy', { from: `records:/Claims/${record.name}`, to: 'home:/pay' }), 200);
    expect(data<unknown[]>(await bobFs.get('readdir', { path: 'home:/pay' }), 200)).toEqual([]);
    data(await ada.post('copy', { from: `records:/Claims/${record.name}`, to: 'home:/pay' }), 200);
    expect((await ada.read('home:/pay/slip.txt')).body).toBe('pay 1000');
    // Nor may he upload to it.
    expect((await upload(bobApi, record.name, 'payslip', 'more')).json()).toMatchObject({ code: 'records.invalid', fields: { payslip: { code: 'unknownField' } } });
  });

  it('refuses uploads without the update right, to other fields, to a full single-file field, and every write through the filesystem', async () => {
    const { record } = await bobApi.created({ subject: 'Refusals' });
    expect((await upload(daveApi, record.name, 'papers', 'x')).statusCode).toBe(404);
    expect((await upload(bobApi, record.name, 'approved', 'x')).json()).toMatchObject({ code: 'records.invalid', fields: { approved: { code: 'unknownField' } } });
    expect((await upload(bobApi, record.name, 'nope', 'x')).statusCode).toBe(400);
    data<RecordDetail>(await upload(adaApi, record.name, 'payslip', 'one'), 201);
    expect((await upload(adaApi, record.name, 'payslip', 'two')).json()).toMatchObject({ code: 'records.invalid', fields: { payslip: { code: 'maxRows', params: { max: '1' } } } });
    data<RecordDetail>(await upload(bobApi, record.name, 'papers', 'mine', 'mine.txt'), 201);
    const path = `records:/Claims/${record.name}/mine.txt`;
    expect((await bobFs.write(path, 'changed')).json()).toMatchObject({ code: 'vfs.readOnly' });
    expect((await bobFs.post('unlink', { path })).json()).toMatchObject({ code: 'vfs.readOnly' });
    expect((await bobFs.post('rename', { from: path, to: `records:/Claims/${record.name}/other.txt` })).json()).toMatchObject({ code: 'vfs.readOnly' });
    expect((await bobFs.read(path)).body).toBe('mine');
  });

  it('refuses a value naming a file the field did not hold, and deletes the file a write takes out', async () => {
    const { record } = await bobApi.created({ subject: 'Removal' });
    const other = (await bobApi.created({ subject: 'Other' })).record;
    const foreign = (data<RecordDetail>(await upload(bobApi, other.name, 'papers', 'other'), 201).record.values.papers as Array<{ id: string; name: string }>)[0]!;
    const detail = data<RecordDetail>(await upload(bobApi, record.name, 'papers', 'to go'), 201);
    const files = detail.record.values.papers as Array<{ id: string; name: string }>;
    const smuggled = await bobApi.update(record.name, detail.record.version, { papers: [...files, foreign] });
    expect(smuggled.json()).toMatchObject({ code: 'records.invalid', fields: { papers: { code: 'file' } } });
    expect((await bobApi.create({ subject: 'New', papers: [foreign] })).json()).toMatchObject({ code: 'records.invalid', fields: { papers: { code: 'file' } } });

    const before = await usage();
    data<RecordDetail>(await bobApi.update(record.name, detail.record.version, { papers: [] }), 200);
    expect((await bobFs.read(`records:/Claims/${record.name}/note.txt`)).statusCode).toBe(404);
    expect((await ada.read(`records:/Claims/${record.name}/note.txt`)).statusCode).toBe(404);
    expect(await usage()).toBe(before - 'to go'.length);
    // The other record's file is untouched.
    expect((await bobFs.read(`records:/Claims/${other.name}/note.txt`)).body).toBe('other');
  });

  it('hides a deleted record’s files and brings them back with its restore', async () => {
    const { record } = await bobApi.created({ subject: 'Deleted' });
    const detail = data<RecordDetail>(await upload(bobApi, record.name, 'papers', 'kept'), 201);
    const path = `records:/Claims/${record.name}/note.txt`;
    expect((await carlApi.remove(record.name, detail.record.version)).statusCode).toBe(200);
    for (const who of [bobFs, carl, ada]) expect((await who.read(path)).statusCode).toBe(404);
    expect((await upload(carlApi, record.name, 'papers', 'late')).statusCode).toBe(404);
    data<RecordDetail>(await carlApi.restore(record.name), 200);
    for (const who of [bobFs, carl]) expect((await who.read(path)).body).toBe('kept');
  });

  it('counts uploads against the uploader’s storage and keeps nothing of a refused one', async () => {
    const { record } = await bobApi.created({ subject: 'Large' });
    const before = await usage();
    const res = await upload(bobApi, record.name, 'papers', Buffer.alloc(QUOTA, 1), 'big.bin');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'vfs.quotaExceeded' });
    expect(await usage()).toBe(before);
    expect((await bobApi.detail(record.name)).record.values.papers).toBeNull();
    expect((await bobFs.read(`records:/Claims/${record.name}/big.bin`)).statusCode).toBe(404);
  });

  it('keeps every path inside the mountpoint', async () => {
    const { record } = await bobApi.created({ subject: 'Escape' });
    data<RecordDetail>(await upload(bobApi, record.name, 'papers', 'inside'), 201);
    expect((await dave.read(`records:/Claims/../Claims/${record.name}/note.txt`)).json()).toMatchObject({ code: 'vfs.outsideMount' });
    expect((await dave.read(`records:/Claims/${record.name}/./note.txt`)).json()).toMatchObject({ code: 'vfs.outsideMount' });
    // A record name that tries to climb out names no record; a file name that does is refused.
    expect((await upload(bobApi, '../../home', 'papers', 'x')).statusCode).toBe(404);
    expect((await upload(bobApi, record.name, 'papers', 'x', '..')).json()).toMatchObject({ code: 'vfs.invalidName' });
    expect((await upload(bobApi, record.name, 'papers', 'x', 'report\u202Etxt.exe')).json()).toMatchObject({ code: 'vfs.invalidName' });
    // A name with folders in it keeps its last name only.
    const kept = data<RecordDetail>(await upload(bobApi, record.name, 'papers', 'x', '../../home/a.txt'), 201);
    expect((kept.record.values.papers as Array<{ name: string }>).map((f) => f.name)).toEqual(['note.txt', 'a.txt']);
  });
});
