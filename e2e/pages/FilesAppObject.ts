import type { Locator, Page } from '@playwright/test';
import { DialogObject } from './DialogObject.js';
import { PanelObject } from './PanelObject.js';

/** Page object of a Files window (apps/files/README.md): its toolbar, places, path, listing, menus, uploads and properties. */
export class FilesAppObject {
  readonly window: Locator;
  readonly root: Locator;
  readonly listing: Locator;
  readonly sidebar: Locator;
  readonly breadcrumb: Locator;
  readonly uploads: Locator;
  readonly notice: Locator;
  readonly menu: Locator;
  readonly properties: Locator;

  constructor(readonly page: Page) {
    this.window = page.locator('[data-testid="window"][data-app="Files"]').last();
    this.root = this.window.getByTestId('files');
    this.listing = this.root.getByTestId('files.listing');
    this.sidebar = this.root.getByRole('navigation', { name: 'Places' });
    this.breadcrumb = this.root.getByRole('navigation', { name: 'Path' });
    this.uploads = this.root.getByTestId('files.uploads');
    this.notice = this.root.getByTestId('files.notice');
    this.menu = this.root.getByRole('menu');
    this.properties = this.root.getByRole('dialog');
  }

  /** Opens Files from the application menu and waits for its listing (or its empty folder). */
  async openFromAppMenu(): Promise<void> {
    const panel = new PanelObject(this.page);
    await panel.openAppMenu();
    await panel.app('Files').click();
    await this.root.locator('[data-testid="files.listing"], [data-testid="files.empty"]').first().waitFor();
  }

  /** An entry of the listing by its name. */
  item(name: string): Locator {
    return this.root.getByTestId('files.item').filter({ has: this.page.locator('.fls-cell__text, .fls-tile__name').getByText(name, { exact: true }) });
  }

  /** The names listed, in order. */
  async names(): Promise<string[]> {
    return this.root.getByTestId('files.item').locator('.fls-cell__text, .fls-tile__name').allTextContents();
  }

  tool(id: string): Locator {
    return this.root.getByTestId(`files.tool.${id}`);
  }

  /** The upload line of a file. */
  upload(name: string): Locator {
    return this.uploads.getByTestId('files.upload').filter({ hasText: name });
  }

  /** Uploads files as the Upload button's file picker would. */
  async uploadFiles(files: Array<{ name: string; mimeType: string; buffer: Buffer }>): Promise<void> {
    await this.root.getByTestId('files.uploadInput').setInputFiles(files);
  }

  /** Answers the prompt the app asks (new folder, rename) with a text. */
  async answerPrompt(text: string): Promise<void> {
    const prompt = new DialogObject(this.page, 'prompt');
    await prompt.view.waitFor();
    await prompt.view.getByTestId('dialog.prompt.input').fill(text);
    await prompt.button('OK').click();
    await prompt.view.waitFor({ state: 'detached' });
  }

  /** Creates a folder through the toolbar and waits for it. */
  async newFolder(name: string): Promise<void> {
    await this.tool('newFolder').click();
    await this.answerPrompt(name);
    await this.item(name).waitFor();
  }

  /** Deletes an entry through its context menu, answering Yes. */
  async remove(name: string): Promise<void> {
    await this.item(name).click({ button: 'right' });
    await this.menu.getByTestId('files.menu.delete').click();
    const confirm = new DialogObject(this.page, 'confirm');
    await confirm.button('Yes').click();
    await this.item(name).waitFor({ state: 'detached' });
  }
}
