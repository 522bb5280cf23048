import { describe, expect, it } from 'vitest';
import { AppDeclaration, type AppDeclarationInput } from '@atrium/shared/apps';
import type { Caller } from '../../src/access/Caller.js';
import { entityRights, grantsOf, lockedOnCreate, mayDo, partlyHiddenFields, recordAccess, rowScope, staysChangeable, visibleColour, visibleDeclaration } from '../../src/access/recordRights.js';

const L = (en: string) => ({ en_EN: en, de_DE: `${en} (de)` });
const NOW = Date.parse('2026-03-10T09:00:00Z');

/**
 * A leave application: everyone files and reads their own requests without
 * the salary; managers read and update their reports' requests; HR reads and
 * changes all but the title; auditors read approved requests without notes;
 * the named approver reads and updates the requests naming them.
 */
const declaration: AppDeclarationInput = {
  name: 'Leave',
  version: '1.0.0',
  label: L('Leave'),
  category: 'organization',
  roles: { manager: { label: L('Manager') }, hr: { label: L('HR') }, auditor: { label: L('Auditor') }, approver: { label: L('Approver') } },
  entities: {
    request: {
      label: L('Request'),
      pluralLabel: L('Requests'),
      naming: { series: 'LR-{YYYY}-{####}' },
      titleField: 'title',
      ownerField: 'employee',
      cardFields: ['days', 'salary'],
      searchFields: ['notes', 'salary'],
      fields: {
        title: { type: 'text', label: L('Title') },
        employee: { type: 'user', label: L('Employee') },
        approver: { type: 'user', label: L('Approver') },
        days: { type: 'number', label: L('Days') },
        status: { type: 'choice', label: L('Status'), choices: [{ value: 'draft', label: L('Draft') }, { value: 'approved', label: L('Approved') }] },
        salary: { type: 'decimal', label: L('Salary') },
        notes: { type: 'longText', label: L('Notes') },
      },
      colour: { red: { field: 'salary', op: 'gt', value: 5000 }, green: { field: 'status', op: 'eq', value: 'approved' } },
      views: {
        list: { columns: ['title', 'salary', 'days'], sort: { field: 'salary', direction: 'desc' }, filters: ['status', 'salary'] },
        form: { tabs: [{ label: L('Main'), sections: [{ fields: ['title', 'days'] }] }, { label: L('Pay'), sections: [{ fields: ['salary'] }] }] },
        board: { groupBy: 'status', cardFields: ['salary', 'days'] },
        calendar: { start: 'title', end: 'salary' },
      },
      rights: {
        everyone: { actions: ['read', 'create', 'update', 'comment'], scope: 'own', hiddenFields: ['salary'], readOnlyFields: ['status'] },
        manager: { actions: ['read', 'update'], scope: 'reports', hiddenFields: ['salary'], readOnlyFields: ['days'] },
        hr: { actions: ['read', 'update', 'delete', 'export'], readOnlyFields: ['title'] },
        auditor: { actions: ['read', 'export'], scope: { where: { field: 'status', op: 'eq', value: 'approved' } }, hiddenFields: ['notes'] },
        approver: { actions: ['read', 'update'], scope: { where: { field: 'approver', op: 'eq', value: { me: true } } }, hiddenFields: ['salary', 'notes'] },
      },
    },
    payroll: {
      label: L('Payroll'),
      pluralLabel: L('Payrolls'),
      naming: { field: 'month' },
      titleField: 'month',
      fields: { month: { type: 'text', label: L('Month') } },
      rights: { hr: { actions: ['read', 'create'] } },
    },
  },
};
const app = AppDeclaration.parse(declaration);

function caller(roles: string[], overrides: Partial<Caller> = {}): Caller {
  return {
    userId: 'u-olivia',
    name: 'Olivia Hart',
    sessionId: 's-1',
    organisation: { id: 'org-northwind', name: 'Northwind Trading' },
    roles: { organisation: [], apps: roles.length > 0 ? { Leave: roles } : {} },
    manager: null,
    reports: [
      { id: 'u-dana', name: 'Dana Demo' },
      { id: 'u-liam', name: 'Liam Chen' },
    ],
    ...overrides,
  };
}

const plain = caller([]);
const record = (ownerId: string | null, values: Record<string, unknown> = {}) => ({ ownerId, values: { status: 'draft', ...values } });

