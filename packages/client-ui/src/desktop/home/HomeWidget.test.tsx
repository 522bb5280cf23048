import { AppPortals, reactWidget } from '@atrium/app-kit';
import { builtinEntry } from '@atrium/client-core/testing';
import { defineApplication } from '@atrium/sdk';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderDesktop, type DesktopTest, type DesktopTestOptions } from '../../testing/renderDesktop.js';
import { HomeWidget } from './HomeWidget.js';

let test: DesktopTest | null = null;
afterEach(() => {
  test?.dispose();
  test = null;
  cleanup();
  vi.restoreAllMocks();
});

const DASHBOARD = '0b9f3b0e-5b8a-4c39-9d7c-2a1f0e3d4c5b';

/** A desktop showing the home widget (and applications' React content), whose server answers `home`. */
async function desktopWithHome(home: DesktopTest['server']['home'], options: DesktopTestOptions = {}): Promise<DesktopTest> {
  test = await renderDesktop({
    ...options,
    children: (
      <>
        <HomeWidget />
        <AppPortals />
      </>
    ),
  });
  test.server.home = home;
  await test.start();
  return test;
}

/** The frame of the widget once its document is there. */
async function shownFrame(): Promise<HTMLIFrameElement> {
  const frame = await screen.findByTestId<HTMLIFrameElement>('home.frame');
  await waitFor(() => expect(frame.getAttribute('srcdoc')).toBeTruthy());
  return frame;
}

describe('HomeWidget: the block of HTML', () => {
  it('shows the block with the profile in a frame without any sandbox permission, titled, under a content policy', async () => {
    await desktopWithHome({ type: 'html', html: '<h1>Welcome, {firstname}</h1><p>{organisation}</p>', dashboard_uuid: null });
    const frame = await shownFrame();
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.title).toBe("Your organisation's home page");
    expect(screen.getByRole('region', { name: 'Home' }).contains(frame)).toBe(true);
    const srcdoc = frame.getAttribute('srcdoc')!;
    expect(srcdoc).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data: https:; style-src 'sha256-`);
    expect(srcdoc).toMatch(/<body [^>]*><h1>Welcome, Ada<\/h1><p>Acme<\/p><\/body>/);
    expect(srcdoc).toMatch(/^<!doctype html><html lang="en(-[A-Z]+)?" dir="ltr">/);
  });

  it('removes scripts, event handlers and script addresses before the frame sees the block', async () => {
    const hostile = [
      '<script>parent.__xss = 1</script>',
      '<img src="x" onerror="parent.__xss = 1">',
      '<svg onload="parent.__xss = 1"><a xlink:href="javascript:parent.__xss=1"><text>x</text></a></svg>',
      '<a href=" jav&#x09;ascript:parent.__xss=1">link</a>',
      '<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>',
      '<form action="javascript:parent.__xss=1"><button>go</button></form>',
      '<meta http-equiv="refresh" content="0;url=javascript:parent.__xss=1">',
      '<p>kept</p>',
    ].join('');
    await desktopWithHome({ type: 'html', html: hostile, dashboard_uuid: null });
    const srcdoc = (await shownFrame()).getAttribute('srcdoc')!;
    const body = srcdoc.slice(srcdoc.indexOf('<body'));
    expect(body).not.toMatch(/<script|<iframe|<form|<meta|javascript:|\son[a-z]+=/i);
    expect(body).toContain('<p>kept</p>');
    expect(body).toContain('<a>link</a>');
  });

  it('hides when the widgets setting turns it off and shows again when it is turned on', async () => {
    const t = await desktopWithHome({ type: 'html', html: '<p>Hello</p>', dashboard_uuid: null });
    await shownFrame();
    act(() => t.services.settings.set('desktop.widgets', []));
    expect(screen.queryByTestId('home')).toBeNull();
    t.server.home = { type: 'html', html: '<p>Hello again</p>', dashboard_uuid: null };
    await act(async () => {
      t.services.settings.set('desktop.widgets', [{ name: 'home' }]);
      await Promise.resolve();
    });
    await waitFor(() => expect(screen.getByTestId('home.frame').getAttribute('srcdoc')).toContain('<p>Hello again</p>'));
  });

  it('shows nothing when the answer fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await desktopWithHome(new Response('{}', { status: 503 }));
    expect(screen.queryByTestId('home')).toBeNull();
    expect(warn).toHaveBeenCalledWith('The home widget could not be loaded.', expect.anything());
  });
});

describe('HomeWidget: the dashboard', () => {
  it("renders the Dashboards application's home widget with the user's dashboard, and removes it when the widget goes", async () => {
    const removed = vi.fn();
    const dashboards = defineApplication(() => undefined, {
      widgets: {
        home(body, { dashboard }) {
          body.textContent = `dashboard ${dashboard}, read-only`;
          return removed;
        },
      },
    });
    const t = await desktopWithHome(
      { type: 'dashboard', html: null, dashboard_uuid: DASHBOARD },
      { manifest: [builtinEntry({ name: 'Dashboards', type: 'application', title: { en_EN: 'Dashboards' }, defaultAppforOrgs: 1 })], builtins: { Dashboards: async () => ({ default: dashboards }) } },
    );
    await waitFor(() => expect(screen.getByTestId('home.dashboard').dataset.state).toBe('mounted'));
    expect(screen.getByTestId('home.dashboard').textContent).toBe(`dashboard ${DASHBOARD}, read-only`);
    expect(screen.queryByTestId('home.openDashboard')).toBeNull();
    act(() => t.services.settings.set('desktop.widgets', []));
    expect(removed).toHaveBeenCalledTimes(1);
  });

  it("shows an application's React view in the widget, inside the desktop's contexts", async () => {
    const dashboards = defineApplication(() => undefined, { widgets: { home: (body, { dashboard }) => reactWidget(<p>Sales of {dashboard.slice(0, 8)}</p>)(body) } });
    const t = await desktopWithHome(
      { type: 'dashboard', html: null, dashboard_uuid: DASHBOARD },
      { manifest: [builtinEntry({ name: 'Dashboards', type: 'application', title: { en_EN: 'Dashboards' }, defaultAppforOrgs: 1 })], builtins: { Dashboards: async () => ({ default: dashboards }) } },
    );
    await waitFor(() => expect(screen.getByTestId('home.dashboard').textContent).toBe('Sales of 0b9f3b0e'));
    act(() => t.services.settings.set('desktop.widgets', []));
    expect(screen.queryByText('Sales of 0b9f3b0e')).toBeNull();
  });

  it('offers to open the dashboard in the Dashboards application when that cannot show it here', async () => {
    const t = await desktopWithHome({ type: 'dashboard', html: null, dashboard_uuid: DASHBOARD });
    const launch = vi.spyOn(t.services.packages, 'launch').mockResolvedValue(null);
    const button = await screen.findByRole('button', { name: 'Open dashboard' });
    expect(screen.getByTestId('home.dashboard').textContent).toContain('Your dashboard opens in the Dashboards application.');
    fireEvent.click(button);
    expect(launch).toHaveBeenCalledWith({ app: 'Dashboards', args: { dashboard: DASHBOARD } });
  });
});
