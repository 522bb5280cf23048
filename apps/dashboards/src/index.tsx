/**
 * Dashboards (docs/behaviour/dashboards.md): the dashboards the user sees,
 * each a grid of charts, KPIs and tables over the datasets of declared
 * applications, with a time range, filters, cross-filters and drill-down
 * through the desktop's engine. Framework-free models (model/) hold the
 * rules over the server's calls (app.desktop.request); the React views
 * render them. Launched with `{ dashboard, filter?, dashboardTitle? }` (a
 * drill to a dashboard arrives so) it opens that dashboard with the filter.
 */
import { reactContent } from '@atrium/app-kit';
import { defineApplication } from '@atrium/sdk';
import { DashboardsApi } from './model/DashboardsApi.js';
import { DashboardsAppModel, requestedDashboard } from './model/DashboardsAppModel.js';
import { drilldownOf } from './model/drill.js';
import { localDay } from './model/timeRange.js';
import { DASHBOARDS_TEXTS } from './texts.js';
import { DashboardsView } from './views/DashboardsView.js';
import './Dashboards.css';

export default defineApplication(async (app) => {
  await DASHBOARDS_TEXTS.install(app.desktop);
  const today = () => localDay(new Date());
  const model = new DashboardsAppModel({
    api: new DashboardsApi((method, path, body) => app.desktop.request(method, path, body)),
    drilldown: drilldownOf(app.desktop),
    today,
    locale: () => app.desktop.locale,
  });
  // The editor is not part of this window yet: Edit is offered to those who may change a dashboard, and does nothing.
  const onEdit = () => undefined;
  const window = app.createWindow({
    id: 'dashboards',
    icon: app.metadata.icon ?? null,
    dimension: { width: 1100, height: 720 },
    attributes: { minDimension: { width: 320, height: 320 }, clamp: true },
    render: reactContent(<DashboardsView model={model} today={today} onEdit={onEdit} />),
  });
  // The window is titled after the dashboard it shows (`Incident operations – Dashboards`), else the application.
  let followed: (() => void) | null = null;
  const showTitle = () => {
    const title = model.getState().open?.getState().title;
    window.setTitle(() => (title ? `${title} – ${app.title}` : app.title));
  };
  const stopFollowing = model.subscribe(() => {
    followed?.();
    followed = model.getState().open?.subscribe(showTitle) ?? null;
    showTitle();
  });
  app.on('destroy', () => {
    stopFollowing();
    followed?.();
    model.dispose();
  });
  const request = requestedDashboard(app.args, app.options as Record<string, unknown>);
  if (request) model.openDashboard(request.uuid, { filter: request.filter, dashboardTitle: request.dashboardTitle });
  else void model.list.load();
});
