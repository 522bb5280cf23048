import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { AppDeclaration, type Entity } from './declaration.js';
import { checkValues, defaultValues, normaliseValue } from './values.js';

const ctx = { userId: 'u-1', now: Date.parse('2026-11-27T10:00:00Z') };
const en = (text: string) => ({ en_EN: text });

/** An entity with a field of every type. */
const entity: Entity = z.parse(AppDeclaration, {
  name: 'Sample',
  version: '1',
  label: en('Sample'),
  category: 'organization',
  entities: {
    item: {
      label: en('Item'),
      pluralLabel: en('Items'),
      naming: { series: 'IT-{#####}' },
      titleField: 'title',
      rights: { everyone: { actions: ['read'] } },
      fields: {
        title: { type: 'text', label: en('Title'), required: true, maxLength: 20, pattern: '[A-Z].*' },
        notes: { type: 'longText', label: en('Notes') },
        body: { type: 'richText', label: en('Body') },
        count: { type: 'number', label: en('Count'), integer: true, min: 0, max: 10 },
        price: { type: 'decimal', label: en('Price'), scale: 2, currency: 'EUR' },
        share: { type: 'percent', label: en('Share'), min: 0, max: 100 },
        day: { type: 'date', label: en('Day'), min: '2020-01-01', default: 'today' },
        at: { type: 'datetime', label: en('At') },
        took: { type: 'duration', label: en('Took') },
        done: { type: 'boolean', label: en('Done'), default: false },
        kind: { type: 'choice', label: en('Kind'), choices: [{ value: 'a', label: en('A') }, { value: 'b', label: en('B') }] },
        tags: { type: 'multiChoice', label: en('Tags'), choices: [{ value: 'x', label: en('X') }, { value: 'y', label: en('Y') }] },
        mail: { type: 'email', label: en('Mail') },
        site: { type: 'url', label: en('Site') },
        phone: { type: 'phone', label: en('Phone') },
        who: { type: 'user', label: en('Who'), default: 'me' },
        other: { type: 'link', label: en('Other'), entity: 'item' },
        lines: { type: 'table', label: en('Lines'), maxRows: 2, fields: { what: { type: 'text', label: en('What'), required: true }, amount: { type: 'number', label: en('Amount') } } },
        files: { type: 'file', label: en('Files'), multiple: true },
        stars: { type: 'rating', label: en('Stars'), max: 5 },
        total: { type: 'number', label: en('Total'), computed: { sumOf: { table: 'lines', field: 'amount' } } },
        reason: { type: 'text', label: en('Reason'), required: true, hiddenWhen: { field: 'done', op: 'eq', value: false } },
      },
    },
  },
}).entities.item!;

describe('checking a record against its declaration', () => {
  it('accepts a record with a good value in every field and normalises them', () => {
    const { values, problems } = checkValues(entity, {
      title: '  Alpha ', notes: 'n  ', body: '<p onclick="x">hi</p>', count: 3, price: 10.456, share: 50, day: '2026-02-28', at: '2026-11-27T10:00:00+01:00',
      took: 90, done: true, kind: 'a', tags: ['y', 'x'], mail: 'a@b.co', site: 'https://x.org', phone: '+47 22 00 00 00', who: 'u-2', other: 'IT-00001',
      lines: [{ what: 'w', amount: 2 }, { what: 'v', amount: 3.5 }], files: [{ id: 'f1', name: 'a.pdf' }], stars: 4, reason: 'because',
    }, ctx);
    expect(problems).toEqual({});
    expect(values).toMatchObject({ title: 'Alpha', notes: 'n', body: '<p>hi</p>', price: 10.46, at: '2026-11-27T09:00:00.000Z', tags: ['x', 'y'], total: 5.5 });
  });

  it('names each problem by its field with a code the form translates', () => {
    const { problems } = checkValues(entity, {
      title: 'lower', count: 2.5, share: 101, day: '2026-02-30', at: 'yesterday', kind: 'c', tags: ['z'], mail: 'no', site: 'javascript:alert(1)', phone: 'call me',
      lines: [{ amount: 'x' }, {}, {}], files: 'f', stars: 6, nope: 1, done: 'yes',
    }, ctx);
    expect(problems).toEqual({
      title: { code: 'pattern' },
      count: { code: 'integer' },
      share: { code: 'max', params: { max: '100' } },
      day: { code: 'date' },
      at: { code: 'datetime' },
      kind: { code: 'choice' },
      tags: { code: 'choice' },
      mail: { code: 'email' },
      site: { code: 'url' },
      phone: { code: 'phone' },
      lines: { code: 'maxRows', params: { max: '2' } },
      'lines.0.what': { code: 'required' },
      'lines.0.amount': { code: 'type' },
      'lines.1.what': { code: 'required' },
      files: { code: 'type' },
      stars: { code: 'max', params: { max: '5' } },
      nope: { code: 'unknownField' },
      done: { code: 'type' },
      // Not hidden: its condition asks for `done` to be false, and it has no value.
      reason: { code: 'required' },
    });
  });

  it('requires a required field only while it is shown, and clears it while hidden', () => {
    expect(checkValues(entity, { title: 'A', done: true }, ctx).problems).toEqual({ reason: { code: 'required' } });
    const hidden = checkValues(entity, { title: 'A', done: false, reason: 'kept?' }, ctx);
    expect(hidden.problems).toEqual({});
    expect(hidden.values.reason).toBeNull();
  });

  it('treats blank text as no value, and checks bounds and lengths', () => {
    expect(normaliseValue(entity.fields.notes!, '   ')).toEqual({ value: null });
    expect(normaliseValue(entity.fields.title!, 'A'.repeat(21)).problem).toEqual({ code: 'maxLength', params: { max: '20' } });
    expect(normaliseValue(entity.fields.day!, '2019-12-31').problem).toEqual({ code: 'min', params: { min: '2020-01-01' } });
    expect(normaliseValue(entity.fields.count!, Number.NaN).problem).toEqual({ code: 'type' });
    expect(normaliseValue(entity.fields.title!, 'A\u0000').problem).toEqual({ code: 'type' });
  });

  it('starts a new record with the declared defaults: today, the one creating it', () => {
    expect(defaultValues(entity, ctx)).toMatchObject({ day: '2026-11-27', who: 'u-1', done: false, title: null, lines: [] });
  });
});
