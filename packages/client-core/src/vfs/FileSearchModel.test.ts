import { describe, expect, it, vi } from 'vitest';
import { RequestError } from '../api/RequestError.js';
import { FakeClock, flushPromises } from '../testing/FakeClock.js';
import type { FileEntry, FileSystem } from './FileSystem.js';
import { FileSearchModel } from './FileSearchModel.js';
import { FileSystemError } from '@atrium/sdk';
import { MemoryFileSystem, memoryMountpoint } from '@atrium/sdk/testing';

function files() {
  return new MemoryFileSystem({
    mountpoints: [
      memoryMountpoint('home', { label: 'Home' }),
      memoryMountpoint('shared', { label: 'Shared' }),
      memoryMountpoint('archive', { attributes: { searchable: false } }),
      memoryMountpoint('old', { mounted: false }),
    ],
    files: {
      'home:/Reports/q1-report.txt': 'q1',
      'home:/notes.txt': 'n',
      'shared:/Team report.pdf': 'pdf',
      'archive:/report-2019.txt': 'old',
      'old:/report-old.txt': 'old',
    },
  });
}

function setup(fs: FileSystem = files(), options: { hasFiles?: boolean } = {}) {
  const clock = new FakeClock();
  const opened: FileEntry[] = [];
  const folders: string[] = [];
  let hidden = 0;
  const model = new FileSearchModel({
    files: fs,
    clock,
    openFile: async (file) => void opened.push(file),
    openDirectory: async (path) => {
      if (options.hasFiles === false) return false;
      folders.push(path);
      return true;
    },
    hide: () => void hidden++,
  });
  return { model, clock, opened, folders, fs, hidden: () => hidden };
}

const paths = (model: FileSearchModel) => model.getState().results.map((e) => e.path);

describe('FileSearchModel search', () => {
  it('searches every mounted, searchable filesystem for the text wrapped in wildcards', async () => {
    const fs = files();
    const search = vi.spyOn(fs, 'search');
    const { model } = setup(fs);
    model.setText('report');
    await model.enter();
    expect(search.mock.calls.map(([root, pattern]) => [root, pattern])).toEqual([
      ['home:/', '*report*'],
      ['shared:/', '*report*'],
    ]);
    expect(paths(model)).toEqual(['home:/Reports', 'home:/Reports/q1-report.txt', 'shared:/Team report.pdf']);
    expect(model.getState().message).toEqual({ kind: 'results', count: 3 });
    expect(model.getState().selected).toBe(-1);
  });

  it('says it is searching while the search is under way, and when nothing matches', async () => {
    const { model } = setup();
    expect(model.getState().message).toEqual({ kind: 'hint' });
    model.setText('zebra');
    const searching = model.enter();
    expect(model.getState().message).toEqual({ kind: 'searching' });
    await searching;
    expect(model.getState().message).toEqual({ kind: 'none', text: 'zebra' });
    expect(model.getState().results).toEqual([]);
  });

  it('does nothing for an empty text', async () => {
    const fs = files();
    const search = vi.spyOn(fs, 'search');
    const { model } = setup(fs);
    model.setText('   ');
    await model.enter();
    expect(search).not.toHaveBeenCalled();
    expect(model.getState().message).toEqual({ kind: 'hint' });
  });

  it('shows the failure when every filesystem fails, and what the others found when one fails', async () => {
    const fs = files();
    const search = vi.spyOn(fs, 'search').mockRejectedValue(new FileSystemError('notSearchable', { name: 'home' }));
    const { model } = setup(fs);
    model.setText('report');
    await model.enter();
    expect(model.getState().message).toMatchObject({ kind: 'error', error: { code: 'vfs.notSearchable' } });
    search.mockRestore();
    const original = fs.search.bind(fs);
    vi.spyOn(fs, 'search').mockImplementation((root, pattern) => (root === 'home:/' ? Promise.reject(new Error('down')) : original(root, pattern)));
    await model.search();
    expect(paths(model)).toEqual(['shared:/Team report.pdf']);
    expect(model.getState().message).toEqual({ kind: 'results', count: 1 });
  });

  it('says when to search again when the server refused a filesystem\'s search as too many, beside what the others found', async () => {
    const fs = files();
    const original = fs.search.bind(fs);
    const refused = new RequestError('request.failed', {
      status: 429,
      body: { status: 'error', message: 'Too many requests, please try again later', code: 'request.rate-limited', retryAfter: 7 },
      reason: 'Too many requests, please try again later',
    });
    vi.spyOn(fs, 'search').mockImplementation((root, pattern) => (root === 'home:/' ? Promise.reject(refused) : original(root, pattern)));
    const { model } = setup(fs);
    model.setText('report');
    await model.enter();
    expect(paths(model)).toEqual(['shared:/Team report.pdf']);
    expect(model.getState().message).toEqual({ kind: 'error', error: refused });
  });

  it('keeps only the latest search when an older one answers later', async () => {
    const fs = files();
    let release: () => void = () => undefined;
    const original = fs.search.bind(fs);
    vi.spyOn(fs, 'search').mockImplementationOnce(async (root, pattern) => {
      await new Promise<void>((resolve) => (release = resolve));
      return original(root, pattern);
    });
    const { model } = setup(fs);
    model.setText('report');
    const first = model.search();
    model.setText('notes');
    await model.search();
    release();
    await first;
    expect(paths(model)).toEqual(['home:/notes.txt']);
    expect(model.getState().selected).toBe(-1);
  });
});

