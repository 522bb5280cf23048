/** Calling the filesystem's endpoints in-process. */
import crypto from 'node:crypto';
import net from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './testApp.js';

/** A multipart body: fields first (in order), then the file part `upload` (unless null). */
export function multipart(fields: Record<string, string>, upload: Buffer | string | null, filename = 'upload.bin'): { payload: Buffer; headers: { 'content-type': string } } {
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

/** A writefile form cut around its content: what comes before it (the fields, then the upload part's head) and after it. */
export function multipartAround(fields: Record<string, string>, filename = 'upload.bin'): { before: Buffer; after: Buffer; contentType: string } {
  const { payload, headers } = multipart(fields, Buffer.from('\u0000'), filename);
  const at = payload.indexOf(Buffer.from('\r\n\r\n\u0000\r\n')) + 4;
  return { before: payload.subarray(0, at), after: payload.subarray(at + 1), contentType: headers['content-type'] };
}

/** What the server answered on a raw connection. */
export interface RawAnswer {
  status: number;
  headers: string;
  body: { status?: string; code?: string; message?: string; data?: unknown };
}

/**
 * A writefile sent by hand on a real socket, as slowly as a test wants:
 * the request head first (with a Content-Length, or chunked when `length`
 * is null), then the body in pieces; the server's first answer is parsed
 * as soon as it has arrived whole, whether or not the body was all sent.
 */
export class SocketUpload {
  private received = Buffer.alloc(0);
  private readonly waiting = new Set<() => void>();
  readonly closed: Promise<void>;
  /** Set when the connection failed (a reset, for instance). */
  failure: string | null = null;

  private constructor(
    readonly socket: net.Socket,
    private readonly chunked: boolean,
  ) {
    socket.on('data', (chunk: Buffer) => {
      this.received = Buffer.concat([this.received, chunk]);
      for (const wake of this.waiting) wake();
    });
    socket.on('error', (e: NodeJS.ErrnoException) => (this.failure ??= e.code ?? e.message));
    this.closed = new Promise((resolve) =>
      socket.on('close', () => {
        for (const wake of this.waiting) wake();
        resolve();
      }),
    );
  }

  /** Opens a connection and sends a writefile's request head. */
  static async open(port: number, jwt: string, contentType: string, length: number | null): Promise<SocketUpload> {
    const socket = net.connect({ host: '127.0.0.1', port });
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    const upload = new SocketUpload(socket, length === null);
    const framing = length === null ? 'Transfer-Encoding: chunked' : `Content-Length: ${length}`;
    socket.write(`POST /vfs/writefile HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${jwt}\r\nContent-Type: ${contentType}\r\n${framing}\r\n\r\n`);
    return upload;
  }

  /** Sends a piece of the body (chunk-framed when chunked); resolves once the socket takes more. */
  async send(bytes: Buffer): Promise<void> {
    if (this.socket.destroyed || bytes.length === 0) return;
    const framed = this.chunked ? Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from('\r\n')]) : bytes;
    if (!this.socket.write(framed)) await new Promise<void>((resolve) => this.socket.once('drain', resolve).once('close', resolve));
  }

  /** Sends `total` bytes of content in slices of `slice` bytes. */
  async sendContent(total: number, slice = 64 * 1024): Promise<void> {
    for (let sent = 0; sent < total && !this.socket.destroyed; sent += slice) await this.send(Buffer.alloc(Math.min(slice, total - sent), 0x61));
  }

  /** Ends a chunked body. */
  finish(): void {
    if (this.chunked && !this.socket.destroyed) this.socket.write('0\r\n\r\n');
  }

  /** Whether an answer has arrived whole. */
  get answered(): boolean {
    return this.parse() !== null;
  }

  /** The first answer, once it has arrived whole; rejects when the connection ends without one. */
  async answer(): Promise<RawAnswer> {
    for (;;) {
      const parsed = this.parse();
      if (parsed) return parsed;
      if (this.socket.destroyed) throw new Error(`no answer: ${this.failure ?? 'the connection closed'}`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.waiting.delete(wake);
          resolve();
        };
        this.waiting.add(wake);
      });
    }
  }

  private parse(): RawAnswer | null {
    const end = this.received.indexOf('\r\n\r\n');
    if (end < 0) return null;
    const headers = this.received.subarray(0, end).toString('latin1');
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(headers)?.[1] ?? 0);
    if (this.received.length < end + 4 + length) return null;
    const text = this.received.subarray(end + 4, end + 4 + length).toString('utf8');
    return { status: Number(headers.slice(9, 12)), headers, body: text ? (JSON.parse(text) as RawAnswer['body']) : {} };
  }

  close(): void {
    this.socket.destroy();
  }
}
