import type { DialogModel } from '@atrium/client-core';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { settle } from '../testing/renderAtrium.js';
import { renderDesktop, type DesktopTest } from '../testing/renderDesktop.js';
import type { JSX } from 'react';
import { useWindowList } from '../windows/useWindowRecord.js';
import { useDesktop } from './DesktopContext.js';
import { DesktopFocus } from './DesktopFocus.js';

let test: DesktopTest | null = null;
afterEach(() => {
  test?.dispose();
  test = null;
  cleanup();
});

/** One button per window, marked as the window list marks its entries (the panel's window list is tested with the panel). */
function WindowEntries(): JSX.Element {
  const list = useWindowList(useDesktop().windows);
  return (
    <>
      {list.map((w) => (
        <button key={w.wid} type="button" data-window-entry={w.wid}>
          {w.title}
        </button>
      ))}
    </>
  );
}

/** A desktop whose surface is the page, with a home control (the profile menu's), window entries and another desktop button. */
async function desktop(): Promise<DesktopTest> {
  test = await renderDesktop({
    children: (
      <>
        <button type="button" data-desktop-home>
          DD
        </button>
        <WindowEntries />
        <button type="button">Open</button>
        <DesktopFocus surface={{ current: document.body }} />
      </>
    ),
  });
  await settle();
  return test;
}

const home = () => screen.getByRole('button', { name: 'DD' });

describe('DesktopFocus (docs/ACCESSIBILITY.md: focus is always somewhere sensible)', () => {
  it('sends focus to the desktop home control when the last window closes, never to the body', async () => {
    const t = await desktop();
    const w = t.open({ title: 'Notes' });
    await settle();
    expect(t.frame(w.wid).contains(document.activeElement)).toBe(true);
    fireEvent.click(within(t.frame(w.wid)).getByTestId('window.close'));
    await settle();
    expect(document.activeElement).toBe(home());
  });

  it('sends focus to the next window in z-order when another window closes', async () => {
    const t = await desktop();
    const a = t.open({ title: 'A' });
    const b = t.open({ title: 'B' });
    await settle();
    act(() => void t.windows.close(b.wid));
    await settle();
    expect(t.frame(a.wid).contains(document.activeElement)).toBe(true);
    expect(t.windows.focused()?.wid).toBe(a.wid);
  });

  it('gives focus back to the control that opened a dialog in its parent window', async () => {
    const t = await desktop();
    const parent = t.open({ title: 'Editor' });
    await settle();
    // A control of the parent window's content opens a modal dialog.
    const body = within(t.frame(parent.wid)).getByTestId('window.body');
    const [load, save] = ['Load', 'Save'].map((text) => {
      const button = document.createElement('button');
      button.textContent = text;
      return button;
    }) as [HTMLButtonElement, HTMLButtonElement];
    body.append(load, save);
    save.focus();
    let dialog!: DialogModel;
    act(() => {
      dialog = t.dialogs.create('confirm', { message: 'Overwrite?', parent: parent.wid }, () => undefined);
    });
    await settle();
    expect(t.frame(dialog.wid).contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(within(t.frame(dialog.wid)).getByRole('button', { name: 'Yes' }), { key: 'Escape' });
    await settle();
    expect(document.activeElement).toBe(save);
  });

  it('gives focus back to the desktop control that opened a dialog when no window is left', async () => {
    const t = await desktop();
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    let dialog!: DialogModel;
    act(() => {
      dialog = t.dialogs.create('alert', { message: 'Saved' }, () => undefined);
    });
    await settle();
    expect(t.frame(dialog.wid).contains(document.activeElement)).toBe(true);
    fireEvent.click(within(t.frame(dialog.wid)).getByTestId('dialog.button.close'));
    await settle();
    expect(document.activeElement).toBe(opener);
  });

  it('gives focus back to the desktop control that opened a dialog without a parent (the logout question), not to the window focused behind it', async () => {
    const t = await desktop();
    const files = t.open({ title: 'Files' });
    await settle();
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    let dialog!: DialogModel;
    act(() => {
      dialog = t.dialogs.create('confirm', { message: 'Would you like to logout?' }, () => undefined);
    });
    await settle();
    expect(t.frame(dialog.wid).contains(document.activeElement)).toBe(true);
    fireEvent.click(within(t.frame(dialog.wid)).getByTestId('dialog.button.no'));
    await settle();
    expect(document.activeElement).toBe(opener);
    expect(t.windows.focused()?.wid).toBe(files.wid);
  });

  it('keeps focus in a dialog without a parent while a window opens behind it (a restored session)', async () => {
    const t = await desktop();
    let dialog!: DialogModel;
    act(() => {
      dialog = t.dialogs.alert('You may not use Incidents.', { type: 'refused' });
    });
    await settle();
    const files = t.open({ title: 'Files' });
    await settle();
    expect(within(t.frame(dialog.wid)).getByTestId('dialog.button.close')).toBe(document.activeElement);
    expect(t.frame(files.wid).getAttribute('data-focused')).toBe('false');
    // Closed, it leaves the focus to the window restored behind it.
    fireEvent.click(within(t.frame(dialog.wid)).getByTestId('dialog.button.close'));
    await settle();
    expect(t.frame(files.wid).getAttribute('data-focused')).toBe('true');
    expect(t.frame(files.wid).contains(document.activeElement)).toBe(true);
  });

  it('falls back to the desktop home control when the opener has gone', async () => {
    const t = await desktop();
    const gone = document.createElement('button');
    document.body.append(gone);
    gone.focus();
    let dialog!: DialogModel;
    act(() => {
      dialog = t.dialogs.create('alert', { message: 'Saved' }, () => undefined);
    });
    await settle();
    gone.remove();
    fireEvent.click(within(t.frame(dialog.wid)).getByTestId('dialog.button.close'));
    await settle();
    expect(document.activeElement).toBe(home());
  });

  it("moves focus to a minimized window's entry in the window list", async () => {
    const t = await desktop();
    const w = t.open({ title: 'Notes' });
    await settle();
    fireEvent.click(within(t.frame(w.wid)).getByTestId('window.minimize'));
    await settle();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Notes' }));
    expect(document.activeElement?.getAttribute('data-window-entry')).toBe(String(w.wid));
  });

  it('leaves focus alone where it is somewhere sensible', async () => {
    const t = await desktop();
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    const w = t.open({ title: 'Background', attributes: { focusable: false } });
    await settle();
    act(() => void t.windows.close(w.wid));
    await settle();
    expect(document.activeElement).toBe(opener);
  });
});
