import { builtinEntry } from '@atrium/client-core/testing';
import { defineApplication, type Application } from '@atrium/sdk';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { desktopPerTest, type DesktopTest } from '../testing/renderDesktop.js';
import { SearchItem } from './SearchItem.js';

let launched: Application[] = [];
beforeEach(() => {
  launched = [];
});

const render = desktopPerTest({
  manifest: [builtinEntry({ name: 'GlobalSearch', type: 'application', title: { en_EN: 'Global Search' }, singleton: true, defaultAppforOrgs: 1 })],
  builtins: {
    GlobalSearch: async () => ({
      default: defineApplication((app) => {
        launched.push(app);
        app.createWindow({ id: 'results', title: 'Global Search', render: () => undefined });
      }),
    }),
  },
  children: (
    <div role="toolbar" aria-label="Panel" className="atr-panel atr-panel--top">
      <SearchItem panel={0} item={0} position="top" options={{}} />
    </div>
  ),
});

const magnifier = () => screen.getByRole('button', { name: 'Global search' });
const searchRequests = (t: DesktopTest) => t.env.requests.filter((r) => r.path === '/api/v1/search' || r.path === '/api/v1/user/updateusersearchitems');

/** A started desktop whose user has searched for 'roadmap' and, before that, 'budget'. */
async function start(history = 'roadmap,budget'): Promise<DesktopTest> {
  const t = await render();
  t.auth.profile = { ...t.auth.profile, search_history: history };
  t.server.searchHistory = history;
  await act(() => t.session.updateProfile());
  await t.start();
  return t;
}

/** Opens the panel with the magnifier and waits for it (its code and texts are fetched on first use). */
async function openPanel(): Promise<HTMLElement> {
  fireEvent.click(magnifier());
  return screen.findByRole('dialog', { name: 'What are you searching for?' });
}

