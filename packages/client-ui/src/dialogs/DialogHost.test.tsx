import { MemoryFileSystem, memoryMountpoint, type DialogModel, type DialogOptions, type FileDialogOptions } from '@atrium/client-core';
import { act, cleanup, fireEvent, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderDesktop, type DesktopTest } from '../testing/renderDesktop.js';
import { settle } from '../testing/renderAtrium.js';

let test: DesktopTest | null = null;
afterEach(() => {
  test?.dispose();
  test = null;
  cleanup();
});

function fileSystem(): MemoryFileSystem {
  return new MemoryFileSystem({
    mountpoints: [memoryMountpoint('home', { label: 'Home' }), memoryMountpoint('shared', { attributes: { readOnly: true, visibility: 'restricted' } })],
    files: {
      'home:/Documents': null,
      'home:/Documents/a.txt': 'alpha',
      'home:/Documents/b.png': 'png',
      'home:/Documents/Old': null,
      'home:/Documents/Old/c.txt': 'old',
      'shared:/x.txt': 'x',
    },
  });
}

/** Opens a dialog; returns its model, the calls of its callback and its view. */
async function open(kind: string, options: DialogOptions | FileDialogOptions = {}) {
  test ??= await renderDesktop({ fileSystem: fileSystem(), applications: () => [{ name: 'textpad', title: 'Text editor' }, { name: 'viewer', title: 'Viewer' }] });
  const calls: Array<[string, unknown]> = [];
  let model!: DialogModel;
  act(() => {
    model = test!.dialogs.create(kind, options, (button, value) => void calls.push([button, value]));
  });
  await settle();
  // A seldom-used kind's view is fetched when first opened (docs/PERFORMANCE.md, "The signed-in shell"): it may arrive after the window.
  const view = await within(test.frame(model.wid)).findByTestId('dialog', {}, { timeout: 15_000 });
  return { model, calls, view: within(view), element: view, t: test };
}