describe('the grants of a caller', () => {
  it('are those of everyone for a caller without a role, and add each role held in the application', () => {
    expect(grantsOf(plain, app, 'request')).toEqual([app.entities.request!.rights.everyone]);
    expect(grantsOf(caller(['manager', 'hr']), app, 'request')).toEqual([app.entities.request!.rights.manager, app.entities.request!.rights.hr, app.entities.request!.rights.everyone]);
  });

  it('ignore roles held in another application, roles without a grant on the entity, and unknown entities', () => {
    const elsewhere = caller([], { roles: { organisation: ['hr'], apps: { Audits: ['hr'] } } });
    expect(grantsOf(elsewhere, app, 'request')).toEqual([app.entities.request!.rights.everyone]);
    expect(grantsOf(caller(['auditor']), app, 'payroll')).toEqual([]);
    expect(grantsOf(caller(['hr']), app, 'nothing')).toEqual([]);
    expect(grantsOf(caller(['hr']), app, 'constructor')).toEqual([]);
  });

  it('are none for a caller without an organisation, whatever their roles', () => {
    const alone = caller(['hr'], { organisation: null });
    expect(grantsOf(alone, app, 'request')).toEqual([]);
    expect(mayDo(alone, app, 'request', 'read')).toBe(false);
    expect(rowScope(alone, app, 'request', 'read')).toEqual({ kind: 'none' });
    expect(entityRights(alone, app, 'request').actions).toEqual([]);
    expect(visibleDeclaration(alone, app).entities).toEqual({});
  });

  it('allow an action when any of them has it', () => {
    expect(mayDo(plain, app, 'request', 'create')).toBe(true);
    expect(mayDo(plain, app, 'request', 'delete')).toBe(false);
    expect(mayDo(caller(['hr']), app, 'request', 'delete')).toBe(true);
    expect(mayDo(plain, app, 'payroll', 'read')).toBe(false);
    expect(mayDo(caller(['hr']), app, 'payroll', 'read')).toBe(true);
  });
});

describe('row scopes', () => {
  it('are the caller’s own records for "own"', () => {
    expect(rowScope(plain, app, 'request', 'read')).toEqual({ kind: 'some', owners: ['u-olivia'], where: [] });
  });

  it('are every record for "organisation", whatever else the caller holds', () => {
    expect(rowScope(caller(['manager', 'hr', 'auditor']), app, 'request', 'read')).toEqual({ kind: 'all' });
  });

  it('are the direct reports’ records for "reports", joined with the caller’s own', () => {
    expect(rowScope(caller(['manager']), app, 'request', 'read')).toEqual({ kind: 'some', owners: ['u-dana', 'u-liam', 'u-olivia'], where: [] });
    expect(rowScope(caller(['manager'], { reports: [] }), app, 'request', 'update')).toEqual({ kind: 'some', owners: ['u-olivia'], where: [] });
  });

  it('are the records matching the condition for "where", joined with the others', () => {
    expect(rowScope(caller(['auditor', 'approver']), app, 'request', 'read')).toEqual({
      kind: 'some',
      owners: ['u-olivia'],
      where: [
        { field: 'status', op: 'eq', value: 'approved' },
        { field: 'approver', op: 'eq', value: { me: true } },
      ],
    });
    // Export is the auditor's only: its condition alone.
    expect(rowScope(caller(['auditor']), app, 'request', 'export')).toEqual({ kind: 'some', owners: [], where: [{ field: 'status', op: 'eq', value: 'approved' }] });
  });

  it('are none for an action no grant has', () => {
    expect(rowScope(plain, app, 'request', 'delete')).toEqual({ kind: 'none' });
    expect(rowScope(caller(['manager']), app, 'payroll', 'read')).toEqual({ kind: 'none' });
    expect(rowScope(caller(['manager'], { reports: [] }), app, 'request', 'delete')).toEqual({ kind: 'none' });
  });
});

