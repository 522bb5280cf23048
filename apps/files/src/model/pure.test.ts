import { memoryMountpoint } from '@atrium/app-kit/testing';
import type { FileEntry } from '@atrium/sdk';
import { describe, expect, it } from 'vitest';
import { keyIntent } from './keys.js';
import { keepBothName, renameSelection } from './names.js';
import { crumbsOf, normalisePath, visibleMountpoints } from './paths.js';
import { nameProblem, problemOf } from './problems.js';
import { clickItem, EMPTY_SELECTION, moveFocus, selectAll } from './selection.js';
import { sortListing } from './sorting.js';

function entry(filename: string, isDirectory: boolean, size: number, mime: string, modified: string): FileEntry {
  return { filename, isDirectory, isFile: !isDirectory, size, mime, humanSize: `${size} B`, path: `home:/${filename}`, stat: { modified } };
}

const listing = [
  entry('b.txt', false, 30, 'text/plain', '2026-01-03T00:00:00Z'),
  entry('Zeta', true, 0, 'inode/directory', '2026-01-01T00:00:00Z'),
  entry('a10.png', false, 10, 'image/png', '2026-01-02T00:00:00Z'),
  entry('a9.pdf', false, 20, 'application/pdf', '2026-01-04T00:00:00Z'),
  entry('alpha', true, 0, 'inode/directory', '2026-01-05T00:00:00Z'),
];
const names = (entries: FileEntry[]) => entries.map((e) => e.filename);

describe('sorting', () => {
  it('puts folders first, then names in natural order', () => {
    expect(names(sortListing(listing, { key: 'name', direction: 'asc' }))).toEqual(['alpha', 'Zeta', 'a9.pdf', 'a10.png', 'b.txt']);
  });
  it('sorts by name descending with folders still first', () => {
    expect(names(sortListing(listing, { key: 'name', direction: 'desc' }))).toEqual(['Zeta', 'alpha', 'b.txt', 'a10.png', 'a9.pdf']);
  });
  it('sorts by size, type and date modified, both ways', () => {
    expect(names(sortListing(listing, { key: 'size', direction: 'asc' }))).toEqual(['alpha', 'Zeta', 'a10.png', 'a9.pdf', 'b.txt']);
    expect(names(sortListing(listing, { key: 'size', direction: 'desc' }))).toEqual(['Zeta', 'alpha', 'b.txt', 'a9.pdf', 'a10.png']);
    expect(names(sortListing(listing, { key: 'type', direction: 'asc' }))).toEqual(['alpha', 'Zeta', 'a9.pdf', 'a10.png', 'b.txt']);
    expect(names(sortListing(listing, { key: 'modified', direction: 'asc' }))).toEqual(['Zeta', 'alpha', 'a10.png', 'b.txt', 'a9.pdf']);
    expect(names(sortListing(listing, { key: 'modified', direction: 'desc' }))).toEqual(['alpha', 'Zeta', 'a9.pdf', 'b.txt', 'a10.png']);
  });
});

describe('selection', () => {
  const order = ['a', 'b', 'c', 'd', 'e'];
  it('selects one on click, toggles with Ctrl, and a range from the anchor with Shift', () => {
    let s = clickItem(EMPTY_SELECTION, order, 'b', 'replace');
    expect(s.selected).toEqual(['b']);
    s = clickItem(s, order, 'd', 'toggle');
    expect(s.selected).toEqual(['b', 'd']);
    s = clickItem(s, order, 'b', 'toggle');
    expect(s.selected).toEqual(['d']);
    // The last Ctrl+click (on b) is where a Shift range starts.
    s = clickItem(s, order, 'a', 'range');
    expect(s.selected).toEqual(['a', 'b']);
    s = clickItem(s, order, 'e', 'range');
    expect(s.selected).toEqual(['b', 'c', 'd', 'e']);
  });
  it('moves the focus with arrows, Home and End, and extends with Shift', () => {
    let s = moveFocus(EMPTY_SELECTION, order, 1, false);
    expect(s).toEqual({ selected: ['a'], anchor: 'a', focused: 'a' });
    s = moveFocus(s, order, 1, true);
    s = moveFocus(s, order, 1, true);
    expect(s.selected).toEqual(['a', 'b', 'c']);
    s = moveFocus(s, order, 'last', false);
    expect(s.selected).toEqual(['e']);
    s = moveFocus(s, order, 5, false);
    expect(s.focused).toBe('e');
    s = moveFocus(s, order, 'first', true);
    expect(s.selected).toEqual(order);
    expect(selectAll(order, EMPTY_SELECTION).selected).toEqual(order);
  });
});

