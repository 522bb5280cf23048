import { Model } from '@atrium/app-kit';
import { recordsAfter, type Choice, type Entity, type Labels, type RecordDetail, type RecordDto, type RecordFilter, type RecordQueryInput, type RecordsChangedParams } from '@atrium/shared/apps';
import { writtenRecord, type RecordsCalls } from './recordsCalls.js';
import { refusalOf, type Refusal } from './refusal.js';
import { transitionTo, TransitionFlow } from './workflow.js';

/** Cards a column loads at a time ("Show more" loads as many again). */
export const BOARD_PAGE_SIZE = 50;

/** A choice's colour as a column shows it. */
export type ChoiceColour = NonNullable<Choice['colour']>;

/** One column of the board: the records whose group-by field holds one choice, or none ("No value"). */
export interface BoardColumn {
  /** The choice's value; null for the column of records without one. */
  value: string | null;
  /** The choice's label by locale; null for "No value". */
  label: Labels | null;
  colour: ChoiceColour | null;
  status: 'loading' | 'ready' | 'failed';
  cards: readonly RecordDto[];
  /** How many records the column holds on the server (cards holds the first of them); more than that when `capped`. */
  total: number;
  capped: boolean;
  loadingMore: boolean;
  problem: Refusal | null;
}

/** A card picked up with the keyboard: where it came from and where it would land. */
export interface GrabbedCard {
  name: string;
  from: { column: number; index: number };
  column: number;
  index: number;
}

/** What the live region says after a step of a move (the view words it). */
export type BoardAnnouncement =
  | { kind: 'picked' | 'over'; name: string; column: number; position: number; count: number }
  | { kind: 'moved'; name: string; column: number }
  | { kind: 'cancelled'; name: string }
  | { kind: 'refused'; name: string; refusal: Refusal };

export interface BoardState {
  columns: readonly BoardColumn[];
  /** User names and linked records' titles the cards' values refer to. */
  people: Readonly<Record<string, string>>;
  links: Readonly<Record<string, string>>;
  grabbed: GrabbedCard | null;
  /** Records whose move is being written. */
  moving: readonly string[];
  announcement: BoardAnnouncement | null;
  /** Counts announcements, so that the same words said twice are said again. */
  announcements: number;
  /** The last refused move, shown until the next move or dismiss. */
  refusal: { name: string; refusal: Refusal } | null;
  /** Only the records waiting for the user (an entity with a workflow: docs/behaviour/workflows.md#in-the-runtime). */
  waitingForMe: boolean;
}

export interface BoardOptions {
  calls: RecordsCalls;
  app: string;
  entityKey: string;
  entity: Entity;
  /** Whether the caller may update this entity's records at all (their rights' `update` action). */
  mayUpdate: boolean;
  /** Fields the caller may see but not change (their role's read-only fields). */
  readOnlyFields?: readonly string[];
  /** Hears that records changed (the desktop socket; null when changes may have been missed); returns the unsubscribe. */
  onRecordsChanged?(listener: (change: RecordsChangedParams | null) => void): () => void;
}

/** The board's group-by field, when the entity declares a board on a choice field. */
export function boardField(entity: Entity): { key: string; choices: readonly Choice[]; required: boolean; readOnly: boolean } | null {
  const key = entity.views.board?.groupBy;
  const field = key === undefined ? undefined : entity.fields[key];
  if (key === undefined || field?.type !== 'choice') return null;
  return { key, choices: field.choices, required: field.required ?? false, readOnly: field.readOnly ?? false };
}

/** The columns of a board, in the declaration's order of the choices, then "No value" unless the field is required. */
export function boardColumns(entity: Entity): BoardColumn[] {
  const field = boardField(entity);
  if (field === null) return [];
  const empty = { status: 'loading', cards: [], total: 0, capped: false, loadingMore: false, problem: null } as const;
  const columns: BoardColumn[] = field.choices.map((c) => ({ value: c.value, label: c.label, colour: c.colour ?? null, ...empty }));
  if (!field.required) columns.push({ value: null, label: null, colour: null, ...empty });
  return columns;
}

