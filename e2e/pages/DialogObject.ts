import type { Locator, Page } from '@playwright/test';

/** Page object of an open dialog of one kind (docs/behaviour/dialogs.md), inside its window. */
export class DialogObject {
  /** The dialog's window. */
  readonly window: Locator;
  readonly view: Locator;
  readonly message: Locator;
  readonly title: Locator;

  constructor(
    readonly page: Page,
    readonly kind: string,
  ) {
    this.view = page.locator(`[data-testid="dialog"][data-kind="${kind}"]`);
    this.window = page.getByTestId('window').filter({ has: this.view });
    this.message = this.view.getByTestId('dialog.message');
    this.title = this.window.getByTestId('window.title');
  }

  button(name: string): Locator {
    return this.view.getByRole('button', { name, exact: true });
  }

  control(testId: string): Locator {
    return this.view.getByTestId(testId);
  }

  /** The entries of the file dialog's list. */
  entry(name: string): Locator {
    return this.view.getByTestId('dialog.file.entry').filter({ hasText: name });
  }
}
