import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { desktopPerTest } from '../testing/renderDesktop.js';

const desktop = desktopPerTest();

const items = () => screen.getAllByRole('menuitem');
const item = (name: string) => screen.getByRole('menuitem', { name });
/** The label of a menu item as shown (its keys are shown beside it, and named by aria-keyshortcuts). */
const label = (menuItem: HTMLElement) => menuItem.querySelector('.atr-menu__label')?.textContent;

describe('the icon menu', () => {
  it('opens from the icon button with Minimize, Maximize, Move, Resize and Close, focusing the first', async () => {
    const t = await desktop();
    const w = t.open();
    const icon = within(t.frame(w.wid)).getByTestId('window.icon');
    fireEvent.click(icon);
    expect(icon.getAttribute('aria-expanded')).toBe('true');
    const menu = screen.getByRole('menu');
    expect(menu.getAttribute('aria-labelledby')).toBe(icon.id);
    expect(items().map(label)).toEqual(['Minimize', 'Maximize', 'Move', 'Resize', 'Close']);
    expect(document.activeElement).toBe(item('Minimize'));
    expect(item('Close').getAttribute('aria-keyshortcuts')).toBe('Alt+Shift+W');
  });

  it('disables what the window does not allow, and offers Restore when maximized', async () => {
    const t = await desktop();
    const w = t.open({ attributes: { minimizable: false, closeable: false, resizable: false } });
    act(() => void t.windows.maximize(w.wid));
    fireEvent.click(within(t.frame(w.wid)).getByTestId('window.icon'));
    const disabled = items()
      .filter((i) => i.getAttribute('aria-disabled') === 'true')
      .map(label);
    expect(disabled).toEqual(['Minimize', 'Move', 'Resize', 'Close']);
    fireEvent.click(item('Close'));
    expect(t.windows.get(w.wid)).toBeDefined();
    fireEvent.click(item('Restore'));
    expect(t.windows.get(w.wid)?.state.maximized).toBe(false);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('runs Minimize, Maximize and Close on its window', async () => {
    const t = await desktop();
    const w = t.open();
    const open = () => fireEvent.click(within(t.frame(w.wid)).getByTestId('window.icon'));
    open();
    fireEvent.click(item('Maximize'));
    expect(t.windows.get(w.wid)?.state.maximized).toBe(true);
    open();
    fireEvent.click(item('Minimize'));
    expect(t.windows.get(w.wid)?.state.minimized).toBe(true);
    act(() => void t.windows.raise(w.wid));
    open();
    fireEvent.click(item('Close'));
    expect(t.windows.get(w.wid)).toBeUndefined();
  });

  it('moves between enabled items with the arrow keys, Home and End, and closes on Escape back to the icon', async () => {
    const t = await desktop();
    const w = t.open({ attributes: { maximizable: false } });
    const icon = within(t.frame(w.wid)).getByTestId('window.icon');
    fireEvent.click(icon);
    const key = (k: string) => fireEvent.keyDown(document.activeElement!, { key: k });
    key('ArrowDown');
    expect(document.activeElement).toBe(item('Move'));
    key('ArrowUp');
    expect(document.activeElement).toBe(item('Minimize'));
    key('ArrowUp');
    expect(document.activeElement).toBe(item('Close'));
    key('Home');
    expect(document.activeElement).toBe(item('Minimize'));
    key('End');
    expect(document.activeElement).toBe(item('Close'));
    key('Escape');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(icon);
  });

  it('closes when the pointer is pressed outside it', async () => {
    const t = await desktop();
    const a = t.open();
    const b = t.open();
    fireEvent.click(within(t.frame(b.wid)).getByTestId('window.icon'));
    fireEvent.pointerDown(within(t.frame(a.wid)).getByTestId('window.title'));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('starts keyboard move from Move: arrows move the window by 10 px, Enter ends', async () => {
    const t = await desktop();
    const w = t.open({ position: { left: 100, top: 100 } });
    fireEvent.click(within(t.frame(w.wid)).getByTestId('window.icon'));
    fireEvent.click(item('Move'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown', shiftKey: true });
    expect(t.windows.get(w.wid)?.position).toEqual({ left: 110, top: 101 });
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    expect(t.services.ui.getState().keyboard).toBeNull();
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(t.windows.get(w.wid)?.position).toEqual({ left: 110, top: 101 });
  });
});

describe('window keyboard commands', () => {
  it('opens the focused window\'s menu with Alt+Space', async () => {
    const t = await desktop();
    t.open();
    const w = t.open();
    fireEvent.keyDown(t.frame(w.wid), { key: ' ', code: 'Space', altKey: true });
    expect(screen.getByRole('menu').getAttribute('aria-labelledby')).toBe(within(t.frame(w.wid)).getByTestId('window.icon').id);
  });

  it('minimizes, maximizes and closes the focused window, and cycles focus with Alt+`', async () => {
    const t = await desktop();
    const a = t.open();
    const b = t.open();
    const press = (init: object) => fireEvent.keyDown(document.activeElement ?? document.body, init);
    press({ key: 'ArrowUp', altKey: true, shiftKey: true });
    expect(t.windows.get(b.wid)?.state.maximized).toBe(true);
    press({ key: '`', code: 'Backquote', altKey: true });
    expect(t.windows.focused()?.wid).toBe(a.wid);
    expect(document.activeElement).toBe(t.frame(a.wid));
    press({ key: 'M', code: 'KeyM', altKey: true, shiftKey: true });
    expect(t.windows.get(a.wid)?.state.minimized).toBe(true);
    press({ key: '`', code: 'Backquote', altKey: true });
    press({ key: 'W', code: 'KeyW', altKey: true, shiftKey: true });
    expect(t.windows.get(b.wid)).toBeUndefined();
  });
});
