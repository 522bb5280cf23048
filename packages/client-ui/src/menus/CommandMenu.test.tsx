import { CommandRegistry, type CommandContext, type MenuEntry } from '@atrium/client-core';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '../testing/renderAtrium.js';
import { CommandMenu } from './CommandMenu.js';

/** The buttons "outside" the menu each render appends (cleanup removes only what React rendered). */
const outsides: HTMLElement[] = [];

afterEach(() => {
  cleanup();
  for (const outside of outsides.splice(0)) outside.remove();
  vi.restoreAllMocks();
});

/** A registry with a few commands whose rules the test controls, recording what ran with which context. */
function registry(options: { position?: 'top' | 'bottom'; closeAllowed?: boolean; withItem?: boolean } = {}) {
  const ran: Array<{ id: string; context: CommandContext }> = [];
  const state = { position: options.position ?? 'top', closeAllowed: options.closeAllowed ?? true, maximized: false };
  const commands = new CommandRegistry();
  const record = (id: string) => (context: CommandContext) => void ran.push({ id, context });
  commands.registerAll([
    { id: 'window.toggleMaximize', labelKey: () => (state.maximized ? 'window.menu.restore' : 'window.menu.maximize'), icon: 'maximize', keybinding: 'Alt+Shift+ArrowUp', run: record('window.toggleMaximize') },
    { id: 'window.close', labelKey: 'window.menu.close', icon: 'close', keybinding: 'Alt+Shift+W', enabled: () => state.closeAllowed, run: record('window.close') },
    { id: 'panel.position.top', labelKey: 'panel.position.top', checked: () => state.position === 'top', run: record('panel.position.top') },
    { id: 'panel.position.bottom', labelKey: 'panel.position.bottom', checked: () => state.position === 'bottom', run: record('panel.position.bottom') },
    { id: 'panel.removeItem', labelKey: 'panel.action.removeItem', visible: (context) => context.item !== undefined, run: record('panel.removeItem') },
    { id: 'window.menu', labelKey: 'command.window.menu', keybinding: 'Alt+Space', run: record('window.menu') },
  ]);
  return { commands, ran, state };
}

const ENTRIES: readonly MenuEntry[] = ['window.toggleMaximize', '-', { labelKey: 'panel.menu.position', entries: ['panel.position.top', 'panel.position.bottom'] }, 'panel.removeItem', '-', 'window.close'];

async function renderMenu(options: { entries?: readonly MenuEntry[]; context?: CommandContext; at?: { x: number; y: number }; setup?: Parameters<typeof registry>[0] } = {}) {
  const r = registry(options.setup);
  const onClose = vi.fn();
  const outside = document.createElement('button');
  outside.textContent = 'Elsewhere';
  document.body.append(outside);
  outsides.push(outside);
  await renderWithI18n(<CommandMenu registry={r.commands} entries={options.entries ?? ENTRIES} context={options.context ?? { panel: 0 }} at={options.at} label="Panel menu" testIdPrefix="menu" onClose={onClose} />);
  return { ...r, onClose, outside };
}

const item = (name: string | RegExp) => screen.getByRole('menuitem', { name });
const labels = () => [...document.querySelectorAll('[role^="menuitem"]')].map((el) => el.querySelector('.atr-menu__label')?.textContent);
const key = (k: string) => fireEvent.keyDown(document.activeElement!, { key: k });

