import { act, cleanup, render, screen } from '@testing-library/react';
import type { JSX } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadedModule } from './usePreloadedModule.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const views = { Menu: (): JSX.Element => <div role="menu" aria-label="Menu" /> };

function Host({ part }: { part: ReturnType<typeof preloadedModule<typeof views>> }): JSX.Element | null {
  const module = part.use();
  return module ? <module.Menu /> : <p>waiting</p>;
}

describe('preloadedModule', () => {
  it('fetches once however often it is asked for', async () => {
    const load = vi.fn(() => Promise.resolve(views));
    const part = preloadedModule(load);
    await Promise.all([part.preload(), part.preload()]);
    await part.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('renders a view fetched ahead at once, with no waiting frame', async () => {
    const part = preloadedModule(() => Promise.resolve(views));
    await part.preload();
    render(<Host part={part} />);
    expect(screen.getByRole('menu', { name: 'Menu' })).toBeTruthy();
    expect(screen.queryByText('waiting')).toBeNull();
  });

  it('renders the view once it arrives when it was not fetched ahead', async () => {
    const part = preloadedModule(() => Promise.resolve(views));
    render(<Host part={part} />);
    expect(screen.getByText('waiting')).toBeTruthy();
    expect(await screen.findByRole('menu', { name: 'Menu' })).toBeTruthy();
  });

  it('tries again after a failed fetch (the network gone for a moment): the next opening shows the view', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi.fn<() => Promise<typeof views>>().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue(views);
    const part = preloadedModule(load);
    await expect(part.preload()).rejects.toThrow('Failed to fetch');
    const first = render(<Host part={part} />);
    expect(await screen.findByRole('menu', { name: 'Menu' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
    first.unmount();
    await act(() => part.preload());
    expect(load).toHaveBeenCalledTimes(2);
  });
});
