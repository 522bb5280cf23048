import { jsonResponse } from '@atrium/client-core/testing';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { API, demoProfile, renderAtrium, routeSignIn, settle } from '../testing/renderAtrium.js';
import { fakeRuntime, type FakeRuntime } from '../testing/fakeRuntime.js';
import { greetingKey } from './greeting.js';

afterEach(cleanup);

const GREETINGS: Record<ReturnType<typeof greetingKey>, string> = {
  'greeting.morning': 'Good Morning, Dana Demo',
  'greeting.afternoon': 'Good Afternoon, Dana Demo',
  'greeting.evening': 'Good Evening, Dana Demo',
};

/** Signs the demo user in with the Login form; the desktop runs over a fake runtime. */
async function signIn(options: { address?: string; preferences?: Record<string, string> } = {}) {
  const runtimes: FakeRuntime[] = [];
  const test = await renderAtrium({
    address: options.address,
    script: (env) => {
      routeSignIn(env);
      if (options.preferences) env.route('GET', `${API}/user/me/a+p+acc+ap+t`, () => jsonResponse(200, { status: 'success', data: { ...demoProfile(), preferences: options.preferences } }));
    },
    runtime: () => {
      const runtime = fakeRuntime();
      runtimes.push(runtime);
      return runtime;
    },
  });
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'demo' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Demo@1234' } });
  fireEvent.click(screen.getByRole('button', { name: 'Login' }));
  /** The runtime of the desktop on screen. */
  const live = () => runtimes.filter((r) => !r.disposed).at(-1)!;
  // The desktop's code arrives by a dynamic import: wait for its runtime to start.
  await waitFor(() => expect(live()?.started).toBe(1));
  await settle();
  return { ...test, runtimes, live };
}

describe('the desktop after sign-in', () => {
  it('starts its runtime, schedules autostart and greets the user (§2, §9)', async () => {
    const { live, env } = await signIn();
    const runtime = live();
    expect(runtime.started).toBe(1);
    expect(runtime.packages.autostarts).toBe(1);
    const toast = runtime.notifications.getState().items[0];
    expect(toast?.title).toBe(GREETINGS[greetingKey(new Date(env.clock.now()).getHours())]);
    expect(toast?.timeout).toBe(10_000);
    expect(screen.getByTestId('notification.title').textContent).toBe(toast?.title);
  });

  it("does not greet a user whose Greetingmessage is 'false'", async () => {
    const { live } = await signIn({ preferences: { Greetingmessage: 'false' } });
    expect(live().notifications.getState().items).toEqual([]);
  });

  it('launches the app of the page address once, with the other parameters as options, then forgets it', async () => {
    const { live, env } = await signIn({ address: '/?app=Reports&year=2026' });
    expect(live().packages.launches.map((l) => l.request)).toEqual([{ app: 'Reports', options: { year: '2026' } }]);
    // Kept across the sign-in in session storage, and forgotten once launched: a reload does not launch it again.
    expect(env.sessionStorage?.getItem('launch') ?? null).toBeNull();
  });

  it("opens Preferences from the user card's Edit Preferences", async () => {
    const { live } = await signIn();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Preferences' }));
    expect(live().packages.launches.map((l) => l.request)).toEqual(['Preferences']);
  });

  it("opens the user's own profile card from the avatar, whose name starts with the initials it shows", async () => {
    const { live } = await signIn();
    const avatar = screen.getByTestId('signedIn.avatar');
    expect(avatar.textContent).toBe('DD');
    expect(screen.getByRole('button', { name: 'DD – Show my profile card' })).toBe(avatar);
    fireEvent.click(avatar, { clientX: 900, clientY: 40, detail: 1 });
    expect(live().profileCard.opened).toEqual([{ userId: demoProfile().id, at: { x: 900, y: 40 } }]);
    expect(screen.getByTestId('profileCard.skeleton')).toBeTruthy();
  });

  it('names the desktop in the document title', async () => {
    await signIn();
    expect(document.title).toBe('Desktop – Atrium');
  });

  it('applies the theme to the desktop and the document, and takes it off when the desktop goes', async () => {
    const { live, unmount } = await signIn();
    const runtime = live();
    act(() => runtime.appearance.set({ ...runtime.appearance.getState(), theme: { type: 'theme', colorScheme: 'dark', variables: { '--atr-surface': '#101010' } }, font: 'Roboto' }));
    const desktop = screen.getByTestId('desktop');
    expect(desktop.style.getPropertyValue('--atr-surface')).toBe('#101010');
    expect(desktop.style.getPropertyValue('--atr-font')).toContain('Roboto');
    expect(document.documentElement.style.getPropertyValue('--atr-surface')).toBe('#101010');
    expect(document.documentElement.style.colorScheme).toBe('dark');

    unmount();
    expect(document.documentElement.style.getPropertyValue('--atr-surface')).toBe('');
    expect(document.documentElement.style.colorScheme).toBe('');
    expect(runtime.disposed).toBe(true);
  });
});
