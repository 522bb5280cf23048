import { greetingKey } from '@atrium/client-core';
import { builtinEntry, jsonResponse } from '@atrium/client-core/testing';
import { defineApplication, type Application } from '@atrium/sdk';
import type { ThemeModule } from '@atrium/shared';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API, demoProfile, renderAtrium, routeSignIn, settle } from '../testing/renderAtrium.js';
import { preloadOverlayViews } from './DesktopOverlays.js';

afterEach(cleanup);
// As on a desktop that has been idle a moment: the shortcut guide's code has arrived.
beforeAll(() => preloadOverlayViews());

const GREETINGS: Record<ReturnType<typeof greetingKey>, string> = {
  'greeting.morning': 'Good Morning, Dana Demo',
  'greeting.afternoon': 'Good Afternoon, Dana Demo',
  'greeting.evening': 'Good Evening, Dana Demo',
};

/** Applications started on the desktop, in order. */
let started: Application[] = [];
const recording = defineApplication((app) => {
  started.push(app);
  app.createWindow({ id: 'main', title: app.name, render: (body) => void (body.textContent = `${app.name} is running`) });
});
const app = (name: string, extra: Record<string, unknown> = {}) => builtinEntry({ name, type: 'application', title: { en_EN: name }, defaultAppforOrgs: 1, ...extra });
const NOCTURNE: ThemeModule = { type: 'theme', colorScheme: 'dark', variables: { '--atr-surface': '#101010' } };

/** Signs the demo user in with the Login form; the desktop runs over the fake desktop server with real applications. */
async function signIn(options: { address?: string; preferences?: Record<string, string>; settings?: Record<string, unknown> } = {}) {
  started = [];
  const test = await renderAtrium({
    address: options.address,
    desktop: {
      manifest: [app('Preferences', { singleton: true }), app('Reports'), app('Clock', { autostart: true }), builtinEntry({ name: 'Nocturne', type: 'theme', title: { en_EN: 'Nocturne' } })],
      builtins: { Preferences: async () => ({ default: recording }), Reports: async () => ({ default: recording }), Clock: async () => ({ default: recording }), Nocturne: async () => ({ default: NOCTURNE }) },
    },
    script: (env) => {
      routeSignIn(env);
      if (options.preferences) env.route('GET', `${API}/user/me/a+p+acc+ap+t`, () => jsonResponse(200, { status: 'success', data: { ...demoProfile(), preferences: options.preferences } }));
    },
  });
  Object.assign(test.desktop!.settings, options.settings);
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'demo' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Demo@1234' } });
  fireEvent.click(screen.getByRole('button', { name: 'Login' }));
  // The desktop's code arrives by a dynamic import; then it starts (settings, packages, session).
  await waitFor(() => expect(screen.getByTestId('desktop').dataset.started).toBe('true'));
  await settle();
  return test;
}

const launched = () => started.map((a) => ({ name: a.name, options: a.options }));

