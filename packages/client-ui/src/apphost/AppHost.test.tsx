import type { Application, AppWindow, AppWindowOptions } from '@atrium/sdk';
import { defineApplication } from '@atrium/sdk';
import { builtinEntry } from '@atrium/client-core/testing';
import { act, cleanup, fireEvent, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { settle } from '../testing/renderAtrium.js';
import { renderDesktop, type DesktopTest } from '../testing/renderDesktop.js';
import { AppHost, ATTENTION_DURATION } from './AppHost.js';

/** What the test's application renders into its window (set by each test before the launch). */
let content: AppWindowOptions['render'] = () => undefined;
/** Every application started, with the handle of its window. */
let started: Array<{ app: Application; window: AppWindow }> = [];

/** Notes: one window rendering `content`; Reports and Chat: record how they were launched. */
const app = (title: string) => builtinEntry({ name: title, type: 'application', title: { en_EN: title }, defaultAppforOrgs: 1 });
const runtime = (id: string, render: () => AppWindowOptions['render']) =>
  defineApplication((application) => {
    const window = application.createWindow({ id, title: application.name, render: (body, w) => render()(body, w) });
    started.push({ app: application, window });
  });

let current: DesktopTest | null = null;

/** A started desktop with the host; Notes, Reports and Chat can be launched. */
async function render(): Promise<DesktopTest> {
  started = [];
  current = await renderDesktop({
    manifest: [app('Notes'), app('Reports'), app('Chat'), app('Dashboards')],
    builtins: {
      Dashboards: async () => ({ default: runtime('main', () => () => undefined) }),
      Notes: async () => ({ default: runtime('main', () => content) }),
      Reports: async () => ({ default: runtime('main', () => () => undefined) }),
      Chat: async () => ({ default: runtime('main', () => () => undefined) }),
    },
    children: <AppHost />,
  });
  await current.start();
  return current;
}

/** Launches an application and lets its window and content appear. */
async function launch(t: DesktopTest, name: string): Promise<number> {
  await act(async () => {
    await t.services.packages.launch(name);
  });
  await settle();
  const mine = started.filter((s) => s.app.name === name).at(-1);
  if (!mine) throw new Error(`${name} did not start`);
  return mine.window.wid;
}

afterEach(() => {
  current?.dispose();
  current = null;
  content = () => undefined;
  cleanup();
});

/** Whether a click on the element was left to the browser (its default not prevented). */
function clickReachesBrowser(element: Element, init: MouseEventInit = {}): boolean {
  let prevented = true;
  // Runs after the host's document listener; stops jsdom from "navigating".
  const after = (event: Event) => {
    prevented = event.defaultPrevented;
    event.preventDefault();
  };
  document.addEventListener('click', after);
  fireEvent.click(element, init);
  document.removeEventListener('click', after);
  return !prevented;
}

describe('AppHost', () => {
  it("mounts an app window's content into its body once, and runs the cleanup when the window closes", async () => {
    const calls: string[] = [];
    content = (body, window) => {
      body.innerHTML = `<p data-testid="app-content">window ${window.wid}</p>`;
      calls.push('render');
      return () => calls.push('cleanup');
    };
    const t = await render();
    const wid = await launch(t, 'Notes');
    const frame = t.frame(wid);
    expect(frame.getAttribute('data-app')).toBe('Notes');
    expect(frame.querySelector('[data-testid="app-content"]')?.textContent).toBe(`window ${wid}`);
    expect(frame.querySelector('.atr-window__body > .atr-app-content')).not.toBeNull();
    // The window changing does not render its content again.
    act(() => void t.windows.maximize(wid));
    act(() => void t.windows.setTitle(wid, 'Notes – March'));
    expect(calls).toEqual(['render']);
    act(() => void t.windows.close(wid));
    expect(calls).toEqual(['render', 'cleanup']);
    expect(t.services.packages.applications().map((a) => a.name)).not.toContain('Notes');
  });

  it('runs every cleanup when the desktop goes', async () => {
    const calls: string[] = [];
    content = () => () => calls.push('cleanup');
    const t = await render();
    await launch(t, 'Notes');
    t.unmount();
    expect(calls).toEqual(['cleanup']);
  });

  it('keeps the desktop up when a render throws', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    content = () => {
      throw new Error('broken app');
    };
    const t = await render();
    const wid = await launch(t, 'Notes');
    expect(t.frame(wid)).toBeTruthy();
    expect(logged).toHaveBeenCalledWith(`The content of window ${wid} could not be rendered.`, expect.any(Error));
    logged.mockRestore();
  });

  describe('links inside app windows (docs/behaviour/applications.md)', () => {
    /** A link in an app window; html may depend on the page's host. */
    async function linkIn(html: string | ((host: string) => string)) {
      let host = '';
      content = (body) => void (body.innerHTML = typeof html === 'string' ? html : html(host));
      const t = await render();
      host = t.env.location.host;
      const wid = await launch(t, 'Notes');
      return { t, link: t.frame(wid).querySelector('a')! };
    }
    const launched = (name: string) => started.filter((s) => s.app.name === name).map((s) => ({ args: s.app.args, options: s.app.options }));

    it('launches the app of a same-host link with ?app=, with the other parameters as args', async () => {
      const { link } = await linkIn((host) => `<a href="https://${host}/?app=Reports&year=2026">Reports</a>`);
      expect(clickReachesBrowser(link)).toBe(false);
      await settle();
      expect(launched('Reports')).toEqual([{ args: { year: '2026' }, options: expect.objectContaining({ restart: true }) }]);
    });

    it('opens the application named by a # link with an application attribute, on its page', async () => {
      const { link } = await linkIn('<a href="#" data-application="Chat" data-page="inbox">Chat</a>');
      fireEvent.click(link);
      await settle();
      expect(launched('Chat')).toEqual([{ args: {}, options: expect.objectContaining({ page: 'inbox' }) }]);
    });

    it('leaves other hosts and modified clicks to the browser', async () => {
      const { link: external } = await linkIn('<a href="https://example.org/?app=Chat">out</a>');
      expect(clickReachesBrowser(external)).toBe(true);
      const own = external.ownerDocument.createElement('a');
      own.setAttribute('href', '/?app=Chat');
      external.after(own);
      expect(clickReachesBrowser(own, { ctrlKey: true })).toBe(true);
      await settle();
      expect(launched('Chat')).toEqual([]);
    });

    describe('with a drilldown attribute (docs/behaviour/dashboards.md#drill-down-links)', () => {
      const OTHER = '7b0c1c9e-4a55-4a59-9f43-0b8e3bd0c002';
      // Where the wait for the link engine (loaded with the first link) gives up, not a figure of speed.
      const LOADED = { timeout: 15_000 };
      /** A link drilling with `drilldown` (JSON) over the element's `data`; attributes are written as HTML text. */
      const drillLink = (drilldown: unknown, data?: unknown) =>
        `<a href="#" data-drilldown='${JSON.stringify(drilldown)}'${data === undefined ? '' : ` data-drilldown-data='${JSON.stringify(data)}'`}>Email audits</a>`;
      /** The alert on the desktop now: its title and message. */
      const alertOf = (t: DesktopTest) => {
        const dialog = t.dialogs.dialogs().at(-1);
        if (!dialog) return null;
        const frame = t.frame(dialog.wid);
        return { title: frame.querySelector('[data-testid="window.title"]')?.textContent, message: frame.querySelector('[data-testid="dialog.message"]')?.textContent };
      };

      it('opens the dashboard it names with its filter and title filled from the link’s data', async () => {
        const drilldown = { target: 'dashboard', dashboard: OTHER, filter: [{ dimension: 'service', op: 'eq', value: '{service}' }], dashboardTitle: 'Audits of {service}' };
        const { link } = await linkIn(drillLink(drilldown, { service: 'Email', count: 12 }));
        expect(clickReachesBrowser(link)).toBe(false);
        await waitFor(() =>
          expect(launched('Dashboards')).toEqual([
            { args: { dashboard: OTHER, filter: [{ dimension: 'service', op: 'eq', value: 'Email' }], dashboardTitle: 'Audits of Email' }, options: expect.anything() },
          ]),
          LOADED,
        );
      });

      it('says in an alert that a widget target is unknown outside a dashboard', async () => {
        const { t, link } = await linkIn(drillLink({ target: 'widget', nextWidgetId: 'byAuditor' }, { service: 'Email' }));
        fireEvent.click(link);
        await waitFor(() => expect(alertOf(t)).toEqual({ title: 'Drill-down', message: "The drill-down target 'widget' is unknown." }), LOADED);
        expect(launched('Dashboards')).toEqual([]);
      });

      it('says which value the link’s data lacks, and opens nothing', async () => {
        const { t, link } = await linkIn(drillLink({ target: 'dashboard', dashboard: OTHER, filter: [{ dimension: 'service', op: 'eq', value: '{service}' }] }, { count: 3 }));
        fireEvent.click(link);
        await waitFor(() => expect(alertOf(t)?.message).toBe("The clicked element has no value for 'service'."), LOADED);
        expect(launched('Dashboards')).toEqual([]);
      });

      it('says a drilldown that is not one (not JSON, an unknown target) is unknown', async () => {
        const { t, link } = await linkIn('<a href="#" data-drilldown="byAuditor">Drill</a>');
        fireEvent.click(link);
        await waitFor(() => expect(alertOf(t)?.message).toBe("The drill-down target 'byAuditor' is unknown."), LOADED);
      });
    });

    it('leaves a click the app handled itself alone', async () => {
      const { link } = await linkIn('<a href="/?app=Chat">own</a>');
      link.addEventListener('click', (event) => event.preventDefault());
      fireEvent.click(link);
      await settle();
      expect(launched('Chat')).toEqual([]);
    });
  });

  it('highlights the window of an app asking for attention for a moment', async () => {
    const t = await render();
    const wid = await launch(t, 'Notes');
    const frame = t.frame(wid);
    vi.useFakeTimers();
    try {
      act(() => started[0]!.window.attention());
      act(() => void vi.advanceTimersToNextFrame());
      expect(frame.getAttribute('data-attention')).toBe('true');
      act(() => void vi.advanceTimersByTime(ATTENTION_DURATION));
      expect(frame.hasAttribute('data-attention')).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
