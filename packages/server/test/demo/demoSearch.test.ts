/**
 * @module-tag postgres
 *
 * The demo data is searchable in every kind (docs/behaviour/search.md#demo-content):
 * its applications, people, the words of its text files (in English,
 * German and Chinese), the files attached to its audits, incidents and
 * leads and the comments of its tasks, as the demo user sees them right
 * after the first start.
 */
import { highlightParts, type SearchResponse } from '@atrium/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemoData } from '../../src/demo/seedDemoData.js';
import { signIn } from '../helpers/factories.js';
import { bearer } from '../helpers/http.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';

describe(`searching the demo data on ${databaseKind}`, () => {
  let t: TestApp;
  let jwt: string;
  const search = async (q: string, filter = ''): Promise<SearchResponse> => {
    const res = await t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/search`, query: { q, filter }, headers: bearer(jwt) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: SearchResponse }>().data;
  };

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoData(t.services.stores, t.hasher, t.app.log, { apiPrefix: t.config.apiPrefix });
    jwt = (await signIn(t.app, t.config.wrapperPrefix, 'demo', DEMO_PASSWORD, '10.12.0.1')).jwt;
    // Seeding the whole demo takes a while on a busy machine (as in seedDemoData.test.ts).
  }, 180_000);
  afterAll(() => t.close());

  it('finds something of every kind for a word of the demo', async () => {
    const supplier = await search('supplier');
    expect(supplier.attachments.items.map((a) => a.path)).toEqual(expect.arrayContaining(['home:/Documents/Supplier contracts.md', 'shared:/Incident log.txt']));
    expect(supplier.comments.count).toBeGreaterThan(0);
    const audit = await search('audit');
    expect(audit.apps.items.map((a) => a.name)).toContain('Audits');
    expect(audit.comments.count).toBeGreaterThan(0);
    const quality = await search('quality engineer', 'users');
    expect(quality.users.items.map((u) => u.username)).toEqual(['liam']);
  });

  it('finds the demo files by the words of their text, with the words marked', async () => {
    const forklift = await search('forklift', 'attachments');
    // The whole word first, then the word it begins ('forklifts').
    expect(forklift.attachments.items.map((a) => [a.path, a.matchedIn])).toEqual([
      ['shared:/Incident log.txt', 'content'],
      ['home:/Projects/Warehouse move/settings.json', 'content'],
    ]);
    expect(highlightParts(forklift.attachments.items[0]!.snippet).filter((p) => p.match).map((p) => p.text)).toEqual(['Forklift']);
    const german = await search('lieferantenbesuch', 'attachments');
    expect(german.attachments.items.map((a) => a.filename)).toEqual(['Reisenotizen.txt']);
    // Chinese is written without spaces: a run of characters is one word, found by its beginning.
    const chinese = await search('供应商', 'attachments');
    expect(chinese.attachments.items.map((a) => a.filename)).toEqual(['会议记录.txt']);
    const travel = await search('receipt', 'attachments');
    expect(travel.attachments.items.map((a) => a.path)).toEqual(['documents:/Policies/Travel policy.md']);
  });

  it("finds the evidence attached to the organisation's latest audits, each naming its audit", async () => {
    const evidence = await search('evidence', 'attachments');
    expect(evidence.attachments.count).toBeGreaterThanOrEqual(4);
    for (const file of evidence.attachments.items) {
      expect(file.filename).toMatch(/^Evidence - .+\.pdf$/);
      expect(file.record).toMatchObject({ app: 'Audits', entity: 'audit', appLabel: { en_EN: 'Audit Management' } });
      expect(file.path).toBe(`records:/Audits/${file.record!.name}/${file.filename}`);
      // The file is the audit's: its folder holds it, readable by the one who found it.
      const read = await t.app.inject({ method: 'GET', url: '/vfs/readfile', query: { path: file.path }, headers: bearer(jwt) });
      expect(read.statusCode).toBe(200);
      expect(read.body.startsWith('%PDF-1.4')).toBe(true);
    }
    const reports = await search('audit report', 'attachments');
    expect(reports.attachments.items.map((a) => a.filename)).toEqual(reports.attachments.items.map((a) => `Audit report ${a.record!.name}.pdf`));
    expect(reports.attachments.count).toBeGreaterThan(0);
  });

  it('finds the screenshots and logs of the latest critical incidents, a log by its words too, and the papers of leads', async () => {
    const screenshots = await search('screenshot', 'attachments');
    expect(screenshots.attachments.count).toBeGreaterThanOrEqual(3);
    for (const file of screenshots.attachments.items) {
      expect(file).toMatchObject({ mime: 'image/png', matchedIn: 'name', record: { app: 'Incidents', entity: 'incident' } });
      expect(file.path).toBe(`records:/Incidents/${file.record!.name}/${file.filename}`);
    }
    // A log is text: found by what it says, the words marked in a fragment of it.
    const logs = await search('upstream timed out', 'attachments');
    expect(logs.attachments.count).toBeGreaterThanOrEqual(3);
    for (const file of logs.attachments.items) {
      expect(file).toMatchObject({ mime: 'text/plain', matchedIn: 'content', record: { app: 'Incidents' } });
      expect(file.filename).toMatch(/^[A-Za-z]+-\d{4}-\d{2}-\d{2}\.log$/);
      expect(highlightParts(file.snippet).filter((p) => p.match).map((p) => p.text.toLowerCase())).toEqual(['upstream', 'timed', 'out']);
    }
    const papers = [...(await search('offer', 'attachments')).attachments.items, ...(await search('framework agreement', 'attachments')).attachments.items];
    expect(papers.length).toBeGreaterThan(0);
    for (const file of papers) expect(file).toMatchObject({ mime: 'application/pdf', record: { app: 'CRM', entity: 'lead' } });
  });

  it("finds the people of both of the demo user's organisations", async () => {
    const people = await search('officer', 'users');
    expect(people.users.items.map((u) => u.username)).toEqual(['sofia']);
  });
});
