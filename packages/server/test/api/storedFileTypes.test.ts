/**
 * @module-tag embedded-only
 *
 * The type a stored file is answered with (docs/behaviour/files.md#downloads,
 * docs/SECURITY.md "Files"): whoever links a user's upload as a script, a
 * module or a style sheet, and whichever of its addresses is used, the
 * browser gets plain text it will neither run nor apply (nosniff), as a
 * sandboxed attachment; SVG stays a picture for <img>, as a sandboxed
 * attachment too; other types keep their own.
 */
import type { VfsEntry } from '@atrium/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAccount, makeUser, signIn } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';
import { VfsClient } from '../helpers/vfs.js';

let t: TestApp;
let owner: VfsClient;
let colleague: VfsClient;

beforeAll(async () => {
  t = await createTestApp();
  const account = await makeAccount(t.services.stores);
  owner = new VfsClient(t, (await signIn(t.app, t.config.wrapperPrefix, (await makeUser(t.services.stores, t.hasher, { accounts: [account.id] })).username)).jwt);
  colleague = new VfsClient(t, (await signIn(t.app, t.config.wrapperPrefix, (await makeUser(t.services.stores, t.hasher, { accounts: [account.id] })).username)).jwt);
});
afterAll(() => t.close());

/** Active content that would leave a mark if a browser ran or applied it. */
const ACTIVE: Record<string, string> = {
  'evil.js': 'window.__ran = true; document.title = "ran";',
  'evil.mjs': 'globalThis.__ranModule = true; export {};',
  'evil.css': 'body { background: red !important; }',
  'evil.html': '<!doctype html><script>parent.__ran = true</script>',
  'evil.xml': '<?xml version="1.0"?><?xml-stylesheet type="text/xsl" href="#"?><x/>',
};

/** Every address of a file's content: by path with a bearer or its signed token, by id with either. */
async function everyAddress(reader: VfsClient, path: string): Promise<Array<[string, LightMyRequestResponse]>> {
  const entry = (await reader.get('stat', { path })).json<{ data: VfsEntry }>().data;
  const token = new URL(entry.url!, 'http://x').searchParams.get('token')!;
  const bearer = { authorization: `Bearer ${reader.jwt}` };
  return [
    ['readfile with a bearer', await reader.read(path)],
    ['readfile with the signed token', await t.app.inject({ method: 'GET', url: `/vfs/readfile?path=${encodeURIComponent(path)}&token=${token}` })],
    ['the signed address', await t.app.inject({ method: 'GET', url: entry.url! })],
    ['the file by id with a bearer', await t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/file/${entry.id}/data`, headers: bearer })],
    ['a range of it', await t.app.inject({ method: 'GET', url: entry.url!, headers: { range: 'bytes=0-3' } })],
  ];
}

describe(`stored files' types (${databaseKind})`, () => {
  it("answers script, module, style sheet, HTML and XML as plain text in a sandboxed attachment, at every address, to the uploader and to a colleague who sees the organisation's folder", async () => {
    for (const [name, content] of Object.entries(ACTIVE)) {
      expect((await owner.write(`shared:/${name}`, content)).statusCode).toBe(200);
      for (const reader of [owner, colleague]) {
        for (const [what, res] of await everyAddress(reader, `shared:/${name}`)) {
          const label = `${name}, ${what}`;
          expect(res.statusCode, label).toBeLessThan(300);
          expect(res.headers['content-type'], label).toBe('text/plain; charset=utf-8');
          expect(res.headers['x-content-type-options'], label).toBe('nosniff');
          expect(res.headers['content-disposition'], label).toMatch(/^attachment;/);
          expect(res.headers['content-security-policy'], label).toBe('sandbox');
          // The text itself is untouched: the text editor reads it as it was written.
          expect(content.startsWith(res.body), label).toBe(true);
        }
      }
    }
  });

  it('keeps SVG a picture that <img> shows, in a sandboxed attachment that never opens as a page', async () => {
    await owner.write('shared:/logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>parent.__ran = true</script></svg>');
    for (const [what, res] of await everyAddress(colleague, 'shared:/logo.svg')) {
      expect(res.headers['content-type'], what).toBe('image/svg+xml');
      expect(res.headers['content-disposition'], what).toMatch(/^attachment;/);
      expect(res.headers['content-security-policy'], what).toBe('sandbox');
      expect(res.headers['x-content-type-options'], what).toBe('nosniff');
    }
  });

  it('keeps the type of pictures, media, PDF and plain text, shown inline', async () => {
    const passive: Record<string, string> = { 'a.png': 'image/png', 'a.mp4': 'video/mp4', 'a.pdf': 'application/pdf', 'a.txt': 'text/plain; charset=utf-8', 'a.md': 'text/markdown; charset=utf-8' };
    for (const [name, type] of Object.entries(passive)) {
      await owner.write(`home:/${name}`, 'bytes');
      const res = await owner.read(`home:/${name}`);
      expect(res.headers['content-type'], name).toBe(type);
      expect(res.headers['content-disposition'], name).toBeUndefined();
      expect(res.headers['x-content-type-options'], name).toBe('nosniff');
    }
  });
});