describe('CommandMenu', () => {
  it('lists the labels of the registry in the language of the page, leaves out invisible commands and loose separators', async () => {
    await renderMenu();
    expect(screen.getByRole('menu', { name: 'Panel menu' })).toBeTruthy();
    // Remove panel item is not visible without a right-clicked item; the separators around it collapse into one.
    expect(labels()).toEqual(['Maximize', 'Panel Position', 'Close']);
    expect(screen.getAllByRole('separator')).toHaveLength(2);
    cleanup();
    await renderMenu({ context: { panel: 0, item: 2 } });
    expect(labels()).toEqual(['Maximize', 'Panel Position', 'Remove panel item', 'Close']);
  });

  it('shows each binding as keys, named for assistive technology by aria-keyshortcuts and not in the label', async () => {
    await renderMenu();
    const maximize = item('Maximize');
    expect(maximize.getAttribute('aria-keyshortcuts')).toBe('Alt+Shift+ArrowUp');
    expect([...maximize.querySelectorAll('kbd')].map((k) => k.textContent)).toEqual(['Alt', 'Shift', '↑']);
    expect(item('Close').querySelector('.atr-menu__keys')?.textContent).toBe('Alt+Shift+W');
  });

  it('focuses the first enabled item, marks a disabled one and does not run it', async () => {
    const t = await renderMenu({ setup: { closeAllowed: false } });
    expect(document.activeElement).toBe(item('Maximize'));
    const close = item('Close');
    expect(close.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(close);
    expect(t.ran).toEqual([]);
    expect(t.onClose).not.toHaveBeenCalled();
  });

  it('runs a command with the menu context and closes first', async () => {
    const t = await renderMenu({ context: { panel: 1 } });
    fireEvent.click(item('Close'));
    expect(t.onClose).toHaveBeenCalledWith(false);
    expect(t.ran).toEqual([{ id: 'window.close', context: { panel: 1 } }]);
  });

  it('opens a submenu with ArrowRight, shows the choices as radio items with the current one checked, and goes back with ArrowLeft', async () => {
    const t = await renderMenu({ setup: { position: 'bottom' } });
    key('ArrowDown');
    const trigger = item('Panel Position');
    expect(document.activeElement).toBe(trigger);
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    key('ArrowRight');
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    const submenu = screen.getByRole('menu', { name: 'Panel Position' });
    const [top, bottom] = screen.getAllByRole('menuitemradio');
    expect(submenu.contains(top!)).toBe(true);
    expect([top, bottom].map((r) => [r!.textContent, r!.getAttribute('aria-checked')])).toEqual([
      ['Top', 'false'],
      ['✓Bottom', 'true'],
    ]);
    expect(document.activeElement).toBe(top);
    key('ArrowDown');
    expect(document.activeElement).toBe(bottom);
    key('ArrowLeft');
    expect(screen.queryByRole('menu', { name: 'Panel Position' })).toBeNull();
    expect(document.activeElement).toBe(trigger);
    // Escape inside a submenu closes only the submenu.
    key('ArrowRight');
    key('Escape');
    expect(document.activeElement).toBe(trigger);
    expect(t.onClose).not.toHaveBeenCalled();
    key('ArrowRight');
    key('ArrowDown');
    fireEvent.click(document.activeElement!);
    expect(t.ran).toEqual([{ id: 'panel.position.bottom', context: { panel: 0 } }]);
  });

  it('keeps a submenu open when its item is clicked after the pointer opened it by moving over it', async () => {
    await renderMenu();
    const trigger = item('Panel Position');
    fireEvent.pointerEnter(trigger);
    expect(screen.getByRole('menu', { name: 'Panel Position' })).toBeTruthy();
    fireEvent.click(trigger);
    expect(screen.getByRole('menu', { name: 'Panel Position' })).toBeTruthy();
    fireEvent.pointerEnter(item('Maximize'));
    expect(screen.queryByRole('menu', { name: 'Panel Position' })).toBeNull();
  });

  it('wraps with the arrow keys, jumps with Home and End, and closes on Escape asking for focus back', async () => {
    const t = await renderMenu();
    key('ArrowUp');
    expect(document.activeElement).toBe(item('Close'));
    key('Home');
    expect(document.activeElement).toBe(item('Maximize'));
    key('End');
    expect(document.activeElement).toBe(item('Close'));
    key('ArrowDown');
    expect(document.activeElement).toBe(item('Maximize'));
    key('Escape');
    expect(t.onClose).toHaveBeenCalledWith(true);
  });

  it('closes without taking focus back on Tab and when the pointer is pressed outside, not inside or in its submenu', async () => {
    const t = await renderMenu();
    fireEvent.pointerDown(item('Maximize'));
    fireEvent.click(item('Panel Position'));
    fireEvent.pointerDown(screen.getByRole('menuitemradio', { name: 'Top' }));
    expect(t.onClose).not.toHaveBeenCalled();
    fireEvent.pointerDown(t.outside);
    expect(t.onClose).toHaveBeenCalledWith(false);
    t.onClose.mockClear();
    key('Tab');
    expect(t.onClose).toHaveBeenCalledWith(false);
  });

  it('takes focus itself when no item is enabled, so Escape still closes it', async () => {
    const t = await renderMenu({ entries: ['window.close'], setup: { closeAllowed: false } });
    expect(document.activeElement).toBe(screen.getByRole('menu'));
    key('Escape');
    expect(t.onClose).toHaveBeenCalledWith(true);
  });

  it('stays inside the viewport when opened near its edge, and takes the whole width of a phone', async () => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      return this.getAttribute('role') === 'menu' ? new DOMRect(0, 0, 220, 300) : new DOMRect(0, 0, 0, 0);
    });
    await renderMenu({ at: { x: window.innerWidth - 10, y: window.innerHeight - 10 } });
    const menu = screen.getByRole('menu');
    expect(menu.style.left).toBe(`${window.innerWidth - 220 - 4}px`);
    expect(menu.style.top).toBe(`${window.innerHeight - 300 - 4}px`);
    cleanup();
    const width = window.innerWidth;
    act(() => void Object.defineProperty(window, 'innerWidth', { configurable: true, value: 390 }));
    try {
      await renderMenu({ at: { x: 300, y: 40 } });
      const phone = screen.getByRole('menu');
      expect([phone.style.left, phone.style.right, phone.style.top]).toEqual(['4px', '4px', '40px']);
    } finally {
      Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    }
  });
});
