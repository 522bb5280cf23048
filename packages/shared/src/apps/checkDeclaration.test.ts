import { describe, expect, it } from 'vitest';
import { checkDeclaration, formatProblem, type DeclarationProblem } from './checkDeclaration.js';
import { FIELD_TYPES, type AppDeclarationInput } from './declaration.js';

const all = (en: string) => ({ en_EN: en, de_DE: `${en} (de)`, fr_FR: `${en} (fr)`, nb_NO: `${en} (nb)`, sl_SI: `${en} (sl)`, vi_VN: `${en} (vi)`, zh_CN: `${en} (zh)` });

/** A declaration using every field type, every view kind and every scope kind, all texts in every locale. */
function complete(): AppDeclarationInput & Record<string, unknown> {
  return {
    $schema: '../docs/schemas/app-declaration.schema.json',
    name: 'Audits',
    version: '1.0.0',
    label: all('Audits'),
    description: all('Audits and their findings'),
    category: 'quality management',
    icon: 'clipboard',
    roles: { auditor: { label: all('Auditor'), description: all('Plans and runs audits') }, 'lead-auditor': { label: all('Lead auditor') } },
    entities: {
      audit: {
        label: all('Audit'),
        pluralLabel: all('Audits'),
        naming: { series: 'AU-{YYYY}-{####}' },
        titleField: 'title',
        ownerField: 'auditor',
        cardFields: ['status', 'planned'],
        searchFields: ['notes'],
        fields: {
          title: { type: 'text', label: all('Title'), required: true, maxLength: 120, pattern: '[A-Z].*', patternMessage: all('Starts with a capital') },
          notes: { type: 'longText', label: all('Notes'), help: all('What was seen') },
          report: { type: 'richText', label: all('Report') },
          findingsCount: { type: 'number', label: all('Findings'), integer: true, min: 0, max: 1000, default: 0 },
          cost: { type: 'decimal', label: all('Cost'), currency: 'EUR', scale: 2, min: 0 },
          score: { type: 'percent', label: all('Score'), min: 0, max: 100 },
          planned: { type: 'date', label: all('Planned'), default: 'today', min: '2020-01-01', max: '2099-12-31' },
          ends: { type: 'date', label: all('Ends') },
          days: { type: 'number', label: all('Days'), computed: { daysBetween: ['planned', 'ends'], workdays: true } },
          startsAt: { type: 'datetime', label: all('Starts at') },
          effort: { type: 'duration', label: all('Effort') },
          total: { type: 'decimal', label: all('Total'), computed: { sum: ['cost', 'effort'] } },
          weighted: { type: 'number', label: all('Weighted'), computed: { product: ['score', 'findingsCount'] } },
          remote: { type: 'boolean', label: all('Remote'), default: false },
          status: {
            type: 'choice',
            label: all('Status'),
            default: 'planned',
            choices: [
              { value: 'planned', label: all('Planned'), colour: 'blue' },
              { value: 'done', label: all('Done'), colour: 'green' },
            ],
          },
          tags: { type: 'multiChoice', label: all('Tags'), default: ['iso'], choices: [{ value: 'iso', label: all('ISO') }, { value: 'gdpr', label: all('GDPR') }] },
          contact: { type: 'email', label: all('Contact'), unique: true },
          site: { type: 'url', label: all('Site') },
          phone: { type: 'phone', label: all('Phone') },
          auditor: { type: 'user', label: all('Auditor'), default: 'me' },
          parent: { type: 'link', label: all('Follows'), entity: 'audit' },
          findings: {
            type: 'table',
            label: all('Findings'),
            maxRows: 50,
            fields: {
              text: { type: 'text', label: all('Finding'), required: true },
              grade: { type: 'choice', label: all('Grade'), choices: [{ value: 'major', label: all('Major') }, { value: 'minor', label: all('Minor') }] },
              hours: { type: 'number', label: all('Hours') },
            },
          },
          hoursTotal: { type: 'number', label: all('Hours in findings'), computed: { sumOf: { table: 'findings', field: 'hours' } } },
          files: { type: 'file', label: all('Files'), multiple: true, accept: ['.pdf'] },
          rating: { type: 'rating', label: all('Rating'), max: 5, hiddenWhen: { field: 'status', op: 'ne', value: 'done' } },
        },
        colour: {
          red: { all: [{ field: 'status', op: 'eq', value: 'planned' }, { field: 'planned', op: 'lt', value: { relative: { days: 0 } } }] },
          yellow: { any: [{ field: 'score', op: 'lt', value: 50 }, { not: { field: 'tags', op: 'contains', value: 'iso' } }] },
          green: { field: 'status', op: 'in', value: ['done'] },
        },
        views: {
          list: { columns: ['title', 'status', 'planned'], sort: { field: 'planned', direction: 'desc' }, filters: ['status', 'auditor'], pageSize: 50 },
          form: {
            tabs: [
              { label: all('General'), sections: [{ label: all('What'), fields: ['title', 'status', 'planned', 'ends'] }, { fields: ['notes'] }] },
              { label: all('Findings'), sections: [{ fields: ['findings', 'files'] }] },
            ],
          },
          board: { groupBy: 'status', cardFields: ['planned'] },
          calendar: { start: 'planned', end: 'ends' },
        },
        rights: {
          everyone: { actions: ['read', 'comment'], scope: 'organisation', hiddenFields: ['cost'] },
          auditor: { actions: ['read', 'create', 'update'], scope: 'own', readOnlyFields: ['status'] },
          'lead-auditor': { actions: ['read', 'update', 'delete', 'export', 'import'], scope: 'reports' },
        },
      },
      process: {
        label: all('Process'),
        pluralLabel: all('Processes'),
        naming: { field: 'code' },
        titleField: 'code',
        fields: { code: { type: 'text', label: all('Code'), required: true, unique: true }, owner: { type: 'user', label: all('Owner') } },
        views: { form: { sections: [{ fields: ['code', 'owner'] }] } },
        rights: { everyone: { actions: ['read'], scope: { where: { field: 'owner', op: 'eq', value: { me: true } } } } },
      },
    },
  };
}

