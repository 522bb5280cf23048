/**
 * The records of recordQuery.test.ts: an entity with a field of every type
 * (and a colour rule, a list sort and roles of each scope), and records
 * generated from a seed with values drawn from small pools per type, so
 * that conditions drawn from the same pools hit. Some records lack a key
 * (written before the field was declared), some are deleted.
 */
import { AppDeclaration, type AppDeclarationInput, type Entity, type Field } from '@atrium/shared/apps';

const L = (en: string) => ({ en_EN: en });
export const NOW = Date.parse('2026-03-10T09:30:00Z');
const DAY = 86_400_000;
const day = (offset: number) => new Date(NOW + offset * DAY).toISOString().slice(0, 10);
const moment = (hours: number) => new Date(NOW + hours * 3_600_000).toISOString();

const choices = (...values: string[]) => values.map((value) => ({ value, label: L(value) }));
const declaration: AppDeclarationInput = {
  name: 'Tracker',
  version: '1',
  label: L('Tracker'),
  category: 'organization',
  roles: { lead: { label: L('Lead') }, audit: { label: L('Audit') }, mine: { label: L('Mine') }, boss: { label: L('Boss') } },
  entities: {
    thing: {
      label: L('Thing'),
      pluralLabel: L('Things'),
      naming: { series: 'T-{#####}' },
      titleField: 'title',
      searchFields: ['notes'],
      fields: {
        title: { type: 'text', label: L('Title') },
        notes: { type: 'longText', label: L('Notes') },
        body: { type: 'richText', label: L('Body') },
        count: { type: 'number', label: L('Count'), integer: true },
        amount: { type: 'decimal', label: L('Amount') },
        ratio: { type: 'percent', label: L('Ratio') },
        start: { type: 'date', label: L('Start') },
        at: { type: 'datetime', label: L('At') },
        minutes: { type: 'duration', label: L('Minutes') },
        done: { type: 'boolean', label: L('Done') },
        status: { type: 'choice', label: L('Status'), choices: choices('draft', 'open', 'closed') },
        tags: { type: 'multiChoice', label: L('Tags'), choices: choices('a', 'b', 'c') },
        mail: { type: 'email', label: L('Mail') },
        site: { type: 'url', label: L('Site') },
        phone: { type: 'phone', label: L('Phone') },
        person: { type: 'user', label: L('Person') },
        ref: { type: 'link', label: L('Ref'), entity: 'thing' },
        lines: { type: 'table', label: L('Lines'), fields: { qty: { type: 'number', label: L('Qty') } } },
        files: { type: 'file', label: L('Files'), multiple: true },
        stars: { type: 'rating', label: L('Stars') },
      },
      colour: {
        red: { field: 'count', op: 'gt', value: 7 },
        yellow: { any: [{ field: 'status', op: 'eq', value: 'open' }, { field: 'start', op: 'lt', value: { relative: { days: -10 } } }] },
        green: { field: 'done', op: 'eq', value: true },
      },
      views: { list: { sort: { field: 'count', direction: 'desc' } } },
      rights: {
        everyone: { actions: ['read'], scope: 'own' },
        lead: { actions: ['read'], scope: 'reports' },
        audit: { actions: ['read'], scope: { where: { all: [{ field: 'status', op: 'eq', value: 'closed' }, { field: 'start', op: 'lt', value: { relative: { days: 0 } } }] } } },
        mine: { actions: ['read'], scope: { where: { field: 'person', op: 'eq', value: { me: true } } }, hiddenFields: ['amount', 'notes'] },
        boss: { actions: ['read'] },
      },
    },
  },
};
export const app = AppDeclaration.parse(declaration);
export const entity: Entity = app.entities.thing!;
export const fields = entity.fields;

/** A seeded generator (mulberry32), so that a failure can be replayed. */
export function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  return { next, pick };
}

/** Values of each field type, from which records and conditions are both drawn (so that comparisons hit). */
export function pool(field: Field, userIds: readonly string[]): readonly unknown[] {
  switch (field.type) {
    case 'text':
    case 'longText':
    case 'richText':
      return ['Alpha', 'alpha', 'BETA', 'beta gamma', "O'Brien", '100%', 'a_b', 'back\\slash', 'é中€', 'zeta', "'); drop table records; --"];
    case 'number':
    case 'duration':
      return [-3, 0, 1, 2, 7, 8, 10, 1e15];
    case 'decimal':
    case 'percent':
      return [-0.5, 0, 0.3, 0.30000000000000004, 2.25, 7.5, 1e21, -1e21];
    case 'rating':
      return [0, 1, 3, 5];
    case 'date':
      return [day(-400), day(-11), day(-10), day(-1), day(0), day(1), day(2), day(30)];
    case 'datetime':
      return [moment(-49), moment(-5), moment(0), moment(1), moment(24), moment(24 * 40)];
    case 'boolean':
      return [true, false];
    case 'choice':
    case 'multiChoice':
      return field.choices.map((c) => c.value);
    case 'email':
      return ['ann@example.test', 'bo@example.test', 'Zed@Example.test'];
    case 'url':
      return ['https://example.test/a', 'https://example.test/b?x=1%20'];
    case 'phone':
      return ['+44 20 7946 0000', '555-0100'];
    case 'user':
      return userIds;
    case 'link':
      return ['T-00001', 'T-00002', 'T-00100'];
    case 'table':
      return [[{ qty: 1 }], [{ qty: 2 }, { qty: 3 }]];
    case 'file':
      return [[{ id: 'f1', name: 'a.pdf' }]];
  }
}

export interface Row {
  name: string;
  ownerId: string | null;
  data: Record<string, unknown>;
  title: string;
  searchText: string;
  createdAt: Date;
  updatedAt: Date;
  deleted: boolean;
}

export function generateRows(count: number, seed: number, userIds: readonly string[]): Row[] {
  const { next, pick } = random(seed);
  return Array.from({ length: count }, (_, i) => {
    const data: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(fields)) {
      const r = next();
      if (r < 0.08) continue; // an older record, written before the field was declared
      if (r < 0.25) data[key] = field.type === 'table' ? [] : null;
      else if (field.type === 'multiChoice') data[key] = field.choices.map((c) => c.value).filter(() => next() < 0.5);
      else data[key] = pick(pool(field, userIds));
    }
    // An empty list of choices is stored as nothing, as values.ts normalises it.
    if (Array.isArray(data.tags) && data.tags.length === 0) data.tags = next() < 0.5 ? null : [];
    const title = typeof data.title === 'string' ? data.title : `Thing ${i}`;
    return {
      name: `T-${String(i + 1).padStart(5, '0')}`,
      ownerId: next() < 0.15 ? null : pick(userIds),
      data,
      title,
      searchText: typeof data.notes === 'string' ? data.notes : '',
      createdAt: new Date(NOW - i * 60_000),
      updatedAt: new Date(NOW - ((i * 7) % 301) * 60_000),
      deleted: next() < 0.05,
    };
  });
}
