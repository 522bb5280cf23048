import { Model } from '@atrium/app-kit';
import type { DashboardSummary } from '@atrium/shared/dashboards';
import { failureOf, type DashboardsApi } from './DashboardsApi.js';
import type { Refusal } from './refusal.js';

/**
 * The dashboards the user sees (docs/behaviour/dashboards.md#the-list):
 * their own, those shared with their organisation and those shared with a
 * role they hold, as the server answers them, in its order.
 */
export interface DashboardListState {
  status: 'loading' | 'ready' | 'failed';
  dashboards: readonly DashboardSummary[];
  /** Why the list failed (refusal.ts says it) and its technical details. */
  error: (Refusal & { details: string }) | null;
}

export class DashboardListModel extends Model<DashboardListState> {
  #generation = 0;

  constructor(private readonly api: Pick<DashboardsApi, 'list'>) {
    super({ status: 'loading', dashboards: [], error: null });
  }

  /** Loads the list (again); the last call's answer wins. */
  async load(): Promise<void> {
    const generation = ++this.#generation;
    this.update({ status: 'loading', error: null });
    try {
      const dashboards = await this.api.list();
      if (generation === this.#generation) this.setState({ status: 'ready', dashboards, error: null });
    } catch (error) {
      if (generation !== this.#generation) return;
      const failure = failureOf(error);
      this.update({ status: 'failed', error: { code: failure.code, params: failure.params, message: failure.message, details: `${failure.code}\n${failure.message}` } });
    }
  }

  dispose(): void {
    this.#generation++;
    this.clearListeners();
  }
}
