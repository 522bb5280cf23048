/**
 * @module-tag postgres
 *
 * Files attached to records in global search (docs/behaviour/search.md#rights):
 * found under Attachments by their name or their text, each naming its
 * record, only on the records the caller may read and in the file fields
 * they see there; never those of a deleted record, of another organisation,
 * or taken out of their field. They follow the caller's own files in one
 * list, paged across both.
 */
import { highlightParts, isRecordAttachment, type AttachmentResult, type SearchResponse } from '@atrium/shared';
import type { AppDeclarationInput, RecordDetail } from '@atrium/shared/apps';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAccount, makeUser, signIn } from '../helpers/factories.js';
import { bearer } from '../helpers/http.js';
import { data, installDeclaration, LEAVE_DECLARATION, RecordsApi } from '../helpers/records.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';
import { multipart, VfsClient } from '../helpers/vfs.js';

const label = (en: string) => ({ en_EN: en });

/** Leave requests with `papers` (seen by whoever reads the request) and a `payslip` seen by hr, and by a manager on their reports' requests only. */
const CLAIMS: AppDeclarationInput = structuredClone({ ...LEAVE_DECLARATION, name: 'Claims', label: label('Claims') });
const request = CLAIMS.entities.request!;
request.fields.papers = { type: 'file', label: label('Papers'), multiple: true };
request.fields.payslip = { type: 'file', label: label('Payslip') };
request.rights.everyone!.hiddenFields = ['salary', 'payslip'];
request.rights.manager!.hiddenFields = ['salary'];