describe('what a caller may do with one record', () => {
  it('is what the grants covering it allow: a caller’s own request, but not a colleague’s', () => {
    const mine = recordAccess(plain, app, 'request', record('u-olivia'), NOW);
    expect(mine.actions).toEqual(['read', 'create', 'update', 'comment']);
    expect(mine.hiddenFields).toEqual(['salary']);
    expect(mine.readOnlyFields).toEqual(['status', 'salary']);
    expect(recordAccess(plain, app, 'request', record('u-sofia'), NOW)).toEqual({ actions: [], hiddenFields: Object.keys(app.entities.request!.fields), readOnlyFields: Object.keys(app.entities.request!.fields) });
    expect(recordAccess(plain, app, 'request', record(null), NOW).actions).toEqual([]);
  });

  it('covers a direct report’s request for a manager, with the manager’s field rights only', () => {
    const manager = caller(['manager']);
    const reports = recordAccess(manager, app, 'request', record('u-liam'), NOW);
    expect(reports.actions).toEqual(['read', 'update']);
    expect(reports.hiddenFields).toEqual(['salary']);
    expect(reports.readOnlyFields).toEqual(['days', 'salary']);
    // Their own request is not their report's: everyone's grant alone covers it, which locks the status and not the days.
    expect(recordAccess(manager, app, 'request', record('u-olivia'), NOW).readOnlyFields).toEqual(['status', 'salary']);
    expect(recordAccess(manager, app, 'request', record('u-sofia'), NOW).actions).toEqual([]);
  });

  it('hides a field only when every covering grant that reads hides it', () => {
    const both = caller(['auditor']);
    // Own and approved: everyone hides the salary, the auditor the notes, so neither is hidden.
    expect(recordAccess(both, app, 'request', record('u-olivia', { status: 'approved' }), NOW).hiddenFields).toEqual([]);
    // Approved but someone else's: the auditor's grant alone covers it.
    const other = recordAccess(both, app, 'request', record('u-sofia', { status: 'approved' }), NOW);
    expect(other).toEqual({ actions: ['read', 'export'], hiddenFields: ['notes'], readOnlyFields: Object.keys(app.entities.request!.fields) });
    // Own but a draft: everyone's grant alone.
    expect(recordAccess(both, app, 'request', record('u-olivia'), NOW).hiddenFields).toEqual(['salary']);
  });

  it('makes a field read-only only when every covering grant that updates locks or hides it', () => {
    const hr = recordAccess(caller(['hr']), app, 'request', record('u-olivia'), NOW);
    // HR locks the title, everyone the status and the salary (hidden): each is free in the other grant.
    expect(hr.readOnlyFields).toEqual([]);
    expect(hr.hiddenFields).toEqual([]);
    expect(recordAccess(caller(['hr']), app, 'request', record('u-sofia'), NOW).readOnlyFields).toEqual(['title']);
  });

  it('covers the requests naming the caller as approver, through {me: true}', () => {
    const approver = caller(['approver'], { userId: 'u-liam', reports: [] });
    const named = recordAccess(approver, app, 'request', record('u-dana', { approver: 'u-liam' }), NOW);
    expect(named.actions).toEqual(['read', 'update']);
    expect(named.hiddenFields).toEqual(['salary', 'notes']);
    expect(recordAccess(approver, app, 'request', record('u-dana', { approver: 'u-olivia' }), NOW).actions).toEqual([]);
    expect(recordAccess({ ...approver, userId: 'u-olivia' }, app, 'request', record('u-dana', { approver: 'u-liam' }), NOW).actions).toEqual([]);
  });

  it('is nothing through a condition that cannot be read, such as a day millions of years away', () => {
    const odd = AppDeclaration.parse({ ...declaration, entities: { request: { ...declaration.entities.request!, rights: { everyone: { actions: ['read'], scope: { where: { field: 'title', op: 'lt', value: { relative: { days: 1e12 } } } } } } } } });
    expect(recordAccess(plain, odd, 'request', record('u-olivia', { title: 'x' }), NOW).actions).toEqual([]);
  });

  it('is nothing for an unknown entity', () => {
    expect(recordAccess(caller(['hr']), app, 'nothing', record('u-olivia'), NOW)).toEqual({ actions: [], hiddenFields: [], readOnlyFields: [] });
  });
});

describe('the fields a caller may give a new record', () => {
  it('leave out those read-only or hidden in every grant that may create it', () => {
    // Everyone files their own requests, with the status read-only and the salary hidden.
    expect(lockedOnCreate(plain, app, 'request', record('u-olivia'), NOW)).toEqual(['status', 'salary']);
    // HR sees the salary but creates no requests: a new request has everyone's rules.
    expect(lockedOnCreate(caller(['hr']), app, 'request', record('u-olivia'), NOW)).toEqual(['status', 'salary']);
    expect(lockedOnCreate(caller(['hr']), app, 'payroll', { ownerId: 'u-olivia', values: {} }, NOW)).toEqual([]);
  });

  it('are none outside every create scope, and none of an unknown entity', () => {
    expect(lockedOnCreate(plain, app, 'request', record('u-sofia'), NOW)).toEqual(Object.keys(app.entities.request!.fields));
    expect(lockedOnCreate(plain, app, 'nothing', record('u-olivia'), NOW)).toEqual([]);
  });
});

