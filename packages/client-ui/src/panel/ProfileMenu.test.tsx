import { builtinEntry, fakeJwt, jsonResponse, makeProfile } from '@atrium/client-core/testing';
import { defineApplication } from '@atrium/sdk';
import type { Profile } from '@atrium/shared';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { desktopPerTest, type DesktopTest } from '../testing/renderDesktop.js';
import { ProfileItem } from './items/ProfileItem.js';

const TWO_ACCOUNTS: Partial<Profile> = {
  accounts: [
    { accountId: 'acc-1', name: 'Acme' },
    { accountId: 'acc-2', name: 'Globex' },
  ],
};

const render = desktopPerTest({
  manifest: [builtinEntry({ name: 'Preferences', type: 'application', title: { en_EN: 'Preferences' }, singleton: true, defaultAppforOrgs: 1 })],
  builtins: {
    Preferences: async () => ({ default: defineApplication((app) => void app.createWindow({ id: 'main', title: 'Preferences', render: () => undefined })) }),
  },
  children: (
    <div role="toolbar" aria-label="Panel" className="atr-panel atr-panel--top">
      <ProfileItem panel={0} item={0} position="top" options={{}} />
    </div>
  ),
});

/** A desktop whose user's profile is changed as given (fetched again, as the session does after a change). */
async function desktopWith(profile: Partial<Profile> = {}): Promise<DesktopTest> {
  const t = await render();
  const next = makeProfile(profile);
  t.env.route('GET', '/api/v1/user/me/a+p+acc+ap+t', () => jsonResponse(200, { status: 'success', data: next }));
  await act(() => t.session.updateProfile());
  await t.start();
  return t;
}

const button = () => screen.getByRole('button', { name: 'Profile menu of Ada Lovelace' });
const menu = () => screen.getByRole('menu', { name: 'Profile menu of Ada Lovelace' });

async function openMenu(): Promise<void> {
  await act(async () => fireEvent.click(button()));
}

describe('the profile menu button', () => {
  it('shows the initials, the name and the designation, and is a menu button named after the user', async () => {
    await desktopWith();
    expect(button().getAttribute('aria-haspopup')).toBe('menu');
    expect(button().getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByTestId('profile.avatar.initials').textContent).toBe('AL');
    expect(screen.getByTestId('panel.profile.name').textContent).toBe('Ada Lovelace');
    expect(screen.getByTestId('panel.profile.designation').textContent).toBe('Analyst');
    expect(button().getAttribute('aria-describedby')).toBe(screen.getByTestId('panel.profile.designation').id);
  });

  it("shows the user's photo instead of the initials, and the initials again when the photo does not load", async () => {
    await desktopWith({ icon: '/media/ada.jpg' });
    const photo = screen.getByTestId('profile.avatar.photo');
    expect(photo.getAttribute('src')).toBe('/media/ada.jpg');
    expect(photo.getAttribute('alt')).toBe('');
    fireEvent.error(photo);
    expect(screen.getByTestId('profile.avatar.initials').textContent).toBe('AL');
  });
});

