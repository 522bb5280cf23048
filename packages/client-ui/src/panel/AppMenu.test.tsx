import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appPackage, giveProfile, missingApp, pageApp, panelDesktopPerTest, settle, windowApp } from './panelTesting.js';

const notesLaunches: unknown[] = [];
const viewerLaunches: unknown[] = [];
const desktop = panelDesktopPerTest({
  manifest: [appPackage('Notes', 'Notes'), appPackage('Preferences', 'Préférences'), appPackage('Viewer', 'Viewer')],
  builtins: { Notes: windowApp('Notes', notesLaunches), Preferences: windowApp('Preferences'), Viewer: windowApp('Viewer', viewerLaunches) },
});

/** The demo-like profile: organisation pages in three categories and one app that has no package. */
const PROFILE = {
  apps: [pageApp('Chat', 'Chat', 'collaboration'), pageApp('Mail', 'Mail', 'collaboration'), pageApp('Reports', 'Operations Reports', 'operational intelligence'), missingApp('Incidents', 'Incident Tracker', 'quality management')],
};

const logo = () => screen.getByTestId('panel.menu');
const menu = () => screen.getByRole('dialog', { name: 'Applications' });
const search = () => screen.getByRole('searchbox', { name: 'Search Applications' });
const item = (name: string | RegExp) => within(menu()).getByRole('menuitem', { name });
/** The visible menu items' names, headings included. */
const shown = () => within(menu()).queryAllByRole('menuitem').map(nameOf);
/** An element's name: the texts it is labelled by, else its text. */
function nameOf(el: Element): string | null {
  const ids = el.getAttribute('aria-labelledby');
  return ids ? ids.split(' ').map((id) => document.getElementById(id)?.textContent).join(' ') : el.textContent;
}
const key = (target: Element, k: string, init: KeyboardEventInit = {}) => fireEvent.keyDown(target, { key: k, ...init });

/** A desktop whose manifest has no application. */
const bare = panelDesktopPerTest();