describe('a change that would move a record', () => {
  it('is refused when no grant that may update covers the record as it would be left', () => {
    // Everyone changes their own requests: giving one to a colleague would put it out of their reach.
    expect(staysChangeable(plain, app, 'request', record('u-olivia'), NOW)).toBe(true);
    expect(staysChangeable(plain, app, 'request', record('u-sofia'), NOW)).toBe(false);
    // A manager moves a request between their reports, and to themselves (their own), not to anyone else.
    expect(staysChangeable(caller(['manager']), app, 'request', record('u-liam'), NOW)).toBe(true);
    expect(staysChangeable(caller(['manager']), app, 'request', record('u-sofia'), NOW)).toBe(false);
    // HR changes every request: they may give one to anyone.
    expect(staysChangeable(caller(['hr']), app, 'request', record('u-sofia'), NOW)).toBe(true);
  });

  it('is refused when the condition of the only covering grant would stop holding', () => {
    const approver = caller(['approver'], { reports: [] });
    expect(staysChangeable(approver, app, 'request', { ownerId: 'u-sofia', values: { approver: 'u-olivia' } }, NOW)).toBe(true);
    expect(staysChangeable(approver, app, 'request', { ownerId: 'u-sofia', values: { approver: 'u-liam' } }, NOW)).toBe(false);
    // An auditor reads approved requests but changes none: nothing stays changeable for them.
    expect(staysChangeable(caller(['auditor'], { reports: [] }), app, 'request', { ownerId: 'u-sofia', values: { status: 'approved' } }, NOW)).toBe(false);
  });
});

describe('the colour of a record a caller sees', () => {
  it('leaves out the colours whose condition reads a field hidden to them', () => {
    const rule = app.entities.request!.colour;
    // Red for a salary over 5,000 would tell the salary.
    expect(visibleColour(rule, new Set(['salary']))).toEqual({ green: rule!.green });
    expect(visibleColour(rule, new Set(['notes']))).toEqual(rule);
    expect(visibleColour(rule, new Set(['salary', 'status']))).toBeUndefined();
    expect(visibleColour(undefined, new Set())).toBeUndefined();
  });
});

describe('the rights on an entity as a whole', () => {
  it('join the actions of every grant and hide the fields every reading grant hides', () => {
    expect(entityRights(plain, app, 'request')).toMatchObject({ actions: ['read', 'create', 'update', 'comment'], hiddenFields: ['salary'] });
    expect(entityRights(caller(['approver']), app, 'request')).toMatchObject({ actions: ['read', 'create', 'update', 'comment'], hiddenFields: ['salary'] });
    expect(entityRights(caller(['auditor']), app, 'request')).toMatchObject({ actions: ['read', 'create', 'update', 'export', 'comment'], hiddenFields: [] });
    expect(entityRights(caller(['hr']), app, 'payroll')).toMatchObject({ actions: ['read', 'create'], hiddenFields: [] });
    expect(entityRights(plain, app, 'payroll')).toMatchObject({ actions: [], hiddenFields: ['month'] });
  });

  it('name the fields a new record may not be given: hidden ones, and those read-only or hidden in every grant that may create', () => {
    // Everyone files requests with the status read-only and the salary hidden; no other role creates them.
    expect(entityRights(plain, app, 'request').lockedOnCreate).toEqual(['status', 'salary']);
    // An auditor sees the salary, but files requests only through everyone's grant.
    expect(entityRights(caller(['auditor']), app, 'request').lockedOnCreate).toEqual(['status', 'salary']);
    expect(entityRights(caller(['hr']), app, 'payroll').lockedOnCreate).toEqual([]);
    // Without a grant that creates, no field can be given.
    expect(entityRights(plain, app, 'payroll').lockedOnCreate).toEqual(['month']);
    expect(entityRights(plain, app, 'nothing')).toEqual({ actions: [], hiddenFields: [], lockedOnCreate: [] });
  });

  it('leave a field free on a new record when one grant that may create lets it be set', () => {
    const clerk = AppDeclaration.parse({
      ...declaration,
      roles: { ...declaration.roles, clerk: { label: L('Clerk') } },
      entities: { ...declaration.entities, request: { ...declaration.entities.request!, rights: { ...declaration.entities.request!.rights, clerk: { actions: ['read', 'create'], readOnlyFields: ['days'] } } } },
    });
    // The clerk's grant lets them set the status; everyone's lets them set the days: only the salary, hidden to everyone, stays locked for anyone else.
    expect(entityRights(caller(['clerk']), clerk, 'request').lockedOnCreate).toEqual([]);
    expect(entityRights(plain, clerk, 'request').lockedOnCreate).toEqual(['status', 'salary']);
  });

  it('name the fields seen on some records only, with where they are seen', () => {
    expect(partlyHiddenFields(plain, app, 'request')).toEqual({});
    expect(partlyHiddenFields(caller(['hr', 'auditor']), app, 'request')).toEqual({});
    expect(partlyHiddenFields(caller(['auditor']), app, 'request')).toEqual({
      salary: { kind: 'some', owners: [], where: [{ field: 'status', op: 'eq', value: 'approved' }] },
      notes: { kind: 'some', owners: ['u-olivia'], where: [] },
    });
  });
});