/** The declaration as plain JSON, edited freely into what the schema refuses. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Mutable = any;

/** The complete declaration changed by `edit`. */
function changed(edit: (d: Mutable) => void): unknown {
  const d = JSON.parse(JSON.stringify(complete())) as Mutable;
  edit(d);
  return d;
}

function problemsOf(input: unknown): DeclarationProblem[] {
  const result = checkDeclaration(input);
  if (result.ok) throw new Error('the declaration was accepted');
  return result.problems;
}

describe('checkDeclaration', () => {
  it('accepts a complete declaration using every field type and view, with no warning', () => {
    const declaration = complete();
    const used = new Set(Object.values(declaration.entities.audit!.fields).map((f) => f.type));
    expect([...used].sort()).toEqual([...FIELD_TYPES].sort());
    const result = checkDeclaration(declaration);
    expect(result).toMatchObject({ ok: true, warnings: [] });
    // Defaults are filled in: the sort's direction, a grant's scope, views left out.
    if (!result.ok) return;
    expect(result.declaration.entities.process!.views).toEqual({ form: { sections: [{ fields: ['code', 'owner'] }] } });
  });

  describe('refuses what the schema refuses, each at its path with a clear message', () => {
    it.each<[string, (d: Mutable) => void, DeclarationProblem]>([
      ['a number given as text', (d) => (d.entities.audit!.fields.score!.max = 'a lot'), { path: 'entities.audit.fields.score.max', message: 'must be a number' }],
      ['a missing key', (d) => delete (d as Record<string, unknown>).version, { path: 'version', message: 'is required' }],
      ['a bound', (d) => (d.entities.audit!.views.list = { pageSize: 5 }), { path: 'entities.audit.views.list.pageSize', message: 'must be at least 10' }],
      ['a text too short', (d) => (d.version = ''), { path: 'version', message: 'must have at least 1 character' }],
      ['a value outside its list', (d) => (d.category = 'games'), { path: 'category', message: expect.stringMatching(/^must be one of 'collaboration', 'organization', .*'sales and marketing'$/) as unknown as string }],
      ['an unknown key', (d) => ((d.entities.audit!.fields.title as Record<string, unknown>).colour = 'red'), { path: 'entities.audit.fields.title', message: "unknown key 'colour'" }],
      ['an unknown field type', (d) => (d.entities.audit!.fields.title!.type = 'rainbow'), { path: 'entities.audit.fields.title.type', message: `unknown field type 'rainbow'; use one of ${[...FIELD_TYPES.filter((t) => t !== 'table' && t !== 'file'), 'table', 'file'].join(', ')}` }],
      ['an unknown action', (d) => (d.entities.audit!.rights.everyone!.actions = ['fly']), { path: 'entities.audit.rights.everyone.actions.0', message: "must be one of 'read', 'create', 'update', 'delete', 'export', 'import', 'comment'" }],
      ['a key breaking the key rule', (d) => (d.entities.audit!.fields['2nd'] = { type: 'text', label: all('x') }), { path: 'entities.audit.fields.2nd', message: 'is not an allowed key: must start with a letter and hold only letters, digits and _ (at most 64)' }],
      ['a role name breaking the role name rule', (d) => (d.roles = { Auditor: { label: all('A') } }), { path: 'roles.Auditor', message: 'is not an allowed key: must be lower-case letters, digits and single hyphens, starting with a letter (e.g. lead-auditor)' }],
      ['a naming rule of neither form', (d) => (d.entities.audit!.naming = { prefix: 'AU' }), { path: 'entities.audit.naming', message: 'must have exactly one of the keys series, field' }],
      ['a computed value with a wrong input', (d) => (d.entities.audit!.fields.days!.computed = { product: ['score'] }), { path: 'entities.audit.fields.days.computed.product', message: 'must hold at least 2 items' }],
      ['a condition without its operator', (d) => (d.entities.audit!.fields.rating!.hiddenWhen = { field: 'status' }), { path: 'entities.audit.fields.rating.hiddenWhen.op', message: expect.stringContaining('must be one of eq, ne') as unknown as string }],
      ['a scope that is none', (d) => (d.entities.audit!.rights.everyone!.scope = 'team'), { path: 'entities.audit.rights.everyone.scope', message: "must be one of 'own', 'reports', 'organisation' or an object" }],
      ['a whole number with a fraction', (d) => (d.entities.audit!.fields.findings!.maxRows = 2.5), { path: 'entities.audit.fields.findings.maxRows', message: 'must be a whole number' }],
    ])('%s', (_name, edit, expected) => {
      const problems = problemsOf(changed(edit));
      expect(problems).toContainEqual(expected);
      expect(problems.map((p) => p.message)).not.toContain('Invalid input');
    });

    it('lists an unknown key of the whole declaration without a path', () => {
      const problems = problemsOf(changed((d) => ((d as Record<string, unknown>).extra = 1)));
      expect(problems).toEqual([{ path: '', message: "unknown key 'extra'" }]);
      expect(problems.map(formatProblem)).toEqual(["unknown key 'extra'"]);
    });
  });

  describe('refuses every reference to something not declared or of the wrong type', () => {
    it.each<[string, (d: Mutable) => void, DeclarationProblem]>([
      ['a title field that does not exist', (d) => (d.entities.audit!.titleField = 'name'), { path: 'entities.audit.titleField', message: "no field 'name' in entity 'audit'" }],
      ['a title field that is not text', (d) => (d.entities.audit!.titleField = 'score'), { path: 'entities.audit.titleField', message: "'score' is a percent field; a record's title is a text field (text, longText, email, url, phone)" }],
      ['an owner field that is not a user field', (d) => (d.entities.audit!.ownerField = 'contact'), { path: 'entities.audit.ownerField', message: "'contact' is an email field; the owner is a user field" }],
      ['a card field', (d) => (d.entities.audit!.cardFields = ['status', 'nope']), { path: 'entities.audit.cardFields.1', message: "no field 'nope' in entity 'audit'" }],
      ['a search field', (d) => (d.entities.audit!.searchFields = ['nope']), { path: 'entities.audit.searchFields.0', message: "no field 'nope' in entity 'audit'" }],
      ['a list column', (d) => (d.entities.audit!.views.list = { columns: ['title', 'nope'] }), { path: 'entities.audit.views.list.columns.1', message: "no field 'nope' in entity 'audit'" }],
      ['a list filter', (d) => (d.entities.audit!.views.list = { filters: ['nope'] }), { path: 'entities.audit.views.list.filters.0', message: "no field 'nope' in entity 'audit'" }],
      ['a list sort', (d) => (d.entities.audit!.views.list = { sort: { field: 'nope' } }), { path: 'entities.audit.views.list.sort.field', message: "no field 'nope' in entity 'audit'" }],
      ['a form field', (d) => (d.entities.process!.views.form = { sections: [{ fields: ['code', 'nope'] }] }), { path: 'entities.process.views.form.sections.0.fields.1', message: "no field 'nope' in entity 'process'" }],
      ['a form listing a field twice', (d) => (d.entities.process!.views.form = { sections: [{ fields: ['code'] }, { fields: ['owner', 'code'] }] }), { path: 'entities.process.views.form.sections.1.fields.1', message: "'code' is already in the form at entities.process.views.form.sections.0.fields.0" }],
      ['a board grouped by a field that is not a choice', (d) => (d.entities.audit!.views.board = { groupBy: 'tags' }), { path: 'entities.audit.views.board.groupBy', message: "'tags' is a multiChoice field; a board has a column per choice of a choice field" }],
      ['a board card field', (d) => (d.entities.audit!.views.board = { groupBy: 'status', cardFields: ['nope'] }), { path: 'entities.audit.views.board.cardFields.0', message: "no field 'nope' in entity 'audit'" }],
      ['a calendar start that is no date', (d) => (d.entities.audit!.views.calendar = { start: 'title' }), { path: 'entities.audit.views.calendar.start', message: "'title' is a text field; a calendar places records by a date or datetime field" }],
      ['a calendar end that is no date', (d) => (d.entities.audit!.views.calendar = { start: 'planned', end: 'effort' }), { path: 'entities.audit.views.calendar.end', message: "'effort' is a duration field; a calendar places records by a date or datetime field" }],
      ['a link to an unknown entity', (d) => (d.entities.audit!.fields.parent!.entity = 'plan'), { path: 'entities.audit.fields.parent.entity', message: "no entity 'plan' in this application; use one of audit, process" }],
      ['days between fields that are not dates', (d) => (d.entities.audit!.fields.days!.computed = { daysBetween: ['planned', 'startsAt'] }), { path: 'entities.audit.fields.days.computed.daysBetween.1', message: "'startsAt' is a datetime field; days are counted between date fields" }],
      ['a product of a field that is not a number', (d) => (d.entities.audit!.fields.weighted!.computed = { product: ['score', 'title'] }), { path: 'entities.audit.fields.weighted.computed.product.1', message: "'title' is a text field; a product takes number fields (number, decimal, percent, duration, rating)" }],
      ['a sum of a field that does not exist', (d) => (d.entities.audit!.fields.total!.computed = { sum: ['cost', 'nope'] }), { path: 'entities.audit.fields.total.computed.sum.1', message: "no field 'nope' in entity 'audit'" }],
      ['a sum of a table that is none', (d) => (d.entities.audit!.fields.hoursTotal!.computed = { sumOf: { table: 'notes', field: 'hours' } }), { path: 'entities.audit.fields.hoursTotal.computed.sumOf.table', message: "'notes' is a longText field; sumOf adds up a column of a table field" }],
      ['a sum of a column that is no number', (d) => (d.entities.audit!.fields.hoursTotal!.computed = { sumOf: { table: 'findings', field: 'text' } }), { path: 'entities.audit.fields.hoursTotal.computed.sumOf.field', message: "'text' is a text field; sumOf adds up a number column (number, decimal, percent, duration, rating)" }],
      ['a naming field that does not exist', (d) => (d.entities.process!.naming = { field: 'nope' }), { path: 'entities.process.naming.field', message: "no field 'nope' in entity 'process'" }],
      ['a naming field that is not text', (d) => (d.entities.process!.naming = { field: 'owner' }), { path: 'entities.process.naming.field', message: "'owner' is a user field; a record is named by a text field" }],
      ['a naming field not required and unique', (d) => (d.entities.process!.fields.code!.unique = false), { path: 'entities.process.naming.field', message: "the field 'code' names records, so it must be marked required and unique" }],
      ['a series without a number run', (d) => (d.entities.audit!.naming = { series: 'AU-{YYYY}' }), { path: 'entities.audit.naming.series', message: 'must hold exactly one number run such as {#####}, not 0' }],
      ['a series with two number runs', (d) => (d.entities.audit!.naming = { series: 'AU-{##}-{###}' }), { path: 'entities.audit.naming.series', message: 'must hold exactly one number run such as {#####}, not 2' }],
      ['a series with an unknown placeholder', (d) => (d.entities.audit!.naming = { series: 'AU-{MMM}-{###}' }), { path: 'entities.audit.naming.series', message: 'has a placeholder other than {YYYY} {YY} {MM} {DD} {#…#}, or a stray { } or #' }],
      ['a choice default that is no choice', (d) => (d.entities.audit!.fields.status!.default = 'open'), { path: 'entities.audit.fields.status.default', message: 'must be one of the choices; use one of planned, done' }],
      ['a multiple choice default that is no choice', (d) => (d.entities.audit!.fields.tags!.default = ['iso', 'sox']), { path: 'entities.audit.fields.tags.default', message: 'must be one of the choices; use one of iso, gdpr' }],
      ['a choice declared twice', (d) => ((d.entities.audit!.fields.tags!.choices as unknown[]).push({ value: 'iso', label: all('ISO again') })), { path: 'entities.audit.fields.tags.choices.2.value', message: "the choice 'iso' is declared twice" }],
      ['a number default above the maximum', (d) => (d.entities.audit!.fields.findingsCount!.default = 5000), { path: 'entities.audit.fields.findingsCount.default', message: 'must not be above the maximum (1000)' }],
      ['a date default that is no day', (d) => (d.entities.audit!.fields.planned!.default = 'tomorrow'), { path: 'entities.audit.fields.planned.default', message: 'must be a day (YYYY-MM-DD) or today' }],
      ['min greater than max', (d) => Object.assign(d.entities.audit!.fields.score!, { min: 90, max: 10 }), { path: 'entities.audit.fields.score.min', message: 'must not be greater than max (10)' }],
      ['minLength greater than maxLength', (d) => (d.entities.audit!.fields.title!.minLength = 200), { path: 'entities.audit.fields.title.minLength', message: 'must not be greater than maxLength (120)' }],
      ['a date bound that is no day', (d) => (d.entities.audit!.fields.planned!.max = 'next year'), { path: 'entities.audit.fields.planned.max', message: 'must be a day (YYYY-MM-DD)' }],
      ['a pattern that does not compile', (d) => (d.entities.audit!.fields.title!.pattern = '[A-Z'), { path: 'entities.audit.fields.title.pattern', message: expect.stringMatching(/^is not a valid regular expression: /) as unknown as string }],
      ['unique on a multiple choice', (d) => (d.entities.audit!.fields.tags!.unique = true), { path: 'entities.audit.fields.tags.unique', message: expect.stringMatching(/^a multiChoice field cannot be unique; use one of text, /) as unknown as string }],
      ['unique in a table row', (d) => ((d.entities.audit!.fields.findings!.fields as Record<string, Record<string, unknown>>).text!.unique = true), { path: 'entities.audit.fields.findings.fields.text.unique', message: "a table's rows have no unique values" }],
      ['a hidden-when on an unknown field', (d) => (d.entities.audit!.fields.rating!.hiddenWhen = { field: 'state', op: 'empty' }), { path: 'entities.audit.fields.rating.hiddenWhen.field', message: "no field 'state' in entity 'audit'" }],
      ['an ordering of a choice', (d) => (d.entities.audit!.colour = { red: { field: 'status', op: 'gt', value: 'planned' } }), { path: 'entities.audit.colour.red.op', message: "gt does not apply to the choice field 'status'" }],
      ['contains on a number', (d) => (d.entities.audit!.colour = { yellow: { any: [{ field: 'score', op: 'contains', value: 5 }] } }), { path: 'entities.audit.colour.yellow.any.0.op', message: "contains does not apply to the percent field 'score'" }],
      ['a condition value that is no choice', (d) => (d.entities.audit!.colour = { green: { field: 'status', op: 'in', value: ['done', 'closed'] } }), { path: 'entities.audit.colour.green.value.1', message: '"closed" is not a choice of \'status\'; use one of planned, done' }],
      ['a number compared with text', (d) => (d.entities.audit!.colour = { red: { field: 'score', op: 'gte', value: '15' } }), { path: 'entities.audit.colour.red.value', message: "must be a number: 'score' is a percent field" }],
      ['me on a field that is not a user field', (d) => (d.entities.process!.rights.everyone!.scope = { where: { field: 'code', op: 'eq', value: { me: true } } }), { path: 'entities.process.rights.everyone.scope.where.value', message: '{ "me": true } is for user fields; \'code\' is a text field' }],
      ['a where-scope on an unknown field', (d) => (d.entities.process!.rights.everyone!.scope = { where: { not: { field: 'manager', op: 'empty' } } }), { path: 'entities.process.rights.everyone.scope.where.not.field', message: "no field 'manager' in entity 'process'" }],
      ['rights for a role not declared', (d) => (d.entities.audit!.rights.manager = { actions: ['read'] }), { path: 'entities.audit.rights.manager', message: 'no role \'manager\' is declared; use everyone or one of auditor, lead-auditor' }],
      ['everyone declared as a role', (d) => (d.roles = { ...d.roles, everyone: { label: all('Everyone') } }), { path: 'roles.everyone', message: "'everyone' is every user given the application: it is not declared as a role" }],
      ['a hidden field that does not exist', (d) => (d.entities.audit!.rights.everyone!.hiddenFields = ['secret']), { path: 'entities.audit.rights.everyone.hiddenFields.0', message: "no field 'secret' in entity 'audit'" }],
      ['a read-only field that does not exist', (d) => (d.entities.audit!.rights.auditor!.readOnlyFields = ['secret']), { path: 'entities.audit.rights.auditor.readOnlyFields.0', message: "no field 'secret' in entity 'audit'" }],
      ['no entity', (d) => (d.entities = {}), { path: 'entities', message: 'must declare at least one entity' }],
    ])('%s', (_name, edit, expected) => {
      expect(problemsOf(changed(edit))).toEqual([expected]);
    });

    it('refuses a condition nested deeper than allowed', () => {
      let condition: Record<string, unknown> = { field: 'status', op: 'empty' };
      for (let i = 0; i < 8; i++) condition = { not: condition };
      expect(problemsOf(changed((d) => (d.entities.audit!.colour = { red: condition })))).toEqual([{ path: 'entities.audit.colour.red', message: 'nests 9 levels deep; at most 8' }]);
    });
  });

  it('reports every problem together, never only the first', () => {
    const problems = problemsOf(
      changed((d) => {
        d.entities.audit!.titleField = 'name';
        d.entities.audit!.views.board = { groupBy: 'title' };
        d.entities.audit!.fields.parent!.entity = 'plan';
        d.entities.process!.rights.auditors = { actions: ['read'] };
      }),
    );
    expect(problems.map((p) => p.path).sort()).toEqual(['entities.audit.fields.parent.entity', 'entities.audit.titleField', 'entities.audit.views.board.groupBy', 'entities.process.rights.auditors']);
  });

  it('reports every schema problem together', () => {
    const problems = problemsOf(
      changed((d) => {
        d.version = '';
        d.entities.audit!.fields.score!.max = 'x';
        d.entities.process!.fields.owner!.type = 'person';
      }),
    );
    expect(problems.map((p) => p.path)).toEqual(['version', 'entities.audit.fields.score.max', 'entities.process.fields.owner.type']);
  });

  it('refuses input that is not a declaration at all', () => {
    expect(problemsOf('hello')).toEqual([{ path: '', message: 'must be an object' }]);
    expect(problemsOf(null)).toEqual([{ path: '', message: 'must be an object' }]);
  });

  describe('warnings', () => {
    it('counts, per locale, the texts that fall back to en_EN', () => {
      const declaration = changed((d) => {
        d.label = { en_EN: 'Audits', de_DE: 'Audits' };
        delete (d.entities.audit!.fields.title!.label as Record<string, string>).fr_FR;
        delete (d.roles!.auditor!.label as Record<string, string>).fr_FR;
        (d.entities.audit!.fields.status!.choices as Array<{ label: Record<string, string> }>)[0]!.label = { en_EN: 'Planned' };
      });
      const result = checkDeclaration(declaration);
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      expect(result.warnings).toEqual([
        'de_DE: 1 text missing, en_EN is shown instead',
        'fr_FR: 4 texts missing, en_EN is shown instead',
        'nb_NO: 2 texts missing, en_EN is shown instead',
        'sl_SI: 2 texts missing, en_EN is shown instead',
        'vi_VN: 2 texts missing, en_EN is shown instead',
        'zh_CN: 2 texts missing, en_EN is shown instead',
      ]);
    });

    it("counts the texts of tabs, sections, help and a table's child fields", () => {
      const result = checkDeclaration(
        changed((d) => {
          const form = d.entities.audit!.views.form as { tabs: Array<{ label: Record<string, string>; sections: Array<{ label?: Record<string, string> }> }> };
          form.tabs[0]!.label = { en_EN: 'General' };
          form.tabs[0]!.sections[0]!.label = { en_EN: 'What' };
          d.entities.audit!.fields.notes!.help = { en_EN: 'What was seen' };
          (d.entities.audit!.fields.findings!.fields as Record<string, { label: Record<string, string> }>).text!.label = { en_EN: 'Finding' };
        }),
      );
      expect(result.ok && result.warnings[0]).toBe('de_DE: 4 texts missing, en_EN is shown instead');
    });
  });
});

