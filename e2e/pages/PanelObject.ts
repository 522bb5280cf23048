import type { Locator, Page } from '@playwright/test';

/**
 * Page object of the desktop's panel (docs/behaviour/desktop.md#panel): its
 * application menu (the logo button and the side menu it opens) and its
 * window list. Other items add their methods here.
 */
export class PanelObject {
  /** The first panel (the default one is at the top). */
  readonly toolbar: Locator;
  readonly menuButton: Locator;
  readonly appMenu: Locator;
  readonly appSearch: Locator;
  readonly windowList: Locator;
  /** The live region listing 'Launching {name}' entries. */
  readonly launching: Locator;

  constructor(readonly page: Page) {
    this.toolbar = page.getByRole('toolbar', { name: 'Panel' }).first();
    this.menuButton = page.getByTestId('panel.menu');
    this.appMenu = page.getByRole('dialog', { name: 'Applications' });
    this.appSearch = this.appMenu.getByRole('searchbox', { name: 'Search Applications' });
    this.windowList = page.getByRole('group', { name: 'Open windows' });
    this.launching = this.windowList.getByTestId('panel.windows.launching');
  }

  // ---- The application menu ----

  /** Opens the application menu with a click on the logo and waits for it. */
  async openAppMenu(): Promise<void> {
    await this.menuButton.click();
    await this.appSearch.waitFor();
  }

  /** An application of the open menu, by its title (an unavailable one's name adds 'Not available'). */
  app(title: string): Locator {
    return this.appMenu.getByRole('menuitem', { name: title, exact: true });
  }

  /** An application of the open menu by its package or catalogue name. */
  appNamed(name: string): Locator {
    return this.appMenu.getByTestId(`appMenu.app.${name}`);
  }

  /** A category's heading (it collapses and expands the category). */
  category(label: string): Locator {
    return this.appMenu.getByRole('menuitem', { name: label, exact: true });
  }

  /** The names of the visible items of the menu, headings included, in order. */
  async appMenuItems(): Promise<string[]> {
    return this.appMenu.getByRole('menuitem').evaluateAll((items) =>
      items.map((item) => {
        const ids = item.getAttribute('aria-labelledby');
        return ids ? ids.split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ') : (item.textContent ?? '');
      }),
    );
  }

  // ---- The window list ----

  /** A window's entry button, by the window's title (a minimized window's name adds '(minimized)'). */
  windowEntry(title: string): Locator {
    return this.windowList.getByRole('button', { name: title, exact: true });
  }

  /** The close button of a window's entry (shown on hover or focus). */
  closeButton(title: string): Locator {
    return this.windowList.getByRole('button', { name: `Close ${title}`, exact: true });
  }

  /** The names of the entries, in order. */
  async windowEntries(): Promise<string[]> {
    return this.windowList.getByTestId('panel.windows.activate').evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? ''));
  }

  /** The context menu of a window-list entry. */
  get windowMenu(): Locator {
    return this.page.getByTestId('contextMenu.windowList');
  }

  /** Right-clicks a window's entry and waits for its menu. */
  async openWindowMenu(title: string): Promise<Locator> {
    await this.windowEntry(title).click({ button: 'right' });
    await this.windowMenu.waitFor();
    return this.windowMenu;
  }
}
