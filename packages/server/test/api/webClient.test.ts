// @module-tag embedded-only
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

/** A client build as `npm run build` writes it: hashed assets with .br and .gz beside them, public files, index.html. */
function writeClientBuild(root: string): Record<string, Buffer> {
  const files: Record<string, Buffer> = {
    'index.html': Buffer.from(`<!doctype html><html lang="en"><head><title>Atrium</title><script type="module" src="/assets/index-AbCd12_-.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>`),
    'assets/index-AbCd12_-.js': Buffer.from(Array.from({ length: 400 }, (_, i) => `export const value${i} = 'the entry chunk ${i}';`).join('\n')),
    // No .br/.gz beside it: compressed as it is sent.
    'assets/late-Zz9Yy8Xx.css': Buffer.from(Array.from({ length: 200 }, (_, i) => `.rule-${i} { color: #${String(i).padStart(6, '0')}; }`).join('\n')),
    'logo.svg': Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">${'<rect width="1" height="1"/>'.repeat(60)}</svg>`),
  };
  for (const [name, bytes] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), bytes);
    if (name.endsWith('.css')) continue;
    fs.writeFileSync(path.join(root, `${name}.br`), zlib.brotliCompressSync(bytes));
    fs.writeFileSync(path.join(root, `${name}.gz`), zlib.gzipSync(bytes, { level: 9 }));
  }
  return files;
}

/** The body as the browser would see it once decoded. */
function decoded(res: LightMyRequestResponse): Buffer {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(res.rawPayload);
  if (encoding === 'gzip') return zlib.gunzipSync(res.rawPayload);
  expect(encoding ?? 'identity').toBe('identity');
  return res.rawPayload;
}

describe('web client: compression and caching', () => {
  let t: TestApp;
  let root: string;
  let files: Record<string, Buffer>;
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-web-'));
    files = writeClientBuild(root);
    t = await createTestApp({ env: { WEB_ROOT: root } });
    const account = await t.services.stores.accounts.create({ name: 'Acme', isDefault: true });
    for (let i = 1; i <= 6; i++) {
      await t.services.stores.announcements.create({ accountId: account.id, name: `News ${i}`, description: `What is new in release ${i}: `.repeat(12) });
    }
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  describe.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['identity', undefined],
    [undefined, undefined],
  ] as const)('Accept-Encoding %s', (accept, expected) => {
    const headers: Record<string, string> = accept === undefined ? {} : { 'accept-encoding': accept };

    it(`answers a hashed asset ${expected ?? 'uncompressed'}, decoding to the built file`, async () => {
      const res = await get('/assets/index-AbCd12_-.js', headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(expected);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(decoded(res).equals(files['assets/index-AbCd12_-.js']!)).toBe(true);
      if (expected) expect(res.rawPayload.length).toBeLessThan(files['assets/index-AbCd12_-.js']!.length / 4);
    });

    it(`answers the page at a client-side address ${expected ?? 'uncompressed'}`, async () => {
      for (const url of ['/', '/index.html', '/privacy-policy', '/?resetpassword=abc']) {
        const res = await get(url, { ...headers, accept: 'text/html' });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type'], url).toMatch(/^text\/html/);
        expect(res.headers['content-encoding'], url).toBe(expected);
        expect(decoded(res).equals(files['index.html']!), url).toBe(true);
      }
    });

    it(`compresses a file the build did not precompress as it sends it (${expected ?? 'uncompressed'})`, async () => {
      const res = await get('/assets/late-Zz9Yy8Xx.css', headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(expected);
      expect(decoded(res).equals(files['assets/late-Zz9Yy8Xx.css']!)).toBe(true);
    });

    it(`compresses JSON answers (${expected ?? 'uncompressed'})`, async () => {
      // The login page's announcements: a few kilobytes of JSON.
      const res = await get(`${t.config.apiPrefix}/homescreen/announcement/portal.example.com`, headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(expected);
      const body = JSON.parse(decoded(res).toString('utf8')) as { status: string; data: unknown[] };
      expect(body).toMatchObject({ status: 'success' });
      expect(body.data).toHaveLength(6);
    });
  });

  it('keeps hashed assets for a year without revalidating', async () => {
    for (const url of ['/assets/index-AbCd12_-.js', '/assets/late-Zz9Yy8Xx.css']) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
    }
  });

  it('never serves the page or the configuration from a stale copy', async () => {
    for (const [url, accept] of [
      ['/', 'text/html'],
      ['/index.html', 'text/html'],
      ['/privacy-policy', 'text/html'],
      ['/client-config', 'application/json'],
    ] as const) {
      const res = await get(url, { accept, 'accept-encoding': 'br' });
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('keeps unhashed public files for a short time only', async () => {
    const res = await get('/logo.svg', { 'accept-encoding': 'gzip' });
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(decoded(res).equals(files['logo.svg']!)).toBe(true);
  });

  it('revalidates a cached copy of the page with its validators', async () => {
    const first = await get('/index.html');
    const again = await get('/index.html', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('does not serve the compressed files under their own names', async () => {
    for (const url of ['/assets/index-AbCd12_-.js.br', '/assets/index-AbCd12_-.js.gz']) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });

  it('answers an unknown asset with a 404, not the page', async () => {
    const res = await get('/assets/missing-12345678.js', { accept: '*/*' });
    expect(res.statusCode).toBe(404);
  });
});

describe('web client not built', () => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-web-empty-'));
    t = await createTestApp({ env: { WEB_ROOT: root } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('tells the operator to build it, and is not cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('npm run build');
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});
