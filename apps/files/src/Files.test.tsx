import { MemoryFileSystem, memoryMountpoint, renderApplication, type ApplicationTest } from '@atrium/app-kit/testing';
import { FileSystemError, type DialogKind } from '@atrium/sdk';
import { act, createEvent, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import files from './index.js';
import metadata from '../metadata.json';

let current: ApplicationTest | null = null;
afterEach(() => {
  current?.closeAll();
  current?.unmount();
  current = null;
  vi.restoreAllMocks();
});

function memory(tree: Record<string, string | null> = {}) {
  return new MemoryFileSystem({
    mountpoints: [memoryMountpoint('home', { label: 'Home' }), memoryMountpoint('docs', { label: 'Library', attributes: { readOnly: true } })],
    files: {
      'home:/Documents/report.txt': 'quarterly',
      'home:/Music': null,
      'home:/todo.txt': 'milk',
      'home:/Empty': null,
      'docs:/Policy.pdf': 'policy',
      ...tree,
    },
  });
}

/** Launches Files; dialogs answer with the queued buttons (and values), in order. */
async function launch(options: { args?: Record<string, unknown>; fs?: MemoryFileSystem } = {}) {
  const fs = options.fs ?? memory();
  current = await renderApplication(files, metadata as Parameters<typeof renderApplication>[1], { files: fs, args: options.args });
  const dialogs: Array<{ kind: DialogKind; options: Record<string, unknown> }> = [];
  const answers: Array<[string, unknown?]> = [];
  current.app.dialog = (kind, dialogOptions, callback) => {
    dialogs.push({ kind, options: dialogOptions });
    const [button, value] = answers.shift() ?? ['cancel'];
    queueMicrotask(() => callback(button, value));
  };
  await waitFor(() => expect(screen.queryByTestId('files.loading')).toBeNull());
  return { app: current.app, fs, dialogs, answers };
}

const names = () => screen.queryAllByTestId('files.item').map((row) => row.querySelector('.fls-cell__text, .fls-tile__name')?.textContent);
const listing = () => screen.getByTestId('files.listing');
const key = (k: string, mods: Record<string, boolean> = {}) => act(() => void fireEvent.keyDown(listing(), { key: k, ...mods }));
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

describe('Files', () => {
  it('opens the home folder in one window titled with the folder, with places, path and sortable columns', async () => {
    const { app } = await launch();
    expect(app.windowOptions[0]).toMatchObject({ id: 'files', attributes: { minDimension: { width: 320, height: 300 } } });
    expect(app.titles.at(-1)).toBe('Home – Files');
    expect(names()).toEqual(['Documents', 'Empty', 'Music', 'todo.txt']);
    const places = within(screen.getByRole('navigation', { name: 'Places' }));
    expect(places.getAllByRole('button').map((b) => b.textContent)).toEqual(['Home', 'LibraryRead-only']);
    expect(places.getByRole('button', { name: 'Home' }).getAttribute('aria-current')).toBe('true');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name▲', 'Size', 'Type', 'Date modified']);
    const todo = screen.getAllByRole('row').find((r) => r.textContent?.startsWith('todo.txt'))!;
    expect(within(todo).getAllByRole('gridcell').map((c) => c.textContent).slice(0, 3)).toEqual(['todo.txt', '4 B', 'text/plain']);
  });

  it("keeps the window title in the user's language after a language switch: the place's label and the app's title", async () => {
    const fs = memory();
    // The desktop's filesystem gives the built-in places' labels in the current language.
    let language = 'en_EN';
    const mountpoints = fs.mountpoints.bind(fs);
    vi.spyOn(fs, 'mountpoints').mockImplementation(async () => (await mountpoints()).map((m) => (m.name === 'home' && language === 'zh_CN' ? { ...m, label: '我的文件' } : m)));
    const { app } = await launch({ fs });
    const wid = app.windows[0]!.wid;
    expect(app.titleNow(wid)).toBe('Home – Files');
    language = 'zh_CN';
    await act(async () => {
      await app.desktop.setLocale('zh_CN');
      await current!.i18n.setLocale('zh_CN');
    });
    await waitFor(() => expect(app.titleNow(wid)).toBe('我的文件 – 文件'));
    expect(screen.getByRole('navigation', { name: '位置' })).toBeTruthy();
  });

  it('opens the folder given as args.path, and the breadcrumb goes back up', async () => {
    const { app } = await launch({ args: { path: 'home:/Documents' } });
    expect(names()).toEqual(['report.txt']);
    expect(app.titles.at(-1)).toBe('Documents – Files');
    const crumbs = within(screen.getByRole('navigation', { name: 'Path' })).getAllByRole('button');
    expect(crumbs.map((c) => c.textContent)).toEqual(['Home', 'Documents']);
    expect(crumbs[1]?.getAttribute('aria-current')).toBe('location');
    fireEvent.click(crumbs[0]!);
    await settle();
    expect(names()).toEqual(['Documents', 'Empty', 'Music', 'todo.txt']);
  });

  it('opens the folder of a file given as args.file, and a folder named by the page address', async () => {
    const { startPathOf } = await import('./index.js');
    expect(startPathOf({ file: { path: 'home:/Documents/report.txt', isDirectory: false } })).toBe('home:/Documents');
    expect(startPathOf({ file: { path: 'home:/Music', isDirectory: true } })).toBe('home:/Music');
    expect(startPathOf({}, { path: 'home:/Music' })).toBe('home:/Music');
    expect(startPathOf({ path: 'home:/Documents' }, { path: 'home:/Music' })).toBe('home:/Documents');
    expect(startPathOf({})).toBeUndefined();
    await launch({ args: { file: { path: 'home:/Documents/report.txt', isDirectory: false, isFile: true } } });
    expect(names()).toEqual(['report.txt']);
  });

  it('sorts by a column, and the other way round on a second click', async () => {
    await launch();
    fireEvent.click(screen.getByTestId('files.sort.size'));
    expect(screen.getByRole('columnheader', { name: /Size/ }).getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(screen.getByTestId('files.sort.name'));
    fireEvent.click(screen.getByTestId('files.sort.name'));
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('descending');
    expect(names()).toEqual(['Music', 'Empty', 'Documents', 'todo.txt']);
  });

  it('is operated with the keyboard: arrows, Shift, Ctrl+A, Enter opens, Backspace goes up', async () => {
    const { app } = await launch();
    act(() => listing().focus());
    expect(listing().getAttribute('aria-activedescendant')).toBe(screen.getAllByTestId('files.item')[0]?.id);
    key('ArrowDown');
    key('ArrowDown', { shiftKey: true });
    const selected = () => screen.getAllByTestId('files.item').filter((r) => r.getAttribute('aria-selected') === 'true').map((r) => r.dataset.path);
    expect(selected()).toEqual(['home:/Empty', 'home:/Music']);
    key('a', { ctrlKey: true });
    expect(selected()).toHaveLength(4);
    expect(screen.getByTestId('files.status').textContent).toContain('Selected: 4');
    key('End');
    key('Enter');
    await settle();
    expect(app.openedFiles.map((f) => (typeof f === 'string' ? f : f.path))).toEqual(['home:/todo.txt']);
    key('Home');
    key('Enter');
    await settle();
    expect(names()).toEqual(['report.txt']);
    expect(document.activeElement).toBe(listing());
    key('Backspace');
    await settle();
    expect(names()).toEqual(['Documents', 'Empty', 'Music', 'todo.txt']);
  });

  it('selects with the mouse: click, Ctrl+click and Shift+click; a double click opens a folder', async () => {
    await launch();
    const row = (name: string) => screen.getAllByTestId('files.item').find((r) => r.dataset.path === `home:/${name}`)!;
    fireEvent.click(row('Documents'));
    fireEvent.click(row('Music'), { ctrlKey: true });
    expect(screen.getByTestId('files.status').textContent).toContain('Selected: 2');
    fireEvent.click(row('todo.txt'), { shiftKey: true });
    // The range starts at the last Ctrl+click.
    expect(row('todo.txt').getAttribute('aria-selected')).toBe('true');
    expect(row('Music').getAttribute('aria-selected')).toBe('true');
    expect(row('Documents').getAttribute('aria-selected')).toBe('false');
    fireEvent.doubleClick(row('Music'));
    await settle();
    expect(screen.getByTestId('files.empty').textContent).toContain('This folder is empty');
    expect(screen.getByTestId('files.empty').textContent).toContain('Upload files with the Upload button, or drop them here from your computer.');
  });

  it('leaves the listing where it is when the pointer focuses an item, so that a double click opens the row under the pointer', async () => {
    await launch();
    const scrolled: string[] = [];
    Object.defineProperty(Element.prototype, 'scrollIntoView', {
      configurable: true,
      value(this: HTMLElement) {
        scrolled.push(this.dataset.path ?? '');
      },
    });
    try {
      const row = (name: string) => screen.getAllByTestId('files.item').find((r) => r.dataset.path === `home:/${name}`)!;
      // A press on the last row focuses the listing (the browser does it on mouse down), then the click selects the row.
      fireEvent.mouseDown(row('todo.txt'));
      act(() => listing().focus());
      fireEvent.mouseUp(row('todo.txt'));
      fireEvent.click(row('todo.txt'));
      expect(listing().getAttribute('aria-activedescendant')).toBe(row('todo.txt').id);
      expect(scrolled).toEqual([]);
      fireEvent.mouseDown(row('todo.txt'));
      fireEvent.mouseUp(row('todo.txt'));
      fireEvent.doubleClick(row('todo.txt'));
      expect(scrolled).toEqual([]);
      // The keys still bring the focused item into sight.
      key('ArrowUp');
      expect(scrolled).toEqual(['home:/Music']);
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  it('opens the item menu on right click and Shift+F10, with greyed entries and their reason; Escape closes it and gives focus back', async () => {
    await launch();
    const folder = screen.getAllByTestId('files.item').find((r) => r.dataset.path === 'home:/Music')!;
    fireEvent.contextMenu(folder);
    const menu = screen.getByRole('menu', { name: 'Item menu' });
    expect(within(menu).getAllByRole('menuitem').map((i) => i.querySelector('.fls-menu__label')?.textContent)).toEqual(['Open', 'Download', 'Cut', 'Copy', 'Paste', 'Rename', 'Delete', 'Properties']);
    const download = within(menu).getByTestId('files.menu.download');
    expect(download.getAttribute('aria-disabled')).toBe('true');
    expect(download.textContent).toContain('Folders cannot be downloaded');
    expect(within(menu).getByTestId('files.menu.paste').textContent).toContain('Copy or cut items first');
    expect(document.activeElement).toBe(within(menu).getByTestId('files.menu.open'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(within(menu).getByTestId('files.menu.download'));
    act(() => listing().focus());
    fireEvent.contextMenu(folder);
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(listing());
    key('F10', { shiftKey: true });
    expect(screen.getByRole('menu', { name: 'Item menu' })).toBeTruthy();
  });

  it('opens the folder menu on the empty area', async () => {
    await launch({ args: { path: 'home:/Empty' } });
    fireEvent.contextMenu(screen.getByTestId('files.content'));
    const menu = screen.getByRole('menu', { name: 'Folder menu' });
    expect(within(menu).getAllByRole('menuitem').map((i) => i.querySelector('.fls-menu__label')?.textContent)).toEqual(['New folder', 'Upload', 'Paste', 'Properties']);
  });

  it('deletes from the menu after a confirmation naming the file', async () => {
    const { fs, dialogs, answers } = await launch();
    fireEvent.contextMenu(screen.getAllByTestId('files.item').find((r) => r.dataset.path === 'home:/todo.txt')!);
    answers.push(['yes']);
    fireEvent.click(screen.getByTestId('files.menu.delete'));
    await settle();
    await settle();
    expect(dialogs[0]).toMatchObject({ kind: 'confirm', options: { message: 'Do you want to delete the file todo.txt?', title: 'Delete' } });
    expect(await fs.exists('home:/todo.txt')).toBe(false);
    expect(names()).toEqual(['Documents', 'Empty', 'Music']);
  });

  it('renames with F2 through a prompt, and shows a refused name in the user language', async () => {
    const { fs, dialogs, answers } = await launch();
    act(() => listing().focus());
    key('End');
    answers.push(['ok', 'list.txt']);
    key('F2');
    await settle();
    await settle();
    expect(dialogs[0]).toMatchObject({ kind: 'prompt', options: { value: 'todo.txt' } });
    expect(await fs.readfile('home:/list.txt')).toBe('milk');
    answers.push(['ok', 'a/b']);
    key('F2');
    await settle();
    expect(screen.getByTestId('files.notice').textContent).toBe("'a/b' is not a valid name: a name cannot contain / or \\");
  });

  it('uploads the chosen files with a progress bar per file', async () => {
    const { fs } = await launch({ args: { path: 'home:/Empty' } });
    fireEvent.change(screen.getByTestId('files.uploadInput'), { target: { files: [new File(['hello'], 'hello.txt', { type: 'text/plain' })] } });
    await waitFor(() => expect(screen.getByTestId('files.upload.status').textContent).toBe('Uploaded'));
    // The upload is named as one: the listing's row is the only thing a screen reader calls by the file's name.
    const upload = screen.getByRole('listitem', { name: 'Upload of hello.txt: Uploaded' });
    expect(within(upload).getByRole('progressbar', { name: 'Upload of hello.txt' }).getAttribute('aria-valuenow')).toBe('100');
    expect(await fs.readfile('home:/Empty/hello.txt')).toBe('hello');
    await waitFor(() => expect(names()).toEqual(['hello.txt']));
    expect(screen.queryAllByRole('listitem', { name: 'hello.txt' })).toEqual([]);
    expect(screen.queryAllByRole('progressbar', { name: 'hello.txt' })).toEqual([]);
    fireEvent.click(screen.getByTestId('files.uploads.clear'));
    expect(screen.queryByTestId('files.uploads')).toBeNull();
  });

  it("shows an upload the server refuses for the user's space with the refusal's text, not as a network error", async () => {
    // The desktop's filesystem refuses the upload with the quota's error, as it does for the server's answer.
    const fs = memory();
    const writes: string[] = [];
    fs.writefile = (path) => {
      writes.push(path);
      return Promise.reject(new FileSystemError('quotaExceeded', { quota: '10.0 GiB' }));
    };
    await launch({ fs, args: { path: 'home:/Empty' } });
    fireEvent.change(screen.getByTestId('files.uploadInput'), { target: { files: [new File(['x'.repeat(2048)], 'big.bin')] } });
    await waitFor(() =>
      expect(screen.getByTestId('files.upload.status').textContent).toBe('Your storage space of 10.0 GiB is full: delete files you no longer need, or ask your administrator for more space'),
    );
    expect(writes).toEqual(['home:/Empty/big.bin']);
  });

  it('offers Retry on a failed upload, which sends the file again', async () => {
    const fs = memory();
    const writefile = fs.writefile.bind(fs);
    let refused = 1;
    fs.writefile = (path, data, options) => (refused-- > 0 ? Promise.reject(new FileSystemError('quotaExceeded', { quota: '10.0 GiB' })) : writefile(path, data, options));
    await launch({ fs, args: { path: 'home:/Empty' } });
    fireEvent.change(screen.getByTestId('files.uploadInput'), { target: { files: [new File(['again'], 'again.txt')] } });
    const retry = await screen.findByRole('button', { name: 'Retry the upload of again.txt' });
    expect(retry.textContent).toBe('Retry');
    fireEvent.click(retry);
    await waitFor(() => expect(screen.getByTestId('files.upload.status').textContent).toBe('Uploaded'));
    expect(screen.queryByRole('button', { name: 'Retry the upload of again.txt' })).toBeNull();
    expect(await fs.readfile('home:/Empty/again.txt')).toBe('again');
  });

  it('downloads a file through an anchor with its download address, and greys download for folders', async () => {
    await launch();
    const clicked: Array<{ href: string; download: string }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    const row = (name: string) => screen.getAllByTestId('files.item').find((r) => r.dataset.path === `home:/${name}`)!;
    fireEvent.click(row('Music'));
    expect(screen.getByTestId('files.tool.download').getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByTestId('files.tool.download').title).toBe('Download: Folders cannot be downloaded');
    fireEvent.click(row('todo.txt'));
    fireEvent.click(screen.getByTestId('files.tool.download'));
    await settle();
    expect(clicked).toHaveLength(1);
    expect(clicked[0]).toMatchObject({ download: 'todo.txt' });
    expect(clicked[0]?.href).toMatch(/^blob:/);
  });

  it('shows properties of a folder with its item count', async () => {
    await launch();
    fireEvent.click(screen.getAllByTestId('files.item').find((r) => r.dataset.path === 'home:/Documents')!);
    fireEvent.click(screen.getByTestId('files.tool.properties'));
    await settle();
    const dialog = screen.getByRole('dialog', { name: 'Properties of Documents' });
    expect(within(dialog).getByTestId('files.properties.path').textContent).toBe('Pathhome:/Documents');
    expect(within(dialog).getByTestId('files.properties.type').textContent).toBe('TypeFolder');
    expect(within(dialog).getByTestId('files.properties.items').textContent).toBe('Items1');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close' }));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('names the top folder of a filesystem by its label in its properties', async () => {
    await launch();
    fireEvent.click(screen.getByTestId('files.tool.properties'));
    await settle();
    const dialog = screen.getByRole('dialog', { name: 'Properties of Home' });
    expect(within(dialog).getByTestId('files.properties.items').textContent).toBe('Items4');
  });

  it('moves the focus along the toolbar with the arrow keys', async () => {
    await launch();
    const toolbar = screen.getByRole('toolbar', { name: 'File actions' });
    const upload = screen.getByTestId('files.tool.upload');
    // jsdom lays nothing out: every button counts as visible here.
    for (const button of within(toolbar).getAllByRole('button')) Object.defineProperty(button, 'offsetParent', { value: toolbar });
    act(() => upload.focus());
    fireEvent.keyDown(upload, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(screen.getByTestId('files.tool.download'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(screen.getByTestId('files.tool.newFolder'));
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement).toBe(screen.getByTestId('files.view.icons'));
  });

  it("offers the toolbar's less used tools in its More actions menu, greyed with their reason, and runs them from there", async () => {
    await launch();
    const more = screen.getByRole('button', { name: 'More actions' });
    expect(more.getAttribute('aria-haspopup')).toBe('menu');
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(screen.getAllByTestId('files.item').find((r) => r.dataset.path === 'home:/Music')!);
    act(() => more.focus());
    fireEvent.click(more);
    const menu = screen.getByRole('menu', { name: 'More actions' });
    expect(more.getAttribute('aria-expanded')).toBe('true');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.querySelector('.fls-menu__label')?.textContent)).toEqual(['Download', 'Cut', 'Copy', 'Paste', 'Rename', 'Delete', 'Properties']);
    expect(within(menu).getByTestId('files.menu.download').getAttribute('aria-disabled')).toBe('true');
    expect(within(menu).getByTestId('files.menu.download').textContent).toContain('Folders cannot be downloaded');
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(more);
    // The button toggles it.
    fireEvent.click(more);
    fireEvent.pointerDown(more);
    fireEvent.click(more);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    fireEvent.click(within(screen.getByRole('menu', { name: 'More actions' })).getByTestId('files.menu.properties'));
    await settle();
    expect(screen.getByRole('dialog', { name: 'Properties of Music' })).toBeDefined();
  });

  it('greys the write actions of a read-only filesystem with the reason, and says so', async () => {
    await launch({ args: { path: 'docs:/' } });
    expect(screen.getByTestId('files.readOnly').textContent).toBe('This folder is read-only: you can open, copy and download its files, but not change them.');
    expect(screen.getByTestId('files.tool.newFolder').getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByTestId('files.tool.newFolder').title).toBe('New folder: This folder is read-only');
  });

  it('says when a folder does not exist, and goes home from there', async () => {
    await launch({ args: { path: 'home:/Gone' } });
    const failed = screen.getByTestId('files.failed');
    expect(failed.textContent).toContain('This folder does not exist');
    expect(within(failed).getByRole('alert').textContent).toBe("'home:/Gone' does not exist");
    fireEvent.click(within(failed).getByRole('button', { name: 'Go to Home' }));
    await settle();
    expect(names()).toEqual(['Documents', 'Empty', 'Music', 'todo.txt']);
  });

  it('refreshes when a file appears in the folder shown', async () => {
    const { fs } = await launch({ args: { path: 'home:/Empty' } });
    await act(async () => void (await fs.writefile('home:/Empty/new.txt', 'x')));
    await settle();
    expect(names()).toEqual(['new.txt']);
  });

  it('switches to the icon view and moves by rows there', async () => {
    await launch();
    fireEvent.click(screen.getByTestId('files.view.icons'));
    expect(screen.getByRole('listbox', { name: 'Contents of Home' })).toBeTruthy();
    expect(screen.getAllByRole('option')).toHaveLength(4);
    expect(screen.getByTestId('files.view.icons').getAttribute('aria-pressed')).toBe('true');
  });

  describe('drag and drop', () => {
    /** A DataTransfer as the browser gives it to drag events (jsdom has none). */
    function dataTransfer(files: File[] = []) {
      const store: Record<string, string> = {};
      return {
        get types() {
          return [...Object.keys(store), ...(files.length > 0 ? ['Files'] : [])];
        },
        getData: (type: string) => store[type] ?? '',
        setData: (type: string, value: string) => void (store[type] = value),
        files,
        dropEffect: 'none',
        effectAllowed: 'all',
      };
    }
    const row = (path: string) => screen.getAllByTestId('files.item').find((r) => r.dataset.path === path)!;

    it('moves items dropped onto a folder, and copies them onto the path with Ctrl held', async () => {
      const { fs } = await launch();
      const drag = dataTransfer();
      fireEvent.dragStart(row('home:/todo.txt'), { dataTransfer: drag });
      fireEvent.dragOver(row('home:/Music'), { dataTransfer: drag });
      expect(row('home:/Music').hasAttribute('data-drop-active')).toBe(true);
      expect(drag.dropEffect).toBe('move');
      fireEvent.drop(row('home:/Music'), { dataTransfer: drag });
      await settle();
      expect(await fs.exists('home:/Music/todo.txt')).toBe(true);
      expect(names()).toEqual(['Documents', 'Empty', 'Music']);

      fireEvent.doubleClick(row('home:/Music'));
      await settle();
      const again = dataTransfer();
      fireEvent.dragStart(row('home:/Music/todo.txt'), { dataTransfer: again });
      const home = within(screen.getByRole('navigation', { name: 'Path' })).getByRole('button', { name: 'Home' });
      // jsdom has no DragEvent: the modifier is put on the event by hand.
      const withCtrl = (event: Event) => (Object.defineProperty(event, 'ctrlKey', { value: true }), event);
      fireEvent(home, withCtrl(createEvent.dragOver(home, { dataTransfer: again })));
      expect(again.dropEffect).toBe('copy');
      fireEvent(home, withCtrl(createEvent.drop(home, { dataTransfer: again })));
      await settle();
      expect(await fs.readfile('home:/todo.txt')).toBe('milk');
      expect(await fs.exists('home:/Music/todo.txt')).toBe(true);
    });

    it('uploads files dropped from the computer into the folder shown, or onto a folder of the side bar', async () => {
      const { fs } = await launch({ args: { path: 'home:/Empty' } });
      fireEvent.drop(screen.getByTestId('files.content'), { dataTransfer: dataTransfer([new File(['dropped'], 'dropped.txt')]) });
      await waitFor(() => expect(names()).toEqual(['dropped.txt']));
      expect(await fs.readfile('home:/Empty/dropped.txt')).toBe('dropped');
      fireEvent.drop(screen.getByTestId('files.place.home'), { dataTransfer: dataTransfer([new File(['top'], 'top.txt')]) });
      await waitFor(async () => expect(await fs.exists('home:/top.txt')).toBe(true));
    });

    it('refuses drops onto a read-only filesystem', async () => {
      await launch({ args: { path: 'docs:/' } });
      const drag = dataTransfer([new File(['x'], 'x.txt')]);
      const event = fireEvent.dragOver(screen.getByTestId('files.place.docs'), { dataTransfer: drag });
      expect(event).toBe(true);
      expect(screen.getByTestId('files.place.docs').hasAttribute('data-drop-active')).toBe(false);
    });
  });

  it('cancels a running upload from its line', async () => {
    const fs = memory();
    fs.writefile = (_path, _data, options) =>
      new Promise((_resolve, reject) => {
        options?.onProgress?.({ loaded: 2, total: 8 });
        options?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    await launch({ fs, args: { path: 'home:/Empty' } });
    fireEvent.change(screen.getByTestId('files.uploadInput'), { target: { files: [new File(['12345678'], 'big.bin')] } });
    await waitFor(() => expect(screen.getByTestId('files.upload.status').textContent).toBe('25 % – 2 B of 8 B'));
    expect(screen.getByRole('listitem', { name: 'Upload of big.bin: 25 % – 2 B of 8 B' })).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Upload of big.bin' }).getAttribute('aria-valuenow')).toBe('25');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel the upload of big.bin' }));
    await waitFor(() => expect(screen.getByTestId('files.upload.status').textContent).toBe('Cancelled'));
    expect(screen.queryByRole('button', { name: 'Cancel the upload of big.bin' })).toBeNull();
    expect(names()).toEqual([]);
  });
});
