import type { APIRequestContext, Locator, Page } from '@playwright/test';

/** Page object of the filesystem search overlay (docs/behaviour/files.md#search-overlay). */
export class FileSearchObject {
  readonly overlay: Locator;
  readonly input: Locator;
  readonly message: Locator;
  readonly results: Locator;
  /** The desktop's own tray icon that opens it. */
  readonly trayIcon: Locator;

  constructor(readonly page: Page) {
    this.overlay = page.getByRole('dialog', { name: 'Search files' });
    this.input = this.overlay.getByRole('combobox', { name: 'File name' });
    this.message = this.overlay.getByTestId('fileSearch.message');
    this.results = this.overlay.getByRole('listbox', { name: 'Results' }).getByRole('option');
    this.trayIcon = page.getByRole('group', { name: 'Tray' }).getByRole('button', { name: 'Search files' });
  }

  /** The result whose name is exactly this. */
  result(name: string): Locator {
    return this.results.filter({ has: this.page.locator('.atr-file-search__name', { hasText: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }) });
  }
}

/**
 * A demo user's files through the server's /vfs calls (docs/API.md, "Files"),
 * to put files in place before a journey and take them away after it.
 */
export class ServerFiles {
  #token: string | null = null;

  constructor(
    readonly request: APIRequestContext,
    readonly username: string,
    readonly baseURL?: string,
  ) {}

  async #headers(): Promise<Record<string, string>> {
    if (!this.#token) {
      const response = await this.request.post(`${this.baseURL ?? ''}/api/wrapper/auth`, { form: { username: this.username, password: 'Demo@1234' } });
      if (!response.ok()) throw new Error(`signing in ${this.username} failed: ${response.status()}`);
      this.#token = ((await response.json()) as { data: { jwt: string } }).data.jwt;
    }
    return { authorization: `Bearer ${this.#token}` };
  }

  async write(path: string, content: string): Promise<void> {
    const name = path.slice(path.lastIndexOf('/') + 1);
    const response = await this.request.post(`${this.baseURL ?? ''}/vfs/writefile`, {
      headers: await this.#headers(),
      multipart: { path, options: '{}', upload: { name, mimeType: 'application/octet-stream', buffer: Buffer.from(content) } },
    });
    if (!response.ok()) throw new Error(`writing ${path} failed: ${response.status()} ${await response.text()}`);
  }

  async mkdir(path: string): Promise<void> {
    const response = await this.request.post(`${this.baseURL ?? ''}/vfs/mkdir`, { headers: await this.#headers(), data: { path } });
    if (!response.ok()) throw new Error(`creating ${path} failed: ${response.status()} ${await response.text()}`);
  }

  async exists(path: string): Promise<boolean> {
    const response = await this.request.get(`${this.baseURL ?? ''}/vfs/exists`, { headers: await this.#headers(), params: { path } });
    return ((await response.json()) as { data: boolean }).data;
  }

  /** Deletes a file or a folder with everything in it; a path already gone is fine. */
  async remove(path: string): Promise<void> {
    await this.request.post(`${this.baseURL ?? ''}/vfs/unlink`, { headers: await this.#headers(), data: { path } });
  }
}
