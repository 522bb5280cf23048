/**
 * @module-tag embedded-only
 *
 * Content routes (docs/API.md#content): announcements by login host, stored resources and
 * account logos served inertly, and client log entries that cannot forge
 * log lines.
 */
import { Messages, type Announcement } from '@atrium/shared';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountRecord } from '../../src/accounts/AccountStore.js';
import type { AnnouncementRecord } from '../../src/announcements/AnnouncementStore.js';
import type { ResourceRecord } from '../../src/resources/ResourceStore.js';
import { DOCUMENT_TYPES } from '../../src/resources/ResourceService.js';
import { makeAccount, makeUser, signIn } from '../helpers/factories.js';
import { bearer, expectClientErrorEnvelope } from '../helpers/http.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';

const defaultLogo = fs.readFileSync(new URL('../../assets/default-logo.svg', import.meta.url));

describe(`content routes on ${databaseKind}`, () => {
  let t: TestApp;
  let api: string;
  let hosted: AccountRecord;
  let fallback: AccountRecord;
  let image: ResourceRecord;
  let imageBytes: Buffer;
  let video: ResourceRecord;
  let logo: ResourceRecord;
  let hostedAnnouncements: AnnouncementRecord[];
  let fallbackAnnouncements: AnnouncementRecord[];

  beforeAll(async () => {
    t = await createTestApp({ rateLimits: { logger: 1000, auth: 1000 } });
    api = t.config.apiPrefix;
    const { stores, resources } = t.services;
    imageBytes = crypto.randomBytes(2048);
    image = await resources.add('welcome.png', imageBytes);
    video = await resources.add('tour.webm', crypto.randomBytes(512));
    logo = await resources.add('logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'));
    // An older account that is neither hosted nor default: it must never be picked over those.
    await makeAccount(stores, 'Oldest');
    hosted = await stores.accounts.create({ name: 'Hosted', hosts: ['portal.example.com', 'Intranet.Example.com'], logoResourceId: logo.id });
    fallback = await stores.accounts.create({ name: 'Fallback', isDefault: true });
    hostedAnnouncements = [
      await stores.announcements.create({ accountId: hosted.id, name: 'Second', description: 'shown second', position: 2, mediaResourceId: video.id, mediaType: 'video' }),
      await stores.announcements.create({
        accountId: hosted.id,
        name: 'First',
        description: 'shown first',
        link: 'https://news.example.com/1',
        position: 1,
        mediaResourceId: image.id,
        mediaType: 'image',
        fallback: true,
      }),
    ];
    fallbackAnnouncements = [await stores.announcements.create({ accountId: fallback.id, name: 'Default news', mediaResourceId: image.id })];
  });
  afterAll(() => t.close());

  const present = (a: AnnouncementRecord): Announcement => ({
    uuid: a.id,
    name: a.name,
    description: a.description,
    link: a.link,
    media: a.mediaResourceId,
    media_type: a.mediaType,
    fallback: a.fallback,
  });
  const announcementsFor = async (host: string) => {
    const res = await t.app.inject({ method: 'GET', url: `${api}/homescreen/announcement/${host}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success' });
    return res.json<{ data: Announcement[] }>().data;
  };

  describe('announcements', () => {
    it('lists the announcements of the account serving the host, in slider order, with every field', async () => {
      const list = await announcementsFor('portal.example.com');
      const expected = [...hostedAnnouncements].sort((a, b) => a.position - b.position).map(present);
      expect(list).toEqual(expected);
      expect(list.map((a) => a.name)).toEqual(['First', 'Second']);
      for (const a of list) expect(Object.keys(a).sort()).toEqual(['description', 'fallback', 'link', 'media', 'media_type', 'name', 'uuid']);
    });

    it('finds the account for a host with a port', async () => {
      expect((await announcementsFor('portal.example.com:8443')).map((a) => a.uuid).sort()).toEqual(hostedAnnouncements.map((a) => a.id).sort());
    });

    it('matches hosts whatever their case', async () => {
      expect((await announcementsFor('INTRANET.example.COM')).map((a) => a.name)).toEqual(['First', 'Second']);
    });

    it('falls back to the default account for an unknown host', async () => {
      expect(await announcementsFor('unknown.example.org')).toEqual(fallbackAnnouncements.map(present));
      expect(await announcementsFor('localhost:8080')).toEqual(fallbackAnnouncements.map(present));
    });

    it('refuses a host that is not a host name with 400', async () => {
      for (const host of ['bad%20host', 'evil.com%2Fpath', 'a'.repeat(300)]) {
        expectClientErrorEnvelope(await t.app.inject({ method: 'GET', url: `${api}/homescreen/announcement/${host}` }), 400);
      }
    });

    it('needs no sign-in (the login page shows them)', async () => {
      const res = await t.app.inject({ method: 'GET', url: `${api}/homescreen/announcement/portal.example.com` });
      expect(res.statusCode).toBe(200);
    });
  });

  describe('privacy policy page', () => {
    const policyFor = async (host: string) => {
      const res = await t.app.inject({ method: 'GET', url: `${api}/homescreen/privacy-policy/${host}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: { name: string | null; privacyPolicy: string | null } }>().data;
    };

    it("gives the policy of the host's organisation, and none for the text 'null'", async () => {
      await t.services.stores.accounts.update(hosted.id, { privacyPolicy: '<p>Hosted policy</p>' });
      await t.services.stores.accounts.update(fallback.id, { privacyPolicy: 'null' });
      expect(await policyFor('portal.example.com')).toEqual({ name: 'Hosted', privacyPolicy: '<p>Hosted policy</p>' });
      expect(await policyFor('unknown.example.com')).toEqual({ name: 'Fallback', privacyPolicy: null });
    });

    it('refuses a malformed host', async () => {
      expectClientErrorEnvelope(await t.app.inject({ method: 'GET', url: `${api}/homescreen/privacy-policy/bad%20host` }), 400);
    });
  });

  describe('resources', () => {
    it('serves the stored bytes with the stored content type, nosniff and a sandboxing CSP', async () => {
      const res = await t.app.inject({ method: 'GET', url: `${api}/resources/${image.id}` });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(imageBytes)).toBe(true);
      expect(res.headers['content-type']).toBe(image.mime);
      expect(image.mime).toBe('image/png');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toMatch(/\bsandbox\b/);
      expect(res.headers['content-security-policy']).toMatch(/default-src 'none'/);
      expect(Number(res.headers['content-length'])).toBe(imageBytes.length);
    });

    it("serves the same file, with the same headers, under the wrapper's resource path where announcement media are fetched", async () => {
      const viaApi = await t.app.inject({ method: 'GET', url: `${api}/resources/${image.id}` });
      const viaWrapper = await t.app.inject({ method: 'GET', url: `${t.config.wrapperPrefix}/resource/${image.id}` });
      expect(viaWrapper.statusCode).toBe(200);
      expect(viaWrapper.rawPayload.equals(imageBytes)).toBe(true);
      for (const header of ['content-type', 'content-length', 'content-security-policy', 'x-content-type-options', 'cache-control']) {
        expect(viaWrapper.headers[header], header).toBe(viaApi.headers[header]);
      }
      expectClientErrorEnvelope(await t.app.inject({ method: 'GET', url: `${t.config.wrapperPrefix}/resource/${crypto.randomUUID()}` }), 404);
      expectClientErrorEnvelope(await t.app.inject({ method: 'GET', url: `${t.config.wrapperPrefix}/resource/not-a-uuid` }), 400);
    });

    it('serves an announcement video with its type', async () => {
      const res = await t.app.inject({ method: 'GET', url: `${api}/resources/${video.id}` });
      expect(res.headers['content-type']).toBe('video/webm');
    });

    it("answers a page asked for a colour scheme with it on the page's root element, under the same sandboxing policy; other files and values as they are", async () => {
      const source = '<!doctype html>\n<html lang="en"><head><style>:root[data-color-scheme="dark"] { background: #111 }</style></head><body>Hi</body></html>\n';
      const page = await t.services.resources.add('page.html', Buffer.from(source), DOCUMENT_TYPES);
      const dark = await t.app.inject({ method: 'GET', url: `${api}/resources/${page.id}?color-scheme=dark` });
      expect(dark.statusCode).toBe(200);
      expect(dark.body).toBe(source.replace('<html lang="en">', '<html data-color-scheme="dark" lang="en">'));
      expect(Number(dark.headers['content-length'])).toBe(Buffer.byteLength(dark.body));
      expect(dark.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
      expect((await t.app.inject({ method: 'GET', url: `${api}/resources/${page.id}?color-scheme=light` })).body).toContain('<html data-color-scheme="light" lang="en">');
      for (const query of ['', '?color-scheme=sepia', '?color-scheme=dark%22%3E']) expect((await t.app.inject({ method: 'GET', url: `${api}/resources/${page.id}${query}` })).body, query).toBe(source);
      const picture = await t.app.inject({ method: 'GET', url: `${api}/resources/${image.id}?color-scheme=dark` });
      expect(picture.rawPayload.equals(imageBytes)).toBe(true);
    });

    it('answers 404 for an unknown resource and 400 for an id that is not a uuid', async () => {
      const missing = await t.app.inject({ method: 'GET', url: `${api}/resources/${crypto.randomUUID()}` });
      expectClientErrorEnvelope(missing, 404);
      expect(missing.json()).toMatchObject({ message: Messages.resourceNotFound });
      expectClientErrorEnvelope(await t.app.inject({ method: 'GET', url: `${api}/resources/..%2F..%2Fsecrets.json` }), 400);
      expectClientErrorEnvelope(await t.app.inject({ method: 'GET', url: `${api}/resources/not-a-uuid` }), 400);
    });
  });

  describe('account logos', () => {
    it("serves an account's own logo as an inert resource", async () => {
      const res = await t.app.inject({ method: 'GET', url: `${api}/account/logo/${hosted.id}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml');
      expect(res.body).toContain('<script>alert(1)</script>');
      expect(res.headers['content-security-policy']).toMatch(/\bsandbox\b/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    });

    it('serves the default SVG for an account without a logo', async () => {
      const res = await t.app.inject({ method: 'GET', url: `${api}/account/logo/${fallback.id}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.rawPayload.equals(defaultLogo)).toBe(true);
    });

    it('answers 404 for an unknown account and 400 for an id that is not a uuid', async () => {
      const missing = await t.app.inject({ method: 'GET', url: `${api}/account/logo/${crypto.randomUUID()}` });
      expectClientErrorEnvelope(missing, 404);
      expect(missing.json()).toMatchObject({ message: Messages.accountNotFound });
      expectClientErrorEnvelope(await t.app.inject({ method: 'GET', url: `${api}/account/logo/acme` }), 400);
    });
  });

  describe('client log entries', () => {
    const log = (payload: unknown, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url: `${api}/logger`, payload: payload as object, headers });
    const entriesWith = (marker: string) =>
      t.logs.filter((line) => line.includes(marker)).map((line) => JSON.parse(line) as Record<string, unknown>);

    it('accepts {level, message} and writes it to the server log as a client entry', async () => {
      const marker = `marker-${crypto.randomUUID()}`;
      const res = await log({ level: 'warn', message: `something broke ${marker}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'success' });
      const [entry] = entriesWith(marker);
      expect(entry).toMatchObject({ msg: `something broke ${marker}`, client: true, level: 40, userId: null });
    });

    it("names the signed-in user of the entry, and maps the level 'log' to info", async () => {
      const account = await makeAccount(t.services.stores);
      const user = await makeUser(t.services.stores, t.hasher, { accounts: [account.id] });
      const session = await signIn(t.app, t.config.wrapperPrefix, user.username);
      const marker = `marker-${crypto.randomUUID()}`;
      expect((await log({ level: 'log', message: marker }, bearer(session.jwt))).statusCode).toBe(200);
      expect(entriesWith(marker)[0]).toMatchObject({ userId: user.id, level: 30 });
    });

    it('neutralises new lines and escape characters so that a message cannot forge log lines', async () => {
      const marker = `marker-${crypto.randomUUID()}`;
      const forged = '{"level":50,"msg":"forged entry"}';
      const res = await log({ level: 'error', message: `${marker}\n${forged}\r\u001b[31mred\u2028end` });
      expect(res.statusCode).toBe(200);
      const lines = t.logs.filter((line) => line.includes(marker));
      expect(lines).toHaveLength(1);
      expect(t.logs.some((line) => line.startsWith(forged))).toBe(false);
      // In the JSON text the neutralised characters appear as an escaped backslash followed by uXXXX.
      expect(lines[0]).toContain('\\\\u000a');
      expect(lines[0]).toContain('\\\\u001b');
      const entry = JSON.parse(lines[0]!) as { msg: string };
      expect(entry.msg).toBe(`${marker}\\u000a${forged}\\u000d\\u001b[31mred\\u2028end`);
      for (const raw of ['\n', '\r', '\u001b', '\u2028']) expect(entry.msg.includes(raw)).toBe(false);
    });

    it('cuts a long message instead of refusing it', async () => {
      const marker = `marker-${crypto.randomUUID()}`;
      const res = await log({ level: 'info', message: marker + 'y'.repeat(12 * 1024) });
      expect(res.statusCode).toBe(200);
      const [entry] = entriesWith(marker) as Array<{ msg: string; truncated: boolean }>;
      expect(entry!.truncated).toBe(true);
      expect(entry!.msg.length).toBeLessThan(12 * 1024);
    });

    it('refuses a body over 16 KiB with 413', async () => {
      const res = await log({ level: 'info', message: 'z'.repeat(17 * 1024) });
      expectClientErrorEnvelope(res, 413);
      expect(res.json()).toMatchObject({ message: Messages.payloadTooLarge });
    });

    it.each([
      ['an unknown level', { level: 'fatal', message: 'x' }],
      ['a missing message', { level: 'info' }],
      ['a number as message', { level: 'info', message: 42 }],
      ['an extra field', { level: 'info', message: 'x', stack: 'Error\n    at nowhere' }],
    ])('refuses %s with 400', async (_case, payload) => {
      expectClientErrorEnvelope(await log(payload), 400);
    });
  });
});

describe(`client log rate limit on ${databaseKind}`, () => {
  let t: TestApp;
  const LIMIT = 3;
  beforeAll(async () => {
    t = await createTestApp({ rateLimits: { logger: LIMIT } });
  });
  afterAll(() => t.close());

  it('answers 429 with an envelope past rateLimits.logger entries a minute from one address', async () => {
    const send = (remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: `${t.config.apiPrefix}/logger`, payload: { level: 'info', message: 'hello' }, remoteAddress });
    for (let i = 0; i < LIMIT; i++) expect((await send('10.4.0.1')).statusCode).toBe(200);
    const limited = await send('10.4.0.1');
    expectClientErrorEnvelope(limited, 429);
    expect(limited.json()).toMatchObject({ status: 'error', message: Messages.tooManyRequests });
    expect((await send('10.4.0.2')).statusCode).toBe(200);
  });
});