describe('the application menu button', () => {
  it('is not shown when the user has no application', async () => {
    await bare();
    expect(screen.queryByTestId('panel.menu')).toBeNull();
    expect(screen.getByTestId('panel.windows')).toBeDefined();
  });

  it("shows the organisation's logo, the site's when it fails, and toggles the menu with aria-expanded", async () => {
    const t = await desktop();
    await giveProfile(t, { ...PROFILE, active_account: { name: 'Acme', preferences: { theme: null, favicon: null, privacyPolicy: null, loginURL: null, footerText: null, footer: null, logo: '/api/v1/resources/acme-logo' } } });
    const image = logo().querySelector('img')!;
    expect(image.getAttribute('src')).toBe('/api/v1/resources/acme-logo');
    fireEvent.error(image);
    expect(logo().querySelector('img')!.getAttribute('src')).toBe('/logo.svg');
    expect(logo().getAttribute('aria-haspopup')).toBe('dialog');
    expect(logo().getAttribute('aria-expanded')).toBe('false');
    expect(logo().getAttribute('aria-keyshortcuts')).toBe('Alt+A');
    fireEvent.click(logo());
    expect(logo().getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(search());
    expect(search().getAttribute('placeholder')).toBe('Search Applications');
    fireEvent.click(logo());
    expect(screen.queryByRole('dialog', { name: 'Applications' })).toBeNull();
  });

  it('Alt+A opens and closes the menu', async () => {
    await desktop(PROFILE);
    fireEvent.keyDown(document.body, { key: 'a', code: 'KeyA', altKey: true });
    expect(menu()).toBeDefined();
    fireEvent.keyDown(document.activeElement!, { key: 'a', code: 'KeyA', altKey: true });
    expect(screen.queryByRole('dialog', { name: 'Applications' })).toBeNull();
  });
});

describe('the application menu', () => {
  it('lists the applications by category, in catalogue order, with the packages of every user under Other (not the Viewer)', async () => {
    await desktop(PROFILE);
    fireEvent.click(logo());
    expect(shown()).toEqual([
      'Collaboration',
      'Chat',
      'Mail',
      'Quality management',
      'Incident Tracker Not available',
      'Operational intelligence',
      'Operations Reports',
      'Other',
      'Notes',
      'Préférences',
    ]);
    const group = within(menu()).getByRole('group', { name: 'Collaboration' });
    expect(within(group).getAllByRole('menuitem').map((el) => el.textContent)).toEqual(['Collaboration', 'Chat', 'Mail']);
  });

  it('typing filters by title and name, ignoring case and accents, hides empty categories and says when nothing matches', async () => {
    await desktop(PROFILE);
    fireEvent.click(logo());
    fireEvent.change(search(), { target: { value: 'PREFER' } });
    expect(shown()).toEqual(['Other', 'Préférences']);
    fireEvent.change(search(), { target: { value: 'a' } });
    expect(shown()).toEqual(['Collaboration', 'Chat', 'Mail', 'Quality management', 'Incident Tracker Not available', 'Operational intelligence', 'Operations Reports']);
    fireEvent.change(search(), { target: { value: 'zzz' } });
    expect(within(menu()).queryAllByRole('menuitem')).toEqual([]);
    expect(within(menu()).getByRole('status').textContent).toBe('No application matches your search.');
  });

  it('Enter launches the first visible match, closes the menu and the window opens', async () => {
    const t = await desktop(PROFILE);
    fireEvent.click(logo());
    fireEvent.change(search(), { target: { value: 'no' } });
    key(search(), 'Enter');
    expect(screen.queryByRole('dialog', { name: 'Applications' })).toBeNull();
    await settle(t);
    expect(t.windows.windows().map((w) => w.title)).toEqual(['Notes']);
    // Opened again, the search is empty.
    fireEvent.click(logo());
    expect(search()).toHaveProperty('value', '');
  });

  it('an organisation page opens in the Viewer', async () => {
    const t = await desktop(PROFILE);
    fireEvent.click(logo());
    fireEvent.click(item('Operations Reports'));
    await settle(t);
    expect(viewerLaunches.at(-1)).toEqual({ app: 'Reports' });
  });

  it('categories collapse and expand from their heading; a collapsed one hides its applications and is skipped by Enter', async () => {
    const t = await desktop(PROFILE);
    fireEvent.click(logo());
    const heading = item('Collaboration');
    expect(heading.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(heading);
    expect(item('Collaboration').getAttribute('aria-expanded')).toBe('false');
    expect(shown().slice(0, 2)).toEqual(['Collaboration', 'Quality management']);
    key(search(), 'Enter');
    await settle(t);
    // Chat was collapsed away and Incident Tracker cannot launch: Operations Reports came first.
    expect(viewerLaunches.at(-1)).toEqual({ app: 'Reports' });
  });

  it('an application without a package is greyed, says why, can be focused and does not launch', async () => {
    const t = await desktop(PROFILE);
    fireEvent.click(logo());
    const incidents = item('Incident Tracker Not available');
    expect(incidents.getAttribute('aria-disabled')).toBe('true');
    const reason = document.getElementById(incidents.getAttribute('aria-describedby')!);
    expect(reason?.textContent).toBe('Incident Tracker is granted to you but is not installed on this server. Ask your administrator to install it.');
    incidents.focus();
    expect(document.activeElement).toBe(incidents);
    fireEvent.click(incidents);
    key(incidents, 'Enter');
    await settle(t);
    expect(t.windows.windows()).toEqual([]);
    expect(t.dialogs.dialogs()).toEqual([]);
    expect(menu()).toBeDefined();
  });

  it('moves with the arrow keys, Home and End; Enter launches; typing goes to the search box', async () => {
    const t = await desktop(PROFILE);
    fireEvent.click(logo());
    key(search(), 'ArrowDown');
    expect(document.activeElement).toBe(item('Chat'));
    expect(item('Chat').tabIndex).toBe(0);
    key(document.activeElement!, 'ArrowDown');
    expect(document.activeElement).toBe(item('Mail'));
    key(document.activeElement!, 'ArrowUp');
    key(document.activeElement!, 'ArrowUp');
    expect(document.activeElement).toBe(item('Collaboration'));
    key(document.activeElement!, 'ArrowUp');
    expect(document.activeElement).toBe(search());
    key(search(), 'ArrowDown');
    key(document.activeElement!, 'End');
    expect(document.activeElement).toBe(item('Préférences'));
    key(document.activeElement!, 'ArrowDown');
    expect(document.activeElement).toBe(item('Collaboration'));
    key(document.activeElement!, 'Home');
    expect(document.activeElement).toBe(item('Collaboration'));
    // Left collapses a category, Right opens it; Left from an application goes to its heading.
    key(document.activeElement!, 'ArrowLeft');
    expect(item('Collaboration').getAttribute('aria-expanded')).toBe('false');
    key(document.activeElement!, 'ArrowRight');
    expect(item('Collaboration').getAttribute('aria-expanded')).toBe('true');
    key(document.activeElement!, 'ArrowDown');
    key(document.activeElement!, 'ArrowLeft');
    expect(document.activeElement).toBe(item('Collaboration'));
    key(document.activeElement!, 'm');
    expect(document.activeElement).toBe(search());
    expect(search()).toHaveProperty('value', 'm');
    expect(shown()).toEqual(['Collaboration', 'Mail']);
    key(search(), 'ArrowDown');
    key(document.activeElement!, 'Enter');
    await settle(t);
    expect(viewerLaunches.at(-1)).toEqual({ app: 'Mail' });
    expect(screen.queryByRole('dialog', { name: 'Applications' })).toBeNull();
  });

  it('Escape closes it and focus returns to the logo button', async () => {
    await desktop(PROFILE);
    fireEvent.click(logo());
    key(search(), 'ArrowDown');
    key(document.activeElement!, 'Escape');
    expect(screen.queryByRole('dialog', { name: 'Applications' })).toBeNull();
    expect(document.activeElement).toBe(logo());
  });

  it('a click outside closes it', async () => {
    const t = await desktop(PROFILE);
    fireEvent.click(logo());
    fireEvent.pointerDown(t.container);
    expect(screen.queryByRole('dialog', { name: 'Applications' })).toBeNull();
  });

});
