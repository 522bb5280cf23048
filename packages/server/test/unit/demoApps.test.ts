import fs from 'node:fs';
import { LOCALES } from '@atrium/shared';
import { AppDeclaration, checkDeclaration, checkValues, colourOf, FIELD_TYPES, formatProblem, type Entity, type Field } from '@atrium/shared/apps';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO_APP_ORGS, DEMO_APP_ROLES, DEMO_APPS, readDemoDeclaration, type DemoApp } from '../../src/demo/demoApps.js';
import { demoRecords, type DemoOrg, type DemoPeople, type DemoRecord } from '../../src/demo/demoRecords.js';
import { writingOrder } from '../../src/demo/seedDemoApps.js';
import { seriesName, seriesPrefix } from '../../src/records/recordText.js';

const people: DemoPeople = { olivia: 'u-olivia', demo: 'u-demo', liam: 'u-liam', sofia: 'u-sofia' };
const MEMBERS: Record<DemoOrg, readonly string[]> = { northwind: [people.olivia, people.demo, people.liam], contoso: [people.demo, people.sofia] };
const DAY = 24 * 60 * 60 * 1000;
/** A Friday morning, and a late Sunday evening at the end of a February: both must give valid records. */
const NOWS = [new Date('2026-11-27T09:30:00Z'), new Date('2027-02-28T23:40:00Z')];

const declarations = Object.fromEntries(DEMO_APPS.map((name) => [name, AppDeclaration.parse(readDemoDeclaration(name))])) as Record<DemoApp, AppDeclaration>;

/** Every `{ en_EN: … }` text of a declaration as written, with its path. */
function labelsIn(value: unknown, path = ''): Array<{ path: string; texts: Record<string, unknown> }> {
  if (typeof value !== 'object' || value === null) return [];
  if (!Array.isArray(value) && Object.hasOwn(value, 'en_EN')) return [{ path, texts: value as Record<string, unknown> }];
  return Object.entries(value).flatMap(([k, v]) => labelsIn(v, path ? `${path}.${k}` : k));
}

/**
 * Words that are the same in English and in that locale, checked by hand
 * (German "Status", French "Audit"): any other text equal to its English
 * is a translation left out.
 */
const SAME_WORD: Record<string, readonly string[]> = {
  Status: ['de_DE', 'nb_NO'],
  Audit: ['de_DE', 'fr_FR'],
  Audits: ['de_DE', 'fr_FR'],
  Description: ['fr_FR'],
  Incident: ['fr_FR', 'sl_SI'],
  Incidents: ['fr_FR'],
  Notes: ['fr_FR'],
  Service: ['fr_FR'],
  Team: ['de_DE', 'nb_NO'],
};