describe(`files of records in global search on ${databaseKind}`, () => {
  let t: TestApp;
  /** hr: every request. */
  let ada: RecordsApi;
  /** everyone: his own. */
  let bob: RecordsApi;
  /** Bob's manager: his reports' requests, with their payslips; his own, without his. */
  let carl: RecordsApi;
  /** everyone: his own. */
  let dave: RecordsApi;
  /** hr of another organisation running the same application. */
  let erin: RecordsApi;
  let bobFs: VfsClient;
  /** Bob's request, with his receipt in its papers and his payslip. */
  let trip: string;
  let daves: string;

  const upload = async (api: RecordsApi, name: string, field: string, content: string, filename: string): Promise<RecordDetail> => {
    const form = multipart({}, content, filename);
    const res: LightMyRequestResponse = await t.app.inject({
      method: 'POST',
      url: `${t.config.apiPrefix}/records/Claims/record/${encodeURIComponent(name)}/files?field=${field}`,
      payload: form.payload,
      headers: { ...bearer(api.jwt), ...form.headers },
    });
    return data<RecordDetail>(res, 201);
  };
  const attachments = async (api: RecordsApi, q: string, page: { take?: number; skip?: number } = {}) => {
    const query: Record<string, string> = { q, filter: 'attachments', ...(page.take === undefined ? {} : { take: String(page.take) }), ...(page.skip === undefined ? {} : { skip: String(page.skip) }) };
    const res = await t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/search`, query, headers: bearer(api.jwt) });
    return data<SearchResponse>(res, 200).attachments;
  };
  const filenames = (items: readonly AttachmentResult[]) => items.map((i) => i.filename).sort();

  beforeAll(async () => {
    t = await createTestApp();
    const { stores } = t.services;
    const org = await makeAccount(stores, 'Northwind');
    const other = await makeAccount(stores, 'Contoso');
    const adaUser = await makeUser(stores, t.hasher, { accounts: [org.id], firstname: 'Ada', lastname: 'Hart' });
    const carlUser = await makeUser(stores, t.hasher, { accounts: [org.id], firstname: 'Carl', lastname: 'Boss' });
    const bobUser = await makeUser(stores, t.hasher, { accounts: [org.id], firstname: 'Bob', lastname: 'Novak', managerId: carlUser.id });
    const daveUser = await makeUser(stores, t.hasher, { accounts: [org.id], firstname: 'Dave', lastname: 'Else' });
    const erinUser = await makeUser(stores, t.hasher, { accounts: [other.id], firstname: 'Erin', lastname: 'Far' });
    const app = await installDeclaration(stores, CLAIMS, [org.id, other.id], [adaUser.id, bobUser.id, carlUser.id, daveUser.id, erinUser.id]);
    await stores.access.grantRole({ userId: adaUser.id, accountId: org.id, appId: app.id, role: 'hr' });
    await stores.access.grantRole({ userId: carlUser.id, accountId: org.id, appId: app.id, role: 'manager' });
    await stores.access.grantRole({ userId: erinUser.id, accountId: other.id, appId: app.id, role: 'hr' });
    const jwtOf = async (u: typeof adaUser) => (await signIn(t.app, t.config.wrapperPrefix, u.username)).jwt;
    const jwts = await Promise.all([adaUser, bobUser, carlUser, daveUser, erinUser].map(jwtOf));
    [ada, bob, carl, dave, erin] = jwts.map((jwt) => new RecordsApi(t, jwt, 'Claims')) as [RecordsApi, RecordsApi, RecordsApi, RecordsApi, RecordsApi];
    bobFs = new VfsClient(t, jwts[1]!);

    trip = (await bob.created({ subject: 'Ferry to the island' })).record.name;
    await upload(bob, trip, 'papers', 'Ferry ticket for the quokka island, paid in cash', 'quokka receipt.txt');
    await upload(ada, trip, 'payslip', 'Net pay 1000', 'quokka payslip.txt');
    daves = (await dave.created({ subject: 'Moving day' })).record.name;
    await upload(dave, daves, 'papers', 'Removal van', 'quokka van.txt');
    const carls = (await carl.created({ subject: 'Conference' })).record.name;
    await upload(ada, carls, 'payslip', 'Net pay 2000', 'quokka bonus.txt');
    const erins = (await erin.created({ subject: 'Contoso trip' })).record.name;
    await upload(erin, erins, 'papers', 'Contoso ferry', 'quokka contoso.txt');
    const gone = (await bob.created({ subject: 'Cancelled' })).record.name;
    const withGone = await upload(bob, gone, 'papers', 'never mind', 'quokka cancelled.txt');
    data(await carl.remove(gone, withGone.record.version), 200);
  });
  afterAll(async () => {
    await t.close();
  });

  it('finds a record’s files only on the records the caller may read, in the fields they see there', async () => {
    expect(filenames((await attachments(ada, 'quokka')).items)).toEqual(['quokka bonus.txt', 'quokka payslip.txt', 'quokka receipt.txt', 'quokka van.txt']);
    expect((await attachments(ada, 'quokka')).count).toBe(4);
    // Bob sees no payslip; his manager sees his reports' payslips, not the one on his own request; Dave sees only his own
    // request; Erin only her organisation's.
    expect(filenames((await attachments(bob, 'quokka')).items)).toEqual(['quokka receipt.txt']);
    expect(filenames((await attachments(carl, 'quokka')).items)).toEqual(['quokka payslip.txt', 'quokka receipt.txt']);
    expect((await attachments(carl, 'quokka')).count).toBe(2);
    expect(filenames((await attachments(dave, 'quokka')).items)).toEqual(['quokka van.txt']);
    expect(filenames((await attachments(erin, 'quokka')).items)).toEqual(['quokka contoso.txt']);
    expect((await attachments(dave, 'payslip')).count).toBe(0);
  });

  it('names the record a file is attached to, and where the file is kept', async () => {
    const [hit] = (await attachments(carl, 'receipt')).items;
    expect(hit).toMatchObject({
      kind: 'attachments',
      filename: 'quokka receipt.txt',
      path: `records:/Claims/${trip}/quokka receipt.txt`,
      mime: 'text/plain',
      matchedIn: 'name',
      record: { app: 'Claims', appLabel: { en_EN: 'Claims' }, entity: 'request', entityLabel: { en_EN: 'Leave request' }, name: trip, title: 'Ferry to the island' },
    });
    expect(isRecordAttachment(hit!)).toBe(true);
    expect(highlightParts(hit!.snippet).filter((p) => p.match).map((p) => p.text)).toEqual(['receipt']);
    // The path opens the file for who found it.
    expect((await bobFs.read(hit!.path)).body).toBe('Ferry ticket for the quokka island, paid in cash');
  });

  it('finds a text file by its words, with the words marked in a fragment of it', async () => {
    const found = await attachments(bob, 'cash');
    expect(found.items.map((i) => [i.filename, i.matchedIn])).toEqual([['quokka receipt.txt', 'content']]);
    expect(highlightParts(found.items[0]!.snippet).filter((p) => p.match).map((p) => p.text)).toEqual(['cash']);
    expect((await attachments(dave, 'cash')).count).toBe(0);
    // A payslip's words are as hidden as its name.
    expect((await attachments(bob, 'net pay')).count).toBe(0);
    expect(filenames((await attachments(carl, 'net pay')).items)).toEqual(['quokka payslip.txt']);
    expect(filenames((await attachments(ada, 'net pay')).items)).toEqual(['quokka bonus.txt', 'quokka payslip.txt']);
  });

  it('puts the caller’s own files first, then the records’ files, paged as one list', async () => {
    data(await bobFs.write('home:/quokka notes.txt', 'my notes'), 200);
    const all = await attachments(bob, 'quokka');
    expect(all.count).toBe(2);
    expect(all.items.map((i) => [i.filename, isRecordAttachment(i)])).toEqual([
      ['quokka notes.txt', false],
      ['quokka receipt.txt', true],
    ]);
    const second = await attachments(bob, 'quokka', { take: 1, skip: 1 });
    expect(second.count).toBe(2);
    expect(second.items.map((i) => i.filename)).toEqual(['quokka receipt.txt']);
    // Without a filter, the first page of every kind holds both too.
    const res = await t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/search`, query: { q: 'quokka' }, headers: bearer(bob.jwt) });
    expect(data<SearchResponse>(res, 200).attachments.items.map((i) => i.filename)).toEqual(['quokka notes.txt', 'quokka receipt.txt']);
  });

  it('no longer finds a file taken out of its field, nor the files of a deleted record', async () => {
    const { record } = await dave.created({ subject: 'Short lived' });
    const detail = await upload(dave, record.name, 'papers', 'wombat', 'wombat.txt');
    expect(filenames((await attachments(dave, 'wombat')).items)).toEqual(['wombat.txt']);
    data(await dave.update(record.name, detail.record.version, { papers: [] }), 200);
    expect((await attachments(dave, 'wombat')).count).toBe(0);
    expect((await attachments(ada, 'cancelled')).count).toBe(0);
  });
});
