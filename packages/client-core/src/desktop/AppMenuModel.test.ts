import { monogramIcon, VIEWER_APP_TYPE, type ProfileApp } from '@atrium/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { entry, packageHarness, profileApp, recordingRuntime, type HarnessOptions, type PackageHarness } from '../packages/testing/packageHarness.js';
import { flushPromises } from '../testing/FakeClock.js';
import { AppMenuModel, appMenuCategory, appMenuCategoryKey, matchesSearch, searchText } from './AppMenuModel.js';

let harness: PackageHarness | null = null;
let model: AppMenuModel | null = null;

afterEach(() => {
  model?.dispose();
  harness?.dispose();
  model = null;
  harness = null;
});

/** An organisation page of the profile (opens in the Viewer), titled in its start_options. */
function page(name: string, title: string, category: string) {
  return profileApp(name, { is_base_app: true, app_type: VIEWER_APP_TYPE, category, start_options: JSON.stringify({ name, title, url: `/pages/${name}.html` }) });
}

/** A menu over a real PackageManager whose manifest has loaded. */
async function menu(options: HarnessOptions = {}): Promise<{ h: PackageHarness; m: AppMenuModel }> {
  harness = packageHarness(options);
  const h = harness;
  await h.manager.load();
  model = new AppMenuModel({ packages: h.manager, profile: h.hooks.profile, locale: () => h.locale.current });
  return { h, m: model };
}

const titles = (m: AppMenuModel) => m.getState().groups.map((g) => [g.category, g.entries.map((e) => e.title)]);

