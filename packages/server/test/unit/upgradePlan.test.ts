import type { AppDeclarationInput } from '@atrium/shared/apps';
import { describe, expect, it } from 'vitest';
import { countKey, countsNeeded, entitiesToRetitle, formatLoss, formatShared, isEmptyPlan, keepsValues, planUpgrade, uniqueFieldsToCheck, type CountQuery } from '../../src/declarations/upgradePlan.js';
import { parsed, riskRegister, texts } from '../helpers/declarations.js';

type Draft = AppDeclarationInput & { entities: Record<string, { fields: Record<string, Record<string, unknown>> } & Record<string, unknown>> };

/** The risk register changed by `edit`. */
function edited(edit: (d: Draft) => void) {
  const d = riskRegister() as Draft;
  edit(d);
  return parsed(d);
}

/** Counts given by key (countKey); 0 for the others. */
const counts = (given: Record<string, number>) => (q: CountQuery) => given[countKey(q)] ?? 0;

describe('planUpgrade', () => {
  const v1 = parsed(riskRegister());

  it('finds nothing to do between a declaration and itself', () => {
    const plan = planUpgrade(v1, parsed(riskRegister()), counts({}));
    expect(isEmptyPlan(plan)).toBe(true);
    expect(countsNeeded(v1, v1)).toEqual([]);
  });

  it('lists entities, fields, choices, views and roles added as additions, which lose nothing', () => {
    const v2 = edited((d) => {
      d.entities.risk!.fields.impact = { type: 'number', label: texts('Impact') };
      (d.entities.risk!.fields.status!.choices as unknown[]).push({ value: 'accepted', label: texts('Accepted') });
      d.entities.risk!.views = { board: { groupBy: 'status' }, list: { columns: ['title', 'impact'] } };
      d.entities.control = { label: texts('Control'), pluralLabel: texts('Controls'), naming: { series: 'C-{###}' }, titleField: 'name', fields: { name: { type: 'text', label: texts('Name') } }, rights: {} };
      d.roles = { ...d.roles, auditor: { label: texts('Auditor') } };
    });
    const plan = planUpgrade(v1, v2, counts({}));
    expect(plan.additions).toEqual(['roles.auditor: added', 'entities.risk.fields.status.choices.accepted: added', 'entities.risk.fields.impact: added (number)', 'entities.risk.views.list: added', 'entities.control: added']);
    expect(plan.losses).toEqual([]);
  });

  it('counts the records of a removed field, a removed choice, a removed entity and a column of a table', () => {
    const v2 = edited((d) => {
      delete d.entities.risk!.fields.notes;
      d.entities.risk!.fields.status!.choices = [{ value: 'open', label: texts('Open') }];
      delete (d.entities.risk!.fields.actions!.fields as Record<string, unknown>).hours;
      delete d.entities.review;
    });
    expect(countsNeeded(v1, v2)).toEqual([
      { kind: 'choice', entity: 'risk', field: 'status', choice: 'closed' },
      { kind: 'column', entity: 'risk', field: 'actions', column: 'hours' },
      { kind: 'field', entity: 'risk', field: 'notes' },
      { kind: 'entity', entity: 'review' },
    ]);
    const plan = planUpgrade(v1, v2, counts({ 'field:risk.notes': 120, 'choice:risk.status:closed': 1, 'column:risk.actions.hours': 4, 'entity:review': 7 }));
    expect(plan.losses.map(formatLoss)).toEqual([
      'entities.risk.fields.status.choices.closed: choice removed; 1 record uses it',
      'entities.risk.fields.actions.fields.hours: removed; 4 records hold a value',
      'entities.risk.fields.notes: removed; 120 records hold a value',
      'entities.review: removed; its 7 records would be deleted',
    ]);
  });

  it("counts the records using a choice removed from a table's column", () => {
    const withKind = (choices: string[]) => (d: Draft) => {
      (d.entities.risk!.fields.actions!.fields as Record<string, unknown>).kind = { type: 'choice', label: texts('Kind'), choices: choices.map((value) => ({ value, label: texts(value) })) };
    };
    const [from, to] = [edited(withKind(['fix', 'watch'])), edited(withKind(['fix']))];
    expect(countsNeeded(from, to)).toEqual([{ kind: 'columnChoice', entity: 'risk', field: 'actions', column: 'kind', choice: 'watch' }]);
    expect(planUpgrade(from, to, counts({ 'choice:risk.actions.kind:watch': 2 })).losses.map(formatLoss)).toEqual(['entities.risk.fields.actions.fields.kind.choices.watch: choice removed; 2 records use it']);
  });

  it('makes a removal no record is affected by a change, not a loss', () => {
    const v2 = edited((d) => delete d.entities.risk!.fields.notes);
    const plan = planUpgrade(v1, v2, counts({}));
    expect(plan.losses).toEqual([]);
    expect(plan.changes).toContain('entities.risk.fields.notes: removed; no record held a value');
  });

  it('keeps the values of a type changed to a compatible one, and counts those of any other change of type', () => {
    const v2 = edited((d) => {
      d.entities.risk!.fields.notes!.type = 'longText';
      d.entities.risk!.fields.score = { type: 'decimal', label: texts('Score') };
      d.entities.risk!.fields.title = { type: 'number', label: texts('Title') };
      d.entities.risk!.titleField = 'notes';
    });
    const plan = planUpgrade(v1, v2, counts({ 'field:risk.title': 3, 'field:risk.score': 9, 'field:risk.notes': 9 }));
    expect(plan.changes).toEqual(expect.arrayContaining(['entities.risk.fields.notes: type text -> longText, values kept', 'entities.risk.fields.score: type number -> decimal, values kept', 'entities.risk.titleField: changed']));
    expect(plan.losses.map(formatLoss)).toEqual(['entities.risk.fields.title: type changed from text to number; 3 records hold a value']);
  });

  it.each([
    ['text', 'longText', true],
    ['number', 'decimal', true],
    ['longText', 'text', false],
    ['decimal', 'number', false],
    ['choice', 'multiChoice', false],
    ['date', 'datetime', false],
  ] as const)('%s -> %s keeps values: %s', (from, to, keeps) => {
    expect(keepsValues(from, to)).toBe(keeps);
  });

  it('lists texts, settings, rights, views and order as changes', () => {
    const v2 = edited((d) => {
      d.version = '1.1.0';
      d.label = { ...texts('Risks'), de_DE: 'Risiken' };
      d.entities.risk!.fields.score!.max = 20;
      d.entities.risk!.fields.title!.label = texts('Name');
      d.entities.risk!.rights = { everyone: { actions: ['read', 'comment'] } };
      d.entities.risk!.views = {};
      const { title, score, ...rest } = d.entities.risk!.fields;
      d.entities.risk!.fields = { score: score!, title: title!, ...rest };
      delete d.roles!['security-officer'];
    });
    expect(planUpgrade(v1, v2, counts({})).changes).toEqual([
      'version: 1.0.0 -> 1.1.0',
      'label: changed',
      'roles.security-officer: removed; holding it no longer gives rights',
      'entities.risk.fields.score: settings changed',
      'entities.risk.fields.title: label or help changed',
      'entities.risk.fields: order changed',
      'entities.risk.views.board: removed',
      'entities.risk.rights.everyone: changed',
      'entities.risk.rights.security-officer: taken away',
    ]);
  });
});