describe('datasets of a declaration', () => {
  const withDatasets = (datasets: unknown) => ({ ...complete(), datasets });
  const problems = (datasets: unknown) => {
    const check = checkDeclaration(withDatasets(datasets));
    return check.ok ? [] : check.problems.map(formatProblem);
  };
  const audits = {
    label: all('Audits'),
    entity: 'audit',
    dimensions: {
      status: { label: all('Status'), field: 'status' },
      month: { label: all('Month'), field: 'planned', part: 'month' },
      quarter: { label: all('Quarter'), field: 'planned', part: 'quarter' },
      owner: { label: all('Auditor'), field: 'owner' },
    },
    measures: {
      audits: { label: all('Audits'), op: 'count' },
      cost: { label: all('Cost'), op: 'sum', field: 'cost' },
      findings: { label: all('Findings'), op: 'sum', field: 'findingsCount' },
      perAudit: { label: all('Findings per audit'), ratio: { numerator: 'findings', denominator: 'audits' } },
    },
    hierarchies: { time: { label: all('Time'), levels: ['quarter', 'month'] } },
    time: 'planned',
  };

  it('accepts dimensions, date parts, measures, ratios, hierarchies and a time field', () => {
    expect(problems({ audits })).toEqual([]);
  });

  it('reports every wrong reference at its path', () => {
    const bad = {
      ...audits,
      entity: 'audit',
      dimensions: { ...audits.dimensions, nope: { label: all('Nope'), field: 'missing' }, day: { label: all('Day'), field: 'planned' }, notes: { label: all('Notes'), field: 'notes' }, st: { label: all('S'), field: 'status', part: 'year' } },
      measures: { ...audits.measures, total: { label: all('T'), op: 'sum', field: 'status' }, r: { label: all('R'), ratio: { numerator: 'perAudit', denominator: 'none' } }, c: { label: all('C'), op: 'count', field: 'cost' } },
      hierarchies: { h: { label: all('H'), levels: ['month', 'week'] } },
      time: 'status',
    };
    expect(problems({ audits: bad, other: { ...audits, entity: 'nothing' } })).toEqual([
      "datasets.audits.dimensions.nope.field: no field 'missing' in entity 'audit'",
      "datasets.audits.dimensions.day.part: 'planned' is a date: say which part groups it (year, quarter, month, week or day)",
      "datasets.audits.dimensions.notes.field: 'notes' is a longText field; a dimension groups by a field of type text, choice, user, link, boolean, rating, email, phone, or a date with a part",
      "datasets.audits.dimensions.st.part: 'status' is not a date: a part applies only to date fields",
      "datasets.audits.measures.total.field: 'status' is a choice field; sum applies to a field of type number, decimal, percent, duration, rating",
      "datasets.audits.measures.r.ratio.numerator: 'perAudit' is a ratio itself; a ratio divides two measures that are not ratios",
      'datasets.audits.measures.r.ratio.denominator: no measure \'none\' in this dataset',
      'datasets.audits.measures.c.field: count counts records: it names no field',
      "datasets.audits.hierarchies.h.levels.1: no dimension 'week' in this dataset",
      "datasets.audits.time: 'status' is a choice field; the time range applies to a date field",
      "datasets.other.entity: no entity 'nothing' in this application",
    ]);
  });
});
