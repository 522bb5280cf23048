/**
 * @module-tag postgres
 *
 * Generated hostile paths across all eleven operations and GET
 * {api}/file/{id}/data (docs/behaviour/files.md#paths): '..' and '.' in
 * every spelling (percent-encoded, double-encoded, backslashes, unicode
 * dots), NUL, empty segments, absolute and drive-letter forms, very long
 * names, other users' ids. Zero escapes: no answer carries another user's
 * data or ids, none of their rows or blobs changes, and nothing is written
 * outside the data folder.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import type { VfsEntry } from '@atrium/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAccount, makeUser, signIn } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';
import { multipart, VfsClient } from '../helpers/vfs.js';

const RUNS = 2500;
const SECRET = `BOB-SECRET-${crypto.randomBytes(6).toString('hex')}`;

let t: TestApp;
let alice: VfsClient;
let bob: VfsClient;
let bobIds: string[];
let forbidden: string[];
const generatedNames = new Set<string>();

const data = <T>(res: LightMyRequestResponse) => res.json<{ data: T }>().data;

/** Every row of the filesystem table that is not Alice's, as text, to compare before and after. */
async function othersRows(aliceScopes: string[]): Promise<string> {
  const rows = await t.services.db.execute(sql.raw('select id, mount, scope, parent_id, name, size, blob_key, sha256, modified_at from vfs_nodes order by id'));
  const list = (rows as unknown as { rows: Array<Record<string, unknown>> }).rows.filter((r) => !aliceScopes.includes(String(r.scope)));
  return JSON.stringify(list);
}

function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

const HOSTILE_SEGMENTS = [
  '..',
  '.',
  '',
  '%2e%2e',
  '%2E%2E',
  '%252e%252e',
  '%25252e%25252e',
  '..%2f',
  '..%5c',
  '%2e%2e%2f%2e%2e',
  '..\\..',
  '\\..\\',
  '..;',
  '.. ',
  ' ..',
  '...',
  '\u2024\u2024',
  '\uff0e\uff0e',
  '\u002e\u0307',
  '\u0000',
  '..\u0000',
  'a\u0000b',
  '/etc/passwd',
  'etc',
  'passwd',
  'C:',
  'C:\\Windows',
  '~',
  '~root',
  '$HOME',
  'secret.txt',
  'Private',
  'x'.repeat(255),
  'y'.repeat(300),
  'CON',
  'nul.txt',
  '\u202e',
  '\ud800',
];