describe('keys', () => {
  const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }> = {}) => ({ key: k, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });
  it('maps the listing keys to what they do', () => {
    expect(keyIntent(key('ArrowDown'))).toEqual({ kind: 'move', step: 1, extend: false });
    expect(keyIntent(key('ArrowDown', { shiftKey: true }), 4)).toEqual({ kind: 'move', step: 4, extend: true });
    expect(keyIntent(key('ArrowLeft'))).toBeNull();
    expect(keyIntent(key('ArrowLeft'), 3)).toEqual({ kind: 'move', step: -1, extend: false });
    expect(keyIntent(key('Home'))).toEqual({ kind: 'move', step: 'first', extend: false });
    expect(keyIntent(key('a', { ctrlKey: true }))).toEqual({ kind: 'selectAll' });
    expect(keyIntent(key('A', { metaKey: true }))).toEqual({ kind: 'selectAll' });
    expect(keyIntent(key('Enter'))).toEqual({ kind: 'action', id: 'open' });
    expect(keyIntent(key('Enter', { altKey: true }))).toEqual({ kind: 'action', id: 'properties' });
    expect(keyIntent(key('Backspace'))).toEqual({ kind: 'up' });
    expect(keyIntent(key('ArrowUp', { altKey: true }))).toEqual({ kind: 'up' });
    expect(keyIntent(key('F2'))).toEqual({ kind: 'action', id: 'rename' });
    expect(keyIntent(key('Delete'))).toEqual({ kind: 'action', id: 'delete' });
    expect(keyIntent(key('c', { ctrlKey: true }))).toEqual({ kind: 'action', id: 'copy' });
    expect(keyIntent(key('x', { ctrlKey: true }))).toEqual({ kind: 'action', id: 'cut' });
    expect(keyIntent(key('v', { ctrlKey: true }))).toEqual({ kind: 'action', id: 'paste' });
    expect(keyIntent(key('F10', { shiftKey: true }))).toEqual({ kind: 'menu' });
    expect(keyIntent(key('ContextMenu'))).toEqual({ kind: 'menu' });
    expect(keyIntent(key('c'))).toBeNull();
  });
});

describe('names and paths', () => {
  it("selects a file's name without its extension for a rename, and the whole name of a folder or a dot-file", () => {
    expect(renameSelection('report.final.pdf', false)).toEqual([0, 12]);
    expect(renameSelection('README', false)).toEqual([0, 6]);
    expect(renameSelection('.bashrc', false)).toEqual([0, 7]);
    expect(renameSelection('photos.2026', true)).toEqual([0, 11]);
  });

  it('keeps both by numbering before the extension', () => {
    expect(keepBothName('report.pdf', new Set(['report.pdf']))).toBe('report (2).pdf');
    expect(keepBothName('report.pdf', new Set(['report.pdf', 'report (2).pdf']))).toBe('report (3).pdf');
    expect(keepBothName('report (2).pdf', new Set(['report (2).pdf']))).toBe('report (3).pdf');
    expect(keepBothName('.bashrc', new Set(['.bashrc']))).toBe('.bashrc (2)');
    expect(keepBothName('v1.2', new Set(['v1.2']), true)).toBe('v1.2 (2)');
    expect(keepBothName('free.txt', new Set())).toBe('free.txt');
  });
  it('checks names with the rule the server applies, as translatable problems', () => {
    expect(nameProblem('fine.txt')).toBeNull();
    expect(nameProblem('a/b')).toMatchObject({ key: 'vfs.error.invalidName', paramKeys: { rule: 'vfs.nameRule.separator' }, message: "'a/b' is not a valid name: a name cannot contain / or \\" });
    expect(nameProblem('')).toMatchObject({ paramKeys: { rule: 'vfs.nameRule.empty' } });
  });
  it('translates filesystem failures by their code, anything else by its message', () => {
    expect(problemOf({ code: 'vfs.notFound', params: { path: 'home:/x' }, message: "'home:/x' does not exist" })).toEqual({ key: 'vfs.error.notFound', params: { path: 'home:/x' }, message: "'home:/x' does not exist" });
    expect(problemOf(new Error('boom'))).toEqual({ key: 'files.error.unexpected', params: { message: 'boom' }, message: 'boom' });
  });
  it('builds the breadcrumb from the mountpoint label down', () => {
    const home = memoryMountpoint('home', { label: 'Home' });
    expect(crumbsOf('home:/Documents/2026/', home)).toEqual([
      { label: 'Home', path: 'home:/' },
      { label: 'Documents', path: 'home:/Documents' },
      { label: '2026', path: 'home:/Documents/2026' },
    ]);
    expect(normalisePath('home:/')).toBe('home:/');
  });
  it('offers every enabled mountpoint, the read-only restricted ones too', () => {
    const shown = visibleMountpoints([
      memoryMountpoint('home'),
      memoryMountpoint('off', { enabled: false }),
      memoryMountpoint('docs', { attributes: { readOnly: true } }),
      memoryMountpoint('secret', { attributes: { readOnly: true, visibility: 'restricted' } }),
      memoryMountpoint('team', { attributes: { visibility: 'restricted' } }),
    ]);
    expect(shown.map((m) => m.name)).toEqual(['home', 'docs', 'secret', 'team']);
  });
});
