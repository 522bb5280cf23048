import type { Locator, Page } from '@playwright/test';

/** A window's box on the page: left, top, right, bottom, width, height in CSS pixels. */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
  width: number;
  height: number;
}

export type Edge = 'n' | 's' | 'e' | 'w' | 'ne' | 'nw' | 'se' | 'sw';

/** Page object of one window (docs/behaviour/windows.md#chrome), found by its wid. Gestures use the real mouse. */
export class WindowObject {
  readonly frame: Locator;
  readonly header: Locator;
  readonly title: Locator;
  readonly icon: Locator;
  readonly menu: Locator;
  readonly minimizeButton: Locator;
  readonly maximizeButton: Locator;
  readonly closeButton: Locator;
  readonly loading: Locator;

  constructor(
    readonly page: Page,
    readonly wid: string,
  ) {
    this.frame = page.locator(`[data-testid="window"][data-wid="${wid}"]`);
    this.header = this.frame.getByTestId('window.header');
    this.title = this.frame.getByTestId('window.title');
    this.icon = this.frame.getByTestId('window.icon');
    this.menu = this.frame.getByTestId('window.menu');
    this.minimizeButton = this.frame.getByTestId('window.minimize');
    this.maximizeButton = this.frame.getByTestId('window.maximize');
    this.closeButton = this.frame.getByTestId('window.close');
    this.loading = this.frame.getByTestId('window.loading');
  }

  handle(edge: Edge): Locator {
    return this.frame.getByTestId(`window.resize.${edge}`);
  }

  /** The window's box in the desktop's window area (its origin is the area's top-left corner, below a top panel). */
  async box(): Promise<Box> {
    const b = await this.frame.boundingBox();
    if (!b) throw new Error(`window ${this.wid} is not displayed`);
    const origin = await this.areaOrigin();
    const left = b.x - origin.x;
    const top = b.y - origin.y;
    return { left, top, right: left + b.width, bottom: top + b.height, width: b.width, height: b.height };
  }

  /** Where the window area starts on the page. */
  async areaOrigin(): Promise<{ x: number; y: number }> {
    const area = await this.page.getByTestId('desktop.area').boundingBox();
    return area ? { x: area.x, y: area.y } : { x: 0, y: 0 };
  }

  /** Presses the mouse on a point of an element, moves it by (dx, dy) in steps and releases it. */
  async dragFrom(target: Locator, dx: number, dy: number, options: { steps?: number; before?: () => Promise<void> } = {}): Promise<void> {
    const b = await target.boundingBox();
    if (!b) throw new Error('nothing to drag');
    const x = Math.round(b.x + b.width / 2);
    const y = Math.round(b.y + b.height / 2);
    await this.page.mouse.move(x, y);
    await this.page.mouse.down();
    await this.page.mouse.move(x + dx, y + dy, { steps: options.steps ?? 12 });
    await options.before?.();
    await this.page.mouse.up();
  }

  /** Drags the title bar (at a point left of the buttons) by (dx, dy). */
  async drag(dx: number, dy: number, options: { steps?: number; before?: () => Promise<void> } = {}): Promise<void> {
    await this.dragFrom(this.title, dx, dy, options);
  }

  /** Drags the title bar so that the pointer ends at (x, y) of the window area (see box()). */
  async dragTo(x: number, y: number, before?: () => Promise<void>): Promise<void> {
    const b = await this.title.boundingBox();
    if (!b) throw new Error('no title');
    const origin = await this.areaOrigin();
    await this.drag(origin.x + x - Math.round(b.x + b.width / 2), origin.y + y - Math.round(b.y + b.height / 2), { before });
  }

  async resize(edge: Edge, dx: number, dy: number): Promise<void> {
    await this.dragFrom(this.handle(edge), dx, dy);
  }

  async isFocused(): Promise<boolean> {
    return (await this.frame.getAttribute('data-focused')) === 'true';
  }
}