describe('what an upgrade reads again of the records', () => {
  const v1 = parsed(riskRegister());

  it('computes again the titles and search words of the entities whose title, searchable fields or their words change', () => {
    expect(entitiesToRetitle(v1, v1)).toEqual([]);
    expect(entitiesToRetitle(v1, edited((d) => (d.entities.risk!.titleField = 'notes')))).toEqual(['risk']);
    expect(entitiesToRetitle(v1, edited((d) => (d.entities.review!.searchFields = ['summary'])))).toEqual(['review']);
    expect(entitiesToRetitle(v1, edited((d) => (d.entities.risk!.naming = { series: 'R-{#####}' })))).toEqual(['risk']);
    // A choice's label is a searchable choice's words; a label of a field, a view or a right is no word of a record.
    const searched = (d: Draft) => (d.entities.risk!.searchFields = ['status']);
    const relabelled = edited((d) => {
      searched(d);
      d.entities.risk!.fields.status!.choices = [{ value: 'open', label: texts('Unresolved') }, { value: 'closed', label: texts('Closed') }];
    });
    expect(entitiesToRetitle(edited(searched), relabelled)).toEqual(['risk']);
    const otherTexts = edited((d) => {
      d.entities.risk!.fields.title!.label = texts('Name');
      d.entities.risk!.views = { list: { columns: ['title'] } };
    });
    expect(entitiesToRetitle(v1, otherTexts)).toEqual([]);
    // A removed entity has no records left to title, a new one none yet.
    expect(entitiesToRetitle(v1, edited((d) => delete d.entities.review))).toEqual([]);
  });

  it('checks the shared values of the unique fields records may hold already, and refuses any with their count', () => {
    const unique = edited((d) => (d.entities.risk!.fields.title!.unique = true));
    expect(uniqueFieldsToCheck(v1, unique)).toEqual([{ entity: 'risk', field: 'title' }]);
    expect(uniqueFieldsToCheck(unique, unique)).toEqual([{ entity: 'risk', field: 'title' }]);
    const plan = planUpgrade(v1, unique, counts({}), (entity, field) => (entity === 'risk' && field === 'title' ? 4 : 0));
    expect(plan.shared).toEqual([{ entity: 'risk', field: 'title', path: 'entities.risk.fields.title', records: 4 }]);
    expect(formatShared(plan.shared[0]!)).toBe('entities.risk.fields.title: unique, but 4 records share their value with another record');
    // A new field holds no values yet.
    expect(uniqueFieldsToCheck(v1, edited((d) => (d.entities.risk!.fields.code = { type: 'text', label: texts('Code'), unique: true })))).toEqual([]);
  });
});
