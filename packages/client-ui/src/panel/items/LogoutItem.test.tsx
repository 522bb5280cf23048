import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { desktopPerTest } from '../../testing/renderDesktop.js';
import { LogoutItem } from './LogoutItem.js';

const render = desktopPerTest({
  children: (
    <div role="toolbar" aria-label="Panel" className="atr-panel atr-panel--top">
      <LogoutItem panel={0} item={0} position="top" options={{}} />
    </div>
  ),
});

async function ask() {
  const t = await render();
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Log out' })));
  const [dialog] = t.dialogs.dialogs();
  if (!dialog) throw new Error('no dialog');
  return { t, frame: t.frame(dialog.wid) };
}

describe('the logout button', () => {
  it("asks 'Would you like to logout?' with 'Yes, logout' and 'No, cancel'", async () => {
    const { frame } = await ask();
    expect(within(frame).getByText('Would you like to logout?')).toBeTruthy();
    expect(within(frame).getAllByRole('button').map((b) => b.textContent)).toEqual(expect.arrayContaining(['Yes, logout', 'No, cancel']));
  });

  it("'No, cancel' keeps the user signed in", async () => {
    const { t, frame } = await ask();
    await act(async () => {
      fireEvent.click(within(frame).getByRole('button', { name: 'No, cancel' }));
      await t.clock.settle();
    });
    expect(t.dialogs.dialogs()).toEqual([]);
    expect(t.env.calls('POST', '/logout')).toEqual([]);
    expect(t.session.getState().status).toBe('signed-in');
  });

  it("'Yes, logout' signs out", async () => {
    const { t, frame } = await ask();
    await act(async () => {
      fireEvent.click(within(frame).getByRole('button', { name: 'Yes, logout' }));
      await t.clock.settle();
    });
    expect(t.env.calls('POST', '/logout')).toHaveLength(1);
    expect(t.session.getState().status).not.toBe('signed-in');
  });
});
