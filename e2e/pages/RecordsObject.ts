import type { Locator, Page } from '@playwright/test';

/** The windows of Records (apps/records): every declared application's window and its records' forms. */
function recordsWindows(page: Page): Locator {
  return page.locator('[data-testid="window"][data-app="Records"]');
}

/** A Records window by its title (an application's label, a record's title, "New Leave request"). */
function recordsWindow(page: Page, title: string | RegExp): Locator {
  return recordsWindows(page).filter({ has: page.getByTestId('window.title').getByText(title, { exact: true }) });
}

/** Brings a window to the front with its entry in the panel's window list, as a user does when another window covers it. */
async function bringForward(page: Page, title: string | RegExp, window: Locator): Promise<void> {
  await page.getByRole('group', { name: 'Open windows' }).getByRole('button', { name: title, exact: true }).click();
  await window.locator(':scope[data-focused="true"]').waitFor();
}

/**
 * Page object of a declared application's window in Records
 * (apps/records/README.md): its views (List, Board, Calendar), the list's
 * search, quick filters, sortable headings, rows and pager, the board's
 * columns and cards and the calendar. The window is found by the
 * application's label, its title.
 */
export class RecordsObject {
  readonly window: Locator;
  readonly list: Locator;
  readonly table: Locator;
  readonly rows: Locator;
  readonly range: Locator;
  readonly search: Locator;
  readonly newButton: Locator;
  readonly nextPage: Locator;
  readonly previousPage: Locator;
  readonly board: Locator;
  readonly calendar: Locator;
  readonly failed: Locator;
  /** "Waiting for me" of a list and of a board (an entity with a workflow): a toggle (aria-pressed). */
  readonly waitingForMe: Locator;
  readonly boardWaitingForMe: Locator;
  /** The dialog a board's move opens when its workflow step asks a question or a comment. */
  readonly stepDialog: StepDialogObject;
  /** A refused move of the board (no step leads there, a blocked step, the server's refusal). */
  readonly boardRefusal: Locator;

  constructor(
    readonly page: Page,
    readonly label: string,
  ) {
    this.window = recordsWindow(page, label);
    this.list = this.window.getByTestId('records.list');
    this.table = this.list.getByTestId('records.table');
    this.rows = this.list.getByTestId('records.row');
    this.range = this.list.getByTestId('records.range');
    this.search = this.list.getByTestId('records.search');
    this.newButton = this.list.getByTestId('records.new');
    this.nextPage = this.list.getByTestId('records.next');
    this.previousPage = this.list.getByTestId('records.previous');
    this.board = this.window.getByTestId('records.board');
    this.calendar = this.window.getByTestId('records.calendar');
    this.failed = this.window.getByTestId('records.app.failed');
    this.waitingForMe = this.list.getByTestId('records.waitingForMe');
    this.boardWaitingForMe = this.board.getByTestId('records.board.waitingForMe');
    this.stepDialog = new StepDialogObject(this.window);
    this.boardRefusal = this.board.getByTestId('records.board.refusal');
  }

  /** Brings the window to the front with its entry in the panel's window list. */
  bringForward(): Promise<void> {
    return bringForward(this.page, this.label, this.window);
  }

  /** Waits until the list shows what was asked for (rows or its empty state, no request under way). */
  async settled(): Promise<void> {
    await this.list.locator(':scope[aria-busy="false"]').waitFor();
    await this.list.getByTestId('records.table').or(this.list.getByTestId('records.empty')).or(this.list.getByTestId('records.list.failed')).waitFor();
  }

  /** A view of the entity: 'list', 'board' or 'calendar'. */
  mode(mode: 'list' | 'board' | 'calendar'): Locator {
    return this.window.getByTestId(`records.mode.${mode}`);
  }

  /** A kind of records (an entity's tab), when the application has several. */
  entity(key: string): Locator {
    return this.window.getByTestId(`records.entity.${key}`);
  }

  /** A column's heading button (sorts by the column). */
  sortButton(field: string): Locator {
    return this.table.getByTestId(`records.sort.${field}`);
  }

  /** A column's heading cell (its aria-sort says how the list is sorted). */
  heading(field: string): Locator {
    return this.table.locator('th').filter({ has: this.page.getByTestId(`records.sort.${field}`) });
  }

  /** A quick filter of the list view (a choice field's select). */
  quickFilter(field: string): Locator {
    return this.list.getByTestId(`records.quick.${field}`);
  }

  /** A row by the record's name (LR-2026-00012). */
  row(name: string): Locator {
    return this.rows.and(this.page.locator(`[data-name="${name}"]`));
  }

  /** A row by the record's title (its accessible name is "Open {title}"). */
  rowTitled(title: string): Locator {
    return this.rows.and(this.page.getByRole('row', { name: `Open ${title}`, exact: true }));
  }

  /** The names of the rows shown, in order. */
  names(): Promise<string[]> {
    return this.rows.evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset.name ?? ''));
  }

  /** The texts of one column of the rows shown, in order (a cell is labelled by its column's heading). */
  columnTexts(label: string): Promise<string[]> {
    return this.rows.locator(`td[data-label="${label}"]`).allTextContents();
  }

  /** A column of the board by its value (the choice of the board's field). */
  boardColumn(value: string): Locator {
    return this.board.locator(`[data-testid="records.board.column"][data-value="${value}"]`);
  }

  /** A card of the board by its record's name. */
  card(name: string): Locator {
    return this.board.locator(`[data-testid="records.board.card"][data-card="${name}"]`);
  }

  /** What the board's live region says of the last step of a move. */
  get announcement(): Locator {
    return this.board.getByTestId('records.board.live');
  }

  /** The form window of a record, by its title (or "New Leave request"). */
  form(title: string | RegExp): RecordFormObject {
    return new RecordFormObject(this.page, title);
  }
}

