import { defineApplication } from '@atrium/sdk';
import { builtinEntry } from '@atrium/client-core/testing';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { settle } from '../testing/renderAtrium.js';
import { desktopPerTest, type DesktopTest } from '../testing/renderDesktop.js';
import { AppHost } from './AppHost.js';
import { ConnectionMasks } from './ConnectionMask.js';

/** An application whose one window holds a Save button. */
const withSaveButton = defineApplication((app) => {
  app.createWindow({ id: 'main', title: app.name, render: (body) => void (body.innerHTML = '<button>Save</button>') });
});

const render = desktopPerTest({
  manifest: [
    builtinEntry({ name: 'Ledger', type: 'application', title: { en_EN: 'Ledger' }, disableAppInput: true, defaultAppforOrgs: 1 }),
    builtinEntry({ name: 'Notes', type: 'application', title: { en_EN: 'Notes' }, defaultAppforOrgs: 1 }),
  ],
  builtins: { Ledger: async () => ({ default: withSaveButton }), Notes: async () => ({ default: withSaveButton }) },
  children: (
    <>
      <AppHost />
      <ConnectionMasks />
    </>
  ),
});

/** A started desktop with Ledger (disableAppInput) and Notes running. */
async function desktop(): Promise<{ t: DesktopTest; ledger: HTMLElement; notes: HTMLElement }> {
  const t = await render();
  await t.start();
  await act(async () => {
    await t.services.packages.launch('Ledger');
    await t.services.packages.launch('Notes');
  });
  await settle();
  const frameOf = (app: string) => t.container.querySelector<HTMLElement>(`[data-testid="window"][data-app="${app}"]`)!;
  return { t, ledger: frameOf('Ledger'), notes: frameOf('Notes') };
}

/** The desktop's socket drops (the server goes away) or comes back. */
const goDown = (t: DesktopTest) => act(() => t.env.socketServer.goDown());
async function comeBack(t: DesktopTest) {
  act(() => t.env.socketServer.comeBack());
  await act(() => t.clock.settle(5_000));
}

describe('ConnectionMask (docs/behaviour/connection.md)', () => {
  it('covers the windows of apps with disableAppInput while the connection is lost, and makes their content inert', async () => {
    const { t, ledger, notes } = await desktop();
    expect(screen.queryByTestId('window.connectionMask')).toBeNull();

    goDown(t);
    expect(t.services.connection.getState().online).toBe(false);
    const mask = within(ledger).getByTestId('window.connectionMask');
    expect(mask.textContent).toContain('Please Wait for network connection');
    expect(mask.getAttribute('role')).toBe('status');
    expect(mask.getAttribute('aria-busy')).toBe('true');
    expect(ledger.querySelector('.atr-app-content')?.hasAttribute('inert')).toBe(true);
    expect(within(notes).queryByTestId('window.connectionMask')).toBeNull();
    expect(notes.querySelector('.atr-app-content')?.hasAttribute('inert')).toBe(false);

    await comeBack(t);
    expect(t.services.connection.getState().online).toBe(true);
    expect(screen.queryByTestId('window.connectionMask')).toBeNull();
    expect(ledger.querySelector('.atr-app-content')?.hasAttribute('inert')).toBe(false);
  });

  it('keeps the focus of the masked content on the mask, and gives it back when the connection returns', async () => {
    const { t, ledger } = await desktop();
    const save = within(ledger).getByRole('button', { name: 'Save' });
    act(() => save.focus());

    goDown(t);
    expect(document.activeElement).toBe(within(ledger).getByTestId('window.connectionMask'));

    await comeBack(t);
    expect(document.activeElement).toBe(within(ledger).getByRole('button', { name: 'Save' }));
  });
});
