import { Model } from '@atrium/app-kit';
import type { RecordsChange } from '@atrium/sdk';
import {
  checkValues,
  defaultValues,
  isHidden,
  withComputedValues,
  type Entity,
  type EntityRights,
  type EvaluationContext,
  type Field,
  type RecordDetail,
  type RecordDto,
  type RecordRights,
  type RecordWorkflowDto,
  type ValueProblem,
} from '@atrium/shared/apps';
import { failureOf, type RecordsApi, type RecordsFailure } from './RecordsApi.js';
import { TransitionFlow } from './workflow.js';

/** What a form needs of the desktop. */
export interface FormHost {
  api: Pick<RecordsApi, 'get' | 'create' | 'update' | 'remove' | 'restore' | 'transition' | 'reassign' | 'follow'>;
  /** Who asks and when: `me` and `today` of defaults and conditions. */
  context(): EvaluationContext;
  /** Hears that records changed (the desktop socket), or (null) that changes may have been missed; returns the unsubscribe. */
  onRecordsChanged?(listener: (change: RecordsChange | null) => void): () => void;
}

/** The record was written meanwhile by someone else: their name and the version the server holds. */
export interface Conflict {
  user: string;
  version: string;
}

export interface FormState {
  /** loading: the record is being read; ready: shown; missing: not found (or not readable); failed: `failure` says why. */
  status: 'loading' | 'ready' | 'missing' | 'failed';
  /** The record as last read or saved; null for a new one. */
  record: RecordDto | null;
  rights: RecordRights;
  /** The values shown, computed fields worked out from the others. */
  values: Readonly<Record<string, unknown>>;
  /** The values as read (what "dirty" compares with). */
  original: Readonly<Record<string, unknown>>;
  dirty: boolean;
  /** Each field's problem, by the shared check (shown once the field was left or a save was tried) or the server's. */
  problems: Readonly<Record<string, ValueProblem>>;
  /** Fields whose problem is shown: those the user left, and every one after a save was tried. */
  shown: ReadonlySet<string> | 'all';
  saving: boolean;
  conflict: Conflict | null;
  /** Someone else changed the open record while the user edits it: their name (the prompt "… changed this record. Reload?"). */
  changedBy: string | null;
  /** The last failed action (save, delete, restore) other than a conflict or field problems. */
  failure: RecordsFailure | null;
  people: Readonly<Record<string, string>>;
  links: Readonly<Record<string, string>>;
  /** The record's place in its workflow (docs/behaviour/workflows.md#in-the-runtime); null when its entity declares none, or for a new record. */
  workflow: RecordWorkflowDto | null;
  /** Whether the user follows the record; null when the answer does not say (no Follow button). */
  following: boolean | null;
  /** A follow, unfollow or reassign being sent. */
  workflowBusy: boolean;
  /** The last refused transition (taken without a dialog), follow or reassign. */
  workflowFailure: RecordsFailure | null;
  /** The state a transition just moved the record to, for the live region; `count` makes the same state said again. */
  entered: { state: string; count: number } | null;
}

const NO_RIGHTS: RecordRights = { update: false, delete: false, comment: false, readOnlyFields: [] };
const NEW_RIGHTS: RecordRights = { update: true, delete: false, comment: false, readOnlyFields: [] };
const NO_WORKFLOW = { workflow: null, following: null, workflowBusy: false, workflowFailure: null, entered: null } as const;

