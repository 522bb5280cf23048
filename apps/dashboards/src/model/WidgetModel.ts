import { Model } from '@atrium/app-kit';
import type { DatasetQuery, DatasetResult } from '@atrium/shared/dashboards';
import { failureOf, type DashboardsApi } from './DashboardsApi.js';
import type { Refusal } from './refusal.js';

/**
 * One widget slot's figures (docs/behaviour/dashboards.md#widget-states):
 * the query runs, then the slot is ready, empty (no row), truncated (more
 * rows matched than came back), failed (with the server's text) or timed
 * out (the server stopped it). Cancel aborts the running query (the
 * request is abandoned, the server stops its statement, a query still
 * waiting for its turn never goes) and the slot says it was stopped until
 * Retry. A newer query aborts an older one the same way, and so does
 * disposing of the widget: only the answer to the last one is shown.
 */
export type WidgetStatus = 'loading' | 'ready' | 'empty' | 'truncated' | 'failed' | 'timedOut' | 'cancelled';

export interface WidgetState {
  status: WidgetStatus;
  /** The last answer (kept while a newer query loads, so that a chart does not blink). */
  result: DatasetResult | null;
  /** A KPI's figure of the previous period, when it was asked. */
  previous: DatasetResult | null;
  /** What went wrong: the server's text and the technical details. */
  /** Why the figures failed: the refusal (refusal.ts says it in the user's language) and its technical details. */
  error: (Refusal & { details: string }) | null;
}

/** The queries of one run: the widget's, and for a KPI the same over the previous period. */
export interface WidgetRun {
  query: DatasetQuery;
  previous?: DatasetQuery;
}

const INITIAL: WidgetState = { status: 'loading', result: null, previous: null, error: null };

export class WidgetModel extends Model<WidgetState> {
  #run: WidgetRun | null = null;
  #generation = 0;
  /** Aborts the queries under way (null when none is). */
  #abort: AbortController | null = null;

  constructor(private readonly api: Pick<DashboardsApi, 'query'>) {
    super(INITIAL);
  }

  /** The queries last run (null before the first). */
  get current(): WidgetRun | null {
    return this.#run;
  }

  /** Runs the queries unless they are those already shown (or running); `force` runs them again anyway. */
  load(run: WidgetRun, force = false): Promise<void> {
    if (!force && this.#run && sameRun(this.#run, run) && this.getState().status !== 'cancelled') return Promise.resolve();
    this.#run = run;
    const generation = ++this.#generation;
    this.#stop();
    const abort = new AbortController();
    this.#abort = abort;
    this.update({ status: 'loading', error: null });
    return this.#fetch(run, generation, abort.signal);
  }

  /** Runs the last queries again (Retry). */
  retry(): Promise<void> {
    return this.#run ? this.load(this.#run, true) : Promise.resolve();
  }

  /** Cancel: aborts the running query; the slot says it was stopped. */
  cancel(): void {
    if (this.getState().status !== 'loading') return;
    this.#generation++;
    this.#stop();
    this.update({ status: 'cancelled' });
  }

  dispose(): void {
    this.#generation++;
    this.#stop();
    this.clearListeners();
  }

  /** Aborts the queries under way, if any. */
  #stop(): void {
    this.#abort?.abort();
    this.#abort = null;
  }

  async #fetch(run: WidgetRun, generation: number, signal: AbortSignal): Promise<void> {
    try {
      const [result, previous] = await Promise.all([this.api.query(run.query, signal), run.previous ? this.api.query(run.previous, signal) : Promise.resolve(null)]);
      if (generation !== this.#generation) return;
      this.#abort = null;
      const status: WidgetStatus = result.rows.length === 0 ? 'empty' : result.truncated ? 'truncated' : 'ready';
      this.setState({ status, result, previous, error: null });
    } catch (error) {
      if (generation !== this.#generation) return;
      this.#abort = null;
      const failure = failureOf(error);
      const details = failure.status === null ? `${failure.code}\n${failure.message}` : `${failure.code} (${failure.status})\n${failure.message}`;
      this.update({ status: failure.timedOut ? 'timedOut' : 'failed', error: { code: failure.code, params: failure.params, message: failure.message, details } });
    }
  }
}

function sameRun(a: WidgetRun, b: WidgetRun): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
