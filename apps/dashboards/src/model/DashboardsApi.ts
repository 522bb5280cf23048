import { isAbortError, type Desktop } from '@atrium/sdk';
import type { DashboardDefinitionInput, DashboardSharing, DashboardDto, DashboardSummary, DatasetInfo, DatasetQuery, DatasetResult } from '@atrium/shared/dashboards';

/**
 * Why a dashboards call failed, for the views: the server's code and text
 * (its words are shown as they are), the HTTP status, and whether the
 * figures took too long and were stopped (the server's 503, or the
 * desktop's own request timeout).
 */
export class DashboardsFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number | null = null,
    /** The values of the text's placeholders the server answered beside the code (refusal.ts translates with them). */
    readonly params: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = 'DashboardsFailure';
  }

  /** The server stopped the computation (or the request ran out of time). */
  get timedOut(): boolean {
    return this.status === 503 || this.status === 504 || this.code === 'request.timeout' || /timeout|timedOut/i.test(this.code);
  }
}

/** A failure of any kind as a DashboardsFailure: a refusal read for its code and the server's own text. */
export function failureOf(error: unknown): DashboardsFailure {
  if (error instanceof DashboardsFailure) return error;
  const e = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; status?: unknown; body?: unknown; message?: unknown; reason?: unknown };
  const body = (typeof e.body === 'object' && e.body !== null ? e.body : {}) as { code?: unknown; message?: unknown; params?: unknown; retryAfter?: unknown };
  const status = typeof e.status === 'number' ? e.status : null;
  const code = typeof body.code === 'string' ? body.code : typeof e.code === 'string' ? e.code : 'request.failed';
  const message = typeof body.message === 'string' ? body.message : typeof e.reason === 'string' && e.reason ? e.reason : typeof e.message === 'string' ? e.message : String(error);
  const params = typeof body.params === 'object' && body.params !== null ? (body.params as Record<string, unknown>) : {};
  // A refusal as too many names the seconds to wait beside its text.
  return new DashboardsFailure(code, message, status, typeof body.retryAfter === 'number' ? { ...params, retryAfter: body.retryAfter } : params);
}

/** Queries of the page under way at once; how often one refused as too many is asked again. */
export const QUERIES_AT_ONCE = 2;
export const QUERY_RETRIES = 3;

/** The AbortError a call aborted by `signal` rejects with (its reason when that is an error). */
function abortedBy(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new DOMException('The operation was aborted.', 'AbortError');
}

/**
 * Calls taken in turns, at most `size` under way at once. A call whose
 * signal is aborted while it waits leaves the queue without running; one
 * aborted while it runs gives its turn back as soon as its work rejects.
 */
export class Turns {
  #running = 0;
  readonly #waiting: Array<() => void> = [];
  constructor(private readonly size: number) {}

  async run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) throw abortedBy(signal);
    if (this.#running >= this.size) await this.#turn(signal);
    this.#running++;
    try {
      return await work();
    } finally {
      this.#running--;
      this.#waiting.shift()?.();
    }
  }

  /** Waits for a free turn; rejects (and leaves the queue) when the signal is aborted first. */
  #turn(signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const go = () => {
        signal?.removeEventListener('abort', leave);
        resolve();
      };
      const leave = () => {
        const at = this.#waiting.indexOf(go);
        if (at >= 0) this.#waiting.splice(at, 1);
        reject(abortedBy(signal!));
      };
      this.#waiting.push(go);
      signal?.addEventListener('abort', leave, { once: true });
    });
  }
}

/** Waits `ms`, or rejects with the AbortError as soon as the signal is aborted. */
function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const stop = () => {
      clearTimeout(timer);
      reject(abortedBy(signal!));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve();
    }, ms);
    signal?.addEventListener('abort', stop, { once: true });
  });
}

/** One queue for every dashboard of the page (the window's and the home widget's). */
const queryTurns = new Turns(QUERIES_AT_ONCE);

/** The seconds a refusal as too many asks to wait (its retryAfter, at least 1, at most 10). */
function retryAfterSeconds(failure: DashboardsFailure): number {
  const seconds = Number(failure.params.retryAfter);
  return Number.isFinite(seconds) ? Math.min(10, Math.max(1, Math.ceil(seconds))) : 1;
}