/** The query of a column's records: the group-by field equal to its choice (or empty), in the list's order. */
export function columnQuery(entity: Entity, value: string | null, offset = 0, waitingForMe = false): RecordQueryInput {
  const field = boardField(entity);
  if (field === null) throw new Error('The entity declares no board on a choice field');
  const filter: RecordFilter = value === null ? { field: field.key, op: 'empty' } : { field: field.key, op: 'eq', value };
  const sort = entity.views.list?.sort;
  return { filters: [filter], offset, limit: BOARD_PAGE_SIZE, ...(sort ? { sort: { field: sort.field, direction: sort.direction } } : {}), ...(waitingForMe ? { waitingForMe: true } : {}) };
}

/** The fields a card shows below its title: the board's, else the entity's card fields. */
export function cardFieldsOf(entity: Entity, hiddenFields: readonly string[] = []): string[] {
  const keys = entity.views.board?.cardFields ?? entity.cardFields ?? [];
  return keys.filter((k) => Object.hasOwn(entity.fields, k) && !hiddenFields.includes(k) && k !== entity.views.board?.groupBy);
}

/** The cards of each column as shown: the picked-up card where it would land, not where it was. */
export function shownCards(state: Pick<BoardState, 'columns' | 'grabbed'>): RecordDto[][] {
  const { columns, grabbed } = state;
  if (grabbed === null) return columns.map((c) => [...c.cards]);
  const card = columns[grabbed.from.column]?.cards.find((c) => c.name === grabbed.name);
  if (card === undefined) return columns.map((c) => [...c.cards]);
  return columns.map((c, i) => {
    const rest = c.cards.filter((r) => r.name !== grabbed.name);
    return i === grabbed.column ? withCard(rest, card, grabbed.index) : rest;
  });
}

function withCard(cards: readonly RecordDto[], card: RecordDto, index: number): RecordDto[] {
  const out = cards.filter((c) => c.name !== card.name);
  out.splice(Math.max(0, Math.min(index, out.length)), 0, card);
  return out;
}

/**
 * The board of an entity (docs/APPLICATIONS.md, "Views"): one column per
 * choice of its group-by field, each loading its own records a page at a
 * time, and moving a card to another column as an update of that field at
 * the version the card was read at. A move shows at once and is rolled back
 * with the server's refusal. The keyboard moves a card in steps (pick up,
 * left/right/up/down, drop or cancel), each announced. The order within a
 * column is the list's sort: a card dropped higher in its own column stays
 * there until the column is read again, and changes nothing on the server.
 */
export class BoardModel extends Model<BoardState> {
  readonly #options: BoardOptions;
  readonly #field: NonNullable<ReturnType<typeof boardField>>;
  #disposed = false;
  /** Records changed while a move was being written: the columns are read again once it is. */
  #changedMeanwhile = false;
  /** Each column's latest load, so that an older answer never replaces a newer one. */
  readonly #loads = new Map<number, number>();
  /** The entity's workflow when the board groups by its state: a move is then a step (docs/behaviour/workflows.md#in-the-runtime). */
  readonly #stepping: boolean;
  /** The dialog of a step that asks first (a question, a comment). */
  readonly transitions: TransitionFlow;

  constructor(options: BoardOptions) {
    super({ columns: boardColumns(options.entity), people: {}, links: {}, grabbed: null, moving: [], announcement: null, announcements: 0, refusal: null, waitingForMe: false });
    const field = boardField(options.entity);
    if (field === null) throw new Error(`The entity ${options.entityKey} declares no board on a choice field`);
    this.#options = options;
    this.#field = field;
    const { get, transition } = options.calls;
    this.#stepping = options.entity.workflow?.field === field.key && get !== undefined && transition !== undefined;
    this.transitions = new TransitionFlow((name, body) => (transition ? transition.call(options.calls, options.app, name, body) : Promise.reject(new Error('No workflow calls'))));
  }

  /** Whether moving a card takes a step of the workflow (the board groups by its state field). */
  get steps(): boolean {
    return this.#stepping;
  }

