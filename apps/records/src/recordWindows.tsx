import { reactContent, type AppDialogs } from '@atrium/app-kit';
import type { Application, AppWindow, RecordsChange, Translate } from '@atrium/sdk';
import { labelOf, type RecordDetail } from '@atrium/shared/apps';
import { warnBeforeUnload } from './closeGuard.js';
import { FormModel } from './model/FormModel.js';
import { failureOf, type RecordsApi } from './model/RecordsApi.js';
import type { RecordsAppModel } from './model/RecordsAppModel.js';
import type { PickerSources } from './views/FieldInput.js';
import { FormView, type FormActions } from './views/FormView.js';
import { failureText } from './views/texts.js';

/** What the windows of one Records instance share: the application, its declared application's name and model, the calls and the dialogs. */
export interface RecordsSession {
  app: Application;
  appName: string;
  api: RecordsApi;
  model: RecordsAppModel;
  dialogs: AppDialogs;
  onRecordsChanged(listener: (change: RecordsChange | null) => void): () => void;
  /** A window id not used yet by this instance ('record-3'). */
  windowId(prefix: string): string;
}

/** A record's window: its form, and the records of the list it was opened from (for Previous and Next). */
interface FormEntry {
  window: AppWindow;
  form: FormModel;
  sequence: readonly string[];
}

/**
 * The record windows of one Records instance (apps/records/README.md): one
 * window per record, titled by the record's title (a new one's by its
 * entity), which comes forward when the record is opened again; a form with
 * unsaved changes asks before it closes or shows another record.
 */
export class RecordWindows {
  readonly #session: RecordsSession;
  /** The window showing each record, by the record's name. */
  readonly #shown = new Map<string, FormEntry>();
  /** Every form window's teardown, for when the application ends. */
  readonly #forms = new Set<() => true>();

  constructor(session: RecordsSession) {
    this.#session = session;
  }

  /** Opens a record in its window: the one already showing it comes forward; a record that cannot be read says why. */
  async open(name: string, sequence: readonly string[] = []): Promise<void> {
    const open = this.#shown.get(name);
    if (open) {
      open.window.focus();
      return;
    }
    const { api, appName, model, dialogs, app } = this.#session;
    try {
      const detail = await api.get(appName, name);
      if (!model.entity(detail.record.entity)) return;
      this.#formWindow(detail.record.entity, detail, sequence);
    } catch (error) {
      await dialogs.show('alert', { title: model.label(app.desktop.locale), message: failureText(this.#t, failureOf(error)) });
    }
  }

  /** Opens a new record's form of the entity (default: the one shown). */
  create(entityKey = this.#session.model.getState().entity): void {
    if (entityKey !== null && this.#session.model.entity(entityKey)) this.#formWindow(entityKey, null, []);
  }

  /** Ends every form (the application ends). */
  closeAll(): void {
    for (const forget of [...this.#forms]) forget();
  }

  readonly #t: Translate = (key, vars) => this.#session.app.desktop.t(key, vars);

  /** A window of its own for a record's form (new: `detail` null), asking before it closes with unsaved changes. */
  #formWindow(entityKey: string, detail: RecordDetail | null, sequence: readonly string[]): void {
    const { app, api, appName, model, onRecordsChanged } = this.#session;
    const { desktop } = app;
    const entity = model.entity(entityKey)!;
    const form = new FormModel({ api, context: () => ({ userId: desktop.user.id, now: Date.now() }), onRecordsChanged }, appName, entityKey, entity, model.rights(entityKey));
    if (detail) form.accept(detail);
    else form.startNew();
    const entry: FormEntry = { form, sequence, window: null as unknown as AppWindow };
    entry.window = app.createWindow({
      id: this.#session.windowId('record'),
      title: (t) => this.#titleOf(entry, t),
      icon: app.metadata.icon ?? null,
      dimension: { width: 720, height: 620 },
      attributes: { minDimension: { width: 320, height: 320 }, clamp: true },
      render: reactContent((self) => <FormView model={form} entity={entity} rights={model.rights(entityKey)} actions={this.#actions(entry, entityKey, self)} />),
    });
    this.#follow(entry);
  }

  /** The window's title: the record's title (else its name), or "New {entity}". */
  #titleOf(entry: FormEntry, t: Translate): string {
    const record = entry.form.getState().record;
    return record ? record.title || record.name : t('records.form.newTitle', { entity: labelOf(entry.form.entity.label, this.#session.app.desktop.locale) });
  }

  /** What the form asks of its window. */
  #actions(entry: FormEntry, entityKey: string, self: AppWindow): FormActions {
    const { app, api, appName, dialogs } = this.#session;
    const { desktop } = app;
    return {
      create: () => this.create(entityKey),
      go: (name) => void this.#goTo(entry, name),
      confirm: async (title, message) => (await dialogs.confirm({ title, message, parent: entry.window.wid })) === 'yes',
      sequence: entry.sequence,
      sources: this.#sourcesOf(entry.form),
      app: appName,
      api,
      openFile: (path) => void desktop.openFile(path),
      fileSize: (path) =>
        desktop.files.stat(path).then(
          (file) => file.size,
          () => null,
        ),
      registerCommands: (commands) => desktop.registerCommands(commands, { window: self }),
    };
  }

  /** Where the form's pickers find people (the user, those the record names, the global search's) and linked records. */
  #sourcesOf(form: FormModel): PickerSources {
    const { app, api, appName, model } = this.#session;
    const { desktop } = app;
    return {
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
    };
  }

  /**
   * Keeps the window's title and the map of shown records following the
   * form (a new record saved, another record of the list shown), asks
   * before the window closes with unsaved changes, and ends the form with it.
   */
  #follow(entry: FormEntry): void {
    const { form, window } = entry;
    const { dialogs } = this.#session;
    let shown = form.name;
    let title = this.#titleOf(entry, this.#t);
    const stop = form.subscribe(() => {
      if (form.name !== shown) {
        if (shown !== null) this.#shown.delete(shown);
        shown = form.name;
        if (shown !== null) this.#shown.set(shown, entry);
      }
      if (this.#titleOf(entry, this.#t) !== title) {
        title = this.#titleOf(entry, this.#t);
        window.setTitle((t) => this.#titleOf(entry, t));
      }
    });
    if (shown !== null) this.#shown.set(shown, entry);
    const stopUnload = warnBeforeUnload(() => form.getState().dirty);
    const forget = (): true => {
      this.#forms.delete(forget);
      stop();
      stopUnload();
      if (form.name !== null && this.#shown.get(form.name) === entry) this.#shown.delete(form.name);
      form.dispose();
      return true;
    };
    window.onBeforeClose(async () => {
      if (!form.getState().dirty) return forget();
      const answer = await dialogs.confirm({ title: this.#t('records.form.unsavedTitle'), message: this.#t('records.form.unsaved', { title: this.#titleOf(entry, this.#t) }), parent: window.wid });
      return answer === 'yes' && forget();
    });
    this.#forms.add(forget);
  }

  /** Shows another record of the list in the same window (after asking about unsaved changes); a record shown elsewhere comes forward there. */
  async #goTo(entry: FormEntry, name: string): Promise<void> {
    const { form, window } = entry;
    if (form.getState().dirty) {
      const answer = await this.#session.dialogs.confirm({ title: this.#t('records.form.unsavedTitle'), message: this.#t('records.form.unsaved', { title: form.getState().record?.title ?? '' }), parent: window.wid });
      if (answer !== 'yes') return;
    }
    const other = this.#shown.get(name);
    if (other && other !== entry) other.window.focus();
    else await form.open(name);
  }
}
