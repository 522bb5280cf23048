import { sql } from 'drizzle-orm';
import {
  checkValues,
  defaultValues,
  RECORD_CSV_MAX_ROWS,
  type Entity,
  type EvaluationContext,
  type RecordExportQuery,
  type RecordImportResult,
  type ValueProblem,
} from '@atrium/shared/apps';
import { entityRights, lockedOnCreate, mayDo, partlyHiddenFields, recordAccess, rowScope } from '../access/recordRights.js';
import type { Caller } from '../access/Caller.js';
import type { Stores } from '../stores.js';
import { listQuerySql, scopeSql } from './queryBuilder.js';
import { RecordError } from './RecordError.js';
import type { AppContext, KnownFacts, RecordCore } from './RecordCore.js';
import type { RecordStore, StoredRecord } from './RecordStore.js';
import type { WorkflowService } from '../workflows/WorkflowService.js';
import { givenFields, same, uniqueViolationProblems } from './recordChecks.js';
import { newRecord } from './newRecord.js';
import { csvColumns, csvHeader, CsvProblem, csvText, csvValue, isCsvField, parseCsv, writeCsv } from './recordsCsv.js';
import { seriesNames, seriesPrefix, userValues } from './recordText.js';

/** A checked new record of an import: its values and its owner. */
interface ImportRow {
  values: Record<string, unknown>;
  ownerId: string | null;
}

/** One row of an import's file as read: its cells, the values given, the read-only fields it sets, and shared checkValues' answer. */
interface ReadRow {
  cells: string[];
  input: Record<string, unknown>;
  locked: Record<string, ValueProblem>;
  checked: ReturnType<typeof checkValues>;
}

/** What an import's row check reads besides the row: facts read once for the file, the unique values met so far in it, the defaults, the moment. */
interface RowContext {
  known: KnownFacts;
  inFile: Map<string, Set<string>>;
  defaults: Record<string, unknown>;
  fieldName: string | null;
  now: Date;
}

/**
 * The records of an entity as CSV and back (docs/behaviour/records.md#export-and-import,
 * the CSV form in recordsCsv.ts): an export over the list's SQL, an import
 * whose rows are checked exactly as new records, then written together.
 */
export class RecordCsv {
  constructor(
    private readonly core: RecordCore,
    private readonly stores: Pick<Stores, 'records' | 'users' | 'transaction'>,
    private readonly workflow: WorkflowService,
  ) {}

  /**
   * GET records/{app}/{entity}/export.csv: the list as CSV (recordsCsv.ts),
   * every record the caller may both export and read that the query's
   * filters and search select, in its order, at most RECORD_CSV_MAX_ROWS
   * (more is `tooManyRows`). The columns: the record's name, then the
   * query's columns, else the list view's, else every field, leaving out
   * tables, files and fields the caller sees on no record; a field hidden
   * on some records is empty there.
   */
  async exportCsv(caller: Caller, appName: string, entityKey: string, query: RecordExportQuery): Promise<{ filename: string; text: string }> {
    const app = await this.core.context(caller, appName);
    const entity = this.core.entity(app, entityKey);
    if (!mayDo(caller, app.declaration, entityKey, 'export')) throw new RecordError('forbidden');
    const now = this.core.now();
    const evaluation = this.core.evaluation(caller, now);
    const { hiddenFields } = entityRights(caller, app.declaration, entityKey);
    const target = { accountId: app.scope.accountId, appId: app.scope.appId, entityKey, entity };
    const list = listQuerySql(target, { ...query, deleted: false }, rowScope(caller, app.declaration, entityKey, 'export'), hiddenFields, evaluation, partlyHiddenFields(caller, app.declaration, entityKey));
    const readable = scopeSql(rowScope(caller, app.declaration, entityKey, 'read'), entity, evaluation);
    const page = await this.stores.records.page(sql`${list.where} and ${readable}`, list.orderBy, RECORD_CSV_MAX_ROWS + 1, 0);
    if (page.total > RECORD_CSV_MAX_ROWS) throw new RecordError('tooManyRows', { max: String(RECORD_CSV_MAX_ROWS) });
    const shown = (query.columns ?? entity.views.list?.columns ?? Object.keys(entity.fields)).filter((key) => Object.hasOwn(entity.fields, key) && isCsvField(entity.fields[key]!) && !hiddenFields.includes(key));
    const fields = [...new Set(shown)];
    // The record's name first, unless a field is titled so (import would not tell them apart).
    const columns = fields.some((key) => key.toLowerCase() === 'name' || entity.fields[key]!.label.en_EN.trim().toLowerCase() === 'name') ? fields : ['name', ...fields];
    const userIds = new Set(page.records.flatMap((record) => userValues(entity, record.data)));
    const usernames = new Map<string, string>();
    for (const id of userIds) {
      const user = await this.stores.users.findById(id);
      if (user) usernames.set(id, user.username);
    }
    const rows = page.records.map((record) => {
      const hidden = new Set(this.core.access(caller, app, record).hiddenFields);
      return columns.map((key) => (key === 'name' && !Object.hasOwn(entity.fields, key) ? record.name : hidden.has(key) ? '' : csvText(entity.fields[key]!, record.data[key], { usernames })));
    });
    return { filename: `${app.name}-${entityKey}-${now.toISOString().slice(0, 10)}.csv`, text: writeCsv([csvHeader(entity, columns), ...rows]) };
  }