  /** Loads the columns and follows the changes the desktop hears of, until the returned stop is called (a view's lifetime). */
  start(): () => void {
    const stop = this.#options.onRecordsChanged?.((change) => this.#changed(change));
    void this.load();
    return () => stop?.();
  }

  /** The group-by field's key. */
  get groupBy(): string {
    return this.#field.key;
  }

  /** Whether the caller may move cards: they may update the records and change the group-by field. */
  get canMove(): boolean {
    // Who may take each step is the workflow's to say, card by card (the server answers each card's steps).
    if (this.#stepping) return true;
    return this.#options.mayUpdate && !this.#field.readOnly && !(this.#options.readOnlyFields ?? []).includes(this.#field.key);
  }

  /** Whether the board offers "Waiting for me": its entity declares a workflow. */
  get offersWaitingForMe(): boolean {
    return this.#options.entity.workflow !== undefined;
  }

  /** Shows only the cards waiting for the user (an open workflow task of theirs), or all again. */
  showWaitingForMe(waiting: boolean): void {
    if (waiting === this.getState().waitingForMe || !this.offersWaitingForMe) return;
    this.update({ waitingForMe: waiting });
    void this.load();
  }

  /** Loads every column again from its first page. */
  async load(): Promise<void> {
    await Promise.all(this.getState().columns.map((_, i) => this.loadColumn(i)));
  }

  /** Loads one column again from its first page. */
  async loadColumn(index: number): Promise<void> {
    const column = this.getState().columns[index];
    if (column === undefined) return;
    const ticket = (this.#loads.get(index) ?? 0) + 1;
    this.#loads.set(index, ticket);
    this.#setColumn(index, { status: 'loading', problem: null });
    try {
      const page = await this.#options.calls.query(this.#options.app, this.#options.entityKey, columnQuery(this.#options.entity, column.value, 0, this.getState().waitingForMe));
      if (this.#disposed || this.#loads.get(index) !== ticket) return;
      this.#merge(page.people, page.links);
      this.#setColumn(index, { status: 'ready', cards: page.records, total: page.total, capped: page.capped, loadingMore: false });
    } catch (error) {
      if (this.#disposed || this.#loads.get(index) !== ticket) return;
      this.#setColumn(index, { status: 'failed', problem: refusalOf(error) });
    }
  }

  /** Loads the column's next page after the cards it shows ("Show more"). */
  async showMore(index: number): Promise<void> {
    const column = this.getState().columns[index];
    if (column === undefined || column.loadingMore || !recordsAfter(column, column.cards.length)) return;
    const ticket = this.#loads.get(index) ?? 0;
    this.#setColumn(index, { loadingMore: true });
    try {
      const page = await this.#options.calls.query(this.#options.app, this.#options.entityKey, columnQuery(this.#options.entity, column.value, column.cards.length, this.getState().waitingForMe));
      if (this.#disposed || this.#loads.get(index) !== ticket) return;
      this.#merge(page.people, page.links);
      const now = this.getState().columns[index]!;
      const known = new Set(now.cards.map((c) => c.name));
      this.#setColumn(index, { cards: [...now.cards, ...page.records.filter((r) => !known.has(r.name))], total: page.total, capped: page.capped, loadingMore: false });
    } catch (error) {
      if (this.#disposed) return;
      this.#setColumn(index, { loadingMore: false, problem: refusalOf(error) });
    }
  }

  /** Where a card is: its column and place there; null when the board does not show it. */
  find(name: string): { column: number; index: number } | null {
    const columns = this.getState().columns;
    for (let column = 0; column < columns.length; column++) {
      const index = columns[column]!.cards.findIndex((c) => c.name === name);
      if (index >= 0) return { column, index };
    }
    return null;
  }

  /** Picks a card up for a keyboard move (Space or Enter on a focused card). */
  pickUp(name: string): void {
    const at = this.find(name);
    if (at === null || !this.canMove || this.getState().moving.includes(name)) return;
    this.update({ grabbed: { name, from: at, ...at }, refusal: null });
    this.#announce({ kind: 'picked', name, ...this.#where(at.column, at.index) });
  }

  /** Moves the picked-up card a step: to the neighbouring column (left, right) or within its column (up, down). */
  step(direction: 'left' | 'right' | 'up' | 'down'): void {
    const grabbed = this.getState().grabbed;
    if (grabbed === null) return;
    const columns = this.getState().columns;
    let { column, index } = grabbed;
    if (direction === 'left' || direction === 'right') {
      column = Math.max(0, Math.min(columns.length - 1, column + (direction === 'left' ? -1 : 1)));
      if (column === grabbed.column) return;
      index = Math.min(index, this.#countWithout(column, grabbed.name));
    } else {
      const last = this.#countWithout(column, grabbed.name);
      index = Math.max(0, Math.min(last, index + (direction === 'up' ? -1 : 1)));
      if (index === grabbed.index) return;
    }
    this.update({ grabbed: { ...grabbed, column, index } });
    this.#announce({ kind: 'over', name: grabbed.name, ...this.#where(column, index) });
  }

  /** Drops the picked-up card where it is: a move when it changed column. */
  async drop(): Promise<void> {
    const grabbed = this.getState().grabbed;
    if (grabbed === null) return;
    this.update({ grabbed: null });
    if (grabbed.column === grabbed.from.column) {
      if (grabbed.index !== grabbed.from.index) this.#reorder(grabbed.name, grabbed.column, grabbed.index);
      this.#announce({ kind: 'moved', name: grabbed.name, column: grabbed.column });
      this.#catchUp();
      return;
    }
    await this.move(grabbed.name, grabbed.column, grabbed.index);
  }

  /** Puts the picked-up card back where it was (Escape). */
  cancel(): void {
    const grabbed = this.getState().grabbed;
    if (grabbed === null) return;
    this.update({ grabbed: null });
    this.#announce({ kind: 'cancelled', name: grabbed.name });
    this.#catchUp();
  }

  /**
   * Moves a card to another column (a drop of the pointer, or of the
   * keyboard): shown there at once, written as an update of the group-by
   * field at the card's version, and put back with the refusal when the
   * server refuses it (a read-only field, a change made meanwhile).
   */
  async move(name: string, toColumn: number, toIndex = 0): Promise<void> {
    const from = this.find(name);
    const target = this.getState().columns[toColumn];
    if (from === null || target === undefined || from.column === toColumn || !this.canMove || this.getState().moving.includes(name)) return;
    const card = this.getState().columns[from.column]!.cards[from.index]!;
    const moved: RecordDto = { ...card, values: { ...card.values, [this.#field.key]: target.value } };
    this.#place(card.name, from.column, toColumn, toIndex, moved);
    this.update({ moving: [...this.getState().moving, name], refusal: null });
    try {
      const answer = this.#stepping ? await this.#step(card, target.value) : await this.#options.calls.update(this.#options.app, name, card.version, { [this.#field.key]: target.value });
      if (this.#disposed) return;
      if (answer === null) return this.#putBack(card, from, { kind: 'cancelled', name });
      const written = writtenRecord(answer);
      this.#merge(written.people, written.links);
      const now = this.find(name);
      if (now !== null) this.#replace(now.column, written.record);
      // A step may leave the record elsewhere than the column it was dropped on (an approval still waiting for others).
      const landed = this.getState().columns.findIndex((c) => c.value === (written.record.values[this.#field.key] ?? null));
      const there = this.find(name);
      if (this.#stepping && there !== null && landed >= 0 && landed !== there.column) this.#place(name, there.column, landed, landed === from.column ? from.index : 0, written.record);
      this.#settled(name);
      this.#announce({ kind: 'moved', name, column: this.find(name)?.column ?? toColumn });
    } catch (error) {
      if (this.#disposed) return;
      const refusal = refusalOf(error);
      this.#putBack(card, from, { kind: 'refused', name, refusal });
      this.update({ refusal: { name, refusal } });
      // The card is at an older version than the server's: read its column again to show the change made meanwhile.
      if (refusal.code === 'records.conflict') void this.loadColumn(from.column);
    }
  }

  /**
   * A card moved to the column of a state, on a board grouped by the
   * workflow's state: the step the user may take from the card's state to
   * that one (the record read again for its steps), taken at the card's
   * version, after its dialog when it asks first. Resolves with the record
   * after the step, or null when the user cancelled (or the dialog showed
   * the server's refusal and was closed); rejects when no step leads there.
   */
  async #step(card: RecordDto, to: string | null): Promise<RecordDetail | null> {
    const detail = await this.#options.calls.get!(this.#options.app, card.name);
    const found = transitionTo(detail.workflow?.transitions ?? [], to ?? '');
    if ('refusal' in found) throw found.refusal;
    return this.transitions.take(card.name, card.version, found.transition);
  }

  /** A move that did not happen: the card back where it was, and why said. */
  #putBack(card: RecordDto, from: { column: number; index: number }, announcement: BoardAnnouncement): void {
    const now = this.find(card.name);
    if (now !== null) this.#place(card.name, now.column, from.column, from.index, card);
    this.#settled(card.name);
    this.#announce(announcement);
  }

  /** Hides the last refusal. */
  dismissRefusal(): void {
    this.update({ refusal: null });
  }

  dispose(): void {
    this.#disposed = true;
    this.transitions.cancel();
    this.clearListeners();
  }

  /**
   * Records of the entity changed (anyone's change, the user's own moves
   * too; or, null, changes may have been missed): any column may have gained or lost cards, so every column is read
   * again, after the moves being written, and never under a card picked up.
   */
  #changed(change: RecordsChangedParams | null): void {
    if (this.#disposed || (change !== null && (change.app !== this.#options.app || change.entity !== this.#options.entityKey))) return;
    if (this.getState().moving.length > 0 || this.getState().grabbed !== null) {
      this.#changedMeanwhile = true;
      return;
    }
    void this.load();
  }

  /** After a move or a keyboard move ends: the change heard meanwhile, now. */
  #catchUp(): void {
    if (!this.#changedMeanwhile || this.getState().moving.length > 0 || this.getState().grabbed !== null) return;
    this.#changedMeanwhile = false;
    void this.load();
  }

  #where(column: number, index: number): { column: number; position: number; count: number } {
    const grabbedName = this.getState().grabbed?.name;
    return { column, position: index + 1, count: this.#countWithout(column, grabbedName) + 1 };
  }

  /** Cards of a column, not counting one (the card being moved). */
  #countWithout(column: number, name: string | undefined): number {
    const cards = this.getState().columns[column]?.cards ?? [];
    return cards.filter((c) => c.name !== name).length;
  }

  #place(name: string, fromColumn: number, toColumn: number, toIndex: number, card: RecordDto): void {
    const columns = this.getState().columns.map((column, i) => {
      if (i === fromColumn && i !== toColumn) return { ...column, cards: column.cards.filter((c) => c.name !== name), total: Math.max(0, column.total - 1) };
      if (i === toColumn && i !== fromColumn) return { ...column, cards: withCard(column.cards, card, toIndex), total: column.total + 1 };
      if (i === toColumn) return { ...column, cards: withCard(column.cards, card, toIndex) };
      return column;
    });
    this.update({ columns });
  }

  #reorder(name: string, column: number, index: number): void {
    const card = this.getState().columns[column]?.cards.find((c) => c.name === name);
    if (card !== undefined) this.#place(name, column, column, index, card);
  }

  #replace(column: number, record: RecordDto): void {
    const now = this.getState().columns[column]!;
    this.#setColumn(column, { cards: now.cards.map((c) => (c.name === record.name ? record : c)) });
  }

  #settled(name: string): void {
    this.update({ moving: this.getState().moving.filter((n) => n !== name) });
    queueMicrotask(() => this.#catchUp());
  }

  #setColumn(index: number, changes: Partial<BoardColumn>): void {
    this.update({ columns: this.getState().columns.map((c, i) => (i === index ? { ...c, ...changes } : c)) });
  }

  #merge(people: Readonly<Record<string, string>>, links: Readonly<Record<string, string>>): void {
    this.update({ people: { ...this.getState().people, ...people }, links: { ...this.getState().links, ...links } });
  }

  #announce(announcement: BoardAnnouncement): void {
    this.update({ announcement, announcements: this.getState().announcements + 1 });
  }
}
