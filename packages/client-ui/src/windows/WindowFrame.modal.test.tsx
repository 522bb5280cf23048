import { act, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { desktopPerTest } from '../testing/renderDesktop.js';

const desktop = desktopPerTest();

describe('a window waiting for its modal dialog', () => {
  it('is not shown as loading: no spinner, no Loading status, only a clear cover; its dialog has the focus', async () => {
    const t = await desktop();
    const parent = t.open({ title: 'Report' });
    let dialogWid = 0;
    act(() => {
      dialogWid = t.dialogs.create('confirm', { message: 'Discard?', parent: parent.wid }, () => undefined).wid;
    });
    act(() => t.clock.advance(250));
    const frame = t.frame(parent.wid);
    const cover = within(frame).getByTestId('window.loading');
    expect(cover.getAttribute('data-reason')).toBe('dialog');
    expect(cover.className).toContain('atr-window__loading--dialog');
    expect(cover.getAttribute('role')).toBeNull();
    expect(cover.textContent).toBe('');
    expect(frame.querySelector('.atr-window__spinner')).toBeNull();
    expect(frame.getAttribute('data-focused')).toBe('false');
    expect(t.frame(dialogWid).getAttribute('data-focused')).toBe('true');
  });

  it('still shows the spinner when the application itself says it is loading', async () => {
    const t = await desktop();
    const w = t.open({ title: 'Report' });
    act(() => t.windows.setLoading(w.wid, true));
    act(() => t.clock.advance(250));
    const cover = within(t.frame(w.wid)).getByRole('status');
    expect(cover.getAttribute('data-reason')).toBeNull();
    expect(cover.textContent).toBe('Loading');
    expect(t.frame(w.wid).querySelector('.atr-window__spinner')).not.toBeNull();
  });
});

describe('a dialog without a parent window (a modal of the desktop)', () => {
  it('is a modal dialog named by its title and described by its question, and Tab and Shift+Tab stay inside it', async () => {
    const t = await desktop();
    t.open({ title: 'Files' });
    let wid = 0;
    act(() => {
      wid = t.dialogs.create('confirm', { title: 'Log out', message: 'Would you like to logout?', labels: { yes: 'logout.confirm.yes', no: 'logout.confirm.no' } }, () => undefined).wid;
    });
    const frame = t.frame(wid);
    expect(frame.getAttribute('role')).toBe('dialog');
    expect(frame.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(frame.getAttribute('aria-labelledby')!)?.textContent).toBe('Log out');
    expect(document.getElementById(frame.getAttribute('aria-describedby')!)?.textContent).toBe('Would you like to logout?');
    const yes = within(frame).getByTestId('dialog.button.yes');
    const no = within(frame).getByTestId('dialog.button.no');
    expect(document.activeElement).toBe(yes);
    // From the last control Tab comes back to the first; from the first Shift+Tab goes to the last.
    const last = no.compareDocumentPosition(yes) & Node.DOCUMENT_POSITION_FOLLOWING ? yes : no;
    last.focus();
    act(() => void last.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true })));
    expect(frame.contains(document.activeElement)).toBe(true);
    expect(document.activeElement).not.toBe(last);
    const first = document.activeElement as HTMLElement;
    act(() => void first.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', shiftKey: true, bubbles: true, cancelable: true })));
    expect(document.activeElement).toBe(last);
  });

  it('is an alertdialog when it is an alert (a refused launch), described by its message', async () => {
    const t = await desktop();
    let wid = 0;
    act(() => {
      wid = t.dialogs.alert("You don't have access to Incidents", { title: 'Launch error', type: 'refused' }).wid;
    });
    const frame = t.frame(wid);
    expect(frame.getAttribute('role')).toBe('alertdialog');
    expect(frame.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(frame.getAttribute('aria-describedby')!)?.textContent).toBe("You don't have access to Incidents");
  });
});
