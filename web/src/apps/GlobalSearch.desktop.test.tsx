import { MemoryFileSystem, memoryMountpoint } from '@atrium/client-core';
import { builtinEntry } from '@atrium/client-core/testing';
import { AppHost, AppPortals } from '@atrium/client-ui';
import { desktopPerTest, type DesktopTest } from '@atrium/client-ui/testing';
import { defineApplication, type Application } from '@atrium/sdk';
import { HIGHLIGHT_END as E, HIGHLIGHT_START as S, type PackageMetadataInput, type SearchResponse } from '@atrium/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import metadata from '@atrium/app-global-search/metadata.json';

let launched: Record<string, Application[]> = {};
beforeEach(() => {
  launched = {};
});
const recording = (name: string) => async () => ({
  default: defineApplication((app) => {
    (launched[name] ??= []).push(app);
    app.createWindow({ id: 'main', title: name, render: () => undefined });
  }),
});

const render = desktopPerTest({
  manifest: [
    builtinEntry(metadata as PackageMetadataInput),
    builtinEntry({ name: 'Reports', type: 'application', title: { en_EN: 'Operations Reports' }, defaultAppforOrgs: 1 }),
    builtinEntry({ name: 'TextEditor', type: 'application', title: { en_EN: 'Text Editor' }, defaultAppforOrgs: 1, mimes: ['^text/'] }),
    builtinEntry({ name: 'Incidents', type: 'application', title: { en_EN: 'Incidents' }, defaultAppforOrgs: 1 }),
  ],
  builtins: { GlobalSearch: () => import('@atrium/app-global-search'), Reports: recording('Reports'), TextEditor: recording('TextEditor'), Incidents: recording('Incidents') },
  fileSystem: new MemoryFileSystem({ mountpoints: [memoryMountpoint('home', { label: 'Home' })], files: { 'home:/Finance/budget-2026.txt': 'The budget for 2026', 'home:/Finance/photo list.txt': 'Photos to take' } }),
  children: (
    <>
      <AppHost />
      <AppPortals />
    </>
  ),
});

/** What the scripted server finds for 'budget': one of each kind, and 23 comments in all (two pages). */
function budgetAnswer(q: string, skip = 0): SearchResponse {
  const comment = (n: number) => ({
    kind: 'comments' as const,
    id: `c${n}`,
    taskId: `t${n}`,
    task_name: `Q${n} review`,
    appName: 'Audits',
    author: { id: 'u-liam', name: 'Liam Berg' },
    created_at: '2026-03-02T10:00:00.000Z',
    snippet: `Check the ${S}budget${E} line ${n} <b>now</b>`,
  });
  return {
    q,
    filter: null,
    apps: { count: 1, items: [{ kind: 'apps', name: 'Reports', title: 'Operations Reports', category: 'operational intelligence', snippet: `Monthly ${S}budget${E} reports` }] },
    users: { count: 1, items: [{ kind: 'users', id: 'u-olivia', name: 'Olivia Hart', username: 'olivia', designation: 'Head of Operations', snippet: `Owner of the ${S}budget${E}` }] },
    attachments: {
      count: 1,
      items: [{ kind: 'attachments', id: 'f1', path: 'home:/Finance/budget-2026.txt', filename: 'budget-2026.txt', mime: 'text/plain', size: 19, matchedIn: 'name', snippet: `${S}budget${E}-2026.txt` }],
    },
    comments: { count: 23, items: Array.from({ length: Math.min(20, 23 - skip) }, (_, i) => comment(skip + i + 1)) },
    records: { count: 0, items: [] },
  };
}

const NONE = { count: 0, items: [] };
const INCIDENTS = { appLabel: { en_EN: 'Incidents', de_DE: 'Vorfälle' }, entityLabel: { en_EN: 'Incident', de_DE: 'Vorfall' } };

/** What the scripted server finds for 'forklift': a record of a declared application, and a comment on another. */
function forkliftAnswer(q: string): SearchResponse {
  return {
    q,
    filter: null,
    apps: NONE,
    users: NONE,
    attachments: NONE,
    comments: {
      count: 1,
      items: [
        {
          kind: 'comments',
          id: 'rc1',
          record: { app: 'Incidents', ...INCIDENTS, entity: 'incident', name: 'INC-2026-00007', title: 'Spill in aisle 4' },
          author: { id: 'u-liam', name: 'Liam Berg' },
          created_at: '2026-03-02T10:00:00.000Z',
          snippet: `The ${S}forklift${E} was moved`,
        },
      ],
    },
    records: {
      count: 1,
      items: [{ kind: 'records', app: 'Incidents', ...INCIDENTS, entity: 'incident', name: 'INC-2026-00042', title: 'Forklift brake failure', colour: 'RED', snippet: `${S}Forklift${E} brake failure` }],
    },
  };
}

