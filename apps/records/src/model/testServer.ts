/**
 * A fake of the records calls for the models' and views' tests: a leave
 * request application held in memory, answering as the server does
 * (envelopes, refusals with code, params and fields, versions, paging,
 * sort, filters by equality, search by words). Every call is recorded.
 * Never imported by production code.
 */
import type { Desktop } from '@atrium/sdk';
import { AppDeclaration, checkValues, colourOf, countedTotal, RECORD_COUNT_CAP, recordCountBound, type AppDeclarationInput, type DeclaredAppDto, type RecordDto, type RecordImportResult, type RecordQuery, type RecordRights } from '@atrium/shared/apps';

export const NOW = Date.parse('2026-03-02T09:00:00Z');
export const ME = { id: 'u-dana', name: 'Dana Demo' };
export const OLIVIA = { id: 'u-olivia', name: 'Olivia Hart' };

export const LEAVE_DECLARATION: AppDeclarationInput = {
  name: 'LeaveRequests',
  version: '1.0.0',
  label: { en_EN: 'Leave requests', de_DE: 'Urlaubsanträge' },
  category: 'employee center',
  entities: {
    LeaveRequest: {
      label: { en_EN: 'Leave request', de_DE: 'Urlaubsantrag' },
      pluralLabel: { en_EN: 'Leave requests', de_DE: 'Urlaubsanträge' },
      naming: { series: 'LR-{YYYY}-{#####}' },
      titleField: 'reason',
      fields: {
        reason: { type: 'text', label: { en_EN: 'Reason' }, required: true, maxLength: 80 },
        kind: { type: 'choice', label: { en_EN: 'Kind' }, choices: [{ value: 'annual', label: { en_EN: 'Annual leave' } }, { value: 'sick', label: { en_EN: 'Sick leave' } }], default: 'annual' },
        from: { type: 'date', label: { en_EN: 'From' }, required: true },
        to: { type: 'date', label: { en_EN: 'To' }, required: true },
        days: { type: 'number', label: { en_EN: 'Days' }, computed: { daysBetween: ['from', 'to'], workdays: true } },
        note: { type: 'longText', label: { en_EN: 'Doctor’s note' }, hiddenWhen: { field: 'kind', op: 'ne', value: 'sick' } },
        email: { type: 'email', label: { en_EN: 'Email' } },
      },
      colour: { red: { field: 'days', op: 'gt', value: 10 } },
      views: { list: { columns: ['reason', 'kind', 'from', 'to', 'days'], filters: ['kind'], pageSize: 10 } },
      rights: { everyone: { actions: ['read', 'create', 'update', 'delete', 'export', 'import'], scope: 'organisation' } },
    },
  },
};

export const LEAVE_APP: DeclaredAppDto = {
  declaration: AppDeclaration.parse(LEAVE_DECLARATION),
  version: '1.0.0',
  rights: { LeaveRequest: { actions: ['read', 'create', 'update', 'delete', 'export', 'import'], hiddenFields: [], lockedOnCreate: [] } },
};

const ENTITY = LEAVE_APP.declaration.entities.LeaveRequest!;

export interface TestCall {
  method: string;
  path: string;
  body: unknown;
}

export interface TestServer {
  request: Desktop['request'];
  calls: TestCall[];
  records: RecordDto[];
  rights: RecordRights;
  /** Holds answers until release() (to see what shows meanwhile). */
  hold: boolean;
  release(): void;
  /** Makes the next calls fail with this envelope (status, body). */
  failWith: { status: number; body: Record<string, unknown> } | null;
  /** Changes a record as another user would (a new version). */
  changeAsOlivia(name: string, values: Record<string, unknown>): void;
  queries(): RecordQuery[];
  /** How far a list's count goes, as the server's RECORD_COUNT_CAP (a test of a capped count sets a smaller one). */
  countCap: number;
}

function refusal(status: number, body: Record<string, unknown>): Error {
  return Object.assign(new Error(`An error occured while performing a request: ${String(body.message)}`), { code: 'request.failed', status, body: { status: 'error', ...body } });
}

