import type { InferSelectModel } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import type { resources } from '../db/schema.js';

export type ResourceRecord = InferSelectModel<typeof resources>;

/** Metadata of stored files; the bytes live in a BlobStore. */
export interface ResourceStore {
  create(input: Omit<ResourceRecord, 'createdAt'>): Promise<ResourceRecord>;
  findById(id: string): Promise<ResourceRecord | null>;
}

/** Where file bytes live: a folder today, object storage when scaled out. */
export interface BlobStore {
  put(key: string, data: Buffer): Promise<void>;
  /** A stream of the bytes, or null when the key is unknown. */
  get(key: string): Promise<Readable | null>;
}