  /**
   * POST records/{app}/{entity}/import: records made from CSV text, each row
   * checked exactly as a new record (shared checkValues, then members, links
   * and unique values, also unique within the file, and the caller's create
   * scope), its problems by field (`*`: the row as a whole). With a refused
   * row, or on a dry run, nothing is written; otherwise every row is made in
   * one transaction, in history as 'import', told once to the listeners.
   * Columns name fields by key or label in any language; a column of the
   * record's name is left out (names come from the naming rule), and one of
   * a computed field too (computed again).
   */
  async importCsv(caller: Caller, appName: string, entityKey: string, text: string, dryRun: boolean): Promise<RecordImportResult> {
    const app = await this.core.context(caller, appName);
    const entity = this.core.entity(app, entityKey);
    if (!mayDo(caller, app.declaration, entityKey, 'import') || !mayDo(caller, app.declaration, entityKey, 'create')) throw new RecordError('forbidden');
    const { hiddenFields } = entityRights(caller, app.declaration, entityKey);
    const fillable = Object.keys(entity.fields).filter((key) => isCsvField(entity.fields[key]!) && !hiddenFields.includes(key));
    const { table, columns } = readImportTable(entity, text, fillable);
    const now = this.core.now();
    const evaluation = this.core.evaluation(caller, now);
    const defaults = defaultValues(entity, evaluation);
    const userIds = await this.userIdsOf(entity, columns, table.slice(1));
    const fieldName = 'field' in entity.naming ? entity.naming.field : null;
    // Every row's values first, so that what the database holds is read once for the whole file.
    // A workflow's state starts in its initial state, as in a new record's form (docs/behaviour/workflows.md#the-engine).
    const start = (input: Readonly<Record<string, unknown>>) => this.workflow.createValues(entity, input);
    const read = table.slice(1).map((cells) => readRow(entity, columns, cells, { defaults, userIds, evaluation, start }));
    const known = await this.knownFacts(caller, app, entityKey, read, [...userIds.values()], fieldName);
    const context: RowContext = { known, inFile: new Map(), defaults, fieldName, now };
    const rows: RecordImportResult['rows'] = [];
    const good: ImportRow[] = [];
    for (const [i, row] of read.entries()) {
      const { problems, ownerId } = await this.rowProblems(caller, app, entityKey, row, context);
      rows.push({ row: i + 2, cells: row.cells, problems });
      good.push({ values: row.checked.values, ownerId });
    }
    const refused = rows.filter((row) => Object.keys(row.problems).length > 0).length;
    if (dryRun || refused > 0) return { columns, rows, refused, dryRun, created: [] };
    const people = await this.stores.records.people([...new Set(good.flatMap((row) => userValues(entity, row.values)))]);
    // Each record enters its first state in the import's transaction: its work given, as for one made in the form.
    const prepared = entity.workflow ? await this.workflow.prepare(app, entityKey, good, good.map(() => entity.workflow!.initial)) : null;
    const written = await this.stores
      .transaction(async (tx) => {
        const stored = await this.insertAll(tx.records, app, entityKey, good, people, caller.userId, now);
        return { stored, pending: prepared ? await this.workflow.enterAll(tx, new Map([[entityKey, prepared]]), app, stored) : [] };
      })
      .catch((e: unknown) => {
        // Another write took a name or a unique value meanwhile: nothing is written, as for a refused row.
        const problems = uniqueViolationProblems(e, app.scope.appId, entityKey, entity);
        if (problems) throw new RecordError('invalid', undefined, problems);
        throw e;
      });
    await this.workflow.committed(written.pending, { id: caller.userId, name: (await this.stores.records.people([caller.userId])).get(caller.userId) ?? '' });
    const created = written.stored.map((record) => record.name);
    this.core.publish(caller, app, entityKey, created);
    return { columns, rows, refused: 0, dryRun: false, created };
  }