describe('the desktop after sign-in', () => {
  it('loads the settings and packages, greets the user for 10 seconds and starts the autostart apps a second later', async () => {
    const { env } = await signIn();
    expect(env.calls('GET', `${API}/settings`)).toHaveLength(1);
    expect(env.calls('GET', `${API}/packages/manifest`)).toHaveLength(1);
    expect(screen.getByTestId('notification.title').textContent).toBe(GREETINGS[greetingKey(new Date(env.clock.now()).getHours())]);
    expect(launched()).toEqual([]);
    await act(() => env.clock.settle(1_000));
    expect(launched().map((l) => l.name)).toEqual(['Clock']);
    expect(screen.getByRole('dialog', { name: 'Clock' }).textContent).toContain('Clock is running');
    await act(() => env.clock.settle(10_000));
    expect(screen.queryByTestId('notification.title')).toBeNull();
  });

  it("does not greet a user whose Greetingmessage is 'false'", async () => {
    await signIn({ preferences: { Greetingmessage: 'false' } });
    expect(screen.queryByTestId('notification.title')).toBeNull();
  });

  it('launches the app of the page address once, with the other parameters as options, then forgets it', async () => {
    const { env } = await signIn({ address: '/?app=Reports&year=2026' });
    expect(launched()).toEqual([{ name: 'Reports', options: expect.objectContaining({ year: '2026' }) }]);
    // Kept across the sign-in in session storage, and forgotten once launched: a reload does not launch it again.
    expect(env.sessionStorage?.getItem('launch') ?? null).toBeNull();
  });

  it('shows the panel of the settings around the window area', async () => {
    await signIn({ settings: { 'desktop.panels': [{ position: 'bottom', ontop: true, items: [{ name: 'home' }, { name: 'logout' }] }] } });
    const panel = screen.getByRole('toolbar', { name: 'Panel' });
    expect(panel.dataset.testid).toBe('panel.bottom');
    expect(within(panel).getByRole('button', { name: 'My Home' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Log out' })).toBeTruthy();
  });

  it('names the desktop in the document title', async () => {
    await signIn();
    expect(document.title).toBe('Desktop – Atrium');
  });

  it('applies the theme of the settings to the desktop and the document, and takes it off when the desktop goes', async () => {
    const { unmount } = await signIn({ settings: { 'desktop.theme': 'Nocturne', 'desktop.font': 'Roboto' } });
    const desktop = screen.getByTestId('desktop');
    expect(desktop.style.getPropertyValue('--atr-surface')).toBe('#101010');
    expect(desktop.style.getPropertyValue('--atr-font')).toContain('Roboto');
    expect(document.documentElement.style.getPropertyValue('--atr-surface')).toBe('#101010');
    expect(document.documentElement.style.colorScheme).toBe('dark');
    unmount();
    expect(document.documentElement.style.getPropertyValue('--atr-surface')).toBe('');
    expect(document.documentElement.style.colorScheme).toBe('');
  });
});

describe('the desktop context menu', () => {
  it('opens on a right-click on the empty desktop, and its Edit Preferences opens Preferences', async () => {
    await signIn();
    const area = screen.getByTestId('desktop.area');
    expect(fireEvent.contextMenu(area, { clientX: 500, clientY: 300 })).toBe(false);
    const menu = screen.getByRole('menu', { name: 'Desktop menu' });
    expect(within(menu).getByRole('menuitem', { name: 'Show keyboard shortcuts' })).toBeTruthy();
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Edit Preferences' }));
    await settle();
    expect(screen.queryByRole('menu', { name: 'Desktop menu' })).toBeNull();
    expect(launched().map((l) => l.name)).toEqual(['Preferences']);
  });

  it('opens with Shift+F10 while the desktop itself has focus, and opens the shortcut guide', async () => {
    await signIn();
    const desktop = screen.getByTestId('desktop');
    act(() => desktop.focus());
    fireEvent.keyDown(desktop, { key: 'F10', shiftKey: true });
    const menu = screen.getByRole('menu', { name: 'Desktop menu' });
    expect(document.activeElement).toBe(within(menu).getAllByRole('menuitem')[0]);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Show keyboard shortcuts' }));
    expect(screen.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeTruthy();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull();
    // Focus stays on the desktop, never on the page's body.
    expect(document.activeElement).not.toBe(document.body);
  });

  it("suppresses the browser's own menu on the desktop and in windows, but not in text inputs", async () => {
    await signIn({ address: '/?app=Reports' });
    const window = screen.getByRole('dialog', { name: 'Reports' });
    expect(fireEvent.contextMenu(within(window).getByText('Reports is running'))).toBe(false);
    expect(screen.queryByRole('menu')).toBeNull();
    const input = document.createElement('input');
    within(window).getByTestId('window.body').append(input);
    expect(fireEvent.contextMenu(input)).toBe(true);
  });
});