/** What the scripted server finds for 'photo': a file of the user's home, and one attached to an incident. */
function photoAnswer(q: string): SearchResponse {
  const file = { kind: 'attachments' as const, mime: 'text/plain', size: 2048, matchedIn: 'name' as const };
  return {
    q,
    filter: null,
    apps: NONE,
    users: NONE,
    attachments: {
      count: 2,
      items: [
        { ...file, id: 'f2', path: 'home:/Finance/photo list.txt', filename: 'photo list.txt', snippet: `${S}photo${E} list.txt` },
        {
          ...file,
          id: 'f3',
          path: 'records:/Incidents/INC-2026-00042/photo of the brake.txt',
          filename: 'photo of the brake.txt',
          snippet: `${S}photo${E} of the brake.txt`,
          record: { app: 'Incidents', ...INCIDENTS, entity: 'incident', name: 'INC-2026-00042', title: 'Forklift brake failure' },
        },
      ],
    },
    comments: NONE,
    records: NONE,
  };
}

async function start(): Promise<DesktopTest> {
  const t = await render();
  t.server.searchAnswer = ({ q, filter, skip }) =>
    q.toLowerCase() === 'budget' ? { ...budgetAnswer(q, skip), filter: filter || null } : q.toLowerCase() === 'forklift' ? forkliftAnswer(q) : q.toLowerCase() === 'photo' ? photoAnswer(q) : { q, filter: null, apps: NONE, users: NONE, attachments: NONE, comments: NONE, records: NONE };
  t.env.route('GET', /^\/api\/v1\/user\/[^/]+\/detail$/, () => new Response(JSON.stringify({ status: 'success', data: { name: 'Olivia Hart', designation: 'Head of Operations', username: 'olivia', email: null, icon: null, manager_name: null, country: 'Norway' } }), { status: 200, headers: { 'Content-Type': 'application/json' } }));
  await t.start();
  return t;
}

async function launch(t: DesktopTest, args: Record<string, unknown>) {
  await act(async () => {
    await t.services.packages.launch({ app: 'GlobalSearch', args });
    await t.clock.settle();
  });
}

const app = () => screen.getByTestId('globalSearchApp');
const tab = (name: string | RegExp) => within(app()).getByRole('tab', { name });
const results = () => within(app()).queryAllByTestId('globalSearchApp.result');
const selected = () => within(app()).getAllByRole('tab').find((el) => el.getAttribute('aria-selected') === 'true')?.textContent;

