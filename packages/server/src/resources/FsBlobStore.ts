import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { BlobStore } from './ResourceStore.js';

/** Keeps blobs as files in one folder. Keys are uuids, checked so no path can escape it. */
export class FsBlobStore implements BlobStore {
  constructor(private readonly dir: string) {}

  private file(key: string): string {
    if (!/^[0-9a-f-]{36}$/.test(key)) throw new Error(`Invalid blob key '${key}'`);
    return path.join(this.dir, key);
  }

  async put(key: string, data: Buffer): Promise<void> {
    await fs.promises.mkdir(this.dir, { recursive: true });
    const target = this.file(key);
    const temp = `${target}.part`;
    await fs.promises.writeFile(temp, data, { mode: 0o600 });
    await fs.promises.rename(temp, target);
  }

  async get(key: string): Promise<Readable | null> {
    const file = this.file(key);
    try {
      await fs.promises.access(file);
    } catch {
      return null;
    }
    return fs.createReadStream(file);
  }
}
