import { defineApplication } from '@atrium/sdk';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { builtinEntry, FakeDesktopServer, LOOK_PACKAGES } from '../testing/desktopServer.js';
import { makeProfile, startSignedIn, testConfig } from '../testing/fixtures.js';
import { translateEnglish } from '../testing/translate.js';
import { createDesktop, type Desktop } from './createDesktop.js';
import { MENUS } from './menus.js';

const desktops: Desktop[] = [];
afterEach(() => {
  desktops.splice(0).forEach((d) => d.dispose());
  vi.restoreAllMocks();
});

async function setup(settings: Record<string, unknown> = {}, accounts = 1) {
  const { env, session, server } = await startSignedIn();
  server.profile = makeProfile({ accounts: Array.from({ length: accounts }, (_, i) => ({ accountId: `acc-${i + 1}`, name: `Org ${i + 1}` })) });
  await session.updateProfile();
  const desktopServer = new FakeDesktopServer(env, { settings, manifest: [builtinEntry({ name: 'Notes', type: 'application', title: { en_EN: 'Notes' }, defaultAppforOrgs: 1 })] });
  const notes = defineApplication((app) => void app.createWindow({ id: 'main', render: () => undefined }));
  const desktop = createDesktop({ env, session, config: testConfig, builtins: { ...LOOK_PACKAGES.builtins, Notes: async () => ({ default: notes }) }, translate: translateEnglish, locale: () => 'en_EN', setLocale: async () => undefined }, { viewport: { width: 1280, height: 800 } });
  desktops.push(desktop);
  await desktop.start();
  await env.clock.settle();
  return { env, session, desktop, desktopServer };
}

describe('panel commands', () => {
  it('Panel Position: Top is checked for the default panel, Bottom moves it, and the choice is saved', async () => {
    const { env, desktop, desktopServer } = await setup();
    const { commands } = desktop;
    expect(commands.isChecked('panel.position.top', { panel: 0 })).toBe(true);
    expect(commands.isChecked('panel.position.bottom', { panel: 0 })).toBe(false);
    expect(commands.run('panel.position.bottom', { panel: 0 })).toBe(true);
    expect(desktop.panels.getState().panels[0]?.position).toBe('bottom');
    await env.clock.settle(100);
    expect((desktopServer.settings['desktop.panels'] as Array<{ position: string }>)[0]?.position).toBe('bottom');
  });

  it('adds an item of each type once, removes the right-clicked one, adds and removes a panel', async () => {
    const { desktop } = await setup();
    const { commands, panels } = desktop;
    expect(commands.isEnabled('panel.addItem.menu', { panel: 0 })).toBe(false);
    expect(commands.run('panel.addItem.home', { panel: 0 })).toBe(true);
    expect(panels.hasItem(0, 'home')).toBe(true);
    expect(commands.isVisible('panel.removeItem', { panel: 0 })).toBe(false);
    commands.run('panel.removeItem', { panel: 0, item: 0 });
    expect(panels.hasItem(0, 'menu')).toBe(false);
    commands.run('panel.add');
    expect(panels.getState().panels.map((p) => p.position)).toEqual(['top', 'bottom']);
    expect(commands.isEnabled('panel.add')).toBe(false);
    commands.run('panel.remove', { panel: 1 });
    expect(panels.getState().panels).toHaveLength(1);
  });

  it('refuses every panel change while the desktop is locked', async () => {
    const { desktop } = await setup({ 'desktop.lock': true });
    const { commands } = desktop;
    for (const id of ['panel.position.bottom', 'panel.add', 'panel.remove', 'panel.addItem.home']) expect(commands.isEnabled(id, { panel: 0 })).toBe(false);
    expect(commands.run('panel.position.bottom', { panel: 0 })).toBe(false);
    expect(desktop.panels.getState().panels[0]?.position).toBe('top');
  });

  it('every command a menu lists is registered', async () => {
    const { desktop } = await setup();
    const ids = (entries: ReadonlyArray<string | { entries: readonly unknown[] }>): string[] =>
      entries.flatMap((e) => (typeof e === 'string' ? (e === '-' ? [] : [e]) : ids(e.entries as Array<string | { entries: readonly unknown[] }>)));
    for (const menu of Object.values(MENUS)) for (const id of ids(menu)) expect(desktop.commands.get(id), id).toBeDefined();
  });
});

describe('desktop commands', () => {
  it("My Home minimizes every window that can be, and is disabled when none is open", async () => {
    const { desktop } = await setup();
    const { commands, windows } = desktop;
    expect(commands.isEnabled('desktop.showDesktop')).toBe(false);
    const a = windows.open({ id: 'a' });
    const b = windows.open({ id: 'b' });
    const fixed = windows.open({ id: 'fixed', attributes: { minimizable: false } });
    commands.run('desktop.showDesktop');
    expect([a, b].map((w) => windows.get(w.wid)?.state.minimized)).toEqual([true, true]);
    expect(windows.get(fixed.wid)?.state.minimized).toBe(false);
  });

  it("Log out asks 'Would you like to logout?': 'No, cancel' keeps the session, 'Yes, logout' ends it", async () => {
    const { env, desktop, session } = await setup();
    desktop.commands.run('session.logout');
    const [question] = desktop.dialogs.dialogs();
    expect(question?.kind).toBe('confirm');
    expect(question?.getState()).toEqual({ message: 'Would you like to logout?' });
    expect(question?.options.labels).toEqual({ yes: 'logout.confirm.yes', no: 'logout.confirm.no' });
    await question?.press('no');
    expect(session.getState().status).toBe('signed-in');
    desktop.commands.run('session.logout');
    await desktop.dialogs.dialogs()[0]?.press('yes');
    await env.clock.settle();
    expect(env.calls('POST', '/logout')).toHaveLength(1);
  });

  it('Save session and log out saves the session first', async () => {
    const { env, desktop } = await setup();
    await desktop.packages.launch('Notes');
    desktop.commands.run('session.saveAndLogout');
    await env.clock.settle();
    const order = env.requests.map((r) => `${r.method} ${r.url}`).filter((u) => /updatesession|\/logout/.test(u));
    expect(order).toEqual(['POST /api/v1/user/me/updatesession', 'POST /logout']);
  });

  it('Switch Account is listed only for a user of more than one account', async () => {
    expect((await setup({}, 1)).desktop.commands.isVisible('account.switch')).toBe(false);
    expect((await setup({}, 2)).desktop.commands.isVisible('account.switch')).toBe(true);
  });

  it('Alt+A opens the application menu only when there are applications', async () => {
    const { desktop } = await setup();
    const altA = { key: 'a', code: 'KeyA', altKey: true, shiftKey: false, ctrlKey: false, metaKey: false };
    expect(desktop.commands.handleKey(altA)).toBe(true);
    expect(desktop.ui.getState().popup).toBe('appMenu');
  });
});
