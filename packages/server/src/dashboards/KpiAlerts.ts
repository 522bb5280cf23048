import type { Locale } from '@atrium/shared';
import { kpiAlertTaskName, kpiBand, kpiFigure, rangeOf, type DashboardDefinition, type KpiBand, type ThresholdNotify, type Widget } from '@atrium/shared/dashboards';
import type { Caller } from '../access/Caller.js';
import type { DatasetService } from '../datasets/DatasetService.js';
import { DatasetError } from '../datasets/DatasetError.js';
import type { Log } from '../logger.js';
import type { Stores } from '../stores.js';
import type { TaskService } from '../tasks/TaskService.js';
import { alertingWidgets, recipientsOf, type RecipientFacts } from './alertRecipients.js';
import { callerAsMember } from './asMember.js';
import type { StoredDashboard } from './DashboardStore.js';

/** The application whose tasks open a dashboard (Edit launches it with the dashboard's id as `record`). */
export const DASHBOARDS_APP = 'Dashboards';

export interface KpiAlertsDeps extends RecipientFacts {
  stores: RecipientFacts['stores'] & Pick<Stores, 'apps' | 'accounts'>;
  datasets: Pick<DatasetService, 'query'>;
  tasks: Pick<TaskService, 'notify'>;
  localeOf(userId: string): Promise<Locale>;
  log: Log;
  /** How long changes of one organisation's application are gathered before its KPIs are judged, in milliseconds. */
  delayMs: number;
  now?: () => Date;
}

/** What an evaluation did to one widget: its colour now (null: no figure) and the tasks it gave. */
export interface KpiAlertOutcome {
  widgetId: string;
  colour: KpiBand | null;
  tasks: string[];
}

/**
 * KPI alerts (docs/behaviour/dashboards.md#kpi-alerts): after records of an
 * application change (gathered for `delayMs` per organisation and
 * application) or a dashboard is saved, every KPI whose threshold names
 * someone to notify is judged again, its figure computed as the
 * dashboard's owner may read it. A figure that enters red gives each
 * person named one task, once per entry: the colour is recorded so that
 * of two evaluations at once only one sees the change.
 */
export class KpiAlerts {
  private readonly now: () => Date;
  private readonly pending = new Map<string, { timer: ReturnType<typeof setTimeout>; run: () => Promise<void> }>();
  private readonly running = new Set<Promise<void>>();
  private disposed = false;

