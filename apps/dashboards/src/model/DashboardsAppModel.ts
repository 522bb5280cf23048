import { Model } from '@atrium/app-kit';
import type { DashboardDto, DrillFilter } from '@atrium/shared/dashboards';
import type { DashboardsApi } from './DashboardsApi.js';
import { DashboardListModel } from './DashboardListModel.js';
import { DashboardModel, type DashboardHost } from './DashboardModel.js';
import { EditorModel, type EditorApi } from './EditorModel.js';

/**
 * The application's window (docs/behaviour/dashboards.md#the-dashboards-application):
 * the list of dashboards, or one dashboard opened from it or by the
 * launch's arguments `{ dashboard, filter?, dashboardTitle? }` (how a drill
 * to a dashboard arrives); or the editor, over the dashboard opened (Edit)
 * or a new one (New dashboard), docs/behaviour/dashboards.md#editing-a-dashboard.
 */
export interface DashboardsAppState {
  /** The dashboard shown; null: the list. */
  open: DashboardModel | null;
  /** How many dashboards were opened: a new one is a new view. */
  opened: number;
  /** The editor shown in place of the dashboard (or of the list, for a new one); null: none. */
  editing: EditorModel | null;
}

/**
 * The dashboard a launch asks for, from its arguments (else the page
 * address's options); a task's Edit asks with `taskId` and the dashboard
 * as `record` (a KPI alert, docs/behaviour/dashboards.md#kpi-alerts).
 */
export function requestedDashboard(args: Readonly<Record<string, unknown>>, options: Readonly<Record<string, unknown>> = {}): { uuid: string; filter: DrillFilter[]; dashboardTitle: string | null } | null {
  if (typeof args.dashboard !== 'string' && typeof args.taskId === 'string' && typeof args.record === 'string' && args.record !== '') return { uuid: args.record, filter: [], dashboardTitle: null };
  const source = typeof args.dashboard === 'string' ? args : options;
  if (typeof source.dashboard !== 'string' || source.dashboard === '') return null;
  const filter = Array.isArray(source.filter) ? (source.filter as unknown[]).filter(isDrillFilter) : [];
  return { uuid: source.dashboard, filter, dashboardTitle: typeof source.dashboardTitle === 'string' ? source.dashboardTitle : null };
}

function isDrillFilter(value: unknown): value is DrillFilter {
  const f = value as Partial<DrillFilter> | null;
  return typeof f === 'object' && f !== null && typeof f.dimension === 'string' && typeof f.op === 'string';
}

export class DashboardsAppModel extends Model<DashboardsAppState> {
  readonly list: DashboardListModel;

  constructor(private readonly host: DashboardHost & { api: Pick<DashboardsApi, 'list' | 'get' | 'datasets' | 'query'>; editorApi: EditorApi }) {
    super({ open: null, opened: 0, editing: null });
    this.list = new DashboardListModel(host.api);
  }

  /** Shows the list (loading it again). */
  showList(): void {
    this.getState().open?.dispose();
    this.update({ open: null, editing: null });
    void this.list.load();
  }

  /** Opens a dashboard, with the filter and title a drill brought. */
  openDashboard(uuid: string, args: { filter?: readonly DrillFilter[]; dashboardTitle?: string | null } = {}): DashboardModel {
    this.getState().open?.dispose();
    const model = new DashboardModel(this.host);
    this.update({ open: model, opened: this.getState().opened + 1, editing: null });
    void model.open(uuid, args);
    return model;
  }

  /** Edits the dashboard opened (Edit: offered when the user may change it). */
  edit(): EditorModel | null {
    const dto = this.getState().open?.getState().dashboard;
    if (!dto?.mayEdit) return null;
    const editing = new EditorModel(this.host.editorApi, dto);
    this.update({ editing });
    return editing;
  }

  /** Makes a new dashboard in the editor (New dashboard); saving it creates it. */
  create(): EditorModel {
    const editing = new EditorModel(this.host.editorApi, null);
    this.update({ editing });
    return editing;
  }

  /**
   * The editor is done: a saved dashboard is shown as saved (a new one
   * opened); after Cancel the dashboard (or the list) is shown as it was.
   */
  closeEditor(saved: DashboardDto | null): void {
    const open = this.getState().open;
    this.update({ editing: null });
    if (!saved) return;
    if (open && open.getState().dashboard?.uuid === saved.uuid) {
      void open.showSaved(saved);
      return;
    }
    open?.dispose();
    const model = new DashboardModel(this.host);
    this.update({ open: model, opened: this.getState().opened + 1 });
    void model.open(saved.uuid, {}, saved);
  }

  dispose(): void {
    this.getState().open?.dispose();
    this.list.dispose();
    this.clearListeners();
  }
}
