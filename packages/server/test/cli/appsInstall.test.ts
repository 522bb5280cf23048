// @module-tag postgres
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DECLARED_APP_TYPE } from '@atrium/shared';
import type { AppDeclarationInput } from '@atrium/shared/apps';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordHistory, records } from '../../src/db/schema.js';
import { parsed, riskRegister, texts } from '../helpers/declarations.js';
import { databaseKind } from '../helpers/testDatabase.js';
import { createCliHarness, type CliHarness } from './cliHarness.js';

type Draft = AppDeclarationInput & { entities: Record<string, { fields: Record<string, Record<string, unknown>> } & Record<string, unknown>> };

/** The risk register changed by `edit`, as JSON text. */
function riskRegisterJson(edit: (d: Draft) => void = () => undefined): string {
  const d = riskRegister() as Draft;
  edit(d);
  return JSON.stringify(d, null, 2);
}

/** 1.1.0: a field `impact` and a choice `accepted` added. */
const v11 = (d: Draft) => {
  d.version = '1.1.0';
  d.entities.risk!.fields.impact = { type: 'number', label: texts('Impact') };
  (d.entities.risk!.fields.status!.choices as unknown[]).push({ value: 'accepted', label: texts('Accepted') });
};

/** 2.0.0: 1.1.0 without the field `notes` and the entity `review`. */
const v20 = (d: Draft) => {
  v11(d);
  d.version = '2.0.0';
  delete d.entities.risk!.fields.notes;
  delete d.entities.review;
};