describe(`hostile paths (${databaseKind})`, () => {
  let aliceScopes: string[];
  let before: string;
  let bobBlobs: string[];
  let outsideBefore: string[];

  beforeAll(async () => {
    t = await createTestApp();
    const northwind = await makeAccount(t.services.stores);
    const contoso = await makeAccount(t.services.stores);
    const a = await makeUser(t.services.stores, t.hasher, { accounts: [northwind.id] });
    const b = await makeUser(t.services.stores, t.hasher, { accounts: [contoso.id] });
    alice = new VfsClient(t, (await signIn(t.app, t.config.wrapperPrefix, a.username)).jwt);
    bob = new VfsClient(t, (await signIn(t.app, t.config.wrapperPrefix, b.username)).jwt);
    aliceScopes = [a.id, northwind.id];
    await alice.post('mkdir', { path: 'home:/Docs' });
    await alice.write('home:/Docs/mine.txt', 'alice data');
    await alice.write('shared:/team.txt', 'team data');
    await bob.post('mkdir', { path: 'home:/Private' });
    const entries = [
      data<VfsEntry>(await bob.write('home:/Private/secret.txt', SECRET)),
      data<VfsEntry>(await bob.write('home:/secret.txt', SECRET)),
      data<VfsEntry>(await bob.write('shared:/secret.txt', SECRET)),
    ];
    bobIds = [...entries.flatMap((e) => [e.id, e.parent_id!]), b.id, contoso.id];
    forbidden = [SECRET, ...bobIds];
    before = await othersRows(aliceScopes);
    bobBlobs = listFiles(path.join(t.config.dataDir, 'files', 'blobs')).map((f) => `${f}:${crypto.createHash('sha256').update(fs.readFileSync(f)).digest('hex')}`);
    outsideBefore = fs.readdirSync(path.dirname(t.config.dataDir));
  }, 60_000);
  afterAll(() => t?.close());

  const segment = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_SEGMENTS) },
    { weight: 1, arbitrary: fc.string({ maxLength: 6 }) },
    { weight: 1, arbitrary: fc.constantFrom('Docs', 'mine.txt', 'team.txt') },
  );
  const mount = fc.constantFrom('home', 'shared', 'documents', 'HOME', 'home ', 'file', 'c', '..', '');
  const separator = fc.constantFrom('/', '/', '/', '//', '\\', '%2f', '%5c');
  const hostilePath = fc.oneof(
    { weight: 8, arbitrary: fc.tuple(mount, fc.array(segment, { minLength: 0, maxLength: 6 }), separator).map(([m, segs, sep]) => `${m}:/${segs.join(sep)}`) },
    { weight: 1, arbitrary: fc.constantFrom('/etc/passwd', 'file:///etc/passwd', 'C:\\Windows\\win.ini', '\\\\server\\share', 'home:', 'home:..', 'home:../..', 'home:\\..', '..:/x', 'home:/' + '../'.repeat(40)) },
    { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
    { weight: 1, arbitrary: fc.constantFrom(...['home', 'shared']).map((m) => `${m}:/${'a/'.repeat(70)}b`) },
  );
  /** How a path travels in a query string: encoded once, twice, or with its slashes left plain. */
  const encoding = fc.constantFrom(
    (p: string) => encode(p),
    (p: string) => encode(encode(p)),
    (p: string) => encode(p).replace(/%2F/g, '/').replace(/%3A/g, ':'),
  );
  const operation = fc.constantFrom('readdir', 'readfile', 'exists', 'stat', 'writefile', 'copy', 'rename', 'mkdir', 'unlink', 'search', 'touch', 'file');

  it(`lets none of ${RUNS} generated requests out of the caller's own files`, async () => {
    await fc.assert(
      fc.asyncProperty(operation, hostilePath, hostilePath, encoding, fc.constantFrom(...['home:/Docs/mine.txt', 'home:/Docs', 'shared:/team.txt']), async (op, p, q, encode, mine) => {
        for (const name of p.split(/[/\\:]/)) generatedNames.add(name);
        const auth = { authorization: `Bearer ${alice.jwt}` };
        let res: LightMyRequestResponse;
        if (['readdir', 'readfile', 'exists', 'stat'].includes(op)) {
          res = await t.app.inject({ method: 'GET', url: `/vfs/${op}?path=${encode(p)}`, headers: auth });
        } else if (op === 'writefile') {
          const body = multipart({ path: p }, 'written by alice');
          res = await t.app.inject({ method: 'POST', url: '/vfs/writefile', payload: body.payload, headers: { ...auth, ...body.headers } });
        } else if (op === 'copy' || op === 'rename') {
          // From a hostile path to Alice's files, and from Alice's files to a hostile path.
          res = await alice.post(op, { from: p, to: `home:/Docs/${crypto.randomUUID()}` });
          check(res);
          res = await alice.post('copy', { from: mine, to: q });
        } else if (op === 'search') {
          res = await alice.post('search', { root: p, pattern: '*' });
        } else if (op === 'file') {
          const id = bobIds[Math.abs(p.length) % bobIds.length]!;
          const url = `${t.config.apiPrefix}/file/${encode(p.length % 2 ? id : p)}/data`;
          res = await t.app.inject({ method: 'GET', url, headers: auth });
          check(res, url);
          return;
        } else {
          res = await alice.post(op, { path: p });
        }
        check(res);
      }),
      { numRuns: RUNS },
    );
  }, 600_000);

  it("changed none of the other user's rows or blobs, and wrote nothing outside the data folder", async () => {
    expect(await othersRows(aliceScopes)).toBe(before);
    const blobsNow = new Set(listFiles(path.join(t.config.dataDir, 'files', 'blobs')).map((f) => `${f}:${crypto.createHash('sha256').update(fs.readFileSync(f)).digest('hex')}`));
    for (const blob of bobBlobs) {
      // Every blob that existed before is either still there unchanged or was Alice's and replaced.
      const [file] = blob.split(':');
      if (fs.existsSync(file!)) expect(blobsNow.has(blob)).toBe(true);
    }
    const rows = (await t.services.stores.vfs.referencedBlobKeys(bobBlobs.map((b) => path.basename(b.split(':')[0]!)))).size;
    expect(rows).toBeGreaterThanOrEqual(3);
    // Everything under the data folder's files is a blob or a temporary file of the store's own naming.
    for (const file of listFiles(path.join(t.config.dataDir, 'files'))) {
      expect(path.relative(t.config.dataDir, file)).toMatch(/^files\/(blobs\/[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f-]{36}|tmp\/[0-9a-f-]{36}\.part)$/);
    }
    const outsideNow = fs.readdirSync(path.dirname(t.config.dataDir)).filter((name) => !outsideBefore.includes(name));
    expect(outsideNow.filter((name) => generatedNames.has(name) && name.length > 2)).toEqual([]);
  });
});

/** Never a 5xx, and nothing of the other user's in the answer (an id the request itself sent may be echoed in a text). */
/** Percent-encoding of the UTF-8 bytes (what a browser sends for a lone surrogate too). */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
  }
}

function check(res: LightMyRequestResponse, sent = ''): void {
  expect(res.statusCode, res.body).toBeLessThan(500);
  for (const text of forbidden) if (!sent.includes(text)) expect(res.body.includes(text), `${res.statusCode} ${res.body.slice(0, 300)}`).toBe(false);
}
