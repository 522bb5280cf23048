import type { APIRequestContext } from '@playwright/test';

/**
 * A user's files through the server's /vfs calls (docs/API.md, "Files"),
 * for journeys that put files in place before the user opens them and
 * take them away afterwards.
 */
export class UserFiles {
  constructor(
    readonly request: APIRequestContext,
    readonly token: string,
  ) {}

  get #headers() {
    return { authorization: `Bearer ${this.token}` };
  }

  /** Writes a file (replacing it), as an upload. */
  async write(path: string, content: string | Buffer, mimeType = 'application/octet-stream'): Promise<void> {
    const name = path.slice(path.lastIndexOf('/') + 1);
    const buffer = typeof content === 'string' ? Buffer.from(content) : content;
    const response = await this.request.post('/vfs/writefile', { headers: this.#headers, multipart: { path, options: '{}', upload: { name, mimeType, buffer } } });
    if (!response.ok()) throw new Error(`writing ${path} failed: ${response.status()} ${await response.text()}`);
  }

  async mkdir(path: string): Promise<void> {
    const response = await this.request.post('/vfs/mkdir', { headers: this.#headers, data: { path } });
    if (!response.ok()) throw new Error(`creating ${path} failed: ${response.status()} ${await response.text()}`);
  }

  /** A file's text as the server keeps it. */
  async read(path: string): Promise<string> {
    const response = await this.request.get('/vfs/readfile', { headers: this.#headers, params: { path } });
    if (!response.ok()) throw new Error(`reading ${path} failed: ${response.status()} ${await response.text()}`);
    return response.text();
  }

  /** Deletes a file or a folder with everything in it; a path already gone is fine. */
  async remove(path: string): Promise<void> {
    await this.request.post('/vfs/unlink', { headers: this.#headers, data: { path } });
  }
}
