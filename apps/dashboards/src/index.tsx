/**
 * Dashboards (docs/behaviour/dashboards.md): the dashboards the user sees,
 * each a grid of charts, KPIs and tables over the datasets of declared
 * applications, with a time range, filters, cross-filters and drill-down
 * through the desktop's engine, edited in the window by those who may
 * change them. Framework-free models (model/) hold the rules over the
 * server's calls (app.desktop.request); the React views render them.
 * Launched with `{ dashboard, filter?, dashboardTitle? }` (a drill to a
 * dashboard arrives so) it opens that dashboard with the filter. Its home
 * widget shows one dashboard read-only on the desktop's background.
 */
import { appDialogs, reactContent, reactWidget } from '@atrium/app-kit';
import { defineApplication, type AppWindow, type Application, type HomeWidgetContext } from '@atrium/sdk';
import { DashboardsApi } from './model/DashboardsApi.js';
import { DashboardsAppModel, requestedDashboard } from './model/DashboardsAppModel.js';
import { DashboardModel, type DashboardHost } from './model/DashboardModel.js';
import { drilldownOf } from './model/drill.js';
import { editorApi } from './model/EditorModel.js';
import { localDay } from './model/timeRange.js';
import { DASHBOARDS_TEXTS } from './texts.js';
import { DashboardsView } from './views/DashboardsView.js';
import { HomeDashboard } from './views/HomeDashboard.js';
import './Dashboards.css';

const today = () => localDay(new Date());

/** What the models need of the desktop. */
function hostOf(app: Application): DashboardHost & { api: DashboardsApi } {
  return {
    api: new DashboardsApi((method, path, body) => app.desktop.request(method, path, body)),
    drilldown: drilldownOf(app.desktop),
    today,
    locale: () => app.desktop.locale,
  };
}

/** The window is titled after the dashboard it shows (`Incident operations – Dashboards`), else the application; returns the unsubscribe. */
function followTitle(app: Application, model: DashboardsAppModel, window: AppWindow): () => void {
  let followed: (() => void) | null = null;
  const showTitle = () => {
    const title = model.getState().open?.getState().title;
    window.setTitle(() => (title ? `${title} – ${app.title}` : app.title));
  };
  const stop = model.subscribe(() => {
    followed?.();
    followed = model.getState().open?.subscribe(showTitle) ?? null;
    showTitle();
  });
  return () => {
    stop();
    followed?.();
  };
}

async function launch(app: Application): Promise<void> {
  await DASHBOARDS_TEXTS.install(app.desktop);
  const model = new DashboardsAppModel({ ...hostOf(app), editorApi: editorApi((method, path, body) => app.desktop.request(method, path, body)) });
  let window: AppWindow | null = null;
  const dialogs = appDialogs(app, () => window);
  const confirm = async (question: { title: string; message: string }) => (await dialogs.confirm(question)) === 'yes';
  window = app.createWindow({
    id: 'dashboards',
    icon: app.metadata.icon ?? null,
    dimension: { width: 1100, height: 720 },
    attributes: { minDimension: { width: 320, height: 320 }, clamp: true },
    render: (body, win) => {
      const remove = reactContent(<DashboardsView model={model} today={today} confirm={confirm} />)(body, win);
      // Closing the window disposes the dashboard, which releases its drill stacks in the desktop's engine.
      return () => {
        remove?.();
        end();
      };
    },
  });
  const stopFollowing = followTitle(app, model, window);
  let ended = false;
  function end(): void {
    if (ended) return;
    ended = true;
    stopFollowing();
    model.dispose();
  }
  app.on('destroy', end);
  const request = requestedDashboard(app.args, app.options as Record<string, unknown>);
  if (request) model.openDashboard(request.uuid, { filter: request.filter, dashboardTitle: request.dashboardTitle });
  else void model.list.load();
}

/** The home widget (docs/behaviour/dashboards.md#the-home-widget): the dashboard read-only in the desktop's element. */
async function home(body: HTMLElement, { app, dashboard }: HomeWidgetContext): Promise<() => void> {
  await DASHBOARDS_TEXTS.install(app.desktop);
  const model = new DashboardModel(hostOf(app));
  void model.open(dashboard);
  const remove = reactWidget(<HomeDashboard model={model} today={today} />)(body);
  return () => {
    remove();
    model.dispose();
  };
}

export default defineApplication(launch, { widgets: { home } });