describe('the profile menu', () => {
  it('opens with a header of avatar, name, designation and organisation, and focus on its first item', async () => {
    await desktopWith();
    await openMenu();
    expect(button().getAttribute('aria-expanded')).toBe('true');
    const header = screen.getByTestId('profileMenu.header');
    expect(within(header).getByTestId('profileMenu.name').textContent).toBe('Ada Lovelace');
    expect(within(header).getByTestId('profileMenu.designation').textContent).toBe('Analyst');
    expect(within(header).getByTestId('profileMenu.account').textContent).toBe('Acme');
    const items = within(menu()).getAllByRole('menuitem').map((item) => item.textContent);
    expect(items).toEqual(['Show my profile card', 'Edit Preferences', 'Sign Out']);
    expect(document.activeElement).toBe(screen.getByTestId('profileMenu.profileCard'));
  });

  it("lists the user's roles in the active organisation, an application's role under the application's title, in the user's language", async () => {
    await desktopWith({
      apps: [{ name: 'Audits', uuid: 'app-1', category: 'quality management', is_base_app: true, type: 'application', app_type: 8, start_options: JSON.stringify({ name: 'Audits', title: 'Audit Management' }) }],
      roles: { organisation: ['manager'], apps: { Audits: ['auditor'], Reports: ['analyst'] } },
    });
    await openMenu();
    const roles = within(screen.getByTestId('profileMenu.header')).getByRole('list', { name: 'Roles' });
    expect(within(roles).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['manager', 'auditor in Audit Management', 'analyst in Reports']);
  });

  it('shows no list of roles to a user without roles', async () => {
    await desktopWith({ roles: { organisation: [], apps: {} } });
    await openMenu();
    expect(screen.queryByTestId('profileMenu.roles')).toBeNull();
  });

  it('offers Switch Account only to a user of more than one organisation', async () => {
    await desktopWith(TWO_ACCOUNTS);
    await openMenu();
    const items = within(menu()).getAllByRole('menuitem').map((item) => item.textContent);
    expect(items).toEqual(['Show my profile card', 'Edit Preferences', 'Switch Account', 'Sign Out']);
    expect(screen.getByTestId('profileMenu.switchAccount').getAttribute('aria-haspopup')).toBe('menu');
  });

  it('moves with the arrow keys, Home and End, wrapping around', async () => {
    await desktopWith();
    await openMenu();
    const key = (k: string) => fireEvent.keyDown(document.activeElement!, { key: k });
    key('ArrowDown');
    expect(document.activeElement).toBe(screen.getByTestId('profileMenu.preferences'));
    key('End');
    expect(document.activeElement).toBe(screen.getByTestId('profileMenu.signOut'));
    key('ArrowDown');
    expect(document.activeElement).toBe(screen.getByTestId('profileMenu.profileCard'));
    key('ArrowUp');
    expect(document.activeElement).toBe(screen.getByTestId('profileMenu.signOut'));
    key('Home');
    expect(document.activeElement).toBe(screen.getByTestId('profileMenu.profileCard'));
  });

  it('closes on Escape with focus back on the button, and on a press outside', async () => {
    await desktopWith();
    await openMenu();
    await act(async () => fireEvent.keyDown(document.activeElement!, { key: 'Escape' }));
    expect(screen.queryByTestId('profileMenu')).toBeNull();
    expect(document.activeElement).toBe(button());
    await openMenu();
    await act(async () => fireEvent.pointerDown(document.body));
    expect(screen.queryByTestId('profileMenu')).toBeNull();
  });

  it('opens with ArrowDown on the button, and a second click on the button closes it', async () => {
    await desktopWith();
    await act(async () => fireEvent.keyDown(button(), { key: 'ArrowDown' }));
    expect(screen.getByTestId('profileMenu')).toBeTruthy();
    await act(async () => {
      fireEvent.pointerDown(button());
      fireEvent.click(button());
    });
    expect(screen.queryByTestId('profileMenu')).toBeNull();
  });

  it('Edit Preferences opens the Preferences application', async () => {
    const t = await desktopWith();
    await openMenu();
    await act(async () => {
      fireEvent.click(screen.getByTestId('profileMenu.preferences'));
      await t.clock.settle();
    });
    expect(screen.queryByTestId('profileMenu')).toBeNull();
    expect(t.windows.windows().map((w) => w.title)).toEqual(['Preferences']);
  });

  it('Sign Out signs out at once, without asking', async () => {
    const t = await desktopWith();
    await openMenu();
    await act(async () => {
      fireEvent.click(screen.getByTestId('profileMenu.signOut'));
      await t.clock.settle();
    });
    expect(t.env.calls('POST', '/logout')).toHaveLength(1);
    expect(t.dialogs.dialogs()).toEqual([]);
    expect(t.session.getState().status).not.toBe('signed-in');
  });

  it("Show my profile card opens the user's own card", async () => {
    const t = await desktopWith();
    const detail = { name: 'Ada Lovelace', designation: 'Analyst', username: 'ada', email: 'ada@example.com', icon: null, manager_name: null, country: null };
    t.env.route('GET', `/api/v1/user/${makeProfile().id}/detail`, () => jsonResponse(200, { status: 'success', data: detail }));
    await openMenu();
    await act(async () => {
      fireEvent.click(screen.getByTestId('profileMenu.profileCard'));
      await t.clock.settle();
    });
    expect(screen.queryByTestId('profileMenu')).toBeNull();
    expect(t.services.profileCard.getState()).toMatchObject({ open: true, userId: makeProfile().id });
    expect(document.activeElement).toBe(button());
  });
});

