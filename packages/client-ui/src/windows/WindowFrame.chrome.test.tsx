import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { desktopPerTest, type DesktopTest } from '../testing/renderDesktop.js';

const desktop = desktopPerTest();

const inFrame = (t: DesktopTest, wid: number) => within(t.frame(wid));

describe('WindowFrame chrome', () => {
  it('shows the icon, title and minimize, maximize and close buttons of an ordinary window, labelled in English', async () => {
    const t = await desktop();
    const w = t.open({ title: 'Reports', breadcrumb: ['2026', 'March'] });
    const frame = inFrame(t, w.wid);
    expect(frame.getByTestId('window.title').textContent).toBe('Reports');
    expect(frame.getByTestId('window.breadcrumb').textContent).toBe('2026March');
    expect(frame.getByTestId('window.minimize').getAttribute('aria-label')).toBe('Minimize');
    expect(frame.getByTestId('window.maximize').getAttribute('aria-label')).toBe('Maximize');
    expect(frame.getByTestId('window.close').getAttribute('aria-label')).toBe('Close');
    expect(frame.getByTestId('window.icon').getAttribute('aria-label')).toBe('Window menu');
    expect(screen.getByRole('dialog', { name: 'Reports' })).toBe(t.frame(w.wid));
  });

  it('shows (window) for a window without a title', async () => {
    const t = await desktop();
    const w = t.open({ title: '' });
    expect(inFrame(t, w.wid).getByTestId('window.title').textContent).toBe('(window)');
  });

  it('hides each button the attributes do not allow', async () => {
    const t = await desktop();
    const w = t.open({ attributes: { minimizable: false, maximizable: false } });
    const frame = inFrame(t, w.wid);
    expect(frame.queryByTestId('window.minimize')).toBeNull();
    expect(frame.queryByTestId('window.maximize')).toBeNull();
    expect(frame.getByTestId('window.close')).toBeTruthy();
    const fixed = t.open({ attributes: { closeable: false } });
    expect(inFrame(t, fixed.wid).queryByTestId('window.close')).toBeNull();
  });

  it('shows no buttons with controls false and no title bar with header false', async () => {
    const t = await desktop();
    const bare = t.open({ attributes: { controls: false } });
    expect(inFrame(t, bare.wid).getByTestId('window.header')).toBeTruthy();
    expect(inFrame(t, bare.wid).queryByRole('button', { name: 'Close' })).toBeNull();
    const headless = t.open({ title: 'Widget', attributes: { header: false } });
    expect(inFrame(t, headless.wid).queryByTestId('window.header')).toBeNull();
    expect(t.frame(headless.wid).getAttribute('aria-label')).toBe('Widget');
  });

  it('has eight resize handles, none when not resizable or maximized', async () => {
    const t = await desktop();
    const w = t.open();
    const edges = inFrame(t, w.wid)
      .getAllByTestId(/^window\.resize\./)
      .map((h) => h.dataset.testid);
    expect(edges.sort()).toEqual(['n', 'ne', 'nw', 's', 'se', 'sw', 'e', 'w'].map((e) => `window.resize.${e}`).sort());
    act(() => void t.windows.maximize(w.wid));
    expect(inFrame(t, w.wid).queryAllByTestId(/^window\.resize\./)).toHaveLength(0);
    const fixed = t.open({ attributes: { resizable: false } });
    expect(inFrame(t, fixed.wid).queryAllByTestId(/^window\.resize\./)).toHaveLength(0);
  });

  it('minimizes, maximizes, restores and closes from its buttons', async () => {
    const t = await desktop();
    const w = t.open();
    const frame = inFrame(t, w.wid);
    fireEvent.click(frame.getByTestId('window.maximize'));
    expect(t.frame(w.wid).dataset.maximized).toBe('true');
    expect(frame.getByTestId('window.maximize').getAttribute('aria-label')).toBe('Restore');
    fireEvent.click(frame.getByTestId('window.maximize'));
    expect(t.frame(w.wid).dataset.maximized).toBe('false');
    fireEvent.click(frame.getByTestId('window.minimize'));
    expect(t.frame(w.wid).dataset.minimized).toBe('true');
    expect(t.frame(w.wid).style.display).toBe('none');
    fireEvent.click(inFrame(t, w.wid).getByTestId('window.close'));
    expect(t.windows.get(w.wid)).toBeUndefined();
    expect(t.container.querySelector(`[data-wid="${w.wid}"]`)).toBeNull();
  });

  it('toggles maximize and restore by a double-click on the header', async () => {
    const t = await desktop();
    const w = t.open();
    fireEvent.doubleClick(inFrame(t, w.wid).getByTestId('window.title'));
    expect(t.windows.get(w.wid)?.state.maximized).toBe(true);
    fireEvent.doubleClick(inFrame(t, w.wid).getByTestId('window.header'));
    expect(t.windows.get(w.wid)?.state.maximized).toBe(false);
  });

  it('ignores a double-click on the header of a window that is not maximizable, or on its buttons', async () => {
    const t = await desktop();
    const fixed = t.open({ attributes: { maximizable: false } });
    fireEvent.doubleClick(inFrame(t, fixed.wid).getByTestId('window.header'));
    expect(t.windows.get(fixed.wid)?.state.maximized).toBe(false);
    const w = t.open();
    fireEvent.doubleClick(inFrame(t, w.wid).getByTestId('window.icon'));
    expect(t.windows.get(w.wid)?.state.maximized).toBe(false);
  });

  it('toggles maximize by two taps within 250 ms on a touch screen', async () => {
    const t = await desktop();
    const w = t.open();
    const header = inFrame(t, w.wid).getByTestId('window.header');
    const tap = () => {
      fireEvent.pointerDown(header, { pointerId: 7, pointerType: 'touch', button: 0, clientX: 100, clientY: 45 });
      fireEvent.pointerUp(header, { pointerId: 7, pointerType: 'touch', button: 0, clientX: 100, clientY: 45 });
    };
    tap();
    expect(t.windows.get(w.wid)?.state.maximized).toBe(false);
    tap();
    expect(t.windows.get(w.wid)?.state.maximized).toBe(true);
  });

  it('shows the loading overlay after the 250 ms debounce, until loading ends', async () => {
    const t = await desktop();
    const w = t.open();
    act(() => t.windows.setLoading(w.wid, true));
    expect(inFrame(t, w.wid).queryByTestId('window.loading')).toBeNull();
    act(() => t.clock.advance(250));
    expect(inFrame(t, w.wid).getByTestId('window.loading').textContent).toBe('Loading');
    expect(t.frame(w.wid).getAttribute('aria-busy')).toBe('true');
    act(() => t.windows.setLoading(w.wid, false));
    expect(inFrame(t, w.wid).queryByTestId('window.loading')).toBeNull();
  });

  it('keeps a minimized window in the DOM, hidden, and shows and focuses it again when raised (as its window-list entry does)', async () => {
    const t = await desktop();
    const w = t.open({ title: 'Notes' });
    fireEvent.click(inFrame(t, w.wid).getByTestId('window.minimize'));
    expect(t.frame(w.wid).style.display).toBe('none');
    expect(t.frame(w.wid).dataset.minimized).toBe('true');
    // Still listed by the window manager, which the panel's window list shows.
    expect(t.windows.windows().map((r) => r.wid)).toContain(w.wid);
    act(() => void t.services.commands.run('window.activate', { wid: w.wid }));
    expect(t.windows.get(w.wid)?.state.minimized).toBe(false);
    expect(t.windows.get(w.wid)?.state.focused).toBe(true);
    expect(t.frame(w.wid).style.display).toBe('');
    expect(t.frame(w.wid).contains(document.activeElement)).toBe(true);
  });

  it('is a non-modal dialog for the accessibility tree, modal when its attributes say so', async () => {
    const t = await desktop();
    const w = t.open();
    expect(t.frame(w.wid).getAttribute('role')).toBe('dialog');
    expect(t.frame(w.wid).hasAttribute('aria-modal')).toBe(false);
    const child = t.open({ parent: w.wid, attributes: { modal: true } });
    expect(t.frame(child.wid).getAttribute('aria-modal')).toBe('true');
  });
});

