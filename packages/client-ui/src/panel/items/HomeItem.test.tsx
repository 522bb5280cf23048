import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { desktopPerTest } from '../../testing/renderDesktop.js';
import { HomeItem } from './HomeItem.js';

const render = desktopPerTest({
  children: (
    <div role="toolbar" aria-label="Panel" className="atr-panel atr-panel--top">
      <HomeItem panel={0} item={0} position="top" options={{}} />
    </div>
  ),
});

const home = () => screen.getByRole('button', { name: 'My Home' });

describe('My Home', () => {
  it('is highlighted while no window is open', async () => {
    const t = await render();
    expect(home().getAttribute('aria-pressed')).toBe('true');
    expect(home().className).toContain('atr-panel__button--active');
    t.open();
    expect(home().getAttribute('aria-pressed')).toBe('false');
    expect(home().className).not.toContain('atr-panel__button--active');
  });

  it('minimizes every window, and is highlighted again', async () => {
    const t = await render();
    const a = t.open();
    const b = t.open();
    await act(async () => fireEvent.click(home()));
    expect([a.wid, b.wid].map((wid) => t.windows.get(wid)?.state.minimized)).toEqual([true, true]);
    expect(home().getAttribute('aria-pressed')).toBe('true');
  });

  it('does not count windows kept off the window list (restricted visibility)', async () => {
    const t = await render();
    t.open({ attributes: { visibility: 'restricted' } });
    expect(home().getAttribute('aria-pressed')).toBe('true');
  });
});