describe('GlobalSearch', () => {
  it('searches the launched text and shows every kind with its count, the matched words in <mark> and never as HTML', async () => {
    const t = await start();
    await launch(t, { searchedValue: 'budget', selectedFilter: '' });
    await waitFor(() => expect(results().length).toBeGreaterThan(0));
    expect((within(app()).getByRole('searchbox', { name: 'Search text' }) as HTMLInputElement).value).toBe('budget');
    expect(within(app()).getAllByRole('tab').map((el) => el.textContent)).toEqual(['All 26', 'Apps 1', 'Users 1', 'Attachments 1', 'Comments 23', 'Records 0']);
    expect(selected()).toBe('All 26');
    // The All tab: each kind's first five, and a way to see the rest.
    expect(results().map((r) => r.dataset.kind)).toEqual(['apps', 'users', 'attachments', 'comments', 'comments', 'comments', 'comments', 'comments']);
    expect(within(app()).getByRole('button', { name: 'Show all 23' })).toBeTruthy();
    expect([...app().querySelectorAll('mark')].map((m) => m.textContent)).toContain('budget');
    expect(app().querySelector('b')).toBeNull();
    expect(results()[3]!.textContent).toContain('Check the budget line 1 <b>now</b>');
    expect(t.windows.windows().find((w) => w.title.endsWith('Global Search'))?.title).toBe('budget – Global Search');
    expect(t.server.searchQueries).toEqual([{ q: 'budget', filter: '', take: 20, skip: 0 }]);
  });

  it('opens on the tab of the selected filter, and fetches the next page of a kind with Show more', async () => {
    const t = await start();
    await launch(t, { searchedValue: 'budget', selectedFilter: 'comments' });
    await waitFor(() => expect(results()).toHaveLength(20));
    expect(selected()).toBe('Comments 23');
    fireEvent.click(within(app()).getByRole('button', { name: 'Show more' }));
    await act(() => t.clock.settle());
    await waitFor(() => expect(results()).toHaveLength(23));
    expect(within(app()).queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(t.server.searchQueries.at(-1)).toEqual({ q: 'budget', filter: 'comments', take: 20, skip: 20 });
  });

  it("shows a count the server stopped at as '1,000+', and fetches pages until one brings nothing new", async () => {
    const t = await start();
    const answer = t.server.searchAnswer;
    t.server.searchAnswer = (query) => {
      const response = answer(query) as SearchResponse;
      // One file on every page: past the first, nothing new, though the server stopped counting at its cap.
      return { ...response, attachments: { count: 1000, countCapped: true, items: response.attachments.items } } as SearchResponse;
    };
    await launch(t, { searchedValue: 'budget', selectedFilter: 'attachments' });
    await waitFor(() => expect(results()).toHaveLength(1));
    expect(selected()).toBe('Attachments 1,000+');
    expect(tab(/^All/).textContent).toBe('All 1,025+');
    fireEvent.click(within(app()).getByRole('button', { name: 'Show more' }));
    await act(() => t.clock.settle());
    await waitFor(() => expect(within(app()).queryByRole('button', { name: 'Show more' })).toBeNull());
    expect(selected()).toBe('Attachments 1');
  });

  it('moves through the results with the arrow keys and through the tabs with left and right', async () => {
    const t = await start();
    await launch(t, { searchedValue: 'budget', selectedFilter: '' });
    await waitFor(() => expect(results().length).toBe(8));
    const [first, second] = results();
    expect(first!.tabIndex).toBe(0);
    expect(second!.tabIndex).toBe(-1);
    first!.focus();
    fireEvent.keyDown(first!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(second);
    fireEvent.keyDown(second!, { key: 'End' });
    expect(document.activeElement).toBe(results().at(-1));
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(document.activeElement).toBe(first);
    tab(/^All/).focus();
    fireEvent.keyDown(tab(/^All/), { key: 'ArrowRight' });
    expect(selected()).toBe('Apps 1');
    expect(document.activeElement).toBe(tab(/^Apps/));
    expect(results().map((r) => r.dataset.kind)).toEqual(['apps']);
  });

  it("opens what a result names: the application, the person's profile card near it, the file in its application, the task's comments", async () => {
    const t = await start();
    await launch(t, { searchedValue: 'budget', selectedFilter: '' });
    await waitFor(() => expect(results().length).toBe(8));
    const byKind = (kind: string) => results().find((r) => r.dataset.kind === kind)!;

    await act(async () => {
      fireEvent.click(byKind('apps'));
      await t.clock.settle();
    });
    expect(launched.Reports).toHaveLength(1);

    await act(async () => {
      fireEvent.click(byKind('users'));
      await t.clock.settle();
    });
    expect(t.services.profileCard.getState()).toMatchObject({ userId: 'u-olivia' });

    await act(async () => {
      fireEvent.click(byKind('attachments'));
      await t.clock.settle();
    });
    expect(launched.TextEditor?.[0]?.args.file).toMatchObject({ path: 'home:/Finance/budget-2026.txt' });

    act(() => fireEvent.click(byKind('comments')));
    expect(t.services.work.getState().dialog).toEqual({ kind: 'comments', taskId: 't1' });
  });

  it('shows a record with its colour, entity and application, and a comment on a record; either opens the record in its application', async () => {
    const t = await start();
    await launch(t, { searchedValue: 'forklift', selectedFilter: '' });
    await waitFor(() => expect(results()).toHaveLength(2));
    expect(results().map((r) => r.dataset.kind)).toEqual(['comments', 'records']);
    const [comment, record] = results();
    expect(comment!.textContent).toContain('On Incident “Spill in aisle 4” in Incidents');
    expect(record!.textContent).toContain('Forklift brake failure');
    expect(record!.textContent).toContain('Incident INC-2026-00042 in Incidents');
    expect(within(record!).getByRole('img', { name: 'Red' }).dataset.colour).toBe('RED');
    expect([...record!.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['Forklift']);
    expect(selected()).toBe('All 2');
    fireEvent.click(tab('Records 1'));
    expect(results()).toHaveLength(1);

    fireEvent.click(results()[0]!);
    await act(() => t.clock.settle());
    await waitFor(() => expect(launched.Incidents).toHaveLength(1));
    expect(launched.Incidents![0]!.args).toMatchObject({ record: 'INC-2026-00042' });
    fireEvent.click(tab(/^Comments/));
    fireEvent.click(results()[0]!);
    await act(() => t.clock.settle());
    await waitFor(() => expect(launched.Incidents).toHaveLength(2));
    expect(launched.Incidents![1]!.args).toMatchObject({ record: 'INC-2026-00007' });
  });

  it('names the record a file found is attached to, and opens that record rather than the file', async () => {
    const t = await start();
    await launch(t, { searchedValue: 'photo', selectedFilter: 'attachments' });
    await waitFor(() => expect(results()).toHaveLength(2));
    const [own, attached] = results();
    expect(own!.textContent).toContain('home:/Finance/photo list.txt');
    expect(attached!.textContent).toContain('On Incident “Forklift brake failure” in Incidents');
    expect(attached!.textContent).not.toContain('records:/');
    expect([...attached!.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['photo']);

    fireEvent.click(attached!);
    await act(() => t.clock.settle());
    await waitFor(() => expect(launched.Incidents).toHaveLength(1));
    expect(launched.Incidents![0]!.args).toMatchObject({ record: 'INC-2026-00042' });
    expect(launched.TextEditor).toBeUndefined();
    fireEvent.click(own!);
    await act(() => t.clock.settle());
    await waitFor(() => expect(launched.TextEditor).toHaveLength(1));
  });

  it('is one window: a new search from the panel reaches it with the new text and filter', async () => {
    const t = await start();
    await launch(t, { searchedValue: 'budget', selectedFilter: '' });
    await waitFor(() => expect(results().length).toBe(8));
    await launch(t, { searchedValue: 'nothing here', selectedFilter: 'users' });
    await waitFor(() => expect(within(app()).getByTestId('globalSearchApp.empty').textContent).toBe('Nothing found for “nothing here”Check the spelling, or try other or fewer words.'));
    expect(screen.getAllByTestId('globalSearchApp')).toHaveLength(1);
    expect(selected()).toBe('Users 0');
    expect(t.windows.windows().filter((w) => w.title.endsWith('Global Search')).map((w) => w.title)).toEqual(['nothing here – Global Search']);
  });

  it('refuses an empty text or one of special characters in its own field without sending it', async () => {
    const t = await start();
    await launch(t, { searchedValue: 'budget', selectedFilter: '' });
    await waitFor(() => expect(results().length).toBe(8));
    const input = within(app()).getByRole('searchbox');
    fireEvent.change(input, { target: { value: '?!*' } });
    fireEvent.submit(input);
    expect(within(app()).getByTestId('globalSearchApp.problem').textContent).toBe('The use of special characters is not allowed!');
    fireEvent.change(input, { target: { value: ' ' } });
    fireEvent.submit(input);
    expect(within(app()).getByTestId('globalSearchApp.problem').textContent).toBe('Please enter something to search!');
    await act(() => t.clock.settle());
    expect(t.server.searchQueries).toHaveLength(1);
    expect(t.env.calls('POST', '/api/v1/user/updateusersearchitems')).toEqual([]);
  });

  it('says what happened when the search fails and what to do, the details behind a disclosure, and tries again', async () => {
    const t = await start();
    const answer = t.server.searchAnswer;
    t.server.searchAnswer = () => new Response(JSON.stringify({ status: 'error', message: 'Search is unavailable' }), { status: 503, statusText: 'Service Unavailable', headers: { 'Content-Type': 'application/json' } });
    await launch(t, { searchedValue: 'budget', selectedFilter: '' });
    const error = await within(app()).findByTestId('globalSearchApp.error');
    expect(within(error).getByRole('heading').textContent).toBe('The search could not be done');
    expect(error.textContent).toContain('Check your connection, then try again.');
    const disclosure = within(error).getByRole('button', { name: 'Technical details' });
    expect(disclosure.getAttribute('aria-expanded')).toBe('false');
    expect(within(error).queryByTestId('globalSearchApp.details.text')).toBeNull();
    fireEvent.click(disclosure);
    expect(within(error).getByTestId('globalSearchApp.details.text').textContent).toContain('Search is unavailable');
    t.server.searchAnswer = answer;
    await act(async () => {
      fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
      await t.clock.settle();
    });
    await waitFor(() => expect(results().length).toBe(8));
  });

  it('says when to search again, instead of a connection to check, when the server refused the search as too many; the same for Show more', async () => {
    const t = await start();
    const answer = t.server.searchAnswer;
    const tooMany = (seconds: number) =>
      new Response(JSON.stringify({ status: 'error', message: 'Too many requests, please try again later', code: 'request.rate-limited', retryAfter: seconds }), {
        status: 429,
        statusText: 'Too Many Requests',
        headers: { 'Content-Type': 'application/json', 'Retry-After': String(seconds) },
      });
    t.server.searchAnswer = () => tooMany(12);
    await launch(t, { searchedValue: 'budget', selectedFilter: 'comments' });
    const error = await within(app()).findByTestId('globalSearchApp.error');
    expect(within(error).getByRole('heading').textContent).toBe('The search could not be done');
    expect(error.textContent).toContain('Too many requests, please try again in 12 s');
    expect(error.textContent).not.toContain('Check your connection');

    t.server.searchAnswer = answer;
    await act(async () => {
      fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
      await t.clock.settle();
    });
    await waitFor(() => expect(results()).toHaveLength(20));
    t.server.searchAnswer = () => tooMany(3);
    fireEvent.click(within(app()).getByRole('button', { name: 'Show more' }));
    await act(() => t.clock.settle());
    await waitFor(() => expect(within(app()).getByRole('alert').textContent).toBe('More results could not be loaded. Too many requests, please try again in 3 s'));
  });
});