describe('the demo declarations', () => {
  it('are one JSON file per application of the list, each naming the JSON Schema for editors', () => {
    const files = fs.readdirSync(new URL('../../src/demo/apps/', import.meta.url)).filter((f) => f.endsWith('.json'));
    expect(files.map((f) => f.replace(/\.json$/, '')).sort()).toEqual([...DEMO_APPS].sort());
    for (const name of DEMO_APPS) {
      const raw = readDemoDeclaration(name) as { $schema: string; name: string };
      expect(raw.name).toBe(name);
      expect(raw.$schema).toBe('../../../../../docs/schemas/app-declaration.schema.json');
    }
  });

  it('keep the catalogue titles and categories of the demo applications they replace', () => {
    const expected: Record<DemoApp, [string, string]> = {
      LeaveRequests: ['Leave Requests', 'employee center'],
      Audits: ['Audit Management', 'quality management'],
      RiskRegister: ['Risk Register', 'information security management'],
      Incidents: ['Incident Tracker', 'operational intelligence'],
      CRM: ['Customer Relations', 'sales and marketing'],
      MeetingActions: ['Meeting Actions', 'organization'],
      TeamCalendar: ['Team Calendar', 'collaboration'],
    };
    for (const name of DEMO_APPS) expect([declarations[name].label.en_EN, declarations[name].category]).toEqual(expected[name]);
    expect(declarations.LeaveRequests.label.de_DE).toBe('Urlaubsanträge');
    expect(declarations.RiskRegister.label.zh_CN).toBe('风险登记册');
  });

  it('give every text in all seven locales, translated', () => {
    for (const name of DEMO_APPS) {
      const labels = labelsIn(readDemoDeclaration(name));
      expect(labels.length).toBeGreaterThan(10);
      for (const { path, texts } of labels) {
        expect(Object.keys(texts).sort(), `${name} ${path}`).toEqual([...LOCALES].sort());
        for (const locale of LOCALES) {
          const text = texts[locale];
          expect(typeof text === 'string' && text.trim().length > 0, `${name} ${path}.${locale}`).toBe(true);
          if (locale !== 'en_EN' && text === texts.en_EN) expect(SAME_WORD[text as string] ?? [], `${name} ${path}.${locale} is English`).toContain(locale);
        }
      }
    }
  });

  it('label the application, roles, entities, fields, help, choices, sections and tabs', () => {
    const paths = DEMO_APPS.flatMap((name) => labelsIn(readDemoDeclaration(name)).map((l) => l.path));
    for (const pattern of [/^label$/, /^description$/, /^roles\.[^.]+\.label$/, /^roles\.[^.]+\.description$/, /^entities\.\w+\.pluralLabel$/, /\.fields\.\w+\.label$/, /\.help$/, /\.choices\.\d+\.label$/, /\.sections\.\d+\.label$/, /\.tabs\.\d+\.label$/, /\.fields\.\w+\.fields\.\w+\.label$/]) {
      expect(paths.some((p) => pattern.test(p)), String(pattern)).toBe(true);
    }
  });

  it('use every field type, every view and every kind of row scope somewhere', () => {
    const entities = DEMO_APPS.flatMap((name) => Object.values(declarations[name].entities));
    const fields = entities.flatMap((e) => Object.values(e.fields));
    const childFields = fields.flatMap((f) => (f.type === 'table' ? Object.values(f.fields) : []));
    expect(new Set([...fields, ...childFields].map((f) => f.type))).toEqual(new Set(FIELD_TYPES));
    expect(entities.some((e) => e.views.list?.columns && e.views.list.filters && e.views.list.sort)).toBe(true);
    expect(entities.some((e) => e.views.form && 'sections' in e.views.form)).toBe(true);
    expect(entities.some((e) => e.views.form && 'tabs' in e.views.form)).toBe(true);
    expect(entities.some((e) => e.views.board)).toBe(true);
    expect(entities.some((e) => e.views.calendar?.end)).toBe(true);
    const scopes = entities.flatMap((e) => Object.values(e.rights).map((g) => (typeof g.scope === 'string' ? g.scope : 'where')));
    expect(new Set(scopes)).toEqual(new Set(['own', 'reports', 'organisation', 'where']));
    expect(fields.some((f) => f.hiddenWhen)).toBe(true);
    expect(entities.some((e) => Object.values(e.rights).some((g) => g.hiddenFields?.length))).toBe(true);
    expect(entities.some((e) => Object.values(e.rights).some((g) => g.readOnlyFields?.length))).toBe(true);
    expect(entities.some((e) => 'series' in e.naming) && entities.some((e) => 'field' in e.naming)).toBe(true);
  });

  it('pass the full check of a declaration with no warning', () => {
    for (const name of DEMO_APPS) {
      const check = checkDeclaration(readDemoDeclaration(name));
      expect(check.ok ? check.warnings : check.problems.map(formatProblem), name).toEqual([]);
    }
  });

  it('grant roles each application declares, in organisations that run it, to their members', () => {
    for (const { org, user, app, role } of DEMO_APP_ROLES) {
      expect(Object.keys(declarations[app].roles), `${app} ${role}`).toContain(role);
      expect(DEMO_APP_ORGS[app]).toContain(org);
      expect(MEMBERS[org]).toContain(people[user]);
    }
    // The demo's existing roles: Olivia approves leave, Liam and Dana audit, Sofia keeps the risk register.
    expect(DEMO_APP_ROLES).toEqual(expect.arrayContaining([
      { org: 'northwind', user: 'olivia', app: 'LeaveRequests', role: 'approver' },
      { org: 'northwind', user: 'liam', app: 'Audits', role: 'auditor' },
      { org: 'contoso', user: 'demo', app: 'Audits', role: 'auditor' },
      { org: 'contoso', user: 'sofia', app: 'RiskRegister', role: 'security-officer' },
    ]));
  });
});

function entityOf(app: DemoApp, record: DemoRecord): Entity {
  const entity = declarations[app].entities[record.entity];
  if (!entity) throw new Error(`${app} has no entity ${record.entity}`);
  return entity;
}

