import { AppPortals, TextSourceProvider } from '@atrium/app-kit';
import { fakeApplication, TestTranslator } from '@atrium/app-kit/testing';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import metadata from '../metadata.json';
import runtime from './index.js';
import { dashboard, DASHBOARD_UUID, testServer, widget, type TestServer } from './model/testServer.js';

const bodies: HTMLElement[] = [];
/** The widgets mounted (the portals' registry is module-level, shared by the test files of a worker: leave it empty). */
const mounted: Array<() => void> = [];
afterEach(() => {
  act(() => {
    for (const remove of mounted.splice(0)) remove();
  });
  cleanup();
  for (const body of bodies.splice(0)) body.remove();
});

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

/** Mounts the home widget as the desktop does (PackageManager.mountHomeWidget): into an element of its own, with an instance lent to it. */
async function mountHome(server: TestServer, locale: 'en_EN' | 'de_DE' = 'en_EN') {
  const i18n = await TestTranslator.create(locale);
  render(
    <TextSourceProvider source={i18n}>
      <AppPortals />
    </TextSourceProvider>,
  );
  const app = fakeApplication(metadata as Parameters<typeof fakeApplication>[0], { request: server.request, locale, t: i18n.t, addTranslations: (texts) => i18n.addTranslations(texts) });
  const body = document.createElement('div');
  document.body.appendChild(body);
  bodies.push(body);
  let remove: void | (() => void) = undefined;
  await act(async () => {
    remove = await runtime.widgets!.home!(body, { app, dashboard: DASHBOARD_UUID });
  });
  await settle();
  // A second removal does nothing, so a test may remove it itself too.
  if (typeof remove === 'function') mounted.push(remove as () => void);
  return { app, body, remove: remove as unknown as () => void };
}

describe('the home widget', () => {
  it('shows the dashboard read-only in the element the desktop gives it: no Back, no Edit, no window', async () => {
    const server = testServer([{ ...dashboard([widget('a', { kind: 'table', title: 'By status' })]), mayEdit: true }]);
    const { app, body } = await mountHome(server);
    const home = within(body).getByTestId('dashboards.home');
    expect(home.classList).toContain('dsh--home');
    expect(within(home).getByTestId('dashboard.title').textContent).toBe('Operations');
    expect(within(home).getAllByTestId('widget.row')).toHaveLength(2);
    expect(within(home).queryByTestId('dashboard.edit')).toBeNull();
    expect(within(home).queryByTestId('dashboard.back')).toBeNull();
    expect(app.windowOptions).toEqual([]);
  });

  it("speaks the user's language without a launch, and says a dashboard that is not there", async () => {
    const { body } = await mountHome(testServer(), 'de_DE');
    expect(within(body).getByTestId('dashboard.failed').textContent).toContain('Dieses Dashboard gibt es nicht, oder es ist nicht mit Ihnen geteilt.');
  });

  it('drills in place, and forgets the drills and its content when the desktop removes it', async () => {
    const top = widget('top', { kind: 'table', title: 'By status', drilldown: { target: 'widget', nextWidgetId: 'people', filter: [{ dimension: 'status', op: 'eq', value: '{status}' }], widgetTitle: 'Status {status}', maxDepth: 3 } });
    const people = widget('people', { kind: 'table', position: undefined, title: 'By assignee' });
    const { app, body, remove } = await mountHome(testServer([dashboard([top, people])]));
    fireEvent.keyDown(within(body).getAllByTestId('widget.row')[0]!, { key: 'Enter' });
    await settle();
    expect(within(within(body).getByTestId('widget.top')).getByRole('heading').textContent).toBe('Status Open');
    act(() => remove());
    expect(body.childElementCount).toBe(0);
    expect(screen.queryByTestId('dashboards.home')).toBeNull();
    expect(app.desktop.drilldown.stack(DASHBOARD_UUID, 'top').view.depth).toBe(0);
  });
});
