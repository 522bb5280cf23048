import path from 'node:path';
import { Readable } from 'node:stream';
import type { VfsBlobStore } from '../vfs/VfsBlobStore.js';
import type { ResourceRecord, ResourceStore } from './ResourceStore.js';

/** File types the server accepts as resources, by extension. */
export const RESOURCE_TYPES: Readonly<Record<string, string>> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};

/**
 * Pages the server itself ships as resources (the demo handbook). Served
 * with the same sandboxing policy as every resource, so they cannot run
 * script; not accepted from operators' media options.
 */
export const DOCUMENT_TYPES: Readonly<Record<string, string>> = {
  ...RESOURCE_TYPES,
  '.html': 'text/html; charset=utf-8',
};

export class UnsupportedResourceError extends Error {
  override name = 'UnsupportedResourceError';
}

/**
 * Stores files as resources: metadata in the database, bytes in a blob store
 * of the same kind as the files' (docs/ARCHITECTURE.md): written atomically
 * and durably, the resource's id being the blob's key. Resources have a blob
 * store (a folder) of their own, which the files' sweep never looks into.
 */
export class ResourceService {
  constructor(
    private readonly store: ResourceStore,
    private readonly blobs: VfsBlobStore,
  ) {}

  /** The MIME type of a file name, or throws when the type is not accepted. */
  static mimeOf(filename: string, types: Readonly<Record<string, string>> = RESOURCE_TYPES): string {
    const mime = types[path.extname(filename).toLowerCase()];
    if (!mime) {
      throw new UnsupportedResourceError(`Unsupported file type '${path.extname(filename) || filename}'. Accepted: ${Object.keys(types).join(', ')}`);
    }
    return mime;
  }

  /** Stores a file whose extension is one of `types` (the media types by default). */
  async add(filename: string, data: Buffer | Readable, types: Readonly<Record<string, string>> = RESOURCE_TYPES): Promise<ResourceRecord> {
    const mime = ResourceService.mimeOf(filename, types);
    const blob = await this.blobs.write(Buffer.isBuffer(data) ? Readable.from([data]) : data);
    try {
      return await this.store.create({ id: blob.key, filename: path.basename(filename), mime, size: blob.size, sha256: blob.sha256 });
    } catch (e) {
      await this.blobs.delete(blob.key);
      throw e;
    }
  }

  async open(id: string) {
    const record = await this.store.findById(id);
    if (!record) return null;
    const stream = await this.blobs.read(id);
    return stream ? { record, stream } : null;
  }
}