function usersIn(entity: Entity, values: Record<string, unknown>): string[] {
  const out: string[] = [];
  const collect = (fields: Record<string, Pick<Field, 'type'>>, v: Record<string, unknown>) => {
    for (const [key, field] of Object.entries(fields)) {
      if (field.type === 'user' && typeof v[key] === 'string') out.push(v[key] as string);
      if (field.type === 'table' && Array.isArray(v[key])) for (const row of v[key] as Array<Record<string, unknown>>) collect((fields[key] as Extract<Field, { type: 'table' }>).fields, row);
    }
  };
  collect(entity.fields, values);
  return out;
}

/** The names a first start gives the records named by a series: each prefix numbered from 1 in the order they are written. */
function firstStartNames(app: DemoApp, records: readonly DemoRecord[]): Map<DemoRecord, string> {
  const counters = new Map<string, number>();
  const names = new Map<DemoRecord, string>();
  for (const record of writingOrder(records)) {
    const naming = declarations[app].entities[record.entity]!.naming;
    if (!('series' in naming)) continue;
    const prefix = `${record.entity}\u0000${seriesPrefix(naming.series, record.createdAt)}`;
    const n = (counters.get(prefix) ?? 0) + 1;
    counters.set(prefix, n);
    names.set(record, seriesName(seriesPrefix(naming.series, record.createdAt), n));
  }
  return names;
}

