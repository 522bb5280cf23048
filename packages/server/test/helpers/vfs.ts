/** Calling the filesystem's endpoints in-process. */
import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './testApp.js';

/** A multipart body: fields first (in order), then the file part `upload` (unless null). */
export function multipart(fields: Record<string, string>, upload: Buffer | string | null, filename = 'upload.bin'): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----atrium${crypto.randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (upload !== null) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="upload"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`));
    parts.push(Buffer.isBuffer(upload) ? upload : Buffer.from(upload));
    parts.push(Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A signed-in user's view of the filesystem calls. */
export class VfsClient {
  constructor(
    private readonly t: TestApp,
    readonly jwt: string,
  ) {}

  private get auth() {
    return { authorization: `Bearer ${this.jwt}` };
  }

  get(operation: string, query: Record<string, unknown>, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    const q = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
    return this.t.app.inject({ method: 'GET', url: `/vfs/${operation}`, query: q, headers: { ...this.auth, ...headers } });
  }

  post(operation: string, body: Record<string, unknown>): Promise<LightMyRequestResponse> {
    return this.t.app.inject({ method: 'POST', url: `/vfs/${operation}`, payload: body, headers: this.auth });
  }

  write(path: string, content: Buffer | string, options?: Record<string, unknown>): Promise<LightMyRequestResponse> {
    const fields: Record<string, string> = { path };
    if (options) fields.options = JSON.stringify(options);
    const { payload, headers } = multipart(fields, content);
    return this.t.app.inject({ method: 'POST', url: '/vfs/writefile', payload, headers: { ...this.auth, ...headers } });
  }

  read(path: string, headers: Record<string, string> = {}, options?: Record<string, unknown>): Promise<LightMyRequestResponse> {
    return this.get('readfile', options ? { path, options } : { path }, headers);
  }

  mountpoints(): Promise<LightMyRequestResponse> {
    return this.t.app.inject({ method: 'GET', url: '/vfs/mountpoints', headers: this.auth });
  }
}