/**
 * Page object of a record's form window in Records: fields by key (the
 * input inside is labelled by the field's label), Save, the notices above
 * the form and the timeline beside it.
 */
export class RecordFormObject {
  readonly window: Locator;
  readonly root: Locator;
  readonly save: Locator;
  readonly timelineButton: Locator;
  readonly timeline: Locator;
  readonly entries: Locator;
  readonly problems: Locator;
  readonly failure: Locator;
  readonly changed: Locator;
  readonly missing: Locator;
  /** The record's workflow above its fields (docs/behaviour/workflows.md#in-the-runtime). */
  readonly workflow: Locator;
  /** The state's badge (its `data-state` is the state's key). */
  readonly state: Locator;
  readonly due: Locator;
  readonly assignees: Locator;
  /** The steps the user may take, as buttons (each `data-transition` is the step's key). */
  readonly transitions: Locator;
  /** Why a step is disabled ("Fill in: Amount"). */
  readonly blocked: Locator;
  readonly approvalCount: Locator;
  /** Each approver (`data-decision`: approve, reject or waiting; `data-user`). */
  readonly approvers: Locator;
  /** Follow / Following (aria-pressed). */
  readonly follow: Locator;
  /** A refused step taken at once, follow or reassign. */
  readonly workflowFailure: Locator;
  /** The live region that says the state a step moved the record to. */
  readonly enteredState: Locator;
  readonly diagram: Locator;
  /** The step's dialog (its question and comment). */
  readonly stepDialog: StepDialogObject;

  constructor(
    readonly page: Page,
    readonly titled: string | RegExp,
  ) {
    this.window = recordsWindow(page, titled);
    this.root = this.window.getByTestId('records.form');
    this.save = this.root.getByTestId('records.save');
    this.timelineButton = this.root.getByTestId('records.form.timeline');
    this.timeline = this.root.getByTestId('records.timeline');
    this.entries = this.timeline.getByTestId('records.timeline.entry');
    this.problems = this.root.getByTestId('records.problems');
    this.failure = this.root.getByTestId('records.failure');
    this.changed = this.root.getByTestId('records.changed');
    this.missing = this.window.getByTestId('records.form.missing');
    this.workflow = this.root.getByTestId('records.workflow');
    this.state = this.workflow.getByTestId('records.workflow.state');
    this.due = this.workflow.getByTestId('records.workflow.due');
    this.assignees = this.workflow.getByTestId('records.workflow.assignee');
    this.transitions = this.workflow.getByTestId('records.workflow.transition');
    this.blocked = this.workflow.getByTestId('records.workflow.blocked');
    this.approvalCount = this.workflow.getByTestId('records.workflow.approvalCount');
    this.approvers = this.workflow.getByTestId('records.workflow.approver');
    this.follow = this.workflow.getByTestId('records.workflow.follow');
    this.workflowFailure = this.workflow.getByTestId('records.workflow.failure');
    this.enteredState = this.workflow.getByTestId('records.workflow.live');
    this.diagram = this.workflow.getByTestId('records.workflow.diagram');
    this.stepDialog = new StepDialogObject(this.window);
  }

  /** A step's button by its label ("Approve"). */
  transition(label: string): Locator {
    return this.transitions.filter({ hasText: label });
  }

  /** The current state in the diagram's text alternative (aria-current="step"). */
  get currentState(): Locator {
    return this.diagram.locator('[aria-current="step"]');
  }

  /** Gives an assignee's work (by their name) to another member, chosen by name in the people picker. */
  async reassign(from: string, to: string): Promise<void> {
    const assignee = this.assignees.filter({ hasText: from });
    await assignee.getByTestId('records.workflow.reassign').click();
    const picker = this.workflow.getByTestId('records.workflow.reassignTo');
    await picker.getByRole('searchbox').fill(to);
    await picker.getByRole('combobox').selectOption({ label: to });
    await picker.getByTestId('records.workflow.reassignSend').click();
  }

  /** Brings the window to the front with its entry in the panel's window list. */
  bringForward(): Promise<void> {
    return bringForward(this.page, this.titled, this.window);
  }

  /** A field's row: label, input, help and problem. */
  field(key: string): Locator {
    return this.root.getByTestId(`records.field.${key}`);
  }

  /** A field's input (the control its label names). */
  input(key: string): Locator {
    return this.field(key).locator('input, select, textarea').first();
  }

  /** The problem shown under a field. */
  problem(key: string): Locator {
    return this.root.getByTestId(`records.problem.${key}`);
  }

  /** The window's title: the record's title once saved. */
  get title(): Locator {
    return this.window.getByTestId('window.title');
  }
}

/**
 * Page object of a workflow step's dialog (the form's and the board's): its
 * question, its comment box, the step's own button to take it, Cancel, and
 * a refusal shown in it.
 */
export class StepDialogObject {
  readonly root: Locator;
  readonly question: Locator;
  readonly comment: Locator;
  readonly confirm: Locator;
  readonly cancel: Locator;
  readonly failure: Locator;

  constructor(within: Locator) {
    this.root = within.getByTestId('records.workflow.dialog');
    this.question = this.root.getByTestId('records.workflow.question');
    this.comment = this.root.getByTestId('records.workflow.comment');
    this.confirm = this.root.getByTestId('records.workflow.confirm');
    this.cancel = this.root.getByTestId('records.workflow.cancel');
    this.failure = this.root.getByTestId('records.workflow.dialogFailure');
  }

  /** Takes the step with this comment (none: as it is). */
  async take(comment?: string): Promise<void> {
    if (comment !== undefined) await this.comment.fill(comment);
    await this.confirm.click();
  }
}
