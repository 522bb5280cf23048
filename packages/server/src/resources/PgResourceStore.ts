import { eq } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { resources } from '../db/schema.js';
import type { ResourceRecord, ResourceStore } from './ResourceStore.js';

export class PgResourceStore implements ResourceStore {
  constructor(private readonly db: Db) {}

  async create(input: Omit<ResourceRecord, 'createdAt'>): Promise<ResourceRecord> {
    const [row] = await this.db.insert(resources).values(input).returning();
    return row!;
  }

  async findById(id: string): Promise<ResourceRecord | null> {
    const [row] = await this.db.select().from(resources).where(eq(resources.id, id)).limit(1);
    return row ?? null;
  }
}
