import { colourOf, type AppDeclaration, type EvaluationContext, type RecordDto } from '@atrium/shared/apps';
import { recordAccess, visibleColour } from '../access/recordRights.js';
import type { Caller } from '../access/Caller.js';
import type { RecordScope, RecordStore, StoredRecord } from './RecordStore.js';
import { linkValues, userValues } from './recordText.js';

/** A record to answer, with the fields hidden to the caller on it. */
export interface ShownRecord {
  record: StoredRecord;
  hidden: readonly string[];
}

/** Records as the calls answer them, with the names of the people and the titles of the linked records they show. */
export interface PresentedRecords {
  records: RecordDto[];
  people: Record<string, string>;
  links: Record<string, string>;
}

/**
 * Shapes records for an answer (docs/API.md, "Records"): only the fields
 * the caller may see of each, its colour by the colours of the entity's
 * rule that read none of the fields hidden, its owner unless the owner
 * field is hidden, and beside
 * them the display names of every person shown and the titles of the
 * linked records the caller may read (a linked record they may not read
 * shows by its name only).
 */
export class RecordPresenter {
  constructor(private readonly store: Pick<RecordStore, 'people' | 'findByNames'>) {}

  async records(app: { name: string; declaration: AppDeclaration; scope: RecordScope }, caller: Caller, shown: readonly ShownRecord[], ctx: EvaluationContext): Promise<PresentedRecords> {
    const visible = shown.map(({ record, hidden }) => {
      const entity = app.declaration.entities[record.entity]!;
      const values: Record<string, unknown> = {};
      for (const key of Object.keys(entity.fields)) if (!hidden.includes(key)) values[key] = record.data[key] ?? null;
      // A title made of a field the caller may not see would show it: the name stands in.
      const title = hidden.includes(entity.titleField) ? record.name : record.title;
      // The owner is the owner field's value, and the colour what its rule reads: neither tells a hidden field.
      const ownerId = entity.ownerField !== undefined && hidden.includes(entity.ownerField) ? null : record.ownerId;
      const colour = colourOf(visibleColour(entity.colour, new Set(hidden)), record.data, entity.fields, ctx);
      return { record, entity, values, title, ownerId, colour };
    });
    const ids = visible.flatMap(({ record, entity, values, ownerId }) => [ownerId, record.createdBy, record.updatedBy, ...userValues(entity, values)]).filter((id): id is string => id !== null);
    const byEntity = new Map<string, Set<string>>();
    for (const { entity, values } of visible) {
      for (const [target, names] of linkValues(entity, values)) for (const name of names) (byEntity.get(target) ?? byEntity.set(target, new Set()).get(target)!).add(name);
    }
    const [people, linked] = await Promise.all([
      this.store.people(ids),
      Promise.all([...byEntity].map(([target, names]) => (Object.hasOwn(app.declaration.entities, target) ? this.store.findByNames(app.scope, target, [...names]) : []))),
    ]);
    const links: Record<string, string> = {};
    for (const record of linked.flat()) {
      if (recordAccess(caller, app.declaration, record.entity, { ownerId: record.ownerId, values: record.data }, ctx.now).actions.includes('read')) links[record.name] = record.title;
    }
    const person = (id: string | null) => (id && people.has(id) ? { id, name: people.get(id)! } : null);
    const records = visible.map(
      ({ record, values, title, ownerId, colour }): RecordDto => ({
        app: app.name,
        entity: record.entity,
        name: record.name,
        title,
        version: record.version,
        colour,
        owner: person(ownerId),
        createdAt: record.createdAt.toISOString(),
        createdBy: person(record.createdBy),
        updatedAt: record.updatedAt.toISOString(),
        updatedBy: person(record.updatedBy),
        ...(record.deletedAt ? { deletedAt: record.deletedAt.toISOString() } : {}),
        values,
      }),
    );
    return { records, people: Object.fromEntries(people), links };
  }
}