describe('DialogHost', () => {
  it('renders each dialog inside its window, with buttons labelled in English, and removes it when done', async () => {
    const { model, calls, view, t } = await open('confirm', { message: 'Discard the draft?' });
    expect(view.getByTestId('dialog.message').textContent).toBe('Discard the draft?');
    expect(view.getAllByRole('button').map((b) => b.textContent)).toEqual(['Yes', 'No']);
    expect(within(t.frame(model.wid)).getByTestId('window.title').textContent).toBe('Confirm');
    fireEvent.click(view.getByRole('button', { name: 'Yes' }));
    await settle();
    expect(calls).toEqual([['yes', null]]);
    expect(t.container.querySelector(`[data-wid="${model.wid}"]`)).toBeNull();
  });

  it('labels ok and cancel when yesno is false, and focuses the first button', async () => {
    const { view } = await open('confirm', { message: 'Go on?', yesno: false });
    expect(view.getAllByRole('button').map((b) => b.textContent)).toEqual(['OK', 'Cancel']);
    expect(document.activeElement).toBe(view.getByRole('button', { name: 'OK' }));
  });

  it('presses the negative button on Escape', async () => {
    const { calls, view } = await open('confirm', { message: 'Go on?' });
    fireEvent.keyDown(view.getByRole('button', { name: 'Yes' }), { key: 'Escape' });
    await settle();
    expect(calls).toEqual([['no', null]]);
  });

  it('ignores Escape in the alert wrapper, whose buttons are reversed', async () => {
    test = await renderDesktop();
    let model!: DialogModel;
    act(() => {
      model = test!.dialogs.alert('Saved', {}, () => undefined);
    });
    const frame = test.frame(model.wid);
    fireEvent.keyDown(within(frame).getByTestId('dialog.button.close'), { key: 'Escape' });
    await settle();
    expect(model.finished).toBe(false);
  });

  it('treats the window close button as the negative button', async () => {
    const { model, calls, t } = await open('prompt', { message: 'Name' });
    fireEvent.click(within(t.frame(model.wid)).getByTestId('window.close'));
    await settle();
    expect(calls).toEqual([['cancel', '']]);
  });

  it('shows an error alert with the message, and the message and stack in a read-only text area behind Details', async () => {
    const error = new Error('Export failed');
    const { view, calls } = await open('alert', { type: 'error', message: 'Export failed', error });
    expect(view.getByTestId('dialog.message').textContent).toBe('Export failed');
    expect(view.queryByRole('textbox')).toBeNull();
    fireEvent.click(view.getByRole('button', { name: 'Details' }));
    const details = view.getByRole('textbox', { name: 'Error details' }) as HTMLTextAreaElement;
    expect(details.readOnly).toBe(true);
    expect(details.value).toBe(`Export failed\n\n${error.stack}`);
    fireEvent.click(view.getByRole('button', { name: 'Close' }));
    await settle();
    expect(calls).toEqual([['close', null]]);
  });

  it('shows No stack for an error without one', async () => {
    const { view } = await open('alert', { type: 'error', message: 'Broken', error: { message: 'Broken' } });
    fireEvent.click(view.getByRole('button', { name: 'Details' }));
    expect((view.getByTestId('dialog.alert.details') as HTMLTextAreaElement).value).toBe('Broken\n\nNo stack');
  });

  it('prompt: the input edits the value, focused on open, and Enter presses ok', async () => {
    const { view, calls, model } = await open('prompt', { message: 'Folder name', value: 'New', placeholder: 'Name' });
    const input = view.getByLabelText('Folder name') as HTMLInputElement;
    expect(document.activeElement).toBe(input);
    expect(input.placeholder).toBe('Name');
    fireEvent.change(input, { target: { value: 'Reports' } });
    expect((model.getState() as { value: string }).value).toBe('Reports');
    fireEvent.keyDown(input, { key: 'Enter' });
    await settle();
    expect(calls).toEqual([['ok', 'Reports']]);
  });

  it('progress: the bar follows the model, clamped to 0-100', async () => {
    const { view, model } = await open('progress', { message: 'Copying', value: 20 });
    const bar = view.getByRole('progressbar', { name: 'Copying' });
    expect(bar.getAttribute('aria-valuenow')).toBe('20');
    act(() => (model as unknown as { setProgress(n: number): void }).setProgress(140));
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    expect(view.getByTestId('dialog.progress.value').textContent).toBe('100%');
    act(() => (model as unknown as { setProgress(n: number): void }).setProgress(-5));
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
  });

  it('color: sliders, numbers and the hex field update the model and the swatch', async () => {
    const { view, model, calls } = await open('color', { value: '#000000' });
    fireEvent.change(view.getByTestId('dialog.color.r'), { target: { value: '255' } });
    fireEvent.change(view.getByRole('spinbutton', { name: 'Green' }), { target: { value: '128' } });
    expect((model.getState() as { value: { hex: string } }).value.hex).toBe('#ff8000');
    expect((view.getByTestId('dialog.color.hex') as HTMLInputElement).value).toBe('#ff8000');
    fireEvent.change(view.getByTestId('dialog.color.hex'), { target: { value: '#0a0b0c' } });
    expect((model.getState() as { value: { r: number; g: number; b: number } }).value).toMatchObject({ r: 10, g: 11, b: 12 });
    expect((view.getByTestId('dialog.color.b.number') as HTMLInputElement).value).toBe('12');
    expect(view.getByTestId('dialog.color.swatch').dataset.hex).toBe('#0a0b0c');
    fireEvent.change(view.getByTestId('dialog.color.hex'), { target: { value: '#zz' } });
    expect((model.getState() as { value: { hex: string } }).value.hex).toBe('#0a0b0c');
    fireEvent.click(view.getByRole('button', { name: 'OK' }));
    await settle();
    expect(calls).toEqual([['ok', { r: 10, g: 11, b: 12, hex: '#0a0b0c' }]]);
  });

  it('font: name, size and style update the model and the sample', async () => {
    const { view, calls } = await open('font');
    fireEvent.change(view.getByLabelText('Font'), { target: { value: 'monospace' } });
    fireEvent.change(view.getByLabelText('Size (px)'), { target: { value: '24' } });
    fireEvent.change(view.getByLabelText('Style'), { target: { value: 'italic' } });
    const sample = view.getByTestId('dialog.font.sample');
    expect(sample.style.fontFamily).toBe('monospace');
    expect(sample.style.fontSize).toBe('24px');
    expect(sample.style.fontStyle).toBe('italic');
    expect(view.getByRole('option', { name: 'Italic' })).toBeTruthy();
    fireEvent.click(view.getByRole('button', { name: 'OK' }));
    await settle();
    expect(calls).toEqual([['ok', { name: 'monospace', size: 24, style: 'italic' }]]);
  });

  it('choice: the radio buttons choose a key', async () => {
    const { view, calls } = await open('choice', { message: 'Pick one', choices: { a: 'Alpha', b: 'Beta' } });
    fireEvent.click(view.getByLabelText('Beta'));
    fireEvent.click(view.getByRole('button', { name: 'OK' }));
    await settle();
    expect(calls).toEqual([['ok', 'b']]);
  });

  it('choice: many choices are a select', async () => {
    const { view, calls } = await open('choice', { message: 'Pick one', choices: { a: 'A', b: 'B', c: 'C', d: 'D' } });
    fireEvent.change(view.getByLabelText('Pick one'), { target: { value: 'c' } });
    fireEvent.click(view.getByRole('button', { name: 'OK' }));
    await settle();
    expect(calls).toEqual([['ok', 'c']]);
  });

  it('default application: the select and Use as default make its value', async () => {
    const { view, calls } = await open('defaultApplication', { message: 'Open with' });
    fireEvent.change(view.getByLabelText('Open with'), { target: { value: 'viewer' } });
    fireEvent.click(view.getByLabelText('Use as default'));
    fireEvent.click(view.getByRole('button', { name: 'OK' }));
    await settle();
    expect(calls).toEqual([['ok', { value: 'viewer', checked: true }]]);
  });
});

