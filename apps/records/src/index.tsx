/**
 * Records (apps/records/README.md): the runtime of every declared business
 * application. Launched with `app` (a declared application's name, which
 * the desktop gives when the user opens one) it shows that application in
 * a window titled by its label, its entities as tabs, the list of each;
 * a record opens in a window of its own, titled by the record's title, and
 * `record` at launch (or `?app=…&record=…` in the page address) opens one
 * directly. The desktop keeps one instance per declared application: a
 * second launch brings it forward (the 'attention' event), at the record
 * asked for. Framework-free models (model/) hold the rules over the
 * records calls; the React views (views/) render them.
 */
import { appDialogs, reactContent } from '@atrium/app-kit';
import { defineApplication, type AppWindow, type RecordsChange } from '@atrium/sdk';
import { labelOf, type RecordDetail } from '@atrium/shared/apps';
import { FormModel } from './model/FormModel.js';
import { ImportModel } from './model/ImportModel.js';
import type { Schedule } from './model/ListModel.js';
import { RecordsApi, failureOf } from './model/RecordsApi.js';
import { RecordsAppModel } from './model/RecordsAppModel.js';
import { warnBeforeUnload } from './closeGuard.js';
import { RECORDS_TEXTS } from './texts.js';
import { RECORDS_VIEW_TEXTS } from './viewTexts.js';
import type { PickerSources } from './views/FieldInput.js';
import { FormView } from './views/FormView.js';
import { ImportView } from './views/ImportView.js';
import { fillRecordViews } from './views/recordViews.js';
import { RecordsView } from './views/RecordsView.js';
import { failureText } from './views/texts.js';
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