describe('the declaration a caller sees', () => {
  it('leaves out the entities they may not read', () => {
    expect(Object.keys(visibleDeclaration(plain, app).entities)).toEqual(['request']);
    expect(Object.keys(visibleDeclaration(caller(['hr']), app).entities)).toEqual(['request', 'payroll']);
  });

  it('leaves out the fields hidden in every grant, and every view, list and colour that names them', () => {
    const seen = visibleDeclaration(plain, app).entities.request!;
    expect(Object.keys(seen.fields)).toEqual(['title', 'employee', 'approver', 'days', 'status', 'notes']);
    expect(seen.cardFields).toEqual(['days']);
    expect(seen.searchFields).toEqual(['notes']);
    expect(seen.colour).toEqual({ green: { field: 'status', op: 'eq', value: 'approved' } });
    expect(seen.views.list).toEqual({ columns: ['title', 'days'], filters: ['status'] });
    expect(seen.views.form).toEqual({ tabs: [{ label: L('Main'), sections: [{ fields: ['title', 'days'] }] }] });
    expect(seen.views.board).toEqual({ groupBy: 'status', cardFields: ['days'] });
    expect(seen.views.calendar).toEqual({ start: 'title' });
    expect(JSON.stringify(seen)).not.toContain('salary');
    // It is still a declaration.
    expect(AppDeclaration.safeParse(visibleDeclaration(plain, app)).success).toBe(true);
  });

  it('keeps every field a second role shows, and the grants of the caller’s roles only', () => {
    const seen = visibleDeclaration(caller(['auditor']), app).entities.request!;
    expect(Object.keys(seen.fields)).toContain('salary');
    expect(Object.keys(seen.rights)).toEqual(['auditor', 'everyone']);
    expect(visibleDeclaration(caller(['hr']), app).entities.request!.views).toEqual(app.entities.request!.views);
  });

  it('drops a form, list columns and a colour rule left without a field, and keeps what still is a declaration', () => {
    const secret = AppDeclaration.parse({
      ...declaration,
      entities: {
        note: {
          label: L('Note'),
          pluralLabel: L('Notes'),
          naming: { series: 'N-{###}' },
          titleField: 'title',
          fields: { title: { type: 'text', label: L('Title') }, pay: { type: 'decimal', label: L('Pay') }, grade: { type: 'number', label: L('Grade') } },
          colour: { red: { field: 'pay', op: 'gt', value: 10 }, yellow: { not: { field: 'grade', op: 'empty' } } },
          views: { list: { columns: ['pay', 'grade'], pageSize: 20 }, form: { sections: [{ fields: ['pay', 'grade'] }] } },
          rights: { everyone: { actions: ['read'], hiddenFields: ['pay', 'grade'] } },
        },
      },
    });
    const seen = visibleDeclaration(plain, secret);
    expect(seen.entities.note!.views).toEqual({ list: { pageSize: 20 } });
    expect(seen.entities.note!.colour).toBeUndefined();
    expect(seen.entities.note!.rights).toEqual({ everyone: { actions: ['read'], scope: 'organisation' } });
    expect(AppDeclaration.safeParse(seen).success).toBe(true);
  });
});