describe('the account panel (Switch Account)', () => {
  async function openAccounts(profile: Partial<Profile> = TWO_ACCOUNTS) {
    const t = await desktopWith(profile);
    await openMenu();
    await act(async () => fireEvent.click(screen.getByTestId('profileMenu.switchAccount')));
    // The panel's code is fetched with its first opening.
    await screen.findByTestId('accountPanel');
    return t;
  }
  const accounts = () => screen.getByRole('menu', { name: 'Accounts' });

  it("lists the user's organisations with their logos and a check on the active one, which has the focus", async () => {
    await openAccounts();
    expect(screen.queryByTestId('profileMenu')).toBeNull();
    const radios = within(accounts()).getAllByRole('menuitemradio');
    expect(radios.map((r) => [r.textContent?.replace('✓', ''), r.getAttribute('aria-checked')])).toEqual([
      ['Acme', 'true'],
      ['Globex', 'false'],
    ]);
    const logos = radios.map((r) => r.querySelector('img'));
    expect(logos.map((img) => img?.getAttribute('src'))).toEqual(['/api/v1/account/logo/acc-1', '/api/v1/account/logo/acc-2']);
    expect(logos.every((img) => img?.getAttribute('alt') === '')).toBe(true);
    expect(document.activeElement).toBe(radios[0]);
  });

  it('goes back to the profile menu with Back, Escape or ArrowLeft', async () => {
    await openAccounts();
    await act(async () => fireEvent.keyDown(document.activeElement!, { key: 'Escape' }));
    expect(screen.getByTestId('profileMenu')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByTestId('profileMenu.switchAccount')));
    await act(async () => fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' }));
    expect(screen.getByTestId('profileMenu')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByTestId('profileMenu.switchAccount')));
    await act(async () => fireEvent.click(screen.getByTestId('accountPanel.back')));
    expect(screen.getByTestId('profileMenu')).toBeTruthy();
    expect(screen.queryByTestId('accountPanel')).toBeNull();
  });

  it('switches to the chosen organisation: the server is asked and the page reloads into it', async () => {
    const t = await openAccounts();
    t.env.route('POST', '/api/v1/user/switchaccount', () => jsonResponse(200, { status: 'success', data: { jwt: fakeJwt('ada', 9) } }));
    const globex = screen.getAllByRole('menuitemradio')[1]!;
    await act(async () => {
      fireEvent.click(globex);
      await t.clock.settle();
    });
    expect(t.env.calls('POST', '/api/v1/user/switchaccount').map((c) => c.json())).toEqual([{ accountId: 'acc-2' }]);
    expect(t.env.location.reloads).toBe(1);
  });

  it('stays in the current organisation when the switch fails: the failure is only logged and the panel closes', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const t = await openAccounts();
    t.env.route('POST', '/api/v1/user/switchaccount', () => jsonResponse(400, { status: 'error', message: 'You are not a member of this account', data: { errors: ['You are not a member of this account'] } }, 'Bad Request'));
    await act(async () => {
      fireEvent.click(screen.getAllByRole('menuitemradio')[1]!);
      await t.clock.settle();
    });
    expect(t.env.location.reloads).toBe(0);
    expect(warn).toHaveBeenCalled();
    expect(screen.queryByTestId('accountPanel')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(t.session.getState()).toMatchObject({ status: 'signed-in' });
    expect(document.activeElement).toBe(button());
    warn.mockRestore();
  });

  it('choosing the active organisation only closes the panel', async () => {
    const t = await openAccounts();
    await act(async () => fireEvent.click(screen.getAllByRole('menuitemradio')[0]!));
    expect(t.env.calls('POST', '/api/v1/user/switchaccount')).toEqual([]);
    expect(screen.queryByTestId('accountPanel')).toBeNull();
  });
});