describe(`atrium apps install, export, ls on ${databaseKind}`, () => {
  let h: CliHarness;
  let northwind = '';
  let contoso = '';
  let scratch = '';
  beforeAll(async () => {
    h = await createCliHarness();
    const { stores } = h.ctx;
    northwind = (await stores.accounts.create({ name: 'Northwind Trading' })).id;
    contoso = (await stores.accounts.create({ name: 'Contoso' })).id;
    const olivia = await stores.users.create({ username: 'olivia' });
    await stores.accounts.addMember(northwind, olivia.id);
    await stores.apps.create({ name: 'Handbook', title: 'Handbook', category: 'employee center', appType: 2, url: '/privacy-policy' });
    await stores.apps.create({ name: 'Chat', title: 'Chat', category: 'collaboration' });
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-apps-'));
  });
  afterAll(async () => {
    await h.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  const appId = async () => (await h.ctx.stores.apps.findByName('RiskRegister'))!.id;

  let recordCount = 0;
  /** A record of the risk register in an organisation, with these values; named in the order they are made. */
  async function addRecord(accountId: string, entity: string, data: Record<string, unknown>): Promise<string> {
    const id = crypto.randomUUID();
    const name = `R-${String(++recordCount).padStart(4, '0')}`;
    await h.database.db.insert(records).values({ id, accountId, appId: await appId(), entity, name, title: String(data.title ?? data.summary ?? ''), data });
    return id;
  }
  const recordsOf = async (accountId: string) =>
    h.database.db
      .select({ id: records.id, entity: records.entity, data: records.data, version: records.version })
      .from(records)
      .where(and(eq(records.accountId, accountId), eq(records.appId, await appId())))
      .orderBy(asc(records.name));

  it('installs a declaration for two organisations, with its catalogue entry', async () => {
    const r = await h.run(['apps', 'install', h.file('risk.json', riskRegisterJson()), '--org', 'Northwind Trading', '--org', 'Contoso']);
    expect(r).toEqual({
      code: 0,
      stdout: ['Installed RiskRegister 1.0.0 (catalogue entry created; new version kept):', '  Northwind Trading: installed', '  Contoso: installed'].join('\n'),
      stderr: '',
    });
    const app = (await h.ctx.stores.apps.findByName('RiskRegister'))!;
    expect(app).toMatchObject({ title: 'Risk Register', category: 'information security management', appType: DECLARED_APP_TYPE, isBaseApp: true });
    expect(app.titles).toMatchObject({ de_DE: 'Risk Register DE', zh_CN: 'Risk Register ZH' });
    for (const org of [northwind, contoso]) {
      const installed = await h.ctx.stores.declarations.installed(org, 'RiskRegister');
      expect(installed).toMatchObject({ version: '1.0.0', declaration: parsed(riskRegister()) });
    }
  });

  it('refuses a declaration with problems, listing every one with its path, and writes nothing (exit 1: the command line was right, its file is not)', async () => {
    const file = h.file(
      'bad.json',
      riskRegisterJson((d) => {
        d.name = 'BadRegister';
        d.entities.risk!.titleField = 'name';
        d.entities.risk!.views = { board: { groupBy: 'title' } };
        d.entities.risk!.rights = { auditor: { actions: ['read'] } };
      }),
    );
    const r = await h.run(['apps', 'install', file, '--org', 'Contoso']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr.split('\n')).toEqual([
      'The declaration has problems; nothing was installed.',
      `${file}:`,
      "  entities.risk.titleField: no field 'name' in entity 'risk'",
      "  entities.risk.views.board.groupBy: 'title' is a text field; a board has a column per choice of a choice field",
      "  entities.risk.rights.auditor: no role 'auditor' is declared; use everyone or one of security-officer",
    ]);
    expect(await h.ctx.stores.apps.findByName('BadRegister')).toBeNull();
  });

  it('refuses a file that is not JSON, and a path that does not exist', async () => {
    const file = h.file('broken.json', '{ "name": ');
    const r = await h.run(['apps', 'install', file, '--org', 'Contoso']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} is not valid JSON: `));
    expect(await h.run(['apps', 'install', path.join(scratch, 'nothing.json'), '--org', 'Contoso'])).toMatchObject({ code: 1, stderr: `No file or folder ${path.join(scratch, 'nothing.json')}.` });
  });

  it('refuses an unknown organisation before writing anything', async () => {
    const file = h.file('other.json', riskRegisterJson((d) => (d.name = 'OtherRegister')));
    expect(await h.run(['apps', 'install', file, '--org', 'Contoso', '--org', 'Nowhere'])).toEqual({ code: 1, stdout: '', stderr: "No organisation named 'Nowhere': nothing was installed." });
    expect(await h.ctx.stores.apps.findByName('OtherRegister')).toBeNull();
  });

  it('refuses a name taken by an application that is not declared', async () => {
    const file = h.file('handbook.json', riskRegisterJson((d) => (d.name = 'Handbook')));
    expect(await h.run(['apps', 'install', file, '--org', 'Contoso'])).toEqual({ code: 1, stdout: '', stderr: 'An application named Handbook already exists and is not a declared application; nothing was installed.' });
    expect(await h.ctx.stores.apps.findByName('Handbook')).toMatchObject({ appType: 2, title: 'Handbook' });
  });

  it('prints the texts missing in a locale as warnings and installs', async () => {
    const file = h.file(
      'partial.json',
      riskRegisterJson((d) => {
        d.name = 'PartialRegister';
        d.label = { en_EN: 'Partial Register', de_DE: 'Teilregister' };
      }),
    );
    const r = await h.run(['apps', 'install', file, '--org', 'Contoso']);
    expect(r.code).toBe(0);
    expect(r.stderr.split('\n')).toEqual(['fr_FR', 'nb_NO', 'sl_SI', 'vi_VN', 'zh_CN'].map((l) => `warning: ${l}: 1 text missing, en_EN is shown instead`));
    expect((await h.ctx.stores.apps.findByName('PartialRegister'))!.titles).toEqual({ de_DE: 'Teilregister' });
  });

  it('upgrades by adding a field and a choice, keeping every record as it was', async () => {
    await addRecord(northwind, 'risk', { title: 'Flood', score: 12, status: 'open', notes: 'River nearby', actions: [] });
    await addRecord(northwind, 'risk', { title: 'Fire', score: 20, status: 'closed', notes: 'Sprinklers', actions: [{ what: 'Drill', hours: 2 }] });
    await addRecord(northwind, 'review', { summary: 'Yearly review' });
    const before = await recordsOf(northwind);
    const r = await h.run(['apps', 'install', h.file('risk-1.1.json', riskRegisterJson(v11)), '--org', 'Northwind Trading']);
    expect(r).toEqual({
      code: 0,
      stdout: [
        'Installed RiskRegister 1.1.0 (catalogue entry unchanged; new version kept):',
        '  Northwind Trading: upgraded from 1.0.0',
        '    + entities.risk.fields.status.choices.accepted: added',
        '    + entities.risk.fields.impact: added (number)',
        '    ~ version: 1.0.0 -> 1.1.0',
      ].join('\n'),
      stderr: '',
    });
    expect(await recordsOf(northwind)).toEqual(before);
    expect((await h.ctx.stores.declarations.installed(northwind, 'RiskRegister'))!.version).toBe('1.1.0');
    expect((await h.ctx.stores.declarations.installed(contoso, 'RiskRegister'))!.version).toBe('1.0.0');
  });

  it('shows an upgrade that loses values with --dry-run, and writes nothing', async () => {
    const versions = (await h.ctx.stores.declarations.versions(await appId())).length;
    const r = await h.run(['apps', 'install', h.file('risk-2.0.json', riskRegisterJson(v20)), '--org', 'Northwind Trading', '--dry-run']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Would install RiskRegister 2.0.0');
    expect(r.stdout).toContain('    - entities.risk.fields.notes: removed; 2 records hold a value');
    expect(r.stdout).toContain('    - entities.review: removed; its 1 record would be deleted');
    expect(r.stdout).toContain('Dry run: nothing was written.');
    expect((await h.ctx.stores.declarations.versions(await appId())).length).toBe(versions);
    expect((await h.ctx.stores.declarations.installed(northwind, 'RiskRegister'))!.version).toBe('1.1.0');
  });

  it('refuses an upgrade that removes values records hold, with their counts, and changes nothing', async () => {
    const before = await recordsOf(northwind);
    const versions = (await h.ctx.stores.declarations.versions(await appId())).length;
    const r = await h.run(['apps', 'install', h.file('risk-2.0.json', riskRegisterJson(v20)), '--org', 'Northwind Trading']);
    expect(r).toEqual({
      code: 1,
      stdout: '',
      stderr: [
        'The upgrade would remove values that records hold; run again with --allow-data-loss to remove them. Nothing was changed.',
        'Northwind Trading:',
        '  entities.risk.fields.notes: removed; 2 records hold a value',
        '  entities.review: removed; its 1 record would be deleted',
      ].join('\n'),
    });
    expect(await recordsOf(northwind)).toEqual(before);
    expect((await h.ctx.stores.declarations.versions(await appId())).length).toBe(versions);
    expect((await h.ctx.stores.declarations.installed(northwind, 'RiskRegister'))!.version).toBe('1.1.0');
  });

  it('applies it with --allow-data-loss: the values are removed with a history row per record, the removed entity’s records deleted', async () => {
    const r = await h.run(['apps', 'install', h.file('risk-2.0.json', riskRegisterJson(v20)), '--org', 'Northwind Trading', '--allow-data-loss']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('    (values removed: 3 records changed or deleted, with history)');
    const after = await recordsOf(northwind);
    expect(after.map((x) => [x.entity, x.data, x.version])).toEqual([
      ['risk', { title: 'Flood', score: 12, status: 'open', actions: [] }, 2],
      ['risk', { title: 'Fire', score: 20, status: 'closed', actions: [{ what: 'Drill', hours: 2 }] }, 2],
    ]);
    const history = await h.database.db.select().from(recordHistory).where(eq(recordHistory.recordId, after[0]!.id));
    expect(history).toEqual([expect.objectContaining({ action: 'update', version: 2, userId: null, changes: [{ field: 'notes', before: 'River nearby', after: null }] })]);
    expect((await h.ctx.stores.declarations.installed(northwind, 'RiskRegister'))!.version).toBe('2.0.0');
    // Contoso ran 1.0.0 and was not named: it still does.
    expect((await h.ctx.stores.declarations.installed(contoso, 'RiskRegister'))!.version).toBe('1.0.0');
  });

  it('removes a choice no longer declared from the records that use it, when allowed', async () => {
    const v21 = (d: Draft) => {
      v20(d);
      d.version = '2.1.0';
      d.entities.risk!.fields.status!.choices = [{ value: 'open', label: texts('Open') }, { value: 'accepted', label: texts('Accepted') }];
    };
    const refused = await h.run(['apps', 'install', h.file('risk-2.1.json', riskRegisterJson(v21)), '--org', 'Northwind Trading']);
    expect(refused.stderr).toContain('  entities.risk.fields.status.choices.closed: choice removed; 1 record uses it');
    expect((await h.run(['apps', 'install', h.file('risk-2.1.json', riskRegisterJson(v21)), '--org', 'Northwind Trading', '--allow-data-loss'])).code).toBe(0);
    expect((await recordsOf(northwind)).map((x) => x.data.status)).toEqual(['open', null]);
  });

  it('exports the declaration an organisation runs exactly as installed, which installs again with no change', async () => {
    const out = path.join(scratch, 'exported.json');
    expect(await h.run(['apps', 'export', 'RiskRegister', '--org', 'Contoso', '--out', out])).toEqual({ code: 0, stdout: `Wrote ${out} (RiskRegister 1.0.0 as Contoso runs it).`, stderr: '' });
    const exported = fs.readFileSync(out, 'utf8');
    expect(exported).toBe(`${JSON.stringify(parsed(riskRegister()), null, 2)}\n`);
    // The order of entities and fields is kept.
    expect(Object.keys((JSON.parse(exported) as { entities: { risk: { fields: object } } }).entities.risk.fields)).toEqual(['title', 'score', 'status', 'notes', 'actions']);
    const versions = (await h.ctx.stores.declarations.versions(await appId())).length;
    const again = await h.run(['apps', 'install', out, '--org', 'Contoso']);
    expect(again.stdout).toBe(['Installed RiskRegister 1.0.0 (catalogue entry unchanged; new version kept):', '  Contoso: already runs 1.0.0, unchanged'].join('\n'));
    // The latest version was 2.1.0, so 1.0.0 is kept again as the latest; the same once more reuses it.
    const twice = await h.run(['apps', 'install', out, '--org', 'Contoso']);
    expect(twice.stdout).toBe(['Installed RiskRegister 1.0.0 (catalogue entry unchanged; same declaration as the latest version):', '  Contoso: already runs 1.0.0, unchanged'].join('\n'));
    expect((await h.ctx.stores.declarations.versions(await appId())).length).toBe(versions + 1);
  });

  it('exports the latest version without --org, to standard output', async () => {
    const r = await h.run(['apps', 'export', 'RiskRegister']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(parsed(riskRegister()));
    expect(await h.run(['apps', 'export', 'Chat'])).toEqual({ code: 1, stdout: '', stderr: 'Chat is not a declared application.' });
    expect(await h.run(['apps', 'export', 'PartialRegister', '--org', 'Northwind Trading'])).toEqual({ code: 1, stdout: '', stderr: 'Northwind Trading does not run PartialRegister.' });
  });

  it('installs from a folder: its app.json, else every .json in it; and as app install', async () => {
    const folder = path.join(scratch, 'apps');
    fs.mkdirSync(folder);
    fs.writeFileSync(path.join(folder, 'a.json'), riskRegisterJson((d) => (d.name = 'FolderA')));
    fs.writeFileSync(path.join(folder, 'b.json'), riskRegisterJson((d) => (d.name = 'FolderB')));
    const r = await h.run(['app', 'install', folder, '--org', 'Contoso']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Installed FolderA 1.0.0');
    expect(r.stdout).toContain('Installed FolderB 1.0.0');
    fs.writeFileSync(path.join(folder, 'app.json'), riskRegisterJson((d) => (d.name = 'FolderApp')));
    expect((await h.run(['apps', 'install', folder, '--org', 'Contoso'])).stdout).toMatch(/^Installed FolderApp 1\.0\.0/);
  });

  it('lists declared applications with their versions and organisations', async () => {
    const r = await h.run(['apps', 'ls']);
    expect(r.code).toBe(0);
    const rows = r.stdout.split('\n').filter((l) => !l.startsWith('---')).map((l) => l.trim().split(/\s{2,}/));
    expect(rows[0]).toEqual(['NAME', 'TITLE', 'LATEST', 'VERSIONS', 'ORGANISATIONS']);
    expect(rows.find((row) => row[0] === 'RiskRegister')).toEqual(['RiskRegister', 'Risk Register', '1.0.0', '5', 'Contoso (1.0.0), Northwind Trading (2.1.0)']);
    expect(rows.map((row) => row[0])).not.toContain('Handbook');
    const json = JSON.parse((await h.run(['apps', 'ls', '--json'])).stdout) as Array<{ name: string; versions: unknown[]; organisations: unknown[] }>;
    expect(json.find((a) => a.name === 'RiskRegister')).toMatchObject({ versions: expect.any(Array), organisations: [{ name: 'Contoso', version: '1.0.0' }, { name: 'Northwind Trading', version: '2.1.0' }] });
  });

  it('computes again the stored titles and search words of the records when an upgrade changes what they are made of', async () => {
    const retitle = (edit: (d: Draft) => void) =>
      riskRegisterJson((d) => {
        d.name = 'Retitled';
        edit(d);
      });
    expect((await h.run(['apps', 'install', h.file('retitled-1.0.json', retitle(() => undefined)), '--org', 'Contoso'])).code).toBe(0);
    const app = (await h.ctx.stores.apps.findByName('Retitled'))!.id;
    const rows = [
      { name: 'RT-1', data: { title: 'Flood', notes: 'River nearby', status: 'open' } },
      { name: 'RT-2', data: { title: 'Fire', notes: null, status: 'closed' } },
      { name: 'RT-3', data: { title: 'Storm', notes: 'Roof', status: 'open' }, deletedAt: new Date() },
    ];
    for (const row of rows) await h.database.db.insert(records).values({ id: crypto.randomUUID(), accountId: contoso, appId: app, entity: 'risk', title: row.data.title, ...row });
    const textsOf = async () =>
      (await h.database.db.select({ name: records.name, title: records.title, searchText: records.searchText, version: records.version }).from(records).where(eq(records.appId, app)).orderBy(asc(records.name))).map(
        (r) => `${r.name}|${r.title}|${r.searchText}|${r.version}`,
      );
    const found = async (word: string) =>
      (await h.database.db.select({ name: records.name }).from(records).where(and(eq(records.appId, app), sql`${records.search} @@ to_tsquery('simple', ${word})`)).orderBy(asc(records.name))).map((r) => r.name);

    // Titled by the notes (the name where there are none), found by the title and the status' label.
    const v2 = (d: Draft) => {
      d.version = '2.0.0';
      d.entities.risk!.titleField = 'notes';
      d.entities.risk!.searchFields = ['title', 'status'];
    };
    const dry = await h.run(['apps', 'install', h.file('retitled-2.0.json', retitle(v2)), '--org', 'Contoso', '--dry-run']);
    expect(dry.stdout).not.toContain('computed again');
    expect(await textsOf()).toEqual(['RT-1|Flood||1', 'RT-2|Fire||1', 'RT-3|Storm||1']);

    const r = await h.run(['apps', 'install', h.file('retitled-2.0.json', retitle(v2)), '--org', 'Contoso']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('    (titles and search words of 3 records computed again)');
    // The values, versions and history stay: only what is read from them changes, deleted records included.
    expect(await textsOf()).toEqual(['RT-1|River nearby|Flood Open|1', 'RT-2|RT-2|Fire Closed|1', 'RT-3|Roof|Storm Open|1']);
    expect(await found('flood')).toEqual(['RT-1']);
    expect(await found('open')).toEqual(['RT-1', 'RT-3']);
    expect(await h.database.db.select().from(recordHistory).innerJoin(records, eq(records.id, recordHistory.recordId)).where(eq(records.appId, app))).toEqual([]);

    // A choice's label is the words of the records holding it.
    const v21 = (d: Draft) => {
      v2(d);
      d.version = '2.1.0';
      d.entities.risk!.fields.status!.choices = [{ value: 'open', label: texts('Unresolved') }, { value: 'closed', label: texts('Closed') }];
    };
    expect((await h.run(['apps', 'install', h.file('retitled-2.1.json', retitle(v21)), '--org', 'Contoso'])).stdout).toContain('    (titles and search words of 2 records computed again)');
    expect(await found('unresolved')).toEqual(['RT-1', 'RT-3']);
    expect(await found('open')).toEqual([]);

    // Titled by the title again, the notes removed: the records losing their notes get their new texts in that very change.
    const v3 = (d: Draft) => {
      v21(d);
      d.version = '3.0.0';
      d.entities.risk!.titleField = 'title';
      delete d.entities.risk!.fields.notes;
    };
    const lossy = await h.run(['apps', 'install', h.file('retitled-3.0.json', retitle(v3)), '--org', 'Contoso', '--allow-data-loss']);
    expect(lossy.stdout).toContain('    (values removed: 2 records changed or deleted, with history)');
    expect(lossy.stdout).toContain('    (titles and search words of 3 records computed again)');
    expect(await textsOf()).toEqual(['RT-1|Flood|Flood Unresolved|2', 'RT-2|Fire|Fire Closed|1', 'RT-3|Storm|Storm Unresolved|2']);
  });

  it('grants in a declared application only the roles it declares; other applications are unchanged', async () => {
    expect(await h.run(['roles', 'grant', 'Northwind Trading', 'olivia', 'security-officer', '--app', 'RiskRegister'])).toEqual({ code: 0, stdout: 'Granted olivia the role security-officer in RiskRegister of Northwind Trading.', stderr: '' });
    expect(await h.run(['roles', 'grant', 'Northwind Trading', 'olivia', 'manager', '--app', 'RiskRegister'])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'manager is not a role of RiskRegister of Northwind Trading; its declared roles are security-officer.',
    });
    expect((await h.run(['roles', 'grant', 'Northwind Trading', 'olivia', 'manager', '--app', 'Chat'])).code).toBe(0);
    expect((await h.ctx.stores.access.listRoles({ accountId: northwind })).map((g) => `${g.app}:${g.role}`).sort()).toEqual(['Chat:manager', 'RiskRegister:security-officer']);
  });
});
