import { act, cleanup, fireEvent } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderDesktop, type DesktopTest } from '../testing/renderDesktop.js';
import { fakeRuntime, type FakeRuntime } from '../testing/fakeRuntime.js';
import { AppHost, ATTENTION_DURATION } from './AppHost.js';

let runtime: FakeRuntime;
let current: DesktopTest | null = null;

/** A desktop with the host over a fresh fake runtime. */
async function render(): Promise<DesktopTest> {
  runtime = fakeRuntime();
  current = await renderDesktop({ runtime, children: <AppHost /> });
  return current;
}

afterEach(() => {
  current?.dispose();
  current = null;
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
  it("mounts an app window's content into its body and runs the cleanup when the window closes", async () => {
    const desktop = await render();
    const record = desktop.open({ appId: 'Demo' });
    const calls: string[] = [];
    act(() =>
      runtime.packages.setContent(record.wid, (body, window) => {
        body.innerHTML = `<p data-testid="app-content">window ${window.wid}</p>`;
        calls.push('render');
        return () => calls.push('cleanup');
      }),
    );
    const frame = desktop.frame(record.wid);
    expect(frame.querySelector('[data-testid="app-content"]')?.textContent).toBe(`window ${record.wid}`);
    expect(frame.querySelector('.atr-window__body > .atr-app-content')).not.toBeNull();
    act(() => void desktop.windows.close(record.wid));
    act(() => runtime.packages.setContent(record.wid, null));
    expect(calls).toEqual(['render', 'cleanup']);
  });

  it('renders content registered before the window body exists once the body appears', async () => {
    const desktop = await render();
    const calls: string[] = [];
    // The content is known for wid 1 before the window is open.
    act(() => runtime.packages.setContent(1, () => void calls.push('render')));
    expect(calls).toEqual([]);
    desktop.open();
    expect(calls).toEqual(['render']);
  });

  it('runs every cleanup when the desktop goes', async () => {
    const desktop = await render();
    const record = desktop.open();
    const calls: string[] = [];
    act(() => runtime.packages.setContent(record.wid, () => () => calls.push('cleanup')));
    desktop.unmount();
    expect(calls).toEqual(['cleanup']);
  });

  it('keeps the desktop up when a render throws', async () => {
    const desktop = await render();
    const record = desktop.open();
    const error = console.error;
    console.error = () => undefined;
    try {
      act(() =>
        runtime.packages.setContent(record.wid, () => {
          throw new Error('broken app');
        }),
      );
    } finally {
      console.error = error;
    }
    expect(desktop.frame(record.wid)).toBeTruthy();
  });

  describe('links inside app windows (§2)', () => {
    async function linkIn(html: string) {
      const desktop = await render();
      const record = desktop.open();
      act(() => runtime.packages.setContent(record.wid, (body) => void (body.innerHTML = html)));
      return desktop.frame(record.wid).querySelector('a')!;
    }

    it('launches the app of a same-host link with ?app=, with the other parameters as args', async () => {
      const link = await linkIn(`<a href="http://${window.location.host}/?app=Reports&year=2026">Reports</a>`);
      expect(clickReachesBrowser(link)).toBe(false);
      expect(runtime.packages.links.at(-1)).toEqual({ kind: 'launch', app: 'Reports', args: { year: '2026' } });
    });

    it('hands a # link with an application attribute to the package manager', async () => {
      const link = await linkIn('<a href="#" data-application="Chat" data-page="inbox">Chat</a>');
      fireEvent.click(link);
      expect(runtime.packages.links.at(-1)).toEqual({ kind: 'app', app: 'Chat', page: 'inbox' });
    });

    it('leaves other hosts and modified clicks to the browser', async () => {
      const external = await linkIn('<a href="https://example.org/?app=Chat">out</a>');
      expect(clickReachesBrowser(external)).toBe(true);
      const own = external.ownerDocument.createElement('a');
      own.setAttribute('href', '/?app=Chat');
      external.after(own);
      expect(clickReachesBrowser(own, { ctrlKey: true })).toBe(true);
      expect(runtime.packages.links).toEqual([]);
    });

    it('leaves a click the app handled itself alone', async () => {
      const link = await linkIn('<a href="/?app=Chat">own</a>');
      link.addEventListener('click', (event) => event.preventDefault());
      fireEvent.click(link);
      expect(runtime.packages.links).toEqual([]);
    });
  });

  it('highlights the window of an app asking for attention for a moment', async () => {
    const desktop = await render();
    const record = desktop.open({ appId: 'Preferences' });
    const frame = desktop.frame(record.wid);
    expect(frame.getAttribute('data-app')).toBe('Preferences');
    vi.useFakeTimers();
    try {
      act(() => runtime.packages.attention(record.wid));
      act(() => void vi.advanceTimersToNextFrame());
      expect(frame.getAttribute('data-attention')).toBe('true');
      act(() => void vi.advanceTimersByTime(ATTENTION_DURATION));
      expect(frame.hasAttribute('data-attention')).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