  /** What the database holds that an import's rows are checked against, read once for the file: members, unique values and names taken. */
  private async knownFacts(caller: Caller, app: AppContext, entityKey: string, read: readonly ReadRow[], userIds: readonly string[], fieldName: string | null): Promise<KnownFacts> {
    const entity = app.declaration.entities[entityKey]!;
    const store = this.stores.records;
    const valuesOf = (key: string) => read.map((r) => r.checked.values[key]).filter((v) => v !== null && v !== undefined && !same(v, []));
    const taken = new Map<string, ReadonlySet<string>>();
    for (const key of Object.keys(entity.fields)) if (entity.fields[key]!.unique) taken.set(key, await store.takenValues(app.scope, entityKey, key, valuesOf(key)));
    return {
      members: await store.members(app.scope.accountId, [...new Set([caller.userId, ...userIds])]),
      links: new Map(),
      taken,
      names: fieldName === null ? new Set() : await store.takenNames(app.scope, valuesOf(fieldName).map(String)),
    };
  }

  /** An import row's problems, checked as a new record's (and unique within the file), and its owner. */
  private async rowProblems(caller: Caller, app: AppContext, entityKey: string, row: ReadRow, context: RowContext): Promise<{ problems: Record<string, ValueProblem>; ownerId: string | null }> {
    const entity = app.declaration.entities[entityKey]!;
    const { known, inFile, defaults, fieldName, now } = context;
    const { input, locked, checked } = row;
    const values = checked.values;
    const problems: Record<string, ValueProblem> = { ...(await this.core.serverProblems(caller, app, entityKey, values, givenFields(entity, values), null, known)), ...checked.problems, ...locked };
    if (fieldName !== null && problems[fieldName] === undefined) {
      const problem = await this.core.nameProblem(app, values[fieldName], known.names);
      if (problem) problems[fieldName] = problem;
    }
    // Unique within the file too (the record's name among them).
    for (const key of Object.keys(entity.fields)) {
      if (!(entity.fields[key]!.unique || key === fieldName) || values[key] === null || same(values[key], [])) continue;
      const seen = inFile.get(key) ?? inFile.set(key, new Set()).get(key)!;
      const text = JSON.stringify(values[key]);
      if (seen.has(text) && problems[key] === undefined) problems[key] = { code: 'unique' };
      seen.add(text);
    }
    const ownerId = entity.ownerField ? ((values[entity.ownerField] as string | null) ?? null) : caller.userId;
    if (!recordAccess(caller, app.declaration, entityKey, { ownerId, values }, now.getTime()).actions.includes('create')) problems['*'] = { code: 'scope' };
    else {
      // A field the importer's grants let them read but not set on a new record, as in the form (recordRights lockedOnCreate).
      for (const key of lockedOnCreate(caller, app.declaration, entityKey, { ownerId, values }, now.getTime())) {
        if (Object.hasOwn(input, key) && !same(input[key], defaults[key] ?? null) && problems[key] === undefined) problems[key] = { code: 'readOnly' };
      }
    }
    return { problems, ownerId };
  }