describe('the file dialog view', () => {
  it('lists the folder with names, types and sizes, offering only the visible mountpoints', async () => {
    const { view } = await open('file', { type: 'open', path: 'home:/Documents' });
    const rows = view.getAllByRole('option').filter((o) => o.dataset.testid === 'dialog.file.entry');
    expect(rows.map((r) => r.dataset.path)).toEqual(['home:/Documents/Old', 'home:/Documents/a.txt', 'home:/Documents/b.png']);
    expect(rows[0]!.textContent).toContain('Folder');
    expect(rows[1]!.textContent).toContain('text/plain');
    expect(rows[1]!.textContent).toContain('5 B');
    const mount = view.getByLabelText('Location') as HTMLSelectElement;
    expect([...mount.options].map((o) => o.textContent)).toEqual(['Home']);
    expect(within(view.getByTestId('dialog.file.breadcrumb')).getAllByRole('button').map((b) => b.textContent)).toEqual(['Home', 'Documents']);
  });

  it('enables ok once a file is selected by click or arrow keys, and Enter opens it', async () => {
    const { view, calls } = await open('file', { type: 'open', path: 'home:/Documents' });
    const ok = view.getByRole('button', { name: 'OK' }) as HTMLButtonElement;
    expect(ok.disabled).toBe(true);
    const list = view.getByRole('listbox', { name: 'Files' });
    expect(document.activeElement).toBe(list);
    fireEvent.click(view.getAllByTestId('dialog.file.entry')[0]!);
    expect(ok.disabled).toBe(true);
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    expect(list.getAttribute('aria-activedescendant')).toBe(view.getAllByTestId('dialog.file.entry')[1]!.id);
    expect(ok.disabled).toBe(false);
    fireEvent.keyDown(list, { key: 'Enter' });
    await settle();
    expect(calls).toEqual([['ok', expect.objectContaining({ path: 'home:/Documents/a.txt', isFile: true })]]);
  });

  it('scrolls to the entry chosen with the keys, never to one clicked (a double click opens the entry under the pointer)', async () => {
    const { view } = await open('file', { type: 'open', path: 'home:/Documents' });
    const scrolled: string[] = [];
    Object.defineProperty(Element.prototype, 'scrollIntoView', {
      configurable: true,
      value(this: HTMLElement) {
        scrolled.push(this.dataset.path ?? '');
      },
    });
    try {
      const entries = () => view.getAllByTestId('dialog.file.entry');
      fireEvent.click(entries()[2]!);
      expect(entries()[2]!.getAttribute('aria-selected')).toBe('true');
      expect(scrolled).toEqual([]);
      fireEvent.keyDown(view.getByRole('listbox', { name: 'Files' }), { key: 'ArrowUp' });
      expect(scrolled).toEqual(['home:/Documents/a.txt']);
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  it('lists a folder on double-click and goes back by the breadcrumb', async () => {
    const { view } = await open('file', { type: 'open', path: 'home:/Documents' });
    fireEvent.doubleClick(view.getAllByTestId('dialog.file.entry')[0]!);
    await settle();
    expect(view.getAllByTestId('dialog.file.entry').map((r) => r.dataset.path)).toEqual(['home:/Documents/Old/c.txt']);
    fireEvent.click(view.getByRole('button', { name: 'Home' }));
    await settle();
    expect(view.getAllByTestId('dialog.file.entry').map((r) => r.dataset.path)).toEqual(['home:/Documents']);
  });

  it('saves under the typed filename, asking before it overwrites', async () => {
    const { view, calls, model, t } = await open('file', { type: 'save', path: 'home:/Documents', filename: '' });
    const filename = view.getByLabelText('Filename');
    expect(document.activeElement).toBe(filename);
    const ok = view.getByRole('button', { name: 'OK' }) as HTMLButtonElement;
    expect(ok.disabled).toBe(true);
    fireEvent.change(filename, { target: { value: 'a.txt' } });
    expect(ok.disabled).toBe(false);
    fireEvent.keyDown(filename, { key: 'Enter' });
    await settle();
    const question = t.dialogs.dialogs().find((d) => d.kind === 'confirm')!;
    const prompt = within(t.frame(question.wid));
    expect(prompt.getByTestId('dialog.message').textContent).toBe('Do you want to overwrite home:/Documents/a.txt?');
    expect(t.frame(question.wid).getAttribute('aria-modal')).toBe('true');
    fireEvent.click(prompt.getByRole('button', { name: 'No' }));
    await settle();
    expect(calls).toEqual([]);
    expect(model.finished).toBe(false);
    fireEvent.change(filename, { target: { value: 'new.txt' } });
    fireEvent.click(ok);
    await settle();
    expect(calls).toEqual([['ok', expect.objectContaining({ path: 'home:/Documents/new.txt', filename: 'new.txt' })]]);
  });
});