describe('AppMenuModel: what the menu lists', () => {
  it('groups the profile apps by the seven categories in catalogue order, packages without a category under Other, each sorted by title', async () => {
    const { m } = await menu({
      profileApps: [page('Mail', 'Mail', 'collaboration'), page('CRM', 'Customer Relations', 'sales and marketing'), page('Chat', 'Chat', 'Collaboration'), page('Audits', 'Audit Management', 'quality management'), page('Misc', 'Misc', 'gardening')],
      manifest: [entry('Preferences', { defaultAppforOrgs: 1, title: { en_EN: 'Preferences' } })],
    });
    expect(titles(m)).toEqual([
      ['collaboration', ['Chat', 'Mail']],
      ['quality management', ['Audit Management']],
      ['sales and marketing', ['Customer Relations']],
      ['other', ['Misc', 'Preferences']],
    ]);
    expect(m.getState().groups.map((g) => g.labelKey)).toEqual([
      'panel.appMenu.category.collaboration',
      'panel.appMenu.category.qualityManagement',
      'panel.appMenu.category.salesAndMarketing',
      'panel.appMenu.category.other',
    ]);
  });

  it('adds the application packages the user sees that the profile does not list, but neither hidden packages, other package types nor the Viewer', async () => {
    const { m } = await menu({
      manifest: [
        entry('Preferences', { defaultAppforOrgs: 1, icon: 'preferences' }),
        entry('Viewer', { defaultAppforOrgs: 1 }),
        entry('Secret'),
        entry('Vision', { type: 'theme' }),
      ],
    });
    expect(m.getState().entries).toEqual([{ name: 'Preferences', title: 'Preferences App', category: 'other', icon: 'preferences', available: true }]);
    expect(m.hasApplications()).toBe(true);
  });

  it('titles a packaged app in the user’s language, else by its start_options, else by its name', async () => {
    const { h, m } = await menu({
      profileApps: [profileApp('Notes'), profileApp('Board', { start_options: JSON.stringify({ title: 'Project Board' }) }), profileApp('Bare', { start_options: 'not json' })],
      manifest: [entry('Notes')],
    });
    expect(m.getState().entries.map((e) => e.title)).toEqual(['Bare', 'Notes App', 'Project Board']);
    h.locale.current = 'de_DE';
    m.refresh();
    expect(m.getState().entries.map((e) => e.title)).toContain('Notes Anwendung');
  });

  it("titles an organisation page by the catalogue's translation of the user's language, else by its title", async () => {
    const audits = profileApp('Audits', {
      is_base_app: true,
      app_type: VIEWER_APP_TYPE,
      category: 'quality management',
      start_options: JSON.stringify({ name: 'Audits', title: 'Audit Management', titles: { de_DE: 'Auditverwaltung', zh_CN: '审核管理' }, url: '/pages/audits.html' }),
    });
    const { h, m } = await menu({ profileApps: [audits, page('Chat', 'Chat', 'collaboration')] });
    h.locale.current = 'zh_CN';
    m.refresh();
    expect(m.getState().entries.map((e) => e.title).sort()).toEqual(['Chat', '审核管理']);
    h.locale.current = 'fr_FR';
    m.refresh();
    expect(m.getState().entries.map((e) => e.title)).toEqual(['Audit Management', 'Chat']);
  });

  it('lists an organisation page as available with its category icon, and a granted app without a package as unavailable', async () => {
    const { m } = await menu({ profileApps: [page('Handbook', 'Company Handbook', 'employee center'), profileApp('Incidents', { category: 'quality management', start_options: JSON.stringify({ title: 'Incident Tracker' }) })] });
    expect(m.getState().entries).toEqual([
      { name: 'Handbook', title: 'Company Handbook', category: 'employee center', icon: 'employee-center', available: true },
      { name: 'Incidents', title: 'Incident Tracker', category: 'quality management', icon: 'quality-management', available: false },
    ]);
  });

  it("shows an organisation page with its own icon from its start_options (its monogram), so that pages of one category tell apart; never a packaged app's", async () => {
    const chat = monogramIcon('Chat', 'Chat');
    const mail = monogramIcon('Mail', 'Mail');
    const withIcon = (name: string, icon: string, more: Partial<ProfileApp> = {}) =>
      profileApp(name, { is_base_app: true, app_type: VIEWER_APP_TYPE, category: 'collaboration', start_options: JSON.stringify({ name, title: name, url: `/pages/${name}.html`, icon }), ...more });
    const { m } = await menu({
      profileApps: [withIcon('Chat', chat), withIcon('Mail', mail), withIcon('Notes', 'data:image/svg+xml,x', { is_base_app: false, app_type: 1 }), page('Calendar', 'Calendar', 'collaboration')],
      manifest: [entry('Notes', { icon: 'notes' })],
    });
    const icons = Object.fromEntries(m.getState().entries.map((e) => [e.name, e.icon]));
    expect(icons).toEqual({ Chat: chat, Mail: mail, Notes: 'notes', Calendar: 'collaboration' });
    expect(chat).not.toBe(mail);
  });

  it('has no applications when neither the profile nor the manifest gives any', async () => {
    const { m } = await menu({ manifest: [entry('Vision', { type: 'theme' })] });
    expect(m.hasApplications()).toBe(false);
    expect(m.getState().groups).toEqual([]);
  });

  it('follows a profile change and the arrival of the manifest', async () => {
    harness = packageHarness({ manifest: [entry('Preferences', { defaultAppforOrgs: 1 })] });
    const h = harness;
    model = new AppMenuModel({ packages: h.manager, profile: h.hooks.profile, locale: () => 'en_EN' });
    expect(model.hasApplications()).toBe(false);
    await h.manager.load();
    expect(model.getState().entries.map((e) => e.name)).toEqual(['Preferences']);
    h.setProfileApps([page('Chat', 'Chat', 'collaboration')]);
    h.manager.profileChanged();
    expect(model.getState().entries.map((e) => e.name)).toEqual(['Chat', 'Preferences']);
  });

  it('carries the active organisation’s logo', async () => {
    harness = packageHarness();
    const h = harness;
    const profile = { ...h.hooks.profile()! };
    profile.active_account = { ...profile.active_account, preferences: { ...profile.active_account.preferences, logo: '/api/v1/resources/logo-1' } };
    model = new AppMenuModel({ packages: h.manager, profile: () => profile, locale: () => 'en_EN' });
    expect(model.getState().logo).toBe('/api/v1/resources/logo-1');
  });
});

