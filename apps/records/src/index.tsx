/**
 * Records (apps/records/README.md): the runtime of every declared business
 * application. Launched with `app` (a declared application's name, which
 * the desktop gives when the user opens one) it shows that application in
 * a window titled by its label, its entities as tabs, the list of each;
 * a record opens in a window of its own, titled by the record's title, and
 * `record` at launch (or `?app=…&record=…` in the page address) opens one
 * directly; `dataset` or `entity` with `filters` shows that list, filtered. The desktop keeps one instance per declared application: a
 * second launch brings it forward (the 'attention' event), at the record
 * asked for. Framework-free models (model/) hold the rules over the
 * records calls; the React views (views/) render them.
 */
import { appDialogs, reactContent } from '@atrium/app-kit';
import { defineApplication, type AppWindow, type Application, type RecordsChange } from '@atrium/sdk';
import { labelOf } from '@atrium/shared/apps';
import { ImportModel } from './model/ImportModel.js';
import { listRequestOf } from './model/listRequest.js';
import type { Schedule } from './model/ListModel.js';
import { RecordsApi } from './model/RecordsApi.js';
import { RecordsAppModel } from './model/RecordsAppModel.js';
import { RecordWindows, type RecordsSession } from './recordWindows.js';
import { RECORDS_TEXTS } from './texts.js';
import { RECORDS_VIEW_TEXTS } from './viewTexts.js';
import { RECORDS_WORKFLOW_TEXTS } from './workflowTexts.js';
import { ImportView } from './views/ImportView.js';
import { fillRecordViews } from './views/recordViews.js';
import { RecordsView } from './views/RecordsView.js';
import './Records.css';

/** The application and record a launch asks for: `app` and `record` of the arguments, else of the page address's options. */
export function requestedRecords(args: Readonly<Record<string, unknown>>, options: Readonly<Record<string, unknown>> = {}): { app: string | null; record: string | null } {
  const pick = (key: string) => (typeof args[key] === 'string' && args[key] !== '' ? (args[key] as string) : typeof options[key] === 'string' && options[key] !== '' ? (options[key] as string) : null);
  return { app: pick('app'), record: pick('record') };
}

const schedule: Schedule = (run, ms) => {
  const timer = setTimeout(run, ms);
  return () => clearTimeout(timer);
};

/** The calls, the model and the dialogs of one instance, for the declared application `appName`; `main` is its first window once made. */
function sessionOf(app: Application, appName: string, main: () => AppWindow | undefined): RecordsSession {
  const { desktop } = app;
  const api = new RecordsApi(
    (method, path, body) => desktop.request(method, path, body),
    (path, form, options) => desktop.upload(path, form, options),
  );
  const onRecordsChanged = (listener: (change: RecordsChange | null) => void) => desktop.onRecordsChanged(listener);
  const model = new RecordsAppModel({ api, schedule, settings: app.settings, onRecordsChanged }, appName);
  let nextWindow = 1;
  return { app, appName, api, model, dialogs: appDialogs(app, main), onRecordsChanged, windowId: (prefix) => `${prefix}-${nextWindow++}` };
}

/** The declared application's window: its entities, their lists, boards and calendars. */
function mainWindow(session: RecordsSession, records: RecordWindows): AppWindow {
  const { app, appName, api, model, dialogs, onRecordsChanged } = session;
  const { desktop } = app;
  return app.createWindow({
    id: 'app',
    title: () => model.label(desktop.locale),
    icon: app.metadata.icon ?? null,
    dimension: { width: 980, height: 640 },
    // Fits into small screens (a phone gets the whole width; the rows stack).
    attributes: { minDimension: { width: 320, height: 320 }, clamp: true },
    render: reactContent(
      <RecordsView
        model={model}
        actions={{
          open: (record, names) => void records.open(record.name, names),
          create: () => records.create(),
          prompt: (message) => dialogs.prompt({ title: model.label(desktop.locale), message }),
          download,
          importCsv: () => importWindow(session),
        }}
        services={{ app: appName, api, schedule, open: (record, names) => void records.open(record.name, names), onRecordsChanged: (listener) => onRecordsChanged((change) => listener(change && { ...change, names: [...change.names] })) }}
      />,
    ),
  });
}

/** The import of a CSV file into the shown entity's records, in a window of its own; the list shows the records made. */
function importWindow(session: RecordsSession): void {
  const { app, appName, api, model } = session;
  const entityKey = model.getState().entity;
  const entity = entityKey === null ? undefined : model.entity(entityKey);
  if (entityKey === null || !entity) return;
  const importer = new ImportModel({ api, onImported: () => void model.list(entityKey).refresh() }, appName, entityKey);
  const window: AppWindow = app.createWindow({
    id: session.windowId('import'),
    title: (tr) => tr('records.import.title', { entity: labelOf(entity.pluralLabel, app.desktop.locale) }),
    icon: app.metadata.icon ?? null,
    dimension: { width: 760, height: 520 },
    attributes: { minDimension: { width: 320, height: 280 }, clamp: true },
    render: reactContent(<ImportView model={importer} entity={entity} onClose={() => void window.close()} />),
  });
}

/** Hands a text to the browser as a file download. */
function download(filename: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export default defineApplication(async (app) => {
  // Its own texts, before anything renders (docs/APPLICATIONS.md, "Texts").
  await Promise.all([RECORDS_TEXTS.install(app.desktop), RECORDS_VIEW_TEXTS.install(app.desktop), RECORDS_WORKFLOW_TEXTS.install(app.desktop)]);
  fillRecordViews();
  const requested = requestedRecords(app.args, app.options as Record<string, unknown>);
  // The dialogs' parent is the application's window, made below (they open only once it is there).
  const session = sessionOf(app, requested.app ?? '', () => main);
  const { model } = session;
  const records = new RecordWindows(session);
  const main = mainWindow(session, records);

  // Launched again for the same application: to the front, at the record asked for.
  app.on('attention', (payload) => {
    main.focus();
    const { args = {}, options = {} } = (payload ?? {}) as { args?: Record<string, unknown>; options?: Record<string, unknown> };
    const { record } = requestedRecords(args, options);
    if (record) void records.open(record);
    const list = listRequestOf(args);
    if (list) model.showList(list);
  });
  app.on('destroy', () => {
    records.closeAll();
    model.dispose();
  });
  await model.load();
  main.setTitle(() => model.label(app.desktop.locale));
  if (requested.record && model.getState().status === 'ready') void records.open(requested.record);
  // A dashboard's drill to the records behind a figure: that list, filtered (docs/behaviour/dashboards.md#drill-down).
  const list = listRequestOf(app.args);
  if (list) model.showList(list);
});
