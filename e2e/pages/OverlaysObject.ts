import type { Locator, Page } from '@playwright/test';

/**
 * Page object of the desktop's overlays (docs/behaviour/desktop.md): the
 * keyboard-shortcut guide, the command palette and the context menus of the
 * desktop and the panel.
 */
export class OverlaysObject {
  readonly guide: Locator;
  readonly palette: Locator;
  readonly paletteInput: Locator;
  readonly desktopMenu: Locator;
  readonly panelMenu: Locator;
  /** The desktop's window area (what a right-click on the empty desktop hits). */
  readonly area: Locator;

  constructor(readonly page: Page) {
    this.guide = page.getByTestId('shortcuts');
    this.palette = page.getByTestId('palette');
    this.paletteInput = page.getByRole('combobox', { name: 'Command palette' });
    this.desktopMenu = page.getByTestId('contextMenu.desktop');
    this.panelMenu = page.getByTestId('contextMenu.panel');
    this.area = page.getByTestId('desktop.area');
  }

  /** The guide's rows as [command name, keys joined by '+']. */
  async guideRows(): Promise<Array<[string, string]>> {
    return this.guide.locator('tbody tr').evaluateAll((rows) =>
      rows.map((row) => [row.querySelector('th')?.textContent ?? '', [...row.querySelectorAll('kbd')].map((k) => k.textContent).join('+')] as [string, string]),
    );
  }

  /** Opens the desktop's context menu with a right-click on an empty place of the desktop. */
  async openDesktopMenu(): Promise<void> {
    const box = await this.area.boundingBox();
    if (!box) throw new Error('no desktop area');
    // Bottom left: windows open from the top left, the developer entry sits bottom right.
    await this.area.click({ button: 'right', position: { x: 24, y: box.height - 24 } });
    await this.desktopMenu.waitFor();
  }

  /** Opens the panel's context menu with a right-click on the panel. */
  async openPanelMenu(panel: Locator): Promise<void> {
    await panel.click({ button: 'right', position: { x: 3, y: 3 } });
    await this.panelMenu.waitFor();
  }

  /** An item of an open context menu by its name. */
  menuItem(name: string, options: { exact?: boolean } = {}): Locator {
    return this.page.getByRole('menuitem', { name, exact: options.exact ?? true }).or(this.page.getByRole('menuitemradio', { name, exact: options.exact ?? true }));
  }

  /** Opens the palette with its keys, types a query and runs the first match with Enter. */
  async runFromPalette(query: string): Promise<void> {
    await this.page.keyboard.press('Alt+Shift+P');
    await this.paletteInput.fill(query);
    await this.page.keyboard.press('Enter');
  }
}
