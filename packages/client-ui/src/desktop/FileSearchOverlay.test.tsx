import { FileSystemError, MemoryFileSystem, memoryMountpoint, RequestError } from '@atrium/client-core';
import { builtinEntry } from '@atrium/client-core/testing';
import { defineApplication, type Application } from '@atrium/sdk';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { desktopPerTest } from '../testing/renderDesktop.js';

// As after the first opening: the overlay's code (loaded with it) has arrived.
beforeAll(() => import('./FileSearchOverlay.js'));

const launched: Application[] = [];
const files = () =>
  new MemoryFileSystem({
    mountpoints: [memoryMountpoint('home', { label: 'Home' }), memoryMountpoint('archive', { attributes: { searchable: false } })],
    files: { 'home:/Reports/q1-report.txt': 'q1', 'home:/notes.txt': 'notes', 'archive:/report-2019.txt': 'old' },
  });
let fileSystem = files();

const desktop = desktopPerTest({
  get fileSystem() {
    return fileSystem;
  },
  manifest: [builtinEntry({ name: 'TextEditor', type: 'application', title: { en_EN: 'Text Editor' }, defaultAppforOrgs: 1, mimes: ['^text/'] })],
  builtins: {
    TextEditor: async () => ({
      default: defineApplication((app) => {
        launched.push(app);
        app.createWindow({ id: 'main', title: 'Text Editor', render: () => undefined });
      }),
    }),
  },
  children: (
    <button type="button" data-testid="opener">
      Opener
    </button>
  ),
});

const overlay = () => screen.queryByRole('dialog', { name: 'Search files' });
const input = () => screen.getByRole('combobox', { name: 'File name' });
const message = () => screen.getByTestId('fileSearch.message').textContent;
const results = () => within(screen.getByTestId('fileSearch.results')).queryAllByRole('option');
const key = (k: string) => fireEvent.keyDown(input(), { key: k });

async function openWithF3() {
  const t = await desktop();
  await t.start();
  fireEvent.keyDown(document.body, { key: 'F3', code: 'F3', keyCode: 114 });
  await waitFor(() => expect(overlay()).not.toBeNull());
  return t;
}

async function search(text: string) {
  fireEvent.change(input(), { target: { value: text } });
  key('Enter');
  await waitFor(() => expect(message()).not.toBe('Searching…'));
}

describe('the filesystem search overlay', () => {
  it('opens with F3 on its text box, with a message line and no results yet', async () => {
    fileSystem = files();
    await openWithF3();
    expect(overlay()!.getAttribute('aria-modal')).toBe('false');
    await waitFor(() => expect(document.activeElement).toBe(input()));
    expect(input().getAttribute('placeholder')).toBe('Search files by name');
    expect(message()).toBe('Type part of a name and press Enter.');
    expect(screen.getByRole('status').id).toBe(input().getAttribute('aria-describedby'));
    expect(results()).toEqual([]);
  });

  it('opens from the tray icon', async () => {
    fileSystem = files();
    const t = await desktop();
    await t.start();
    act(() => {
      const icon = t.services.tray.getState().entries.find((e) => e.icon === 'file-search')!;
      t.services.tray.click(icon.id, { x: 0, y: 0, keyboard: true });
    });
    await waitFor(() => expect(overlay()).not.toBeNull());
  });

  it('searches with Enter, lists results with their paths, and says how many were found', async () => {
    fileSystem = files();
    const searchSpy = vi.spyOn(fileSystem, 'search');
    await openWithF3();
    await search('report');
    expect(searchSpy).toHaveBeenCalledWith('home:/', '*report*');
    expect(searchSpy).not.toHaveBeenCalledWith('archive:/', expect.anything());
    expect(message()).toBe('Files found: 2');
    expect(results().map((o) => o.textContent)).toEqual(['Reportshome:/ReportsFolder', 'q1-report.txthome:/Reports/q1-report.txt2 B']);
    await search('zebra');
    expect(message()).toBe('No file or folder matches “zebra”.');
  });

  it('moves through the results with the arrow keys and opens the selected file with Enter', async () => {
    fileSystem = files();
    launched.length = 0;
    await openWithF3();
    await search('report');
    key('ArrowDown');
    key('ArrowDown');
    const [, second] = results();
    expect(second!.getAttribute('aria-selected')).toBe('true');
    expect(input().getAttribute('aria-activedescendant')).toBe(second!.id);
    key('Enter');
    await waitFor(() => expect(launched).toHaveLength(1));
    expect(launched[0]!.args.file).toMatchObject({ path: 'home:/Reports/q1-report.txt' });
    await waitFor(() => expect(overlay()).toBeNull());
  });

  it('scrolls to the result chosen with the keys, not to one the pointer passes over', async () => {
    fileSystem = files();
    await openWithF3();
    await search('report');
    const scrolled: string[] = [];
    Object.defineProperty(Element.prototype, 'scrollIntoView', {
      configurable: true,
      value(this: HTMLElement) {
        scrolled.push(this.textContent ?? '');
      },
    });
    try {
      fireEvent.pointerMove(results()[1]!);
      expect(results()[1]!.getAttribute('aria-selected')).toBe('true');
      expect(scrolled).toEqual([]);
      key('ArrowUp');
      expect(results()[0]!.getAttribute('aria-selected')).toBe('true');
      expect(scrolled).toHaveLength(1);
      expect(scrolled[0]).toContain(results()[0]!.querySelector('.atr-file-search__name')!.textContent);
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  it('Escape clears the text and results, then hides, giving focus back', async () => {
    fileSystem = files();
    await openWithF3();
    await search('notes');
    expect(results()).toHaveLength(1);
    key('Escape');
    expect(input()).toHaveProperty('value', '');
    expect(results()).toEqual([]);
    expect(overlay()).not.toBeNull();
    key('Escape');
    expect(overlay()).toBeNull();
  });

  it('hides 300 ms after focus leaves it, and stays when it comes back in time', async () => {
    fileSystem = files();
    const t = await openWithF3();
    const opener = screen.getByTestId('opener');
    act(() => opener.focus());
    act(() => t.clock.advance(200));
    act(() => input().focus());
    act(() => t.clock.advance(500));
    expect(overlay()).not.toBeNull();
    act(() => opener.focus());
    act(() => t.clock.advance(299));
    expect(overlay()).not.toBeNull();
    act(() => t.clock.advance(1));
    expect(overlay()).toBeNull();
  });

  it('shows a failure in the user’s words', async () => {
    fileSystem = files();
    vi.spyOn(fileSystem, 'search').mockRejectedValue(new FileSystemError('notMounted', { name: 'home' }));
    await openWithF3();
    await search('report');
    expect(message()).toBe("The search failed: Filesystem 'home' not mounted");
  });

  it('says when to search again when the server refused the search as too many', async () => {
    fileSystem = files();
    const body = { status: 'error', message: 'Too many requests, please try again later', code: 'request.rate-limited', retryAfter: 12 };
    vi.spyOn(fileSystem, 'search').mockRejectedValue(new RequestError('request.failed', { status: 429, body, reason: body.message }));
    await openWithF3();
    await search('report');
    expect(message()).toBe('The search failed: Too many requests, please try again in 12 s');
  });
});