describe('WindowFrame focus', () => {
  it('focuses the window pressed with the pointer', async () => {
    const t = await desktop();
    const a = t.open();
    t.open();
    fireEvent.pointerDown(inFrame(t, a.wid).getByTestId('window.title'), { pointerId: 1, button: 0 });
    expect(t.windows.focused()?.wid).toBe(a.wid);
    expect(t.frame(a.wid).dataset.focused).toBe('true');
  });

  it('moves DOM focus into the window that gets focus: its first focusable element, else the frame', async () => {
    const t = await desktop();
    const a = t.open();
    expect(document.activeElement).toBe(t.frame(a.wid));
    const b = t.open();
    const input = document.createElement('input');
    act(() => t.services.slots.get(b.wid)?.append(input));
    act(() => void t.windows.focus(a.wid));
    act(() => void t.windows.focus(b.wid));
    expect(document.activeElement).toBe(input);
  });

  it('gives focus back to the previously focused window when the focused one closes', async () => {
    const t = await desktop();
    const a = t.open();
    const b = t.open();
    expect(document.activeElement).toBe(t.frame(b.wid));
    fireEvent.click(inFrame(t, b.wid).getByTestId('window.close'));
    expect(t.windows.focused()?.wid).toBe(a.wid);
    expect(document.activeElement).toBe(t.frame(a.wid));
  });

  it('hands the focus to an open modal child when its parent is pressed', async () => {
    const t = await desktop();
    const parent = t.open();
    const child = t.open({ parent: parent.wid, attributes: { modal: true } });
    fireEvent.pointerDown(t.frame(parent.wid), { pointerId: 1, button: 0 });
    expect(t.windows.focused()?.wid).toBe(child.wid);
  });

  it('keeps Tab inside a modal window', async () => {
    const t = await desktop();
    const parent = t.open();
    const child = t.open({ parent: parent.wid, attributes: { modal: true, minimizable: false, maximizable: false } });
    const buttons = inFrame(t, child.wid).getAllByRole('button');
    const last = buttons[buttons.length - 1]!;
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(buttons[0]);
    fireEvent.keyDown(buttons[0]!, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });
});