/** The bodies of POST and PUT dashboards (DashboardCreateBody, DashboardUpdateBody of the shared contract). */
export interface DashboardCreateBodyInput {
  definition: DashboardDefinitionInput;
  sharing?: DashboardSharing;
}
export interface DashboardUpdateBodyInput extends DashboardCreateBodyInput {
  version: number;
}
type Envelope<T> = { status: 'success'; data: T } | { status: 'error'; message?: string; code?: string; params?: Record<string, unknown> };

/**
 * The dashboards and datasets calls (docs/behaviour/dashboards.md#the-dashboards-application)
 * over the desktop's signed request: each answers the envelope's data or
 * rejects with a DashboardsFailure.
 */
export class DashboardsApi {
  constructor(private readonly request: Desktop['request']) {}

  /** The datasets the user may query, of one application or of all. */
  async datasets(app?: string): Promise<DatasetInfo[]> {
    const data = await this.#call<{ datasets: DatasetInfo[] }>('get', 'datasets', app ? { app } : undefined);
    return data.datasets;
  }

  /**
   * The figures of a query (a costly call: the server may stop it, see
   * DashboardsFailure.timedOut). The page's queries go QUERIES_AT_ONCE at a
   * time, below the server's limit of a user's costly calls at once, and
   * one the server refuses as too many is asked again after the time it
   * names, up to QUERY_RETRIES times (docs/behaviour/dashboards.md#what-a-widget-asks).
   * Aborting `signal` (a widget's Cancel) abandons the call wherever it is
   * (waiting for its turn, under way: the server then stops its statement,
   * or waiting to ask again) and rejects with the AbortError, not a
   * DashboardsFailure.
   */
  query(query: DatasetQuery, signal?: AbortSignal): Promise<DatasetResult> {
    return queryTurns.run(async () => {
      for (let attempt = 0; ; attempt++) {
        try {
          return await this.#call<DatasetResult>('post', 'datasets/query', query, signal);
        } catch (error) {
          const seconds = error instanceof DashboardsFailure && error.status === 429 ? retryAfterSeconds(error) : null;
          if (seconds === null || attempt >= QUERY_RETRIES) throw error;
          await pause(seconds * 1000, signal);
        }
      }
    }, signal);
  }

  /** The dashboards the user sees. */
  async list(): Promise<DashboardSummary[]> {
    const data = await this.#call<{ dashboards: DashboardSummary[] }>('get', 'dashboards');
    return data.dashboards;
  }

  /** One dashboard with its definition. */
  get(uuid: string): Promise<DashboardDto> {
    return this.#call<DashboardDto>('get', `dashboards/${encodeURIComponent(uuid)}`);
  }

  /** Saves a new dashboard; answers it as kept. */
  create(body: DashboardCreateBodyInput): Promise<DashboardDto> {
    return this.#call<DashboardDto>('post', 'dashboards', body);
  }

  /** Changes a dashboard made at `version` (another change in between: a 409 refusal). */
  update(uuid: string, body: DashboardUpdateBodyInput): Promise<DashboardDto> {
    return this.#call<DashboardDto>('put', `dashboards/${encodeURIComponent(uuid)}`, body);
  }

  /** Deletes a dashboard. */
  async remove(uuid: string): Promise<void> {
    await this.#call<unknown>('delete', `dashboards/${encodeURIComponent(uuid)}`);
  }

  async #call<T>(method: 'get' | 'post' | 'put' | 'delete', path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
    let answer: Envelope<T>;
    try {
      answer = await (signal ? this.request<Envelope<T>>(method, path, body, { signal }) : this.request<Envelope<T>>(method, path, body));
    } catch (error) {
      throw isAbortError(error) ? error : failureOf(error);
    }
    if (answer && answer.status === 'success') return answer.data;
    throw new DashboardsFailure(answer?.code ?? 'request.failed', answer?.message ?? 'The server sent no answer', null, (answer && answer.status === 'error' && answer.params) || {});
  }
}
