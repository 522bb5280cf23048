import type { Locator, Page } from '@playwright/test';

/** Page object of a Text Editor window (apps/text-editor): its toolbar, text, failure line and status line. */
export class TextEditorWindow {
  readonly frame: Locator;
  readonly title: Locator;
  readonly closeButton: Locator;
  readonly text: Locator;
  readonly error: Locator;
  readonly path: Locator;
  readonly modified: Locator;
  readonly position: Locator;
  readonly size: Locator;

  constructor(readonly page: Page) {
    this.frame = page.locator('[data-testid="window"][data-app="TextEditor"]');
    this.title = this.frame.getByTestId('window.title');
    this.closeButton = this.frame.getByTestId('window.close');
    this.text = this.frame.getByTestId('textEditor.text');
    this.error = this.frame.getByTestId('textEditor.error');
    this.path = this.frame.getByTestId('textEditor.path');
    this.modified = this.frame.getByTestId('textEditor.modified');
    this.position = this.frame.getByTestId('textEditor.position');
    this.size = this.frame.getByTestId('textEditor.size');
  }

  /** A toolbar button by its name (New, Open…, Save, Save As…, Wrap long lines). */
  tool(name: string): Locator {
    return this.frame.getByRole('toolbar').getByRole('button', { name, exact: true });
  }

  /** Opens the editor through the page address, with a file ('home:/a.txt') or untitled. */
  async open(path?: string): Promise<void> {
    await this.page.goto(path ? `/?app=TextEditor&file=${encodeURIComponent(path)}` : '/?app=TextEditor');
    await this.text.waitFor();
  }
}

/** Page object of a Preview window (apps/preview): its toolbar and what it shows. */
export class PreviewWindow {
  readonly frame: Locator;
  readonly title: Locator;
  readonly stage: Locator;
  readonly image: Locator;
  readonly video: Locator;
  readonly error: Locator;
  readonly zoom: Locator;
  readonly position: Locator;

  constructor(readonly page: Page) {
    this.frame = page.locator('[data-testid="window"][data-app="Preview"]');
    this.title = this.frame.getByTestId('window.title');
    this.stage = this.frame.getByTestId('preview.stage');
    this.image = this.frame.getByTestId('preview.image');
    this.video = this.frame.getByTestId('preview.video');
    this.error = this.frame.getByTestId('preview.error');
    this.zoom = this.frame.getByTestId('preview.zoom');
    this.position = this.frame.getByTestId('preview.position');
  }

  /** A toolbar button by its name (Previous file, Next file, Zoom in, Zoom out, Fit to window, Actual size, Download). */
  tool(name: string): Locator {
    return this.frame.getByRole('toolbar').getByRole('button', { name, exact: true });
  }

  /** Opens Preview through the page address, with a file ('home:/a.png') or none. */
  async open(path?: string): Promise<void> {
    await this.page.goto(path ? `/?app=Preview&file=${encodeURIComponent(path)}` : '/?app=Preview');
    await this.stage.waitFor();
  }
}