  /** The user id of each username a file's person columns name (lower-case username -> id). */
  private async userIdsOf(entity: Entity, columns: ReadonlyArray<string | null>, rows: readonly string[][]): Promise<Map<string, string>> {
    const names = new Set<string>();
    columns.forEach((key, c) => {
      if (key !== null && entity.fields[key]!.type === 'user') for (const row of rows) if ((row[c] ?? '').trim() !== '') names.add(row[c]!.trim().toLowerCase());
    });
    const out = new Map<string, string>();
    for (const name of names) {
      const user = name.length <= 100 ? await this.stores.users.findByUsername(name) : null;
      if (user) out.set(name, user.id);
    }
    return out;
  }

  /**
   * Writes many checked new records within a transaction (an import): the
   * series' numbers taken at once, the records and their history rows
   * ('import') in a few statements. Answers them, in order.
   */
  private async insertAll(store: RecordStore, app: AppContext, entityKey: string, rows: readonly ImportRow[], people: ReadonlyMap<string, string>, createdBy: string, at: Date): Promise<StoredRecord[]> {
    const entity = app.declaration.entities[entityKey]!;
    const naming = entity.naming;
    const names = 'series' in naming ? await seriesNames(store, app.scope, entityKey, seriesPrefix(naming.series, at), rows.length) : rows.map((row) => String(row.values[naming.field]));
    const made = rows.map((row, i) => newRecord(app.scope, entity, { entity: entityKey, name: names[i]!, ...row, createdBy, at }, people, 'import'));
    const stored = await store.insertMany(made.map((m) => m.record));
    await store.addHistoryMany(made.map((m) => m.history));
    return stored;
  }
}

/** An import's CSV text as rows of cells, and the field of each column (null: left out); `badCsv` or `tooManyRows` when it cannot be one. */
function readImportTable(entity: Entity, text: string, fillable: readonly string[]): { table: string[][]; columns: Array<string | null> } {
  try {
    const table = parseCsv(text);
    if (table.length === 0) throw new CsvProblem('noHeader', 'it has no header row');
    if (table.length - 1 > RECORD_CSV_MAX_ROWS) throw new RecordError('tooManyRows', { max: String(RECORD_CSV_MAX_ROWS) });
    if (table.length === 1) throw new CsvProblem('noRows', 'it has no rows below its header');
    const columns = csvColumns(entity, table[0]!, fillable);
    const wide = table.findIndex((row) => row.length > columns.length);
    if (wide >= 0) throw new CsvProblem('tooManyCells', `row ${wide + 1} has more cells than the header`, { row: String(wide + 1) });
    return { table, columns };
  } catch (e) {
    if (e instanceof CsvProblem) throw new RecordError('badCsv', { reason: e.message, problem: e.problem, ...e.params });
    throw e;
  }
}

/** One row of an import's file as values: an empty cell takes the field's default, a computed field is computed again, a read-only one may only keep its default. */
function readRow(entity: Entity, columns: ReadonlyArray<string | null>, cells: string[], context: { defaults: Record<string, unknown>; userIds: ReadonlyMap<string, string>; evaluation: EvaluationContext; start: (input: Readonly<Record<string, unknown>>) => { values: Record<string, unknown>; problems: Record<string, ValueProblem> } }): ReadRow {
  const { defaults, userIds, evaluation, start } = context;
  const input: Record<string, unknown> = {};
  const locked: Record<string, ValueProblem> = {};
  columns.forEach((key, c) => {
    if (key === null) return;
    const field = entity.fields[key]!;
    if ('computed' in field && field.computed !== undefined) return;
    const value = csvValue(field, cells[c] ?? '', userIds);
    // An empty cell is a field left out: it takes its default, as in a new record's form.
    if (value === null || same(value, [])) return;
    if (field.readOnly && !same(value, defaults[key] ?? null)) locked[key] = { code: 'readOnly' };
    else input[key] = value;
  });
  const first = start(input);
  return { cells, input, locked: { ...locked, ...first.problems }, checked: checkValues(entity, { ...defaults, ...input, ...first.values }, evaluation) };
}