export default defineApplication(async (app) => {
  // Its own texts, before anything renders (docs/APPLICATIONS.md, "Texts").
  await Promise.all([RECORDS_TEXTS.install(app.desktop), RECORDS_VIEW_TEXTS.install(app.desktop)]);
  fillRecordViews();
  const { desktop } = app;
  const t = (key: string, vars?: Record<string, unknown>) => desktop.t(key, vars);
  const requested = requestedRecords(app.args, app.options as Record<string, unknown>);
  const appName = requested.app ?? '';
  const api = new RecordsApi(
    (method, path, body) => desktop.request(method, path, body),
    (path, form, options) => desktop.upload(path, form, options),
  );
  const onRecordsChanged = (listener: (change: RecordsChange | null) => void) => desktop.onRecordsChanged(listener);
  const model = new RecordsAppModel({ api, schedule, settings: app.settings, onRecordsChanged }, appName);
  const dialogs = appDialogs(app, () => main);
  const records = new Map<string, { window: AppWindow; form: FormModel; sequence: readonly string[] }>();
  /** Every form window's teardown, for when the application ends. */
  const forms = new Set<() => true>();
  let nextWindow = 1;

  const main: AppWindow = app.createWindow({
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
          open: (record, names) => void openRecord(record.name, names),
          create: () => newRecord(),
          prompt: (message) => dialogs.prompt({ title: model.label(desktop.locale), message }),
          download,
          importCsv: () => importWindow(),
        }}
        services={{ app: appName, api, schedule, open: (record, names) => void openRecord(record.name, names), onRecordsChanged: (listener) => onRecordsChanged((change) => listener(change && { ...change, names: [...change.names] })) }}
      />,
    ),
  });

  /** Where the form's pickers find people (the user, those the record names, the global search's) and linked records. */
  const sourcesOf = (form: FormModel): PickerSources => ({
    get people() {
      return { [desktop.user.id]: desktop.user.name, ...form.getState().people };
    },
    get links() {
      return form.getState().links;
    },
    searchPeople: async (text) => Object.fromEntries((await desktop.search.query(text, { filter: 'users', take: 20 })).users.items.map((u) => [u.id, u.name])),
    searchLinked: async (entity, text) => Object.fromEntries((await api.query(appName, entity, { search: text, limit: 20 })).records.map((r) => [r.name, r.title || r.name])),
    entityLabel: (entity) => {
      const e = model.entity(entity);
      return e ? labelOf(e.pluralLabel, desktop.locale) : entity;
    },
  });

  /** A window of its own for a record's form (new: `detail` null), asking before it closes with unsaved changes. */
  const formWindow = (entityKey: string, detail: RecordDetail | null, sequence: readonly string[]): void => {
    const entity = model.entity(entityKey)!;
    const form = new FormModel({ api, context: () => ({ userId: desktop.user.id, now: Date.now() }), onRecordsChanged }, appName, entityKey, entity, model.rights(entityKey));
    if (detail) form.accept(detail);
    else form.startNew();
    const titleOf = (tr: typeof t) => {
      const record = form.getState().record;
      return record ? record.title || record.name : tr('records.form.newTitle', { entity: labelOf(entity.label, desktop.locale) });
    };
    const entry = { form, sequence, window: null as unknown as AppWindow };
    const window = app.createWindow({
      id: `record-${nextWindow++}`,
      title: titleOf,
      icon: app.metadata.icon ?? null,
      dimension: { width: 720, height: 620 },
      attributes: { minDimension: { width: 320, height: 320 }, clamp: true },
      render: reactContent((self) => (
        <FormView
          model={form}
          entity={entity}
          rights={model.rights(entityKey)}
          actions={{
            create: () => newRecord(entityKey),
            go: (name) => void goTo(entry, name),
            confirm: async (title, message) => (await dialogs.confirm({ title, message, parent: window.wid })) === 'yes',
            sequence,
            sources: sourcesOf(form),
            app: appName,
            api,
            openFile: (path) => void desktop.openFile(path),
            fileSize: (path) => desktop.files.stat(path).then(
              (entry) => entry.size,
              () => null,
            ),
            registerCommands: (commands) => desktop.registerCommands(commands, { window: self }),
          }}
        />
      )),
    });
    entry.window = window;
    let shown = form.name;
    let title = titleOf(t);
    const stop = form.subscribe(() => {
      if (form.name !== shown) {
        if (shown !== null) records.delete(shown);
        shown = form.name;
        if (shown !== null) records.set(shown, entry);
      }
      if (titleOf(t) !== title) {
        title = titleOf(t);
        window.setTitle(titleOf);
      }
    });
    if (shown !== null) records.set(shown, entry);
    const stopUnload = warnBeforeUnload(() => form.getState().dirty);
    window.onBeforeClose(async () => {
      if (!form.getState().dirty) return forget();
      const answer = await dialogs.confirm({ title: t('records.form.unsavedTitle'), message: t('records.form.unsaved', { title: titleOf(t) }), parent: window.wid });
      return answer === 'yes' && forget();
    });
    forms.add(forget);
    function forget(): true {
      forms.delete(forget);
      stop();
      stopUnload();
      if (form.name !== null && records.get(form.name) === entry) records.delete(form.name);
      form.dispose();
      return true;
    }
  };

  /** Shows another record of the list in the same window (after asking about unsaved changes). */
  const goTo = async (entry: { window: AppWindow; form: FormModel }, name: string): Promise<void> => {
    const { form, window } = entry;
    if (form.getState().dirty) {
      const answer = await dialogs.confirm({ title: t('records.form.unsavedTitle'), message: t('records.form.unsaved', { title: form.getState().record?.title ?? '' }), parent: window.wid });
      if (answer !== 'yes') return;
    }
    const other = records.get(name);
    if (other && other !== entry) other.window.focus();
    else await form.open(name);
  };

  /** Opens a record in its window: the one already showing it comes forward. */
  const openRecord = async (name: string, sequence: readonly string[] = []): Promise<void> => {
    const open = records.get(name);
    if (open) {
      open.window.focus();
      return;
    }
    try {
      const detail = await api.get(appName, name);
      if (!model.entity(detail.record.entity)) return;
      formWindow(detail.record.entity, detail, sequence);
    } catch (error) {
      await dialogs.show('alert', { title: model.label(desktop.locale), message: failureText(t, failureOf(error)) });
    }
  };

  const newRecord = (entityKey = model.getState().entity): void => {
    if (entityKey !== null && model.entity(entityKey)) formWindow(entityKey, null, []);
  };

  /** The import of a CSV file into the shown entity's records, in a window of its own; the list shows the records made. */
  function importWindow(): void {
    const entityKey = model.getState().entity;
    const entity = entityKey === null ? undefined : model.entity(entityKey);
    if (entityKey === null || !entity) return;
    const importer = new ImportModel({ api, onImported: () => void model.list(entityKey).refresh() }, appName, entityKey);
    const window: AppWindow = app.createWindow({
      id: `import-${nextWindow++}`,
      title: (tr) => tr('records.import.title', { entity: labelOf(entity.pluralLabel, desktop.locale) }),
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

  // Launched again for the same application: to the front, at the record asked for.
  app.on('attention', (payload) => {
    main.focus();
    const { args = {}, options = {} } = (payload ?? {}) as { args?: Record<string, unknown>; options?: Record<string, unknown> };
    const { record } = requestedRecords(args, options);
    if (record) void openRecord(record);
  });
  app.on('destroy', () => {
    for (const forget of [...forms]) forget();
    model.dispose();
  });
  await model.load();
  main.setTitle(() => model.label(desktop.locale));
  if (requested.record && model.getState().status === 'ready') void openRecord(requested.record);
});

