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
