/**
 * @module-tag embedded-only
 *
 * The content origin (CONTENT_URL; docs/SECURITY.md "Files"): signed file
 * addresses are absolute under a second address of the same server; there,
 * only signed file contents are answered (anything else is a 404, never the
 * web client or the API), in answers the application's page may load and
 * frame; the application's page plays media from it. The setting is checked
 * at start.
 */
import type { AddressInfo } from 'node:net';
import type { VfsEntry } from '@atrium/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadConfig } from '../../src/config.js';
import { configRefusal } from '../helpers/config.js';
import { makeAccount, makeUser, signIn } from '../helpers/factories.js';
import { bearer, expectClientErrorEnvelope } from '../helpers/http.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';
import { VfsClient } from '../helpers/vfs.js';

const CONTENT = 'http://files.atrium.test';


describe('CONTENT_URL', () => {
  it('is off by default, and reads an absolute http(s) origin', () => {
    expect(loadConfig({}).contentOrigin).toBeNull();
    expect(loadConfig({ PUBLIC_URL: 'https://atrium.example', CONTENT_URL: 'https://files.atrium.example/' }).contentOrigin).toBe('https://files.atrium.example');
    expect(loadConfig({ CONTENT_URL: 'http://localhost:8080' }).contentOrigin).toBe('http://localhost:8080');
  });

  it("refuses at start anything but another origin than PUBLIC_URL's, HTTPS when PUBLIC_URL is", () => {
    for (const [value, publicUrl, reason] of [
      ['files.atrium.example', 'https://atrium.example', /not an origin/],
      ['ftp://files.atrium.example', 'https://atrium.example', /not an origin/],
      ['https://files.atrium.example/content', 'https://atrium.example', /not an origin/],
      ['https://files.atrium.example/?x=1', 'https://atrium.example', /not an origin/],
      ['https://user@files.atrium.example', 'https://atrium.example', /not an origin/],
      ['https://atrium.example:443/', 'https://atrium.example/', /another origin than PUBLIC_URL/],
      ['http://files.atrium.example', 'https://atrium.example', /https/],
    ] as const) {
      const message = configRefusal({ PUBLIC_URL: publicUrl, CONTENT_URL: value });
      expect(message, value).toContain('CONTENT_URL');
      expect(message, value).toMatch(reason);
    }
    // Without PUBLIC_URL, the server's own address is the application's.
    expect(configRefusal({ HOST: '0.0.0.0', PORT: '9000', CONTENT_URL: 'http://localhost:9000' })).toMatch(/another origin/);
  });
});

describe(`a server with a content origin (${databaseKind})`, () => {
  let t: TestApp;
  let files: VfsClient;
  let jwt: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { CONTENT_URL: CONTENT } });
    const account = await makeAccount(t.services.stores);
    jwt = (await signIn(t.app, t.config.wrapperPrefix, (await makeUser(t.services.stores, t.hasher, { accounts: [account.id] })).username)).jwt;
    files = new VfsClient(t, jwt);
  });
  afterAll(() => t.close());

  /** A request as a browser sends it to the content origin. */
  const atContent = (url: string, options: { method?: 'GET' | 'HEAD' | 'POST' | 'OPTIONS'; headers?: Record<string, string> } = {}) =>
    t.app.inject({ method: options.method ?? 'GET', url, headers: { host: 'files.atrium.test', ...options.headers } });

  it('gives file entries signed addresses under the content origin, which answer the file there for the application to load and frame', async () => {
    const entry = (await files.write('home:/report.pdf', '%PDF-1.4 report')).json<{ data: VfsEntry }>().data;
    expect(entry.url).toMatch(new RegExp(`^${CONTENT}${t.config.apiPrefix}/file/${entry.id}/data\\?token=`));
    const url = new URL(entry.url!);
    const res = await atContent(url.pathname + url.search);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('%PDF-1.4 report');
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['content-security-policy']).toMatch(/(^|; )frame-ancestors http:\/\/atrium\.test(;|$)/);
    expect(res.headers['content-security-policy']).toMatch(/(^|; )default-src 'none'(;|$)/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect((await atContent(url.pathname + url.search, { method: 'HEAD' })).statusCode).toBe(200);
    // An active type there is still plain text in a sandboxed attachment.
    const script = (await files.write('home:/evil.js', 'window.__ran = true')).json<{ data: VfsEntry }>().data;
    const js = await atContent(new URL(script.url!).pathname + new URL(script.url!).search);
    expect(js.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(js.headers['content-security-policy']).toBe('sandbox');
    expect(js.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('answers nothing else there: not the page, not the client, not the API, not a file without its token', async () => {
    const entry = (await files.write('home:/notes.txt', 'private notes')).json<{ data: VfsEntry }>().data;
    const url = new URL(entry.url!);
    const token = url.searchParams.get('token')!;
    const requests: Array<[string, Parameters<typeof atContent>]> = [
      ['the page', ['/', { headers: { accept: 'text/html' } }]],
      ['a client-side address', ['/privacy-policy', { headers: { accept: 'text/html' } }]],
      ['the configuration', ['/client-config']],
      ['a file of the client', ['/assets/index-AbCd1234.js']],
      ['a package file', ['/packages/1.2.3/Notes/index.js']],
      ['an API call with a bearer', [`${t.config.apiPrefix}/user/me`, { headers: bearer(jwt) }]],
      ['a filesystem call with a bearer', ['/vfs/readdir?path=home%3A%2F', { headers: bearer(jwt) }]],
      ['readfile with the signed token', [`/vfs/readfile?path=${encodeURIComponent('home:/notes.txt')}&token=${token}`]],
      ['the file by id with a bearer', [url.pathname, { headers: bearer(jwt) }]],
      ['the file with its token and a bearer', [url.pathname + url.search, { headers: bearer(jwt) }]],
      ['a stored resource', [`${t.config.apiPrefix}/resources/${crypto.randomUUID()}`]],
      ['a sign-in', ['/login', { method: 'POST' }]],
      ['a preflight', [url.pathname + url.search, { method: 'OPTIONS', headers: { origin: 'http://atrium.test', 'access-control-request-method': 'GET' } }]],
      ['a health check', ['/healthz']],
    ];
    for (const [what, [path, options]] of requests) {
      const res = await atContent(path, options);
      expectClientErrorEnvelope(res, 404);
      expect(res.body, what).not.toContain('private notes');
      expect(res.body, what).not.toMatch(/<html|<!doctype/i);
    }
  });

  it('refuses a websocket there', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const status = await new Promise<number | null>((resolve) => {
      const socket = new WebSocket(`ws://127.0.0.1:${port}/socket`, { headers: { host: 'files.atrium.test' } });
      // The server ends the connection itself: the app's close below would wait for it otherwise.
      socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? null));
      socket.on('open', () => {
        socket.close();
        resolve(101);
      });
      socket.on('error', () => resolve(null));
    });
    expect(status).toBe(404);
  });

  it("still answers the signed address's path at the application's own origin, inert, and lets the application's page play media from the content origin", async () => {
    const entry = (await files.write('home:/clip.mp4', 'not really a video')).json<{ data: VfsEntry }>().data;
    const url = new URL(entry.url!);
    const res = await t.app.inject({ method: 'GET', url: url.pathname + url.search, headers: { host: 'atrium.test' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    const page = await t.app.inject({ method: 'GET', url: '/client-config', headers: { host: 'atrium.test' } });
    expect(page.headers['content-security-policy']).toMatch(new RegExp(`(^|; )media-src 'self' ${CONTENT}(;|$)`));
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});