/** A record of the fake application with these values (computed and colour worked out). */
export function leaveRecord(n: number, values: Record<string, unknown>): RecordDto {
  const checked = checkValues(ENTITY, values, { userId: ME.id, now: NOW }).values;
  return {
    app: 'LeaveRequests',
    entity: 'LeaveRequest',
    name: `LR-2026-${String(n).padStart(5, '0')}`,
    title: String(checked.reason ?? ''),
    version: 1,
    colour: colourOf(ENTITY.colour, checked, ENTITY.fields, { userId: ME.id, now: NOW }),
    owner: ME,
    createdAt: new Date(NOW).toISOString(),
    createdBy: ME,
    updatedAt: new Date(NOW).toISOString(),
    updatedBy: ME,
    values: checked,
  };
}

/** `count` leave requests: reasons "Trip 1"…, alternating kinds, from March on. */
export function manyRecords(count: number): RecordDto[] {
  return Array.from({ length: count }, (_, i) =>
    leaveRecord(i + 1, { reason: `Trip ${i + 1}`, kind: i % 2 === 0 ? 'annual' : 'sick', from: '2026-03-02', to: `2026-03-${String(2 + (i % 20)).padStart(2, '0')}` }),
  );
}

/** A CSV import as the server answers it, for files of plain cells (no quotes): columns by label, each row checked as a new record; written (numbered by `number`) only when `write` and no row is refused. */
function importRows(server: TestServer, csv: string, write: boolean, number: () => number): RecordImportResult {
  const [header = [], ...lines] = csv.split(/\r?\n/).filter((line) => line !== '').map((line) => line.split(','));
  const columns = header.map((title) => Object.keys(ENTITY.fields).find((key) => ENTITY.fields[key]!.label.en_EN === title) ?? null);
  const rows = lines.map((cells, i) => {
    const values = Object.fromEntries(columns.flatMap((key, c) => (key === null || cells[c] === '' ? [] : [[key, cells[c]]])));
    return { row: i + 2, cells, problems: checkValues(ENTITY, values, { userId: ME.id, now: NOW }).problems, values };
  });
  const refused = rows.filter((r) => Object.keys(r.problems).length > 0).length;
  const created = write && refused === 0 ? rows.map((r) => (server.records.push(leaveRecord(number(), r.values)), server.records.at(-1)!.name)) : [];
  return { columns, rows: rows.map(({ row, cells, problems }) => ({ row, cells, problems })), refused, dryRun: !write, created };
}

/** A page of a list as the server answers it: live (or deleted) records, filtered by equality, searched by words of the title, sorted, counted up to `cap`. */
function pageOf(records: readonly RecordDto[], q: RecordQuery, cap: number = RECORD_COUNT_CAP) {
  let list = records.filter((r) => (q.deleted ? r.deletedAt !== undefined : !r.deletedAt));
  for (const f of q.filters ?? []) list = list.filter((r) => (f.op === 'eq' ? r.values[f.field] === f.value : true));
  if (q.search) list = list.filter((r) => q.search!.toLowerCase().split(/\s+/).every((w) => r.title.toLowerCase().split(/\s+/).some((t) => t.startsWith(w))));
  if (q.sort) {
    const { field, direction } = q.sort;
    const value = (r: RecordDto) => (field === 'name' ? r.name : r.values[field]) as string | number;
    list = [...list].sort((a, b) => (value(a) < value(b) ? -1 : value(a) > value(b) ? 1 : 0) * (direction === 'desc' ? -1 : 1));
  }
  const offset = q.offset ?? 0;
  const limit = q.limit ?? 50;
  // Counted as the server counts: up to the cap, or to the end of the page when further.
  const bound = recordCountBound(offset, limit, cap);
  return { records: structuredClone(list.slice(offset, offset + limit)), ...countedTotal(Math.min(list.length, bound + 1), bound), offset, people: { [ME.id]: ME.name }, links: {} };
}