describe('the demo records', () => {
  afterEach(() => vi.restoreAllMocks());

  for (const now of NOWS) {
    it(`pass the check of their entity unchanged, with members of the organisation, written before ${now.toISOString()}`, () => {
      for (const app of DEMO_APPS) {
        for (const org of DEMO_APP_ORGS[app]) {
          const records = demoRecords(app, people, now, org);
          const named = new Map<string, Set<string>>();
          const seriesNames = firstStartNames(app, records);
          for (const [i, record] of records.entries()) {
            const where = `${app} ${org} #${i} ${JSON.stringify(record.values).slice(0, 120)}`;
            const entity = entityOf(app, record);
            const { values, problems } = checkValues(entity, record.values, { userId: record.createdBy, now: now.getTime() });
            expect(problems, where).toEqual({});
            for (const [key, value] of Object.entries(record.values)) expect(values[key], `${where}: ${key}`).toEqual(value);
            for (const [key, field] of Object.entries(entity.fields)) {
              if ('computed' in field && field.computed) expect(record.values, `${where}: computed ${key} is left to the check`).not.toHaveProperty(key);
              if (field.type === 'link' && values[key] !== null) expect(named.get(field.entity)?.has(values[key] as string), `${where}: ${key} links a record written before`).toBe(true);
            }
            for (const user of [...usersIn(entity, values), record.createdBy]) expect(MEMBERS[org], where).toContain(user);
            if (entity.ownerField) expect(record.ownerId, where).toBe(values[entity.ownerField]);
            else expect(record.ownerId).toBeUndefined();
            expect(record.createdAt.getTime(), where).toBeLessThanOrEqual(now.getTime());
            expect(record.createdAt.getTime(), where).toBeGreaterThan(now.getTime() - 400 * DAY);
            const naming = declarations[app].entities[record.entity]!.naming;
            const name = 'field' in naming ? (values[naming.field] as string) : seriesNames.get(record)!;
            named.set(record.entity, (named.get(record.entity) ?? new Set()).add(name));
          }
        }
      }
    });
  }

  it('hold each value of a field declared unique once', () => {
    for (const app of DEMO_APPS) {
      for (const org of DEMO_APP_ORGS[app]) {
        const records = demoRecords(app, people, NOWS[0]!, org);
        for (const [key, entity] of Object.entries(declarations[app].entities)) {
          for (const [field, declared] of Object.entries(entity.fields)) {
            if (!declared.unique) continue;
            const values = records.filter((r) => r.entity === key).map((r) => r.values[field]);
            expect(new Set(values).size, `${app} ${org} ${key}.${field}`).toBe(values.length);
          }
        }
      }
    }
  });

  it('spread over the last twelve months and the next two', () => {
    const now = NOWS[0]!;
    const days: Record<string, number[]> = {};
    for (const app of DEMO_APPS) {
      for (const org of DEMO_APP_ORGS[app]) {
        for (const record of demoRecords(app, people, now, org)) {
          const entity = entityOf(app, record);
          (days[app] ??= []).push(Math.floor((record.createdAt.getTime() - now.getTime()) / DAY));
          for (const [key, field] of Object.entries(entity.fields)) {
            const v = record.values[key];
            if ((field.type === 'date' || field.type === 'datetime') && typeof v === 'string') (days[app] ??= []).push(Math.floor((Date.parse(v) - now.getTime()) / DAY));
          }
        }
      }
    }
    for (const app of DEMO_APPS) {
      const spread = days[app]!;
      expect(Math.min(...spread), app).toBeGreaterThanOrEqual(-400);
      expect(Math.max(...spread), app).toBeLessThanOrEqual(92);
      expect(Math.min(...spread), app).toBeLessThan(-300);
    }
    for (const app of ['LeaveRequests', 'Audits', 'MeetingActions', 'TeamCalendar', 'CRM'] as const) expect(Math.max(...days[app]!), app).toBeGreaterThan(30);
  });

  it('give Northwind over two thousand incidents, and Contoso risks and audits only', () => {
    const now = NOWS[0]!;
    expect(demoRecords('Incidents', people, now, 'northwind').length).toBeGreaterThanOrEqual(2000);
    expect(demoRecords('RiskRegister', people, now, 'contoso').length).toBeGreaterThanOrEqual(10);
    expect(demoRecords('Audits', people, now, 'contoso').length).toBeGreaterThanOrEqual(8);
    for (const app of DEMO_APPS.filter((a) => a !== 'RiskRegister' && a !== 'Audits')) expect(demoRecords(app, people, now, 'contoso'), app).toEqual([]);
    for (const app of DEMO_APPS) if (!DEMO_APP_ORGS[app].includes('contoso')) expect(demoRecords(app, people, now, 'contoso')).toEqual([]);
    expect(demoRecords('NoSuchApp', people, now, 'northwind')).toEqual([]);
  });

  it('give every demo user records of their own', () => {
    const now = NOWS[0]!;
    const owners = (org: DemoOrg) => new Set(DEMO_APPS.filter((a) => DEMO_APP_ORGS[a].includes(org)).flatMap((a) => demoRecords(a, people, now, org).map((r) => r.ownerId)));
    for (const id of MEMBERS.northwind) expect(owners('northwind')).toContain(id);
    for (const id of MEMBERS.contoso) expect(owners('contoso')).toContain(id);
  });

  it('give Dana and Liam leave requests, some approved by Olivia, and something still to decide', () => {
    const requests = demoRecords('LeaveRequests', people, NOWS[0]!, 'northwind');
    for (const id of [people.demo, people.liam]) {
      const theirs = requests.filter((r) => r.ownerId === id);
      expect(theirs.length).toBeGreaterThanOrEqual(4);
      expect(theirs.some((r) => r.values.status === 'approved' && r.values.decidedBy === people.olivia)).toBe(true);
      expect(theirs.some((r) => r.values.status === 'requested')).toBe(true);
    }
    expect(requests.some((r) => r.values.status === 'rejected' || r.values.status === 'cancelled')).toBe(true);
  });

  it('show red, yellow and green where their application colours records', () => {
    const now = NOWS[0]!;
    for (const [app, org, entity] of [
      ['Incidents', 'northwind', 'incident'],
      ['RiskRegister', 'contoso', 'risk'],
      ['MeetingActions', 'northwind', 'action'],
      ['CRM', 'northwind', 'lead'],
    ] as const) {
      const declared = declarations[app].entities[entity]!;
      const colours = new Set(
        demoRecords(app, people, now, org)
          .filter((r) => r.entity === entity)
          .map((r) => colourOf(declared.colour, checkValues(declared, r.values, { userId: r.createdBy, now: now.getTime() }).values, declared.fields, { userId: r.createdBy, now: now.getTime() })),
      );
      for (const colour of ['RED', 'YELLOW', 'GREEN']) expect(colours, `${app} ${colour}`).toContain(colour);
    }
  });

  it('are the same on every run, from a seeded source and never Math.random', () => {
    vi.spyOn(Math, 'random').mockImplementation(() => {
      throw new Error('Math.random used');
    });
    const now = NOWS[0]!;
    for (const app of DEMO_APPS) for (const org of DEMO_APP_ORGS[app]) expect(demoRecords(app, people, now, org), app).toEqual(demoRecords(app, people, new Date(now), org));
    expect(demoRecords('RiskRegister', people, now, 'contoso')).not.toEqual(demoRecords('RiskRegister', people, now, 'northwind'));
  });
});