describe('FileSearchModel keys', () => {
  async function withResults() {
    const harness = setup();
    harness.model.setText('report');
    await harness.model.enter();
    return harness;
  }

  it('ArrowDown and ArrowUp move through the results, up from the first back to none', async () => {
    const { model } = await withResults();
    model.move(1);
    expect(model.getState().selected).toBe(0);
    model.move(1);
    model.move(1);
    model.move(1);
    expect(model.getState().selected).toBe(2);
    model.move(-1);
    expect(model.getState().selected).toBe(1);
    model.move(-1);
    model.move(-1);
    expect(model.getState().selected).toBe(-1);
  });

  it('Enter opens the selected file in the application of its type, and the overlay hides', async () => {
    const { model, opened, hidden } = await withResults();
    model.move(1);
    model.move(1);
    await model.enter();
    expect(opened.map((e) => e.path)).toEqual(['home:/Reports/q1-report.txt']);
    expect(hidden()).toBe(1);
  });

  it('Enter on a folder opens it in Files; without Files nothing happens', async () => {
    const { model, folders, hidden } = await withResults();
    model.move(1);
    await model.enter();
    expect(folders).toEqual(['home:/Reports']);
    expect(hidden()).toBe(1);

    const without = setup(files(), { hasFiles: false });
    without.model.setText('Reports');
    await without.model.enter();
    without.model.move(1);
    await without.model.enter();
    expect(without.opened).toEqual([]);
    expect(without.hidden()).toBe(0);
  });

  it('a failure to open shows on the message line', async () => {
    const harness = setup();
    const model = new FileSearchModel({ files: harness.fs, clock: harness.clock, openFile: () => Promise.reject(new FileSystemError('notFound', { path: 'home:/notes.txt' })), openDirectory: async () => true, hide: () => undefined });
    model.setText('notes');
    await model.enter();
    model.move(1);
    await model.enter();
    expect(model.getState().message).toMatchObject({ kind: 'error', error: { code: 'vfs.notFound' } });
  });

  it('typing clears the selection, so that Enter searches again', async () => {
    const { model } = await withResults();
    model.move(1);
    model.setText('notes');
    expect(model.getState().selected).toBe(-1);
    await model.enter();
    expect(paths(model)).toEqual(['home:/notes.txt']);
  });

  it('Escape clears the text and results, then hides', async () => {
    const { model, hidden } = await withResults();
    model.escape();
    expect(model.getState()).toEqual({ text: '', message: { kind: 'hint' }, results: [], selected: -1 });
    expect(hidden()).toBe(0);
    model.escape();
    expect(hidden()).toBe(1);
  });
});

describe('FileSearchModel focus', () => {
  it('hides 300 ms after losing focus', async () => {
    const { model, clock, hidden } = setup();
    model.blur();
    clock.advance(299);
    expect(hidden()).toBe(0);
    clock.advance(1);
    expect(hidden()).toBe(1);
  });

  it('stays when focus comes back within 300 ms', async () => {
    const { model, clock, hidden } = setup();
    model.blur();
    clock.advance(200);
    model.focus();
    clock.advance(500);
    expect(hidden()).toBe(0);
  });

  it('keeps its text and results while hidden, for the next time it opens, with none selected', async () => {
    const { model, clock } = setup();
    model.setText('notes');
    await model.enter();
    model.move(1);
    model.blur();
    clock.advance(300);
    await flushPromises();
    expect(model.getState().text).toBe('notes');
    expect(paths(model)).toEqual(['home:/notes.txt']);
    expect(model.getState().selected).toBe(-1);
  });
});