  constructor(private readonly deps: KpiAlertsDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** Records of an application changed on this server (a change heard from another server is that server's to judge). */
  recordsChanged(change: { accountId: string; app: string; origin: 'here' | 'elsewhere' }): void {
    if (change.origin !== 'here') return;
    this.schedule(`app\u0000${change.accountId}\u0000${change.app}`, async () => void (await this.evaluateApp(change.accountId, change.app)));
  }

  /** A dashboard was created or changed: its alerts are judged again (its limits or its query may have moved). */
  dashboardSaved(dashboard: Pick<StoredDashboard, 'id' | 'accountId'>): void {
    this.schedule(`dashboard\u0000${dashboard.id}`, async () => {
      const found = await this.deps.stores.dashboards.find(dashboard.accountId, dashboard.id);
      if (found) void (await this.evaluate(found));
    });
  }

  /** Runs every gathered evaluation now and waits for those under way (tests; a server that stops). */
  async flush(): Promise<void> {
    for (const [key, entry] of [...this.pending]) {
      clearTimeout(entry.timer);
      this.pending.delete(key);
      this.start(entry.run);
    }
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  /** Forgets what was gathered; nothing is judged any more. */
  dispose(): void {
    this.disposed = true;
    for (const entry of this.pending.values()) clearTimeout(entry.timer);
    this.pending.clear();
  }

  private schedule(key: string, run: () => Promise<void>): void {
    if (this.disposed || this.pending.has(key)) return;
    const timer = setTimeout(() => {
      this.pending.delete(key);
      this.start(run);
    }, this.deps.delayMs);
    timer.unref?.();
    this.pending.set(key, { timer, run });
  }

  private start(run: () => Promise<void>): void {
    const done: Promise<void> = run()
      .catch((err: unknown) => this.deps.log.warn({ err, event: 'dashboards.alerts.failed' }, 'KPI alerts could not be judged'))
      .finally(() => this.running.delete(done));
    this.running.add(done);
  }

  /** Judges every alert of every organisation (once, after the demo data is written). */
  async evaluateEverywhere(): Promise<KpiAlertOutcome[]> {
    const out: KpiAlertOutcome[] = [];
    for (const account of await this.deps.stores.accounts.list()) {
      for (const dashboard of await this.deps.stores.dashboards.listForAccount(account.id)) out.push(...(await this.evaluate(dashboard)));
    }
    return out;
  }

  /** Judges the alerts over an application's datasets on every dashboard of the organisation. */
  async evaluateApp(accountId: string, app: string): Promise<KpiAlertOutcome[]> {
    const out: KpiAlertOutcome[] = [];
    for (const dashboard of await this.deps.stores.dashboards.listForAccount(accountId)) {
      const definition = dashboard.definition as unknown as DashboardDefinition;
      if (alertingWidgets(definition).some(({ widget }) => widget.query.app === app)) out.push(...(await this.evaluate(dashboard, app)));
    }
    return out;
  }

  /**
   * Judges a dashboard's alerts (only those over `app` when given), as its
   * owner reads the figures; a dashboard without an owner who is still a
   * member judges nothing.
   */
  async evaluate(dashboard: StoredDashboard, app?: string): Promise<KpiAlertOutcome[]> {
    const definition = dashboard.definition as unknown as DashboardDefinition;
    const alerting = alertingWidgets(definition).filter(({ widget }) => app === undefined || widget.query.app === app);
    if (alerting.length === 0 || !dashboard.ownerId) return [];
    const user = await this.deps.stores.users.findById(dashboard.ownerId);
    const owner = user && !user.disabled ? await callerAsMember(this.deps.stores, user, dashboard.accountId) : null;
    if (!owner) return [];
    const out: KpiAlertOutcome[] = [];
    for (const { widget, notify } of alerting) out.push(await this.judge(dashboard, definition, owner, widget, notify));
    return out;
  }

  private async judge(dashboard: StoredDashboard, definition: DashboardDefinition, owner: Caller, widget: Widget, notify: ThresholdNotify): Promise<KpiAlertOutcome> {
    const value = await this.figure(owner, definition, widget);
    const colour = kpiBand(value, widget.threshold);
    if (colour === null || value === null) return { widgetId: widget.id, colour, tasks: [] };
    const entered = await this.deps.stores.dashboards.recordAlertColour(dashboard.id, widget.id, colour, this.now());
    if (!entered || colour !== 'red') return { widgetId: widget.id, colour, tasks: [] };
    const tasks = await this.giveTasks(dashboard, definition, owner, widget, notify, value);
    if (tasks[0]) await this.deps.stores.dashboards.setAlertTask(dashboard.id, widget.id, tasks[0]);
    return { widgetId: widget.id, colour, tasks };
  }

  /** The KPI's figure over the dashboard's opening time range, as the owner may read it; null when they may not read it (any more). */
  private async figure(owner: Caller, definition: DashboardDefinition, widget: Widget): Promise<number | null> {
    const range = rangeOf({ key: definition.timeRange ?? 'all' }, this.now().toISOString().slice(0, 10));
    try {
      const result = await this.deps.datasets.query(owner, { ...widget.query, ...(range ? { range } : {}) });
      return kpiFigure(result)?.value ?? null;
    } catch (err) {
      // The owner lost the application, the dataset or a field it counts: nobody is told of a figure they could not read.
      if (err instanceof DatasetError) return null;
      throw err;
    }
  }

  /** One task per person named, in their language, opening the dashboard. */
  private async giveTasks(dashboard: StoredDashboard, definition: DashboardDefinition, owner: Caller, widget: Widget, notify: ThresholdNotify, value: number): Promise<string[]> {
    const { callers, skipped } = await recipientsOf(this.deps, dashboard, notify);
    if (skipped.length > 0) this.deps.log.info({ event: 'dashboards.alerts.skipped', dashboard: dashboard.id, widget: widget.id, users: skipped }, 'people who cannot open the dashboard were given no task');
    const opensDashboard = (await this.deps.stores.apps.findByName(DASHBOARDS_APP)) !== null;
    const threshold = widget.threshold!;
    const ids: string[] = [];
    for (const person of callers) {
      const name = kpiAlertTaskName(await this.deps.localeOf(person.userId), { kpi: widget.title, dashboard: definition.title, value, red: threshold.red, higherIsBetter: threshold.higherIsBetter ?? true });
      ids.push(
        await this.deps.tasks.notify({
          accountId: dashboard.accountId,
          // Without the Dashboards application in the catalogue, the task belongs to the application whose records it counts.
          app: opensDashboard ? DASHBOARDS_APP : widget.query.app,
          name,
          assignee: person.userId,
          by: { id: owner.userId, name: owner.name },
          record: opensDashboard ? dashboard.id : null,
        }),
      );
    }
    return ids;
  }
}