describe('the global search panel', () => {
  it("opens from the panel's magnifier with the title, the search bar focused and the five filters (the four kinds, then Records)", async () => {
    await start();
    expect(magnifier().getAttribute('aria-expanded')).toBe('false');
    const panel = await openPanel();
    expect(magnifier().getAttribute('aria-expanded')).toBe('true');
    const input = within(panel).getByRole('searchbox', { name: 'Search text' });
    await waitFor(() => expect(document.activeElement).toBe(input));
    const filters = within(within(panel).getByRole('group', { name: 'Search in' })).getAllByRole('button');
    expect(filters.map((b) => [b.textContent, b.getAttribute('aria-pressed')])).toEqual([
      ['Apps', 'false'],
      ['Users', 'false'],
      ['Attachments', 'false'],
      ['Comments', 'false'],
      ['Records', 'false'],
    ]);
    fireEvent.click(filters[1]!);
    expect(filters.map((b) => b.getAttribute('aria-pressed'))).toEqual(['false', 'true', 'false', 'false', 'false']);
    fireEvent.click(filters[2]!);
    expect(filters.map((b) => b.getAttribute('aria-pressed'))).toEqual(['false', 'false', 'true', 'false', 'false']);
    fireEvent.click(filters[4]!);
    expect(filters.map((b) => b.getAttribute('aria-pressed'))).toEqual(['false', 'false', 'false', 'false', 'true']);
    fireEvent.click(filters[4]!);
    expect(filters.map((b) => b.getAttribute('aria-pressed'))).toEqual(['false', 'false', 'false', 'false', 'false']);
  });

  it('lists the Recent searches, newest first; a click on one fills the search bar', async () => {
    await start();
    const panel = await openPanel();
    const recent = within(panel).getByRole('list', { name: 'Recent' });
    const entries = within(recent).getAllByRole('button');
    expect(entries.map((b) => b.textContent)).toEqual(['roadmap', 'budget']);
    fireEvent.click(entries[1]!);
    expect((within(panel).getByRole('searchbox') as HTMLInputElement).value).toBe('budget');
    expect(document.activeElement).toBe(within(panel).getByRole('searchbox'));
  });

  it('says when there is no recent search yet', async () => {
    await start('');
    const panel = await openPanel();
    expect(within(panel).getByText('Your recent searches will appear here.')).toBeTruthy();
  });

  it("refuses an empty search with 'Please enter something to search!' in a live region, sending nothing", async () => {
    const t = await start();
    const panel = await openPanel();
    const input = within(panel).getByRole('searchbox');
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.submit(input);
    const message = screen.getByTestId('globalSearch.message');
    expect(message.textContent).toBe('Please enter something to search!');
    expect(message.getAttribute('aria-live')).toBe('assertive');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby')!)).toBe(message);
    await act(() => t.clock.settle());
    expect(searchRequests(t)).toEqual([]);
    expect(launched).toEqual([]);
    expect(screen.getByRole('dialog')).toBe(panel);
  });

  it("refuses special characters only with 'The use of special characters is not allowed!', sending nothing; typing takes the message away", async () => {
    const t = await start();
    const panel = await openPanel();
    const input = within(panel).getByRole('searchbox');
    fireEvent.change(input, { target: { value: '#$%&*' } });
    fireEvent.submit(input);
    expect(screen.getByTestId('globalSearch.message').textContent).toBe('The use of special characters is not allowed!');
    await act(() => t.clock.settle());
    expect(searchRequests(t)).toEqual([]);
    expect(launched).toEqual([]);
    fireEvent.change(input, { target: { value: '#$%&*x' } });
    expect(screen.getByTestId('globalSearch.message').textContent).toBe('');
  });

  it('opens GlobalSearch with the text and the filter, closes the panel and saves the text first in Recent', async () => {
    const t = await start();
    const panel = await openPanel();
    fireEvent.click(within(panel).getByRole('button', { name: 'Comments' }));
    const input = within(panel).getByRole('searchbox');
    fireEvent.change(input, { target: { value: 'audit' } });
    fireEvent.submit(input);
    expect(screen.queryByRole('dialog', { name: 'What are you searching for?' })).toBeNull();
    await act(() => t.clock.settle());
    expect(launched.map((app) => app.args)).toEqual([{ searchedValue: 'audit', selectedFilter: 'comments' }]);
    expect(t.env.calls('POST', '/api/v1/user/updateusersearchitems').map((r) => r.json())).toEqual([{ search_history: 'audit' }]);
    const again = await openPanel();
    expect(within(within(again).getByRole('list', { name: 'Recent' })).getAllByRole('button').map((b) => b.textContent)).toEqual(['audit', 'roadmap', 'budget']);
  });

  it('opens GlobalSearch on the records with the Records filter', async () => {
    const t = await start();
    const panel = await openPanel();
    fireEvent.click(within(panel).getByRole('button', { name: 'Records' }));
    const input = within(panel).getByRole('searchbox');
    fireEvent.change(input, { target: { value: 'forklift' } });
    fireEvent.submit(input);
    await act(() => t.clock.settle());
    expect(launched.map((app) => app.args)).toEqual([{ searchedValue: 'forklift', selectedFilter: 'records' }]);
  });

  it('after the server refused a search as too many, says in the panel how many seconds to wait, and searches once they have passed', async () => {
    const t = await start();
    let input = within(await openPanel()).getByRole('searchbox');
    fireEvent.change(input, { target: { value: 'audit' } });
    fireEvent.submit(input);
    await act(() => t.clock.settle());
    const body = { status: 'error', message: 'Too many requests, please try again later', code: 'request.rate-limited', retryAfter: 30 };
    t.server.searchAnswer = () => new Response(JSON.stringify(body), { status: 429, statusText: 'Too Many Requests', headers: { 'Content-Type': 'application/json', 'Retry-After': '30' } });
    await act(async () => {
      await launched[0]!.desktop.search.query('audit').catch(() => undefined);
    });

    const panel = await openPanel();
    input = within(panel).getByRole('searchbox');
    act(() => t.clock.advance(5000));
    fireEvent.change(input, { target: { value: 'budget' } });
    fireEvent.submit(input);
    const message = screen.getByTestId('globalSearch.message');
    expect(message.textContent).toBe('Too many requests, please try again in 25 s');
    expect(screen.getByRole('dialog', { name: 'What are you searching for?' })).toBe(panel);
    act(() => t.clock.advance(25_000));
    fireEvent.submit(input);
    expect(screen.queryByRole('dialog', { name: 'What are you searching for?' })).toBeNull();
  });

  it('closes with Escape and gives focus back to the magnifier', async () => {
    await start();
    magnifier().focus();
    const panel = await openPanel();
    fireEvent.keyDown(within(panel).getByRole('searchbox'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(magnifier());
    expect(magnifier().getAttribute('aria-expanded')).toBe('false');
  });

  it('closes with Tab past its last control, or Shift+Tab before its first, and gives focus back to the magnifier (focus never drops to the page)', async () => {
    await start();
    magnifier().focus();
    let panel = await openPanel();
    const last = within(panel).getAllByTestId('globalSearch.recentEntry').at(-1)!;
    // Tab between the panel's own controls is the browser's: the panel stays.
    const filter = within(panel).getByTestId('globalSearch.filter.apps');
    filter.focus();
    fireEvent.keyDown(filter, { key: 'Tab' });
    expect(screen.queryByRole('dialog')).not.toBeNull();
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(magnifier());
    panel = await openPanel();
    const first = within(panel).getByTestId('globalSearch.close');
    first.focus();
    fireEvent.keyDown(first, { key: 'Tab', shiftKey: true });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(magnifier());
  });

  it('closes with a click outside it, and the magnifier closes it too', async () => {
    await start();
    await openPanel();
    fireEvent.pointerDown(document.body);
    expect(screen.queryByRole('dialog')).toBeNull();
    await openPanel();
    fireEvent.click(magnifier());
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
