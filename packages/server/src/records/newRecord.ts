import crypto from 'node:crypto';
import type { Entity } from '@atrium/shared/apps';
import type { HistoryRow, NewRecord, RecordScope } from './RecordStore.js';
import { givenFields } from './recordChecks.js';
import { searchTextOf, titleOf } from './recordText.js';

/** A new record once its values are checked and it is named. */
export interface NamedRecord {
  entity: string;
  name: string;
  values: Record<string, unknown>;
  ownerId: string | null;
  createdBy: string;
  at: Date;
}

/**
 * A new record as it is stored (its title and search text read from its
 * values and the people they name) with its first history row: version 1,
 * by its creator, listing every field given a value. The one shape of a new
 * record for a create, an import and a bulk write.
 */
export function newRecord(scope: RecordScope, entity: Entity, input: NamedRecord, people: ReadonlyMap<string, string>, action: 'create' | 'import'): { record: NewRecord; history: HistoryRow } {
  const { name, values, createdBy, at } = input;
  const id = crypto.randomUUID();
  return {
    record: { id, ...scope, entity: input.entity, name, title: titleOf(entity, values, name, people), ownerId: input.ownerId, createdBy, at, data: values, searchText: searchTextOf(entity, values, people) },
    history: { id: crypto.randomUUID(), recordId: id, userId: createdBy, at, action, version: 1, changes: givenFields(entity, values).map((field) => ({ field, before: null, after: values[field] })) },
  };
}