describe('AppMenuModel: search and categories', () => {
  const apps = [page('Chat', 'Chat', 'collaboration'), page('Mail', 'Mail', 'collaboration'), page('Reports', 'Operations Reports', 'operational intelligence'), page('Directory', 'People Directory', 'organization')];

  it('filters by title and name, ignoring case and diacritics, and hides the categories left empty', async () => {
    const { m } = await menu({ profileApps: apps, manifest: [entry('Preferences', { defaultAppforOrgs: 1, title: { en_EN: 'Préférences' } })] });
    m.setQuery('REPORT');
    expect(titles(m)).toEqual([['operational intelligence', ['Operations Reports']]]);
    m.setQuery('preferences');
    expect(titles(m)).toEqual([['other', ['Préférences']]]);
    // By name: "Directory" is the name of "People Directory"; "ai" is in Mail only.
    m.setQuery('ai');
    expect(titles(m)).toEqual([['collaboration', ['Mail']]]);
    m.setQuery('nothing like it');
    expect(m.getState().groups).toEqual([]);
    expect(m.firstMatch()).toBeNull();
    m.setQuery('');
    expect(m.getState().groups).toHaveLength(4);
  });

  it('first match: the first visible entry in menu order, skipping collapsed categories and unavailable entries', async () => {
    const { m } = await menu({ profileApps: [...apps, profileApp('Campaigns', { category: 'collaboration', start_options: JSON.stringify({ title: 'Aaa Campaigns' }) })] });
    expect(m.firstMatch()?.name).toBe('Chat');
    m.toggleCategory('collaboration');
    expect(m.getState().groups[0]).toMatchObject({ category: 'collaboration', collapsed: true });
    expect(m.visibleEntries().map((e) => e.name)).toEqual(['Directory', 'Reports']);
    expect(m.firstMatch()?.name).toBe('Directory');
    m.toggleCategory('collaboration');
    expect(m.visibleEntries().map((e) => e.name)).toEqual(['Campaigns', 'Chat', 'Mail', 'Directory', 'Reports']);
    expect(m.firstMatch()?.name).toBe('Chat');
  });

  it('typing a search expands the collapsed categories so that their matches show; clearing it keeps them open', async () => {
    const { m } = await menu({ profileApps: apps });
    m.setCollapsed('collaboration', true);
    m.setQuery('ch');
    expect(m.getState().groups).toEqual([expect.objectContaining({ category: 'collaboration', collapsed: false })]);
    expect(m.firstMatch()?.name).toBe('Chat');
    m.setCollapsed('collaboration', true);
    m.reset();
    expect(m.getState().query).toBe('');
    expect(m.getState().groups.find((g) => g.category === 'collaboration')?.collapsed).toBe(true);
  });
});

describe('AppMenuModel: launching', () => {
  it('launches an available entry and refuses an unavailable or unknown one', async () => {
    const notes = recordingRuntime();
    const { h, m } = await menu({ profileApps: [profileApp('Notes'), profileApp('Incidents')], manifest: [entry('Notes')], builtins: { Notes: notes } });
    expect(m.launch('Incidents')).toBe(false);
    expect(m.launch('Nope')).toBe(false);
    expect(m.launch('Notes')).toBe(true);
    await h.clock.settle();
    await flushPromises();
    expect(notes.launched).toHaveLength(1);
    expect(h.alerts()).toEqual([]);
  });

  it('launches an organisation page in the Viewer', async () => {
    const viewer = recordingRuntime();
    const { h, m } = await menu({ profileApps: [page('Handbook', 'Company Handbook', 'employee center')], manifest: [entry('Viewer', { defaultAppforOrgs: 1 })], builtins: { Viewer: viewer } });
    expect(m.getState().entries.map((e) => e.name)).toEqual(['Handbook']);
    expect(m.launch('Handbook')).toBe(true);
    await h.clock.settle();
    await flushPromises();
    expect(viewer.launched.map((app) => app.args)).toEqual([{ app: 'Handbook' }]);
  });
});

describe('app menu helpers', () => {
  it('reads a category text loosely and names its heading key', () => {
    expect(appMenuCategory(' Information  Security Management ')).toBe('information security management');
    expect(appMenuCategory('')).toBe('other');
    expect(appMenuCategory(undefined)).toBe('other');
    expect(appMenuCategoryKey('employee center')).toBe('panel.appMenu.category.employeeCenter');
    expect(appMenuCategoryKey('other')).toBe('panel.appMenu.category.other');
  });

  it('compares search texts without case or diacritics', () => {
    expect(searchText('  Ærø Crème ')).toBe('ærø creme');
    expect(matchesSearch({ name: 'Preferences', title: 'Einstellungen' }, 'pref')).toBe(true);
    expect(matchesSearch({ name: 'Viewer', title: 'Trình xem' }, 'trinh')).toBe(true);
    expect(matchesSearch({ name: 'Viewer', title: 'Trình xem' }, '')).toBe(true);
    expect(matchesSearch({ name: 'Viewer', title: 'Trình xem' }, 'chat')).toBe(false);
  });
});
