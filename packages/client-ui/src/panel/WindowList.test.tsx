import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appPackage, panelDesktopPerTest, settle, windowApp } from './panelTesting.js';

let releaseSlow: () => void = () => undefined;
const desktop = panelDesktopPerTest({
  manifest: [appPackage('Slow', 'Slow Reports')],
  builtins: {
    // Loads until the test lets it.
    Slow: async () => {
      await new Promise<void>((resolve) => (releaseSlow = resolve));
      return windowApp('Slow Reports')();
    },
  },
});

const list = () => screen.getByRole('group', { name: 'Open windows' });
const entries = () => within(list()).queryAllByTestId('panel.windows.entry');
const entry = (name: string) => within(list()).getByRole('button', { name });
const names = () => entries().map((e) => within(e).getByTestId('panel.windows.activate').getAttribute('aria-label'));

describe('the window list', () => {
  it('lists the open top-level windows whose visibility is global or unset, in opening order, untitled ones as (window)', async () => {
    const t = await desktop();
    const first = t.open({ title: 'Report' });
    t.open({ title: '' });
    t.open({ title: 'Global', attributes: { visibility: 'global' } });
    t.open({ title: 'Hidden', attributes: { visibility: 'restricted' } });
    // A dialog of a window is part of that window, not an entry.
    act(() => void t.dialogs.create('confirm', { title: 'Sure?', message: 'Sure?', parent: first.wid }, () => undefined));
    expect(names()).toEqual(['Report', '(window)', 'Global']);
  });

  it('does not list a dialog without a parent window (the logout question, a launch error): it is a modal of the desktop', async () => {
    const t = await desktop();
    t.open({ title: 'Report' });
    act(() => void t.dialogs.create('confirm', { title: 'Log out', message: 'Would you like to logout?' }, () => undefined));
    act(() => void t.dialogs.alert('You may not use Incidents.', { title: 'Launch error', type: 'refused' }));
    expect(names()).toEqual(['Report']);
    expect(entry('Report').getAttribute('aria-pressed')).toBe('false');
  });

  it('marks the focused window’s entry as pressed', async () => {
    const t = await desktop();
    const a = t.open({ title: 'A' });
    t.open({ title: 'B' });
    expect(entry('B').getAttribute('aria-pressed')).toBe('true');
    expect(entry('A').getAttribute('aria-pressed')).toBe('false');
    act(() => void t.windows.focus(a.wid));
    expect(entry('A').getAttribute('aria-pressed')).toBe('true');
    expect(entry('A').closest('[data-testid="panel.windows.entry"]')?.className).toContain('atr-windowlist__entry--focused');
  });

  it('a click raises a window, or minimizes it when it is the focused one; a minimized window stays listed and a click brings it back', async () => {
    const t = await desktop();
    const a = t.open({ title: 'A' });
    const b = t.open({ title: 'B' });
    fireEvent.click(entry('A'), { detail: 1 });
    expect(t.windows.focused()?.wid).toBe(a.wid);
    fireEvent.click(entry('A'), { detail: 1 });
    expect(t.windows.get(a.wid)?.state.minimized).toBe(true);
    expect(names()).toEqual(['A (minimized)', 'B']);
    fireEvent.click(entry('A (minimized)'), { detail: 1 });
    expect(t.windows.get(a.wid)?.state).toMatchObject({ minimized: false, focused: true });
    // From the keyboard (Enter or Space on a button: a click without detail).
    fireEvent.click(entry('B'), { detail: 0 });
    expect(t.windows.focused()?.wid).toBe(b.wid);
  });

  it('a double-click toggles maximize when the window allows it, and leaves the others alone', async () => {
    const t = await desktop();
    const a = t.open({ title: 'A' });
    const fixed = t.open({ title: 'Fixed', attributes: { maximizable: false } });
    fireEvent.doubleClick(entry('A'));
    expect(t.windows.get(a.wid)?.state.maximized).toBe(true);
    fireEvent.doubleClick(entry('A'));
    expect(t.windows.get(a.wid)?.state.maximized).toBe(false);
    fireEvent.doubleClick(entry('Fixed'));
    expect(t.windows.get(fixed.wid)?.state.maximized).toBe(false);
  });

  it('a double-click on the focused window (whose first click minimized it) brings it back maximized', async () => {
    const t = await desktop();
    const a = t.open({ title: 'A' });
    fireEvent.click(entry('A'), { detail: 1 });
    expect(t.windows.get(a.wid)?.state.minimized).toBe(true);
    fireEvent.click(entry('A (minimized)'), { detail: 2 });
    fireEvent.doubleClick(entry('A (minimized)'));
    expect(t.windows.get(a.wid)?.state).toMatchObject({ minimized: false, maximized: true, focused: true });
  });

  it("shows each window's full title as its entry's tooltip and accessible name, and its own icon", async () => {
    const t = await desktop();
    const long = 'Quarterly Operations Review of the Northern Warehouses';
    const icon = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E";
    const a = t.open({ title: long, icon });
    t.open({ title: 'Risk Register' });
    act(() => void t.windows.minimize(a.wid));
    const button = within(entries()[0]!).getByTestId('panel.windows.activate');
    expect(button.getAttribute('title')).toBe(long);
    expect(button.getAttribute('aria-label')).toBe(`${long} (minimized)`);
    expect(within(entries()[1]!).getByTestId('panel.windows.activate').getAttribute('title')).toBe('Risk Register');
    expect(entries()[0]!.querySelector('img')?.getAttribute('src')).toBe(icon);
  });

  it("each entry has a close button named after the window, except a window that cannot be closed", async () => {
    const t = await desktop();
    const a = t.open({ title: 'Report' });
    t.open({ title: 'Pinned', attributes: { closeable: false } });
    const [report, pinned] = entries();
    expect(within(pinned!).queryByTestId('panel.windows.close')).toBeNull();
    const close = within(report!).getByRole('button', { name: 'Close Report' });
    fireEvent.click(close);
    expect(t.windows.get(a.wid)).toBeUndefined();
    expect(names()).toEqual(['Pinned']);
  });

  it('a right-click opens the window menu of that window with what it allows, not the panel menu', async () => {
    const t = await desktop();
    const w = t.open({ title: 'Fixed', attributes: { maximizable: false, closeable: false } });
    t.open({ title: 'Other' });
    fireEvent.contextMenu(entry('Fixed'), { clientX: 40, clientY: 20 });
    expect(t.services.ui.getState().contextMenu).toEqual({ menu: 'windowList', context: { wid: w.wid }, at: { x: 40, y: 20 } });
    const menu = screen.getByRole('menu', { name: 'Window menu' });
    const state = within(menu)
      .getAllByRole('menuitem')
      .map((item) => [item.querySelector('.atr-menu__label')?.textContent, item.getAttribute('aria-disabled')]);
    expect(state).toEqual([
      ['Maximize', 'true'],
      ['Minimize', 'false'],
      ['Close', 'true'],
    ]);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Minimize' }));
    expect(t.windows.get(w.wid)?.state.minimized).toBe(true);
    // Now it offers Raise.
    fireEvent.contextMenu(entry('Fixed (minimized)'));
    fireEvent.click(within(screen.getByRole('menu', { name: 'Window menu' })).getByRole('menuitem', { name: 'Raise' }));
    expect(t.windows.get(w.wid)?.state.minimized).toBe(false);
  });

  it('shows Launching <title> while an application loads, then its window', async () => {
    const t = await desktop();
    void act(() => void t.services.packages.launch('Slow'));
    await act(async () => undefined);
    expect(within(list()).getByRole('status').textContent).toBe('Launching Slow Reports');
    // Not a button that does nothing.
    expect(within(list()).queryByRole('button', { name: /Launching/ })).toBeNull();
    releaseSlow();
    await settle(t);
    expect(within(list()).getByRole('status').textContent).toBe('');
    expect(names()).toEqual(['Slow Reports']);
  });
});
