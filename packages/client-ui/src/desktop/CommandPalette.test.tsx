import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { desktopPerTest } from '../testing/renderDesktop.js';
import { preloadOverlayViews } from './DesktopOverlays.js';

// As on a desktop that has been idle a moment: the overlays' code has arrived.
beforeAll(() => preloadOverlayViews());

const desktop = desktopPerTest({
  children: (
    <button type="button" data-testid="opener">
      Opener
    </button>
  ),
});

const palette = () => screen.queryByRole('dialog', { name: 'Command palette' });
const input = () => screen.getByRole('combobox', { name: 'Command palette' });
const options = () => within(screen.getByRole('listbox', { name: 'Command palette' })).queryAllByRole('option');
const names = () => options().map((o) => o.querySelector('.atr-palette__name')?.textContent);
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });
const key = (k: string) => fireEvent.keyDown(input(), { key: k });

describe('the command palette', () => {
  it('opens with Alt+Shift+P on a search box over the commands that can run now, with their keys', async () => {
    const t = await desktop();
    await t.start();
    fireEvent.keyDown(document.body, { key: 'P', code: 'KeyP', altKey: true, shiftKey: true });
    expect(palette()?.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(input());
    expect(input().getAttribute('aria-controls')).toBe(screen.getByRole('listbox').id);
    expect(input().getAttribute('placeholder')).toBe('Type a command or an application');
    const listed = names();
    expect(listed).toContain('Show keyboard shortcuts');
    expect(listed).toContain('Edit Preferences');
    expect(listed).toContain('Move the panel to the bottom');
    // Not for the palette (it is open), or not possible now (no window is open, a single account).
    expect(listed).not.toContain('Open the command palette');
    expect(listed).not.toContain('Close window');
    expect(listed).not.toContain('Switch Account');
    const shortcuts = screen.getByTestId('palette.desktop.shortcuts');
    expect(shortcuts.getAttribute('aria-keyshortcuts')).toBe('Alt+Shift+K');
    expect([...shortcuts.querySelectorAll('kbd')].map((k) => k.textContent)).toEqual(['Alt', 'Shift', 'K']);
  });

  it('lists the window commands while a window has focus, and runs the chosen one on it with Enter', async () => {
    const t = await desktop();
    await t.start();
    const w = t.open({ title: 'Notes' });
    act(() => void t.services.commands.run('desktop.palette'));
    expect(names()).toContain('Close window');
    type('minimize');
    expect(names()).toEqual(['Minimize window', 'Minimize or raise window', 'My Home: minimize all windows']);
    expect(options()[0]!.getAttribute('aria-selected')).toBe('true');
    expect(input().getAttribute('aria-activedescendant')).toBe(options()[0]!.id);
    key('Enter');
    expect(palette()).toBeNull();
    expect(t.windows.get(w.wid)?.state.minimized).toBe(true);
  });

  it('filters as the user types, whatever the case and accents, and says when nothing matches', async () => {
    const t = await desktop();
    await t.start();
    act(() => void t.services.commands.run('desktop.palette'));
    type('PANEL   bottom');
    expect(names()).toEqual(['Move the panel to the bottom']);
    type('prëférences');
    expect(names()).toEqual(['Edit Preferences']);
    type('nothing like this');
    expect(options()).toEqual([]);
    expect(screen.getByRole('status').textContent).toBe('No command matches.');
    key('Enter');
    expect(palette()).not.toBeNull();
  });

  it('moves through the list with the arrow keys, wrapping, and runs a command on a click', async () => {
    const t = await desktop();
    await t.start();
    const w = t.open({ title: 'Notes' });
    act(() => void t.services.commands.run('desktop.palette'));
    type('minimize');
    expect(names()).toEqual(['Minimize window', 'Minimize or raise window', 'My Home: minimize all windows']);
    key('ArrowDown');
    expect(options()[1]!.getAttribute('aria-selected')).toBe('true');
    key('ArrowDown');
    key('ArrowDown');
    expect(options()[0]!.getAttribute('aria-selected')).toBe('true');
    key('ArrowUp');
    expect(input().getAttribute('aria-activedescendant')).toBe(options()[2]!.id);
    key('Enter');
    expect(t.windows.get(w.wid)?.state.minimized).toBe(true);
    act(() => void t.services.commands.run('desktop.palette'));
    fireEvent.click(screen.getByTestId('palette.desktop.shortcuts'));
    expect(palette()).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeTruthy();
  });

  it('closes on Escape and gives focus back', async () => {
    const t = await desktop();
    await t.start();
    const opener = screen.getByTestId('opener');
    opener.focus();
    act(() => void t.services.commands.run('desktop.palette'));
    expect(document.activeElement).toBe(input());
    key('Escape');
    expect(palette()).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});
