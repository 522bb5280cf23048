import type { Locator, Page } from '@playwright/test';

/** Page object of the panel's notification centre (docs/behaviour/work.md#notification-centre): the clipboard, its side panel and the work dialogs. */
export class NotificationCentreObject {
  readonly clipboard: Locator;
  readonly badge: Locator;
  readonly panel: Locator;
  readonly view: Locator;
  readonly tasks: Locator;
  readonly empty: Locator;
  readonly snoozeDialog: Locator;
  readonly commentsDialog: Locator;

  constructor(readonly page: Page) {
    this.clipboard = page.getByTestId('panel.notifications');
    this.badge = page.getByTestId('panel.notifications.badge');
    this.panel = page.getByRole('dialog', { name: 'Notification centre' });
    this.view = this.panel.getByRole('combobox', { name: 'Show' });
    this.tasks = this.panel.getByTestId('work.task');
    this.empty = this.panel.getByTestId('work.empty');
    this.snoozeDialog = page.getByTestId('work.snoozeDialog');
    this.commentsDialog = page.getByRole('dialog', { name: 'Comments' });
  }

  /** Opens the side panel with the clipboard (unless it is open) and waits for its tasks. */
  async open(): Promise<void> {
    if ((await this.clipboard.getAttribute('aria-expanded')) !== 'true') await this.clipboard.click();
    await this.panel.waitFor();
    await this.settled();
  }

  /** Shows one colour only, or every colour (null), with the counters. */
  async filter(colour: string | null): Promise<void> {
    for (const name of ['Red', 'Yellow', 'Green', 'Blue']) {
      const pressed = (await this.counter(name).getAttribute('aria-pressed')) === 'true';
      if (pressed !== (name === colour)) {
        await this.counter(name).click();
        await this.settled();
      }
    }
  }

  /** Waits until no fetch is under way. */
  async settled(): Promise<void> {
    await this.panel.locator('[data-testid="work.list"][aria-busy="false"]').waitFor();
  }

  async show(view: 'My Priorities' | 'My Follow Up' | 'My Snoozed Items'): Promise<void> {
    await this.view.selectOption({ label: view });
    await this.settled();
  }

  /** A colour counter: 'Red', 'Yellow', 'Green' or 'Blue'. */
  counter(colour: string): Locator {
    return this.panel.getByTestId(`work.counter.${colour.toUpperCase()}`);
  }

  /** A task of the list by its name (a pattern matches a part of it). */
  task(name: string | RegExp): Locator {
    return this.tasks.filter({ has: this.page.getByTestId('work.taskName').getByText(name, { exact: true }) });
  }

  /** A task by its name, turning the pages until it shows (or the last page). */
  async find(name: string | RegExp): Promise<Locator> {
    const next = this.panel.getByRole('button', { name: 'Next page' });
    while ((await this.task(name).count()) === 0 && (await next.isEnabled())) {
      await next.click();
      await this.settled();
    }
    return this.task(name);
  }

  /** The names of the tasks shown, in order. */
  names(): Promise<string[]> {
    return this.tasks.getByTestId('work.taskName').allTextContents();
  }
}
