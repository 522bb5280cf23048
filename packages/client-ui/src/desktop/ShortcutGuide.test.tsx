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

const press = (init: KeyboardEventInit) => fireEvent.keyDown(document.activeElement ?? document.body, init);
const guide = () => screen.queryByRole('dialog', { name: 'Keyboard shortcuts' });
/** The rows of the guide as [name, keys]. */
const rows = () =>
  within(guide()!)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [within(row).getByRole('rowheader').textContent, [...row.querySelectorAll('kbd')].map((k) => k.textContent).join('+')]);

describe('the keyboard-shortcut guide', () => {
  it('opens with Alt+Shift+K as a modal dialog listing every binding of the registry by name, with its keys', async () => {
    const t = await desktop();
    await t.start();
    press({ key: 'K', code: 'KeyK', altKey: true, shiftKey: true });
    const dialog = guide()!;
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(t.services.ui.getState().popup).toBe('shortcuts');
    const listed = rows();
    const ids = within(dialog).getAllByTestId(/^shortcuts\.(?!close)/).map((row) => row.dataset.testid);
    expect(ids).toEqual(t.services.commands.bindings().map((b) => `shortcuts.${b.id}`));
    expect(listed).toHaveLength(ids.length);
    expect(listed).toContainEqual(['Show keyboard shortcuts', 'Alt+Shift+K']);
    expect(listed).toContainEqual(['Open the window menu', 'Alt+Space']);
    expect(listed).toContainEqual(['Maximize or restore window', 'Alt+Shift+↑']);
    expect(listed).toContainEqual(['Next window', 'Alt+`']);
    // Commands without a binding (Edit Preferences) are not listed.
    expect(listed.map(([name]) => name)).not.toContain('Edit Preferences');
  });

  it("lists a command of a registry entry by its own name, only while it is offered", async () => {
    const t = await desktop();
    await t.start();
    let offered = false;
    act(() => void t.services.commands.register({ id: 'app.Records.save', labelKey: 'app.Records.save', keybinding: 'Ctrl+S', name: () => 'Save record', visible: () => offered, run: () => undefined }));
    press({ key: 'K', code: 'KeyK', altKey: true, shiftKey: true });
    expect(rows().map(([name]) => name)).not.toContain('Save record');
    press({ key: 'Escape' });
    offered = true;
    press({ key: 'K', code: 'KeyK', altKey: true, shiftKey: true });
    expect(rows()).toContainEqual(['Save record', 'Ctrl+S']);
  });

  it("follows the user's own keybindings from the settings, also when they change", async () => {
    const t = await desktop();
    t.server.settings['desktop.keybindings'] = { 'desktop.shortcuts': 'Ctrl+Shift+/', 'window.menu': 'Alt+M' };
    await t.start();
    press({ key: 'K', code: 'KeyK', altKey: true, shiftKey: true });
    expect(guide()).toBeNull();
    press({ key: '/', code: 'Slash', ctrlKey: true, shiftKey: true });
    expect(rows()).toContainEqual(['Show keyboard shortcuts', 'Ctrl+Shift+/']);
    expect(rows()).toContainEqual(['Open the window menu', 'Alt+M']);
    act(() => t.services.settings.set('desktop.keybindings', { 'desktop.shortcuts': 'Alt+F1' }));
    expect(rows()).toContainEqual(['Show keyboard shortcuts', 'Alt+F1']);
    expect(rows()).toContainEqual(['Open the window menu', 'Alt+Space']);
  });

  it('keeps Tab inside, closes on Escape and gives focus back to where it was', async () => {
    const t = await desktop();
    await t.start();
    const opener = screen.getByTestId('opener');
    opener.focus();
    act(() => void t.services.commands.run('desktop.shortcuts'));
    const dialog = guide()!;
    const close = within(dialog).getByRole('button', { name: 'Close' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(document.activeElement!, { key: 'Tab', shiftKey: true });
    expect(dialog.contains(document.activeElement)).toBe(true);
    // The desktop's shortcuts do not run behind it.
    fireEvent.keyDown(document.activeElement!, { key: 'P', code: 'KeyP', altKey: true, shiftKey: true });
    expect(t.services.ui.getState().popup).toBe('shortcuts');
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(guide()).toBeNull();
    expect(t.services.ui.getState().popup).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes with its Close button and a press beside it', async () => {
    const t = await desktop();
    await t.start();
    act(() => void t.services.commands.run('desktop.shortcuts'));
    fireEvent.click(within(guide()!).getByRole('button', { name: 'Close' }));
    expect(guide()).toBeNull();
    act(() => void t.services.commands.run('desktop.shortcuts'));
    fireEvent.pointerDown(guide()!.parentElement!);
    expect(guide()).toBeNull();
  });
});
