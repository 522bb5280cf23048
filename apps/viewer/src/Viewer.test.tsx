import { renderApplication, type ApplicationTest } from '@atrium/app-kit/testing';
import type { Locale, ProfileApp } from '@atrium/sdk';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import viewer from './index.js';
import { frameAddress, profileWebApp } from './profileWebApp.js';
import { VIEWER_SANDBOX } from './ViewerView.js';
import metadata from '../metadata.json';

function profileApp(name: string, startOptions: unknown): ProfileApp {
  return { name, uuid: `${name}-uuid`, category: 'collaboration', is_base_app: true, type: 'web', app_type: 2, start_options: typeof startOptions === 'string' ? startOptions : JSON.stringify(startOptions) };
}

const WIKI = profileApp('Wiki', { name: 'Wiki', appId: 'a1', category: 'collaboration', title: 'Team Wiki', type: 'web', url: 'https://wiki.example.com/start' });

let current: ApplicationTest | null = null;
afterEach(() => {
  current?.closeAll();
  current?.unmount();
  current = null;
});

/** The Viewer launched, once its window has been painted and its page's frame is there. */
async function launch(args: Record<string, unknown>, options: { profileApps?: ProfileApp[]; locale?: Locale } = {}): Promise<ApplicationTest> {
  current = await renderApplication(viewer, metadata as Parameters<typeof renderApplication>[1], { args, profileApps: options.profileApps ?? [WIKI], ...(options.locale ? { locale: options.locale } : {}) });
  await waitFor(() => expect(screen.queryByTestId('viewer.framePending')).toBeNull());
  return current;
}

