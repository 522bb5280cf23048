import crypto from 'node:crypto';
import path from 'node:path';
import type { BlobStore, ResourceRecord, ResourceStore } from './ResourceStore.js';

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

/** Stores files as resources: metadata in the database, bytes in the blob store. */
export class ResourceService {
  constructor(
    private readonly store: ResourceStore,
    private readonly blobs: BlobStore,
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
  async add(filename: string, data: Buffer, types: Readonly<Record<string, string>> = RESOURCE_TYPES): Promise<ResourceRecord> {
    const mime = ResourceService.mimeOf(filename, types);
    const id = crypto.randomUUID();
    await this.blobs.put(id, data);
    return this.store.create({
      id,
      filename: path.basename(filename),
      mime,
      size: data.length,
      sha256: crypto.createHash('sha256').update(data).digest('hex'),
    });
  }

  async open(id: string) {
    const record = await this.store.findById(id);
    if (!record) return null;
    const stream = await this.blobs.get(id);
    return stream ? { record, stream } : null;
  }
}
