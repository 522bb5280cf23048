import { renderApplication, type ApplicationTest } from '@atrium/app-kit/testing';
import type { PackageSummary } from '@atrium/sdk';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import preferences from './index.js';
import metadata from '../metadata.json';

const PACKAGES: PackageSummary[] = [
  { name: 'Vision', type: 'theme', title: 'Vision' },
  { name: 'Nocturne', type: 'theme', title: 'Nocturne' },
  { name: 'Lumen', type: 'icons', title: 'Lumen' },
  { name: 'Glyphs', type: 'icons', title: 'Glyphs' },
];

let current: ApplicationTest | null = null;
afterEach(() => {
  current?.closeAll();
  current?.unmount();
  current = null;
});

async function launch(options: Parameters<typeof renderApplication>[2] = {}): Promise<ApplicationTest> {
  current = await renderApplication(preferences, metadata as Parameters<typeof renderApplication>[1], { packages: PACKAGES, ...options });
  return current;
}

function tab(name: string) {
  act(() => void fireEvent.click(screen.getByRole('tab', { name })));
}

describe('Preferences', () => {
  it('opens one window of about 640x480 with a sensible minimum size, titled with the app', async () => {
    const { app } = await launch();
    expect(app.windowOptions).toHaveLength(1);
    expect(app.windowOptions[0]).toMatchObject({ id: 'preferences', dimension: { width: 680, height: 600 } });
    expect(app.titleNow(app.windows[0]!.wid)).toBe('Preferences');
    expect(app.windowOptions[0]?.attributes).toMatchObject({ minDimension: { width: 320, height: 300 }, clamp: true });
    expect(screen.getByRole('tablist', { name: 'Preferences sections' })).toBeTruthy();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Appearance', 'Panels', 'Widgets', 'Language', 'Notifications', 'Absence', 'General']);
  });

  describe('Appearance', () => {
    it('changes the theme and the icons through the desktop settings at once', async () => {
      const { app } = await launch();
      fireEvent.click(screen.getByTestId('preferences.theme.Nocturne'));
      expect(app.fakeSettings.values['desktop.theme']).toBe('Nocturne');
      expect((screen.getByTestId('preferences.theme.Nocturne') as HTMLInputElement).checked).toBe(true);
      expect((screen.getByTestId('preferences.icons.Lumen') as HTMLInputElement).checked).toBe(true);
      fireEvent.click(screen.getByTestId('preferences.icons.Glyphs'));
      expect(app.fakeSettings.values['desktop.icons']).toBe('Glyphs');
      expect(app.fakeSettings.changes.map((c) => c.key)).toEqual(['desktop.theme', 'desktop.icons']);
    });

    it('changes the wallpaper, its layout and the background colour', async () => {
      const { app } = await launch();
      fireEvent.click(screen.getByTestId('preferences.wallpaper.harbour'));
      expect(app.fakeSettings.values['desktop.background']).toEqual({ src: 'wallpaper:harbour', style: 'cover', color: '#0f2a5c' });
      fireEvent.change(screen.getByLabelText('Picture layout'), { target: { value: 'repeat' } });
      fireEvent.change(screen.getByLabelText('Background colour'), { target: { value: '#224466' } });
      expect(app.fakeSettings.values['desktop.background']).toEqual({ src: 'wallpaper:harbour', style: 'repeat', color: '#224466' });
      fireEvent.click(screen.getByTestId('preferences.wallpaper.none'));
      expect(app.fakeSettings.values['desktop.background']).toEqual({ src: null, style: 'color', color: '#224466' });
    });

    it('names each wallpaper and shows its picture', async () => {
      await launch();
      const meadow = screen.getByTestId('preferences.wallpaper.meadow').closest('label')!;
      expect(meadow.textContent).toBe('Meadow');
      expect((meadow.querySelector('.prf-thumb__picture') as HTMLElement).style.backgroundImage).toMatch(/^url\("?(data:image\/svg\+xml|.*meadow\.svg)/);
    });

    it('changes the font', async () => {
      const { app } = await launch();
      fireEvent.click(screen.getByTestId('preferences.font.Roboto'));
      expect(app.fakeSettings.values['desktop.font']).toBe('Roboto');
    });

    it('shows a locked setting disabled, with a lock and the note', async () => {
      const { app } = await launch({ locked: ['desktop.theme'] });
      const group = screen.getByTestId('preferences.theme');
      expect((group as HTMLFieldSetElement).disabled).toBe(true);
      expect(within(group).getByTestId('preferences.theme.lock')).toBeTruthy();
      expect(within(group).getByTestId('preferences.theme.locked').textContent).toBe('Locked by your organisation');
      expect(group.getAttribute('aria-describedby')).toBe(within(group).getByTestId('preferences.theme.locked').id);
      expect((screen.getByTestId('preferences.icons') as HTMLFieldSetElement).disabled).toBe(false);
      expect(app.fakeSettings.changes).toEqual([]);
    });

    it('shows the reason of a refused change inline, until a change is accepted', async () => {
      const { app } = await launch();
      const set = app.fakeSettings.set.bind(app.fakeSettings);
      app.fakeSettings.set = () => {
        throw new Error("Setting 'desktop.font' is locked");
      };
      fireEvent.click(screen.getByTestId('preferences.font.Roboto'));
      expect(screen.getByTestId('preferences.font.error').textContent).toBe("Setting 'desktop.font' is locked");
      expect(screen.getByTestId('preferences.font.error').getAttribute('role')).toBe('alert');
      app.fakeSettings.set = set;
      fireEvent.click(screen.getByTestId('preferences.font.Roboto'));
      expect(screen.queryByTestId('preferences.font.error')).toBeNull();
    });
  });

  describe('Panels', () => {
    it('moves the panel and changes its items', async () => {
      const { app } = await launch();
      tab('Panels');
      fireEvent.click(screen.getByTestId('preferences.panelPosition.bottom'));
      fireEvent.click(screen.getByTestId('preferences.panelItems.logout'));
      fireEvent.click(screen.getByTestId('preferences.panelItems.tray'));
      expect(app.fakeSettings.values['desktop.panels']).toEqual([
        { position: 'bottom', ontop: true, items: [{ name: 'menu' }, { name: 'windows' }, { name: 'search' }, { name: 'notifications' }, { name: 'profile' }, { name: 'logout' }] },
      ]);
      expect(screen.getAllByRole('checkbox').map((c) => c.closest('label')!.textContent)).toEqual([
        'Application menu',
        'Window list',
        'System tray',
        'Profile menu',
        'Notification centre',
        'Global search',
        'Logout button',
        'My Home button',
      ]);
    });

    it('creates the panel when the user has none', async () => {
      const { app } = await launch({ settings: { 'desktop.panels': [] } });
      tab('Panels');
      fireEvent.click(screen.getByTestId('preferences.panelItems.logout'));
      expect(app.fakeSettings.values['desktop.panels']).toEqual([{ position: 'top', ontop: true, items: [{ name: 'logout' }] }]);
    });
  });

  it('switches the home widget off and on', async () => {
    const { app } = await launch();
    tab('Widgets');
    const home = screen.getByRole('switch', { name: /Home widget/ });
    fireEvent.click(home);
    expect(app.fakeSettings.values['desktop.widgets']).toEqual([]);
    fireEvent.click(home);
    expect(app.fakeSettings.values['desktop.widgets']).toEqual([{ name: 'home' }]);
  });

  it('offers the seven languages by their own names and switches through the desktop', async () => {
    const { app, i18n } = await launch({ setLocale: (locale) => i18n.setLocale(locale) });
    tab('Language');
    const names = screen.getAllByRole('radio').map((r) => r.closest('label')!.textContent);
    expect(names).toEqual(['English', 'Deutsch', 'Français', 'Norsk bokmål', 'Slovenščina', 'Tiếng Việt', '中文']);
    await act(async () => void fireEvent.click(screen.getByTestId('preferences.language.de_DE')));
    expect(app.localeCalls).toEqual(['de_DE']);
    // The switch waits for the German texts (the app's own are loaded then).
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Sprache' })).toBeTruthy());
    expect((screen.getByTestId('preferences.language.de_DE') as HTMLInputElement).checked).toBe(true);
  });

  describe('General', () => {
    it('turns the greeting off through the user preference', async () => {
      const { app } = await launch();
      tab('General');
      const greeting = screen.getByRole('switch', { name: 'Greet me after I sign in' }) as HTMLInputElement;
      expect(greeting.checked).toBe(true);
      await act(async () => void fireEvent.click(greeting));
      expect(app.preferenceCalls).toEqual([{ name: 'Greetingmessage', value: 'false' }]);
      expect(greeting.checked).toBe(false);
    });

    it('shows the greeting as off when the preference says so, and puts it back when saving fails', async () => {
      await launch({ user: { preferences: { Greetingmessage: 'false' } }, setUserPreference: () => Promise.reject(new Error('offline')) });
      tab('General');
      const greeting = screen.getByRole('switch', { name: 'Greet me after I sign in' }) as HTMLInputElement;
      expect(greeting.checked).toBe(false);
      await act(async () => void fireEvent.click(greeting));
      expect(greeting.checked).toBe(false);
      expect(screen.getByTestId('preferences.greeting.error').textContent).toBe('The greeting could not be changed. Please try again.');
    });

    it('turns sounds off and changes the volume', async () => {
      const { app } = await launch();
      tab('General');
      fireEvent.change(screen.getByLabelText('Volume'), { target: { value: '40' } });
      expect(app.fakeSettings.values['desktop.sounds']).toEqual({ theme: 'Chime', enabled: true, volume: 0.4 });
      fireEvent.click(screen.getByRole('switch', { name: 'Play sounds' }));
      expect(app.fakeSettings.values['desktop.sounds']).toEqual({ theme: 'Chime', enabled: false, volume: 0.4 });
      expect((screen.getByLabelText('Volume') as HTMLInputElement).disabled).toBe(true);
    });
  });

  it('moves between sections with the arrow keys, Home and End', async () => {
    await launch();
    const first = screen.getByRole('tab', { name: 'Appearance' });
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Panels' }));
    expect(screen.getByRole('tab', { name: 'Panels' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(screen.getByRole('tab', { name: 'Panels' }).id);
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'General' }));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(first);
  });

  it('follows changes made elsewhere (another tab, the server)', async () => {
    const { app } = await launch();
    act(() => app.fakeSettings.set('desktop.theme', 'Nocturne'));
    expect((screen.getByTestId('preferences.theme.Nocturne') as HTMLInputElement).checked).toBe(true);
  });

  describe('Absence', () => {
    const olivia = { id: 'olivia-id', name: 'Olivia Manager' };
    /** A server of absences in memory; each call recorded. */
    function absenceServer() {
      const calls: Array<[string, string, unknown]> = [];
      let absences = [{ id: 'a1', startsOn: '2026-12-20', endsOn: '2026-12-24', delegate: { id: 'dana-id', name: 'Dana Deputy' } }];
      // Envelopes, as the desktop answers them; a refusal rejects with the server's status and envelope.
      const request = (async (method: string, path: string, body?: unknown) => {
        calls.push([method, path, body]);
        if (method === 'get') return { status: 'success', data: [...absences] };
        if (method === 'delete') {
          absences = absences.filter((a) => !path.endsWith(a.id));
          return { status: 'success', data: {} };
        }
        const b = body as { startsOn: string; endsOn: string };
        if (b.startsOn === '2026-12-21') throw Object.assign(new Error('refused'), { status: 409, body: { status: 'error', message: 'overlaps', code: 'absences.overlaps' } });
        const added = { id: 'a2', startsOn: b.startsOn, endsOn: b.endsOn, delegate: olivia };
        absences.push(added);
        return { status: 'success', data: added };
      }) as never;
      const search = {
        query: async (text: string) => ({ users: { items: [olivia].filter((p) => p.name.toLowerCase().includes(text.toLowerCase())).map((p) => ({ ...p, kind: 'users', username: 'olivia', designation: null, snippet: '' })) } }),
        history: () => [],
        remember: async () => undefined,
      } as never;
      return { calls, request, search };
    }

    it('lists the absences with their delegates, adds one with a colleague found by name, and removes one', async () => {
      const server = absenceServer();
      await launch({ request: server.request, search: server.search } as never);
      tab('Absence');
      const list = await screen.findByTestId('preferences.absences.list');
      expect(within(list).getByText('Dec 20, 2026 – Dec 24, 2026')).toBeTruthy();
      expect(within(list).getByText('Delegate: Dana Deputy')).toBeTruthy();
      fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-12-01' } });
      fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-12-03' } });
      expect((screen.getByTestId('preferences.absences.submit') as HTMLButtonElement).disabled).toBe(true);
      fireEvent.change(screen.getByLabelText('Delegate'), { target: { value: 'oli' } });
      const person = await screen.findByRole('radio', { name: 'Olivia Manager' });
      fireEvent.click(person);
      fireEvent.click(screen.getByTestId('preferences.absences.submit'));
      await waitFor(() => expect(screen.getAllByTestId('preferences.absence')).toHaveLength(2));
      expect(server.calls.find(([method]) => method === 'post')).toEqual(['post', 'users/me/absences', { startsOn: '2026-12-01', endsOn: '2026-12-03', delegate: 'olivia-id' }]);
      expect(screen.getAllByTestId('preferences.absence')[0]!.textContent).toContain('Delegate: Olivia Manager');
      // The form starts afresh.
      expect((screen.getByLabelText('Delegate') as HTMLInputElement).value).toBe('');
      expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('');
      fireEvent.click(screen.getByRole('button', { name: 'Remove the absence from Dec 20, 2026 to Dec 24, 2026' }));
      await waitFor(() => expect(screen.getAllByTestId('preferences.absence')).toHaveLength(1));
    });

    it('shows the reason of a refusal beside the form', async () => {
      const server = absenceServer();
      await launch({ request: server.request, search: server.search } as never);
      tab('Absence');
      await screen.findByTestId('preferences.absences.list');
      fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-12-21' } });
      fireEvent.change(screen.getByLabelText('Delegate'), { target: { value: 'oli' } });
      fireEvent.click(await screen.findByRole('radio', { name: 'Olivia Manager' }));
      fireEvent.click(screen.getByTestId('preferences.absences.submit'));
      expect((await screen.findByTestId('preferences.absences.add.error')).textContent).toBe('This absence overlaps another of yours');
    });
  });
});
