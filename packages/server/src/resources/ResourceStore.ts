import type { InferSelectModel } from 'drizzle-orm';
import type { resources } from '../db/schema.js';

export type ResourceRecord = InferSelectModel<typeof resources>;

/** Metadata of stored files; the bytes live in a blob store (VfsBlobStore) under the resource's id. */
export interface ResourceStore {
  create(input: Omit<ResourceRecord, 'createdAt'>): Promise<ResourceRecord>;
  findById(id: string): Promise<ResourceRecord | null>;
}