/** Whether a field is ever typed by a user: not declared read-only nor computed. */
export function isComputedOrReadOnly(field: Field): boolean {
  return field.readOnly === true || ('computed' in field && field.computed !== undefined);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * A record in a form (docs/behaviour/records.md#forms), new or existing:
 * the values being edited with their computed fields worked out live, the
 * fields hidden by their hidden-when, the read-only ones, each problem by
 * the same check the server makes; save creates or updates (with the
 * version read, so that a change made meanwhile is refused and named),
 * delete and restore. A change of the open record told over the socket
 * reloads it, or, while the user has edits, asks them first.
 */
export class FormModel extends Model<FormState> {
  readonly #host: FormHost;
  readonly #app: string;
  readonly #entityKey: string;
  readonly #entity: Entity;
  readonly #hiddenByRole: readonly string[];
  readonly #lockedOnCreate: readonly string[];
  #load = 0;
  /** The dialog of a transition that asks first (a question, a comment). */
  readonly transitions: TransitionFlow;
  readonly #stop: Array<() => void> = [];

  constructor(host: FormHost, app: string, entityKey: string, entity: Entity, entityRights: EntityRights) {
    super({
      status: 'loading',
      record: null,
      rights: NO_RIGHTS,
      values: {},
      original: {},
      dirty: false,
      problems: {},
      shown: new Set(),
      saving: false,
      conflict: null,
      changedBy: null,
      failure: null,
      people: {},
      links: {},
      workflow: null,
      following: null,
      workflowBusy: false,
      workflowFailure: null,
      entered: null,
    });
    this.#host = host;
    this.transitions = new TransitionFlow((name, body) => host.api.transition(app, name, body));
    this.#app = app;
    this.#entityKey = entityKey;
    this.#entity = entity;
    this.#hiddenByRole = entityRights.hiddenFields;
    this.#lockedOnCreate = entityRights.lockedOnCreate;
    if (host.onRecordsChanged) this.#stop.push(host.onRecordsChanged((change) => void this.#changed(change)));
  }

  get entity(): Entity {
    return this.#entity;
  }

  /** The record's name, or null while it is new. */
  get name(): string | null {
    return this.getState().record?.name ?? null;
  }

  /** Starts a new record with the entity's defaults. */
  startNew(): void {
    this.#load++;
    const defaults = defaultValues(this.#entity, this.#host.context());
    // A new record starts in the workflow's initial state (the server sets it; the form shows it).
    const workflow = this.#entity.workflow;
    if (workflow) defaults[workflow.field] = workflow.initial;
    const values = withComputedValues(this.#entity, defaults);
    this.setState({ ...this.getState(), ...NO_WORKFLOW, status: 'ready', record: null, rights: NEW_RIGHTS, values, original: values, dirty: false, shown: new Set(), conflict: null, changedBy: null, failure: null });
    this.update({ problems: this.#check(values) });
  }

  /** Reads a record (the user's edits are dropped). */
  async open(name: string): Promise<void> {
    const id = ++this.#load;
    // The state another record entered is not this one's to announce.
    this.update({ status: 'loading', entered: null });
    try {
      const detail = await this.#host.api.get(this.#app, name);
      if (id === this.#load) this.accept(detail);
    } catch (error) {
      if (id !== this.#load) return;
      const failure = failureOf(error);
      this.update({ status: failure.code === 'records.notFound' ? 'missing' : 'failed', failure });
    }
  }

  /** Shows a record as read (GET record's answer), dropping the user's edits. */
  accept(detail: RecordDetail): void {
    this.#load++;
    const values = withComputedValues(this.#entity, detail.record.values);
    this.setState({
      ...this.getState(),
      status: 'ready',
      saving: false,
      record: detail.record,
      rights: detail.rights,
      values,
      original: values,
      dirty: false,
      shown: new Set(),
      conflict: null,
      changedBy: null,
      failure: null,
      people: detail.people,
      links: detail.links,
      workflow: detail.workflow ?? null,
      following: detail.following ?? null,
      workflowBusy: false,
      workflowFailure: null,
    });
    this.update({ problems: this.#check(values) });
  }

  /** Reads the open record again, dropping the user's edits (after a conflict, or the prompt of someone else's change). */
  reload(): Promise<void> {
    const { name } = this;
    return name === null ? Promise.resolve() : this.open(name);
  }

  /** Keeps the user's edits and forgets that someone else changed the record (a save will then be refused as a conflict). */
  dismissChange(): void {
    this.update({ changedBy: null });
  }

  /** Whether the field is left out of the form: hidden to the user's role, or by its hidden-when over the values shown. */
  isHidden(key: string): boolean {
    const field = this.#entity.fields[key];
    if (!field || this.#hiddenByRole.includes(key)) return true;
    // A field of the record hidden to the user on this record (recordAccess) is not in its values.
    const { record, values } = this.getState();
    if (record !== null && !Object.hasOwn(record.values, key) && !isComputedOrReadOnly(field)) return true;
    return isHidden(field, values, this.#entity.fields, this.#host.context());
  }

  /**
   * Whether the user may not change the field: declared read-only, computed,
   * read-only to their role on the record, or the record is not theirs to
   * change; on a new record, a field their grants that create leave at its
   * default (the entity's `lockedOnCreate`).
   */
  isReadOnly(key: string): boolean {
    const field = this.#entity.fields[key];
    if (!field || key === this.#entity.workflow?.field) return true;
    const { rights, record } = this.getState();
    if (record === null && this.#lockedOnCreate.includes(key)) return true;
    return isComputedOrReadOnly(field) || !rights.update || rights.readOnlyFields.includes(key);
  }

  /** The problem shown under a field (by its key, or `table.3.field` for a row's field). */
  problemOf(key: string): ValueProblem | undefined {
    const { problems, shown } = this.getState();
    const problem = problems[key];
    if (!problem) return undefined;
    const field = key.split('.')[0]!;
    return shown === 'all' || shown.has(field) ? problem : undefined;
  }

  /** Changes a field's value: the computed fields follow, and so does the check. */
  set(key: string, value: unknown): void {
    if (this.isReadOnly(key)) return;
    this.#setValues({ ...this.getState().values, [key]: value });
  }

  /** The field was left: its problem shows from now on. */
  touch(key: string): void {
    const { shown } = this.getState();
    if (shown === 'all' || shown.has(key)) return;
    this.update({ shown: new Set([...shown, key]) });
  }

  /**
   * Saves: nothing is sent while a field has a problem (each shows); a new
   * record is created, an existing one updated with the version read (only
   * the fields changed). The server's field problems show by their field;
   * a conflict names who changed the record. Resolves with the saved record,
   * or null when it was not saved.
   */
  async save(): Promise<RecordDto | null> {
    const s = this.getState();
    if (s.saving || s.status !== 'ready') return null;
    if (s.record !== null && !s.dirty) return s.record;
    const problems = this.#check(s.values);
    if (Object.keys(problems).length > 0) {
      this.update({ problems, shown: 'all' });
      return null;
    }
    this.update({ saving: true, failure: null, conflict: null });
    try {
      const editable = Object.keys(this.#entity.fields).filter((key) => !this.isReadOnly(key) && !this.#hiddenByRole.includes(key));
      const detail =
        s.record === null
          ? await this.#host.api.create(this.#app, this.#entityKey, Object.fromEntries(editable.map((key) => [key, s.values[key] ?? null])))
          : await this.#host.api.update(
              this.#app,
              s.record.name,
              s.record.version,
              Object.fromEntries(editable.filter((key) => !same(s.values[key], s.original[key])).map((key) => [key, s.values[key] ?? null])),
            );
      // The record as saved, with the user's rights on it (a new record's: may its creator change or delete it?).
      this.accept(detail);
      return detail.record;
    } catch (error) {
      const failure = failureOf(error);
      if (failure.code === 'records.invalid' && Object.keys(failure.fields).length > 0) this.update({ saving: false, problems: { ...failure.fields }, shown: 'all' });
      else if (failure.code === 'records.conflict') this.update({ saving: false, conflict: { user: failure.params.user ?? '', version: failure.params.version ?? '' } });
      else this.update({ saving: false, failure });
      return null;
    }
  }

  /**
   * A file was added to a field of the open record (an upload's answer):
   * the field and the version are the server's now; the user's edits of
   * other fields stay.
   */
  attached(detail: RecordDetail, key: string): void {
    const s = this.getState();
    if (s.record === null || s.record.name !== detail.record.name) return;
    if (!s.dirty) return this.accept(detail);
    const value = detail.record.values[key] ?? null;
    this.update({ record: detail.record, rights: detail.rights, original: { ...s.original, [key]: value }, people: detail.people, links: detail.links });
    this.#setValues({ ...s.values, [key]: value });
  }

  /** Takes a file out of a field: the save deletes it. */
  removeFile(key: string, id: string): void {
    const files = this.getState().values[key];
    if (!Array.isArray(files)) return;
    const kept = (files as Array<{ id: string }>).filter((f) => f.id !== id);
    this.set(key, kept.length === 0 ? null : kept);
  }

  /** Deletes the record (the view asks first). Resolves whether it was deleted. */
  async remove(): Promise<boolean> {
    const { record } = this.getState();
    if (record === null) return false;
    try {
      await this.#host.api.remove(this.#app, record.name, record.version);
      this.update({ record: { ...record, deletedAt: new Date(this.#host.context().now).toISOString() }, dirty: false, failure: null });
      return true;
    } catch (error) {
      const failure = failureOf(error);
      if (failure.code === 'records.conflict') this.update({ conflict: { user: failure.params.user ?? '', version: failure.params.version ?? '' } });
      else this.update({ failure });
      return false;
    }
  }

  /** Restores a deleted record. */
  async restore(): Promise<boolean> {
    const { record } = this.getState();
    if (record === null) return false;
    try {
      this.accept(await this.#host.api.restore(this.#app, record.name));
      return true;
    } catch (error) {
      this.update({ failure: failureOf(error) });
      return false;
    }
  }

  /**
   * Takes a transition of the record's workflow (docs/behaviour/workflows.md#in-the-runtime):
   * the user's edits are saved first (a transition may need the fields they
   * filled in); a transition that asks first opens its dialog
   * (`transitions`); the answer is shown and its new state announced. A
   * refusal is kept in the dialog, else shown above the form; a change made
   * meanwhile is a conflict, as a save's. Resolves whether it was taken.
   */
  async takeTransition(key: string): Promise<boolean> {
    if (this.getState().dirty && (await this.save()) === null) return false;
    const { record, workflow } = this.getState();
    const transition = workflow?.transitions.find((t) => t.key === key);
    if (record === null || !transition || transition.blocked) return false;
    this.update({ workflowFailure: null, conflict: null });
    try {
      const detail = await this.transitions.take(record.name, record.version, transition);
      if (detail === null) return false;
      this.accept(detail);
      this.#entered(detail);
      return true;
    } catch (error) {
      const failure = failureOf(error);
      if (failure.code === 'records.conflict') this.update({ conflict: { user: failure.params.user ?? '', version: failure.params.version ?? '' } });
      else this.update({ workflowFailure: failure });
      return false;
    }
  }

  /** Follows the record, or stops following it. */
  follow(following: boolean): Promise<boolean> {
    return this.#workflowCall((name) => this.#host.api.follow(this.#app, name, following));
  }

  /** Gives the current state's open work of one assignee to another member (with the right to reassign). */
  reassign(from: string, to: string): Promise<boolean> {
    if (from === to) return Promise.resolve(false);
    return this.#workflowCall((name) => this.#host.api.reassign(this.#app, name, { from, to }));
  }

  /** Hides the last refused transition, follow or reassign. */
  dismissWorkflowFailure(): void {
    this.update({ workflowFailure: null });
  }

  /** A follow or a reassign: its answer's workflow and following are shown, and the user's edits stay. */
  async #workflowCall(call: (name: string) => Promise<RecordDetail>): Promise<boolean> {
    const { record, workflowBusy } = this.getState();
    if (record === null || workflowBusy) return false;
    this.update({ workflowBusy: true, workflowFailure: null });
    try {
      const detail = await call(record.name);
      if (this.getState().record?.name !== detail.record.name) return false;
      if (!this.getState().dirty) this.accept(detail);
      else this.update({ workflow: detail.workflow ?? null, following: detail.following ?? null, people: { ...this.getState().people, ...detail.people }, workflowBusy: false });
      return true;
    } catch (error) {
      this.update({ workflowBusy: false, workflowFailure: failureOf(error) });
      return false;
    }
  }

  #entered(detail: RecordDetail): void {
    const state = detail.workflow?.state;
    if (state !== undefined) this.update({ entered: { state, count: (this.getState().entered?.count ?? 0) + 1 } });
  }

  dispose(): void {
    this.#load++;
    this.transitions.cancel();
    for (const stop of this.#stop.splice(0)) stop();
    this.clearListeners();
  }

  #setValues(edited: Record<string, unknown>): void {
    const values = withComputedValues(this.#entity, edited);
    const { original } = this.getState();
    const dirty = Object.keys(this.#entity.fields).some((key) => !same(values[key], original[key]));
    this.update({ values, dirty, problems: this.#check(values), failure: null });
  }

  /** The shared check's problems of the fields the user sees and may change (the others are the server's to judge). */
  #check(values: Readonly<Record<string, unknown>>): Record<string, ValueProblem> {
    const input = Object.fromEntries(Object.keys(this.#entity.fields).map((key) => [key, values[key] ?? null]));
    const { problems } = checkValues(this.#entity, input, this.#host.context());
    const out: Record<string, ValueProblem> = {};
    for (const [key, problem] of Object.entries(problems)) {
      const field = key.split('.')[0]!;
      if (!Object.hasOwn(this.#entity.fields, field) || this.#hiddenByRole.includes(field) || field === this.#entity.workflow?.field) continue;
      // A field the user may not set is the server's to judge: on a record, any read-only one; on a new one, those left at their defaults.
      const { record } = this.getState();
      if (record !== null ? this.isReadOnly(field) : this.#lockedOnCreate.includes(field)) continue;
      out[key] = problem;
    }
    return out;
  }

  async #changed(change: RecordsChange | null): Promise<void> {
    const s = this.getState();
    if (s.record === null) return;
    if (change !== null && (change.app !== this.#app || change.entity !== this.#entityKey || !change.names.includes(s.record.name))) return;
    if (s.saving) return;
    if (!s.dirty) return this.reload();
    // The user has edits: is the record really newer than what they edit (not their own save told back)?
    try {
      const detail = await this.#host.api.get(this.#app, s.record.name);
      const now = this.getState();
      if (now.record === null || detail.record.version <= now.record.version) return;
      this.update({ changedBy: change?.by ?? detail.record.updatedBy?.name ?? '' });
    } catch {
      // Deleted or no longer readable: the next save says so.
    }
  }
}
