import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { desktopPerTest } from '../testing/renderDesktop.js';
import { fakeRuntime, manifestEntry } from '../testing/fakeRuntime.js';
import { AppHost } from './AppHost.js';
import { ConnectionMasks } from './ConnectionMask.js';

const runtime = fakeRuntime({
  metadata: [
    manifestEntry({ name: 'Preferences', type: 'application', title: { en_EN: 'Preferences' }, disableAppInput: true }),
    manifestEntry({ name: 'Notes', type: 'application', title: { en_EN: 'Notes' } }),
  ],
});

describe('ConnectionMask (§4)', () => {
  const render = desktopPerTest({
    runtime,
    children: (
      <>
        <AppHost />
        <ConnectionMasks />
      </>
    ),
  });

  it('covers the windows of apps with disableAppInput while the connection is lost, and makes their content inert', async () => {
    const desktop = await render();
    const masked = desktop.open({ appId: 'Preferences' });
    const free = desktop.open({ appId: 'Notes' });
    act(() => runtime.packages.setContent(masked.wid, (body) => void (body.innerHTML = '<button>Save</button>')));
    expect(screen.queryByTestId('window.connectionMask')).toBeNull();

    act(() => runtime.connection.set({ online: false }));
    const mask = within(desktop.frame(masked.wid)).getByTestId('window.connectionMask');
    expect(mask.textContent).toContain('Please Wait for network connection');
    expect(mask.getAttribute('role')).toBe('status');
    expect(mask.getAttribute('aria-busy')).toBe('true');
    expect(desktop.frame(masked.wid).querySelector('.atr-app-content')?.hasAttribute('inert')).toBe(true);
    expect(within(desktop.frame(free.wid)).queryByTestId('window.connectionMask')).toBeNull();

    act(() => runtime.connection.set({ online: true }));
    expect(screen.queryByTestId('window.connectionMask')).toBeNull();
    expect(desktop.frame(masked.wid).querySelector('.atr-app-content')?.hasAttribute('inert')).toBe(false);
    act(() => runtime.packages.setContent(masked.wid, null));
  });

  it('keeps the focus of the masked content on the mask, and gives it back when the connection returns', async () => {
    const desktop = await render();
    const masked = desktop.open({ appId: 'Preferences' });
    act(() => runtime.packages.setContent(masked.wid, (body) => void (body.innerHTML = '<button>Save</button>')));
    const save = within(desktop.frame(masked.wid)).getByRole('button', { name: 'Save' });
    act(() => save.focus());

    act(() => runtime.connection.set({ online: false }));
    expect(document.activeElement).toBe(within(desktop.frame(masked.wid)).getByTestId('window.connectionMask'));

    act(() => runtime.connection.set({ online: true }));
    expect(document.activeElement).toBe(within(desktop.frame(masked.wid)).getByRole('button', { name: 'Save' }));
    act(() => runtime.packages.setContent(masked.wid, null));
  });
});
