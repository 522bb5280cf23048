/** Small helpers for calling the app in-process and checking its answers. */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** The Authorization header of a bearer token. */
export function bearer(jwt: string): { authorization: string } {
  return { authorization: `Bearer ${jwt}` };
}

/** A form-urlencoded body; an array value repeats the key. */
export function form(fields: Record<string, string | string[]>): { payload: string; headers: { 'content-type': string } } {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) params.append(name, v);
  }
  return { payload: params.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
}

/** Header and payload of a JWT, decoded without any check. */
export function decodeJwt(jwt: string): { header: Record<string, unknown>; payload: Record<string, unknown> } {
  const [header, payload] = jwt.split('.');
  const decode = (part: string | undefined) => JSON.parse(Buffer.from(part ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
  return { header: decode(header), payload: decode(payload) };
}

/** True when a text looks like it carries a stack trace. */
export function hasStackTrace(text: string): boolean {
  return /\n\s+at /.test(text) || /"stack"\s*:/.test(text) || /\bat [^\s]+ \([^)]*:\d+:\d+\)/.test(text);
}

/**
 * Asserts that a response is an error envelope with a client-error status:
 * JSON, status 'error', a message, and no stack trace.
 */
export function expectClientErrorEnvelope(res: LightMyRequestResponse, status?: number): void {
  if (status !== undefined) expect(res.statusCode, res.body).toBe(status);
  expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, res.body).toBeLessThan(500);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json<Record<string, unknown>>();
  expect(body.status).toBe('error');
  expect(typeof body.message).toBe('string');
  expect(body).not.toHaveProperty('stack');
  expect(hasStackTrace(res.body)).toBe(false);
}

/** What a browser sends for a body: its bytes and the content type it picks (undici builds them as browsers do). */
export async function browserBody(body: FormData | URLSearchParams | string): Promise<{ payload: Buffer; headers: { 'content-type': string } }> {
  const request = new Request('http://atrium.test/', { method: 'POST', body });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type') ?? '' } };
}

/** A multipart form of text fields, as a browser's FormData sends it; an array value repeats the field. */
export function formData(fields: Record<string, string | string[]>): Promise<{ payload: Buffer; headers: { 'content-type': string } }> {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) data.append(name, v);
  }
  return browserBody(data);
}

/** A JSON string posted without a content type: the browser labels it text/plain;charset=UTF-8. */
export function plainJson(value: unknown): Promise<{ payload: Buffer; headers: { 'content-type': string } }> {
  return browserBody(JSON.stringify(value));
}
