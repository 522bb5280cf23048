import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DesktopPanels } from '../panel/DesktopPanels.js';
import { settle } from '../testing/renderAtrium.js';
import { desktopPerTest, type DesktopTest } from '../testing/renderDesktop.js';

const desktop = desktopPerTest({
  children: (
    <>
      <DesktopPanels position="top" />
      <DesktopPanels position="bottom" />
    </>
  ),
});

/** A desktop whose one panel holds My Home and the logout button (locked or not). */
async function withPanel(options: { locked?: boolean } = {}): Promise<DesktopTest> {
  const t = await desktop();
  t.server.settings['desktop.panels'] = [{ position: 'top', ontop: true, items: [{ name: 'home' }, { name: 'logout' }] }];
  t.server.settings['desktop.lock'] = options.locked ?? false;
  await t.start();
  return t;
}

const panelMenu = () => screen.queryByRole('menu', { name: 'Panel menu' });
const item = (name: string) => screen.getByRole('menuitem', { name });

describe('the panel context menu', () => {
  it('opens on a right-click with Panel Position, whose Bottom moves the panel and saves it', async () => {
    const t = await withPanel();
    fireEvent.contextMenu(screen.getByTestId('panel.top'), { clientX: 300, clientY: 20 });
    const menu = panelMenu()!;
    expect(menu.style.left).toBe('300px');
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Panel Position' }));
    const [top, bottom] = screen.getAllByRole('menuitemradio');
    expect(top!.getAttribute('aria-checked')).toBe('true');
    expect(bottom!.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(bottom!);
    expect(panelMenu()).toBeNull();
    expect(screen.queryByTestId('panel.top')).toBeNull();
    expect(screen.getByTestId('panel.bottom')).toBeTruthy();
    // Saved 100 ms after the change.
    await act(() => t.clock.settle(100));
    expect(t.server.settings['desktop.panels']).toEqual([{ position: 'bottom', ontop: true, items: [{ name: 'home' }, { name: 'logout' }] }]);
  });

  it('opens from the keyboard with Shift+F10 on a panel control, for that item, and Escape gives focus back', async () => {
    const t = await withPanel();
    const home = screen.getByTestId('panel.home');
    home.focus();
    fireEvent.keyDown(home, { key: 'F10', shiftKey: true });
    expect(panelMenu()).not.toBeNull();
    expect(t.services.ui.getState().contextMenu?.context).toEqual({ panel: 0, item: 0 });
    expect(document.activeElement).toBe(item('Panel Position'));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(panelMenu()).toBeNull();
    expect(document.activeElement).toBe(home);
    // The ContextMenu key does the same; Remove panel item removes the item it was opened on.
    const logout = screen.getByTestId('panel.logout');
    logout.focus();
    fireEvent.keyDown(logout, { key: 'ContextMenu' });
    fireEvent.click(item('Remove panel item'));
    expect(screen.queryByTestId('panel.logout')).toBeNull();
    expect(screen.getByTestId('panel.home')).toBeTruthy();
  });

  it('does not open while the desktop is locked, by pointer or keyboard, and the position stays', async () => {
    const t = await withPanel({ locked: true });
    fireEvent.contextMenu(screen.getByTestId('panel.top'));
    const home = screen.getByTestId('panel.home');
    home.focus();
    fireEvent.keyDown(home, { key: 'F10', shiftKey: true });
    expect(panelMenu()).toBeNull();
    // Nor does the command palette move it.
    act(() => void t.services.commands.run('panel.position.bottom'));
    await settle();
    expect(t.services.panels.getState().panels[0]?.position).toBe('top');
  });

  it('suppresses the browser menu on the panel, and leaves it to text inputs', async () => {
    await withPanel();
    const onPanel = fireEvent.contextMenu(screen.getByTestId('panel.top'));
    expect(onPanel).toBe(false);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(panelMenu()).toBeNull();
    act(() => void screen.getByTestId('panel.top').append(Object.assign(document.createElement('input'), { type: 'text' })));
    const input = screen.getByTestId('panel.top').querySelector('input')!;
    expect(fireEvent.contextMenu(input)).toBe(true);
    expect(panelMenu()).toBeNull();
  });

  it('leaves Shift+F10 in a text input to the browser', async () => {
    await withPanel();
    const input = document.createElement('input');
    document.body.append(input);
    input.focus();
    expect(fireEvent.keyDown(input, { key: 'F10', shiftKey: true })).toBe(true);
    input.remove();
  });
});