export function testServer(records: RecordDto[] = []): TestServer {
  const waiting: Array<() => void> = [];
  let next = records.length + 1;
  const server: TestServer = {
    calls: [],
    records,
    rights: { update: true, delete: true, comment: true, readOnlyFields: [] },
    hold: false,
    release: () => waiting.splice(0).forEach((go) => go()),
    failWith: null,
    queries: () => server.calls.filter((c) => c.path.endsWith('/query')).map((c) => c.body as RecordQuery),
    countCap: RECORD_COUNT_CAP,
    changeAsOlivia(name, values) {
      const r = server.records.find((x) => x.name === name)!;
      Object.assign(r, { version: r.version + 1, values: { ...r.values, ...values }, updatedBy: OLIVIA });
    },
    async request<T>(method: string, path: string, body?: unknown): Promise<T> {
      server.calls.push({ method, path, body });
      if (server.hold) await new Promise<void>((resolve) => waiting.push(resolve));
      if (server.failWith) throw refusal(server.failWith.status, server.failWith.body);
      const data = answer(method, path, body);
      // A file (the CSV export) is answered as it is, as the desktop's request answers a body that is not JSON.
      return (path.includes('/export.csv?') ? data : { status: 'success', data }) as T;
    },
  };
  const find = (name: string) => {
    const found = server.records.find((r) => r.name === decodeURIComponent(name));
    if (!found) throw refusal(404, { code: 'records.notFound', message: 'Record not found' });
    return found;
  };
  const detail = (r: RecordDto) => ({ record: structuredClone(r), rights: server.rights, people: { [ME.id]: ME.name, [OLIVIA.id]: OLIVIA.name }, links: {} });
  const write = (values: Record<string, unknown>) => {
    const checked = checkValues(ENTITY, values, { userId: ME.id, now: NOW });
    if (Object.keys(checked.problems).length > 0) throw refusal(400, { code: 'records.invalid', message: 'Some values are not valid: see each field', fields: checked.problems });
    return checked.values;
  };
  function answer(method: string, path: string, body: unknown): unknown {
    const [, app, second, third, fourth] = path.split('?')[0]!.split('/');
    if (method === 'get' && app === 'apps' && second === undefined) return [LEAVE_APP];
    if (app !== 'LeaveRequests') throw refusal(404, { code: 'records.appNotFound', message: 'This application is not available to you' });
    if (method === 'post' && third === 'query') return pageOf(server.records, body as RecordQuery, server.countCap);
    // The CSV export answers the file's text (no envelope); the fake writes the titles only.
    if (method === 'get' && third === 'export.csv') return `\ufeffName,Reason\r\n${pageOf(server.records, { ...(JSON.parse(decodeURIComponent(path.split('?q=')[1]!)) as RecordQuery), offset: 0, limit: 200 }).records.map((r) => `${r.name},${r.title}`).join('\r\n')}\r\n`;
    if (method === 'post' && third === 'import') return importRows(server, (body as { csv: string }).csv, !path.endsWith('?dryRun=1'), () => next++);
    if (method === 'post' && second === 'LeaveRequest') {
      const r = leaveRecord(next++, write((body as { values: Record<string, unknown> }).values));
      server.records.push(r);
      return detail(r);
    }
    const r = find(third!);
    if (method === 'get') return detail(r);
    if (method === 'put') {
      const { version, values } = body as { version: number; values: Record<string, unknown> };
      if (version !== r.version) throw refusal(409, { code: 'records.conflict', message: 'conflict', params: { user: r.updatedBy?.name ?? '', version: String(r.version) } });
      r.values = write({ ...r.values, ...values });
      r.title = String(r.values.reason ?? '');
      r.version++;
      return detail(r);
    }
    if (method === 'delete') {
      r.deletedAt = new Date(NOW).toISOString();
      return {};
    }
    if (method === 'post' && fourth === 'restore') {
      delete r.deletedAt;
      return detail(r);
    }
    throw refusal(404, { code: 'request.not-found', message: 'Not found' });
  }
  return server;
}

/** A schedule whose timers run when the test moves time (`advance`). */
export function testClock(): { schedule: (run: () => void, ms: number) => () => void; advance(ms: number): void } {
  let now = 0;
  const timers = new Set<{ at: number; run: () => void }>();
  return {
    schedule(run, ms) {
      const timer = { at: now + ms, run };
      timers.add(timer);
      return () => void timers.delete(timer);
    },
    advance(ms) {
      now += ms;
      for (const timer of [...timers].sort((a, b) => a.at - b.at)) {
        if (timer.at > now) continue;
        timers.delete(timer);
        timer.run();
      }
    },
  };
}