describe('Viewer of profile web apps', () => {
  it('paints its window before its page: the frame is made, and the page asked for, only once the window has shown', async () => {
    current = await renderApplication(viewer, metadata as Parameters<typeof renderApplication>[1], { args: { app: 'Wiki' }, profileApps: [WIKI] });
    expect(screen.getByTestId('viewer.framePending')).toBeDefined();
    expect(screen.queryByTestId('viewer.frame')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('viewer.frame').getAttribute('src')).toBe('https://wiki.example.com/start'));
    expect(screen.queryByTestId('viewer.framePending')).toBeNull();
  });

  it("shows the profile app's address in a sandboxed frame titled with the app", async () => {
    const { app } = await launch({ app: 'Wiki' });
    const frame = screen.getByTestId('viewer.frame') as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe('https://wiki.example.com/start');
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox');
    expect(frame.getAttribute('sandbox')).toBe(VIEWER_SANDBOX);
    expect(frame.getAttribute('referrerpolicy')).toBe('no-referrer');
    expect(frame.title).toBe('Team Wiki');
    expect(app.titleNow(app.windows[0]!.wid)).toBe('Team Wiki');
    const open = screen.getByRole('link', { name: 'Open in a new tab' });
    expect(open.getAttribute('href')).toBe('https://wiki.example.com/start');
    expect(open.getAttribute('target')).toBe('_blank');
    expect(open.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it("titles the window with the page's title in the user's language, also after a language switch", async () => {
    const translated = profileApp('Audits', { title: 'Audit Management', titles: { de_DE: 'Auditverwaltung', zh_CN: '审核管理' }, url: '/api/v1/resources/r-2' });
    const { app } = await launch({ app: 'Audits' }, { profileApps: [translated], locale: 'de_DE' });
    expect(app.titleNow(app.windows[0]!.wid)).toBe('Auditverwaltung');
    await app.desktop.setLocale('zh_CN');
    expect(app.titleNow(app.windows[0]!.wid)).toBe('审核管理');
    // The frame's name (what screen readers say) follows too.
    await act(() => current!.i18n.setLocale('zh_CN'));
    expect((screen.getByTestId('viewer.frame') as HTMLIFrameElement).title).toBe('审核管理');
    await app.desktop.setLocale('fr_FR');
    expect(app.titleNow(app.windows[0]!.wid)).toBe('Audit Management');
  });

  it("shows the page's title once, as the window's title, not again inside the window", async () => {
    const { app } = await launch({ app: 'Wiki' });
    expect(app.titleNow(app.windows[0]!.wid)).toBe('Team Wiki');
    expect(screen.getByTestId('viewer').textContent).not.toContain('Team Wiki');
    expect(screen.getByRole('toolbar', { name: 'Viewer toolbar' })).toBeDefined();
  });

  it("gives its window the page's own icon from the profile (its monogram), else the Viewer's", async () => {
    const icon = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E";
    const { app } = await launch({ app: 'Wiki' }, { profileApps: [profileApp('Wiki', { title: 'Team Wiki', url: 'https://wiki.example.com/start', icon })] });
    expect(app.windowOptions[0]?.icon).toBe(icon);
    current?.closeAll();
    current?.unmount();
    const plain = await launch({ app: 'Wiki' });
    expect(plain.app.windowOptions[0]?.icon).toBe('viewer');
  });

  it('takes the address only from the profile, never from the launch arguments', async () => {
    await launch({ app: 'Wiki', url: 'https://evil.example.net/', title: 'Evil' });
    expect(screen.getByTestId('viewer.frame').getAttribute('src')).toBe('https://wiki.example.com/start');
    expect(screen.queryByText('Evil')).toBeNull();
  });

  it('opens the page at a task: args.taskId goes to the framed page as #task=<id>, replacing its fragment', async () => {
    await launch({ app: 'Wiki', taskId: '0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0' });
    expect(screen.getByTestId('viewer.frame').getAttribute('src')).toBe('https://wiki.example.com/start#task=0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0');
    current?.closeAll();
    current?.unmount();
    await launch({ app: 'Docs', taskId: 't-1' }, { profileApps: [profileApp('Docs', { url: 'https://docs.example.com/a#old' })] });
    expect(screen.getByTestId('viewer.frame').getAttribute('src')).toBe('https://docs.example.com/a#task=t-1');
    current?.closeAll();
    current?.unmount();
    await launch({ app: 'Wiki', taskId: '"><script>' });
    expect(screen.getByTestId('viewer.frame').getAttribute('src')).toBe('https://wiki.example.com/start');
  });

  it("asks a page this server serves for the desktop's colour scheme, follows a theme change, and dims another site's page in the dark", async () => {
    const guide = profileApp('Guide', { title: 'Guide', url: '/api/v1/resources/r-1#intro' });
    document.documentElement.style.colorScheme = 'light';
    try {
      await launch({ app: 'Guide' }, { profileApps: [guide, WIKI] });
      const frame = () => screen.getByTestId('viewer.frame');
      expect(frame().getAttribute('src')).toBe('/api/v1/resources/r-1?color-scheme=light#intro');
      act(() => void (document.documentElement.style.colorScheme = 'dark'));
      await waitFor(() => expect(frame().getAttribute('src')).toBe('/api/v1/resources/r-1?color-scheme=dark#intro'));
      expect(frame().className).not.toContain('vwr__frame--dimmed');
      current?.closeAll();
      current?.unmount();
      await launch({ app: 'Wiki' });
      expect(frame().getAttribute('src')).toBe('https://wiki.example.com/start');
      expect(frame().className).toContain('vwr__frame--dimmed');
      act(() => void (document.documentElement.style.colorScheme = 'light'));
      await waitFor(() => expect(frame().className).not.toContain('vwr__frame--dimmed'));
    } finally {
      document.documentElement.style.removeProperty('color-scheme');
    }
  });

  it('reloads the frame', async () => {
    await launch({ app: 'Wiki' });
    const before = screen.getByTestId('viewer.frame');
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    const after = screen.getByTestId('viewer.frame');
    expect(after).not.toBe(before);
    expect(after.getAttribute('src')).toBe('https://wiki.example.com/start');
  });

  it.each([
    ['no app argument', {}],
    ['an app that is not in the profile', { app: 'Payroll' }],
  ])('shows an empty state for %s', async (_case, args) => {
    const { app } = await launch(args);
    expect(screen.getByRole('heading', { name: 'Nothing to show' })).toBeDefined();
    expect(screen.getByTestId('viewer.empty').textContent).toContain('The viewer shows the web applications of your profile. Open one from the application menu.');
    expect(screen.queryByTestId('viewer.frame')).toBeNull();
    expect(app.titleNow(app.windows[0]!.wid)).toBe('Viewer');
  });
});

describe('profileWebApp', () => {
  it('reads the address and title from start_options, the title falling back to the name', () => {
    expect(profileWebApp([WIKI], 'Wiki')).toEqual({ name: 'Wiki', title: 'Team Wiki', url: 'https://wiki.example.com/start', icon: null });
    expect(profileWebApp([profileApp('Docs', { url: 'http://docs.example.com' })], 'Docs')).toEqual({ name: 'Docs', title: 'Docs', url: 'http://docs.example.com', icon: null });
    expect(profileWebApp([profileApp('Guide', { title: 'Guide', url: '/api/v1/resources/r-1' })], 'Guide')).toEqual({ name: 'Guide', title: 'Guide', url: '/api/v1/resources/r-1', icon: null });
  });

  it.each([
    ['a script address', { url: 'javascript:alert(1)' }],
    ['a data address', { url: 'data:text/html,<p>x</p>' }],
    ['an address with spaces around it', { url: ' https://wiki.example.com ' }],
    ['no address', { title: 'No url' }],
    ['start options that are not JSON', '{not json'],
    ['start options that are not an object', 'null'],
  ])('refuses %s', (_case, options) => {
    expect(profileWebApp([profileApp('X', options)], 'X')).toBeNull();
  });

  it("adds the colour scheme to a page of this server's address only, before its fragment", () => {
    expect(frameAddress('/api/v1/resources/r-1', 'dark')).toBe('/api/v1/resources/r-1?color-scheme=dark');
    expect(frameAddress('/pages/a?x=1#task=t-1', 'light')).toBe('/pages/a?x=1&color-scheme=light#task=t-1');
    expect(frameAddress('https://wiki.example.com/start', 'dark')).toBe('https://wiki.example.com/start');
    expect(frameAddress('//wiki.example.com/start', 'dark')).toBe('//wiki.example.com/start');
  });

  it('refuses a name that is not a string', () => {
    expect(profileWebApp([WIKI], 42)).toBeNull();
    expect(profileWebApp([WIKI], undefined)).toBeNull();
  });
});
