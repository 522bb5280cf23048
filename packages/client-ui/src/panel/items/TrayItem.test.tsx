import { builtinEntry } from '@atrium/client-core/testing';
import { defineApplication, type Application } from '@atrium/sdk';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { desktopPerTest } from '../../testing/renderDesktop.js';
import { TrayItem } from './TrayItem.js';

const panelMenu = vi.fn();
let launched: Application | null = null;

const render = desktopPerTest({
  manifest: [builtinEntry({ name: 'Mail', type: 'application', title: { en_EN: 'Mail' }, defaultAppforOrgs: 1 })],
  builtins: {
    Mail: async () => ({
      default: defineApplication((app) => {
        launched = app;
        app.createWindow({ id: 'main', title: 'Mail', render: () => undefined });
        app.desktop.tray.create({ icon: 'mail', title: 'Mail', badge: 2 });
      }),
    }),
  },
  children: (
    // The panel's own context menu, which a context click on a tray icon must not open.
    <div role="toolbar" aria-label="Panel" className="atr-panel atr-panel--top" onContextMenu={panelMenu}>
      <TrayItem panel={0} item={0} position="top" options={{}} />
    </div>
  ),
});

const tray = () => screen.getByRole('group', { name: 'Tray' });

/** Renders the desktop without its own tray icon (the filesystem search), so that only the test's icons are in the tray. */
async function renderTray() {
  const t = await render();
  act(() => {
    for (const entry of t.services.tray.getState().entries) if (entry.owner === null) t.services.tray.remove(entry.id);
  });
  return t;
}

describe('the tray', () => {
  it("holds the desktop's own icon: the filesystem search", async () => {
    await render();
    expect(within(tray()).getAllByRole('button').map((b) => b.getAttribute('title'))).toEqual(['Search files']);
  });

  it('takes no place while no icon is in it', async () => {
    await renderTray();
    expect(screen.queryByTestId('panel.tray')).toBeNull();
  });

  it('shows each icon as a button named by its title and badge, with the title as tooltip', async () => {
    const t = await renderTray();
    act(() => {
      t.services.tray.create({ icon: 'mail', title: 'Mail', badge: 3 });
      t.services.tray.create({ title: 'Chat' });
    });
    const buttons = within(tray()).getAllByRole('button');
    expect(buttons.map((b) => b.textContent?.replace(/\d+$/, ''))).toEqual(['Mail (3 new)', 'Chat']);
    expect(screen.getByRole('button', { name: 'Mail (3 new)' })).toBe(buttons[0]);
    expect(buttons.map((b) => b.getAttribute('title'))).toEqual(['Mail', 'Chat']);
    expect(within(buttons[0]!).getByTestId('panel.tray.badge').textContent).toBe('3');
    expect(within(buttons[1]!).queryByTestId('panel.tray.badge')).toBeNull();
  });

  it('shows 99+ above 99 and follows updates of the badge', async () => {
    const t = await renderTray();
    let mail!: ReturnType<typeof t.services.tray.create>;
    act(() => {
      mail = t.services.tray.create({ title: 'Mail', badge: 99 });
    });
    expect(screen.getByTestId('panel.tray.badge').textContent).toBe('99');
    act(() => mail.update({ badge: 100 }));
    expect(screen.getByTestId('panel.tray.badge').textContent).toBe('99+');
    expect(screen.getByRole('button', { name: 'Mail (99+ new)' })).toBeTruthy();
    act(() => mail.update({ badge: 0 }));
    expect(screen.queryByTestId('panel.tray.badge')).toBeNull();
    act(() => mail.destroy());
    expect(screen.queryByTestId('panel.tray')).toBeNull();
  });

  it('runs the click handler with the pointer position, and with the icon corner from the keyboard', async () => {
    const t = await renderTray();
    const onClick = vi.fn();
    act(() => void t.services.tray.create({ title: 'Mail', onClick }));
    const button = screen.getByRole('button', { name: 'Mail' });
    fireEvent.click(button, { clientX: 30, clientY: 12, detail: 1 });
    expect(onClick).toHaveBeenLastCalledWith({ x: 30, y: 12, keyboard: false });
    fireEvent.click(button, { detail: 0 });
    expect(onClick).toHaveBeenLastCalledWith(expect.objectContaining({ keyboard: true }));
  });

  it('runs the context handler on a right-click, Shift+F10 and the context-menu key, instead of the panel menu', async () => {
    const t = await renderTray();
    panelMenu.mockClear();
    const onContextMenu = vi.fn();
    const onClick = vi.fn();
    act(() => void t.services.tray.create({ title: 'Mail', onClick, onContextMenu }));
    const button = screen.getByRole('button', { name: 'Mail' });
    fireEvent.contextMenu(button, { clientX: 40, clientY: 10 });
    expect(onContextMenu).toHaveBeenLastCalledWith({ x: 40, y: 10, keyboard: false });
    fireEvent.keyDown(button, { key: 'F10', shiftKey: true });
    fireEvent.keyDown(button, { key: 'ContextMenu' });
    expect(onContextMenu).toHaveBeenCalledTimes(3);
    expect(onContextMenu).toHaveBeenLastCalledWith(expect.objectContaining({ keyboard: true }));
    fireEvent.keyDown(button, { key: 'F10' });
    expect(onContextMenu).toHaveBeenCalledTimes(3);
    expect(onClick).not.toHaveBeenCalled();
    expect(panelMenu).not.toHaveBeenCalled();
  });

  it("shows an application's icon while it runs and takes it away when it ends", async () => {
    const t = await renderTray();
    await t.start();
    await act(async () => {
      await t.services.packages.launch('Mail');
      await t.clock.settle();
    });
    expect(within(tray()).getByRole('button', { name: 'Mail (2 new)' })).toBeTruthy();
    act(() => launched?.destroy());
    expect(screen.queryByTestId('panel.tray')).toBeNull();
  });
});
