import type { Desktop, UploadOptions } from '@atrium/sdk';
import type { CreateRecordBody, DeclaredAppDto, ReassignBody, RecordDetail, RecordExportQueryInput, RecordImportResult, RecordPage, RecordQueryInput, TimelineEntry, TransitionBody, UpdateRecordBody, ValueProblem } from '@atrium/shared/apps';

/**
 * Why a record call failed, for the views: the server's code (`records.conflict`,
 * `request.network`...), the placeholders of its text, each field's problem
 * of a refused write, and the server's own English text.
 */
export class RecordsFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly params: Record<string, string> = {},
    readonly fields: Record<string, ValueProblem> = {},
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'RecordsFailure';
  }
}

/** A failure of any kind as a RecordsFailure: the envelope of a refusal read for its code, params and fields. */
export function failureOf(error: unknown): RecordsFailure {
  if (error instanceof RecordsFailure) return error;
  const e = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; status?: unknown; body?: unknown; message?: unknown };
  const body = (typeof e.body === 'object' && e.body !== null ? e.body : {}) as { code?: unknown; message?: unknown; params?: unknown; fields?: unknown };
  const status = typeof e.status === 'number' ? e.status : null;
  const code = typeof body.code === 'string' ? body.code : typeof e.code === 'string' ? e.code : 'request.failed';
  const message = typeof body.message === 'string' ? body.message : typeof e.message === 'string' ? e.message : String(error);
  const params = isStringRecord(body.params) ? body.params : {};
  const fields = typeof body.fields === 'object' && body.fields !== null ? (body.fields as Record<string, ValueProblem>) : {};
  return new RecordsFailure(code, message, params, fields, status);
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return typeof value === 'object' && value !== null && Object.values(value).every((v) => typeof v === 'string');
}

type Envelope<T> = { status: 'success'; data: T } | { status: 'error'; message?: string; code?: string };

/** The path segment of a name (record names hold `/` or spaces in some series). */
const seg = encodeURIComponent;

/**
 * The records calls of docs/API.md ("Records") over the desktop's signed
 * request: each answers the envelope's data, or rejects with a
 * RecordsFailure (code `records.<key>` with its params and, for a refused
 * write, each field's problem).
 */
export class RecordsApi {
  constructor(
    private readonly request: Desktop['request'],
    private readonly uploads: Desktop['upload'] = () => Promise.reject(new RecordsFailure('request.failed', 'Uploads are not available here')),
  ) {}

  /** Uploads a file to a record's file field (progress told as it goes up); answers the record as after the change. */
  async upload(app: string, name: string, field: string, file: File, options: UploadOptions = {}): Promise<RecordDetail> {
    const form = new FormData();
    form.append('upload', file, file.name);
    let answer: Envelope<RecordDetail>;
    try {
      answer = await this.uploads<Envelope<RecordDetail>>(`records/${seg(app)}/record/${seg(name)}/files?field=${encodeURIComponent(field)}`, form, options);
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw failureOf(error);
    }
    if (answer && answer.status === 'success') return answer.data;
    throw new RecordsFailure(answer?.code ?? 'request.failed', answer?.message ?? 'The server sent no answer');
  }

  async #call<T>(method: 'get' | 'post' | 'put' | 'delete', path: string, body?: unknown): Promise<T> {
    let answer: Envelope<T>;
    try {
      answer = await this.request<Envelope<T>>(method, path, body);
    } catch (error) {
      throw failureOf(error);
    }
    if (answer && answer.status === 'success') return answer.data;
    throw new RecordsFailure(answer?.code ?? 'request.failed', answer?.message ?? 'The server sent no answer');
  }

  /** The declared applications the user has, with their rights. */
  apps(): Promise<DeclaredAppDto[]> {
    return this.#call('get', 'records/apps');
  }

  query(app: string, entity: string, query: RecordQueryInput): Promise<RecordPage> {
    return this.#call('post', `records/${seg(app)}/${seg(entity)}/query`, query);
  }

  get(app: string, name: string): Promise<RecordDetail> {
    return this.#call('get', `records/${seg(app)}/record/${seg(name)}`);
  }

  /** Creates a record; answers it as GET record does (with the creator's rights on it). */
  create(app: string, entity: string, values: CreateRecordBody['values']): Promise<RecordDetail> {
    return this.#call('post', `records/${seg(app)}/${seg(entity)}`, { values } satisfies CreateRecordBody);
  }

  /** Changes the fields given of a record read at `version`; answers it as GET record does. */
  update(app: string, name: string, version: number, values: UpdateRecordBody['values']): Promise<RecordDetail> {
    return this.#call('put', `records/${seg(app)}/record/${seg(name)}`, { version, values } satisfies UpdateRecordBody);
  }

  remove(app: string, name: string, version: number): Promise<unknown> {
    return this.#call('delete', `records/${seg(app)}/record/${seg(name)}?version=${version}`);
  }

  restore(app: string, name: string): Promise<RecordDetail> {
    return this.#call('post', `records/${seg(app)}/record/${seg(name)}/restore`, {});
  }

  timeline(app: string, name: string): Promise<TimelineEntry[]> {
    return this.#call('get', `records/${seg(app)}/record/${seg(name)}/timeline`);
  }

  comment(app: string, name: string, text: string): Promise<TimelineEntry> {
    return this.#call('post', `records/${seg(app)}/record/${seg(name)}/comments`, { text });
  }

  /** Takes a workflow transition of a record read at `version` (docs/behaviour/workflows.md#in-the-runtime); answers the record after it. */
  transition(app: string, name: string, body: TransitionBody): Promise<RecordDetail> {
    return this.#call('post', `records/${seg(app)}/record/${seg(name)}/transition`, body);
  }

  /** Gives the current state's open work of one assignee to another member. */
  reassign(app: string, name: string, body: ReassignBody): Promise<RecordDetail> {
    return this.#call('post', `records/${seg(app)}/record/${seg(name)}/reassign`, body);
  }

  /** Follows the record (true) or stops following it (false). */
  follow(app: string, name: string, following: boolean): Promise<RecordDetail> {
    return this.#call(following ? 'put' : 'delete', `records/${seg(app)}/record/${seg(name)}/follow`, following ? {} : undefined);
  }

  /** The address of the list as CSV (the query as JSON in `q`), relative to the API. */
  exportPath(app: string, entity: string, query: RecordExportQueryInput): string {
    return `records/${seg(app)}/${seg(entity)}/export.csv?q=${encodeURIComponent(JSON.stringify(query))}`;
  }

  /** The list as CSV text, fetched with the user's signed request (a link alone would not be signed in). */
  async exportCsv(app: string, entity: string, query: RecordExportQueryInput): Promise<string> {
    try {
      const answer = await this.request<unknown>('get', this.exportPath(app, entity, query));
      return typeof answer === 'string' ? answer : JSON.stringify(answer);
    } catch (error) {
      throw failureOf(error);
    }
  }

  /** Checks a CSV file's rows as new records (`dryRun`: writes nothing), or makes them all when none is refused. */
  importCsv(app: string, entity: string, csv: string, dryRun: boolean): Promise<RecordImportResult> {
    return this.#call('post', `records/${seg(app)}/${seg(entity)}/import${dryRun ? '?dryRun=1' : ''}`, { csv });
  }
}
