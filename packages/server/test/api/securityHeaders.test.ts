/**
 * The security headers of every answer (docs/SECURITY.md, "Content Security
 * Policy"): the page, its client-side addresses, its files, the API, error
 * answers and package files carry the strict policy; stored files keep
 * their own sandboxing one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../src/http/securityHeaders.js';
import { ResourceService } from '../../src/resources/ResourceService.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';

/** The directives of a policy by name. */
function directives(policy: string | undefined): Map<string, string[]> {
  return new Map(
    (policy ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe(`security headers on ${databaseKind}`, () => {
  let t: TestApp;
  const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-web-'));

  beforeAll(async () => {
    fs.mkdirSync(path.join(webRoot, 'assets'));
    fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Atrium</title><script type="module" src="/assets/index-AbCd1234.js"></script>');
    fs.writeFileSync(path.join(webRoot, 'assets', 'index-AbCd1234.js'), 'export {};');
    t = await createTestApp({ env: { WEB_ROOT: webRoot } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  function expectPageHeaders(res: LightMyRequestResponse, what: string) {
    expect(res.headers['content-security-policy'], what).toBe(CONTENT_SECURITY_POLICY);
    expect(res.headers['x-content-type-options'], what).toBe('nosniff');
    expect(res.headers['referrer-policy'], what).toBe('same-origin');
    expect(res.headers['x-frame-options'], what).toBe('SAMEORIGIN');
  }

  it('allows script, style, fonts, media and connections from this server only, with no inline script or eval, and framing by itself only', () => {
    const policy = directives(CONTENT_SECURITY_POLICY);
    for (const name of ['default-src', 'script-src', 'style-src', 'font-src', 'media-src', 'connect-src', 'form-action', 'frame-ancestors']) {
      expect(policy.get(name), name).toEqual(["'self'"]);
    }
    for (const name of ['object-src', 'base-uri', 'worker-src']) expect(policy.get(name), name).toEqual(["'none'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'https:', 'http:']);
    expect(policy.get('frame-src')).toEqual(["'self'", 'https:', 'http:']);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  });

  it('puts the policy on the page, its client-side addresses, its files, the API and error answers', async () => {
    const requests: Array<[string, string, Record<string, string>]> = [
      ['the page', '/', {}],
      ['a client-side address', '/privacy-policy', { accept: 'text/html' }],
      ['an address with a reset code', '/?resetpassword=abc', { accept: 'text/html' }],
      ['a file of the client', '/assets/index-AbCd1234.js', {}],
      ['the configuration', '/client-config', {}],
      ['an API call', `${t.config.apiPrefix}/homescreen/announcement/localhost`, {}],
      ['a refused API call', `${t.config.apiPrefix}/user/me`, {}],
      ['an unknown API address', `${t.config.apiPrefix}/nothing`, {}],
      ['an unknown package file', '/packages/1.2.3/Notes/index.html', { accept: 'text/html' }],
    ];
    for (const [what, url, headers] of requests) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, what).toBeLessThan(500);
      expectPageHeaders(res, what);
    }
  });

  it('keeps the sandboxing policy of stored files', async () => {
    const resources = new ResourceService(t.services.stores.resources, t.services.stores.blobs);
    const stored = await resources.add('note.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'));
    const res = await t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/resources/${stored.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(res.headers['content-security-policy']).not.toBe(CONTENT_SECURITY_POLICY);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
