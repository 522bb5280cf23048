import { describe, expect, it } from 'vitest';
import { MemoryFileSystem, memoryMountpoint } from '@atrium/sdk/testing';
import { isListedWindow } from '../windows/desktopModal.js';
import type { DialogKind } from './DialogModel.js';
import { dialogHarness, VIEWPORT } from './testing/dialogHarness.js';

const fileSystem = new MemoryFileSystem({ mountpoints: [memoryMountpoint('home')], files: {} });

function open(kind: DialogKind, options: Record<string, unknown> = {}) {
  const harness = dialogHarness({ fileSystem });
  const dialog = harness.service.create(kind, kind === 'file' ? { type: 'open', ...options } : options, harness.callback);
  return { ...harness, dialog, record: harness.windows.get(dialog.wid)! };
}

describe('dialog windows', () => {
  it('are centred, not resizable, maximizable or minimizable, and not kept in the session', () => {
    const { record } = open('confirm');
    expect(record.attributes).toMatchObject({ gravity: 'center', resizable: false, maximizable: false, minimizable: false, sessionable: false });
    expect(record.position).toEqual({ left: (VIEWPORT.width - 300) / 2, top: (VIEWPORT.height - 140) / 2 });
  });

  it.each([
    ['alert', 400, 220],
    ['prompt', 500, 200],
    ['progress', 500, 200],
    ['color', 500, 260],
    ['choice', 400, 200],
    ['file', 400, 400],
  ] as const)('open a %s dialog at %ix%i, which is also its minimum', (kind, width, height) => {
    const { record } = open(kind);
    expect(record.dimension).toEqual({ width, height });
    expect(record.attributes.minDimension).toEqual({ width, height });
  });

  it('give the confirm dialog a minimum height of 140', () => {
    expect(open('confirm').record.attributes.minDimension).toEqual({ width: 300, height: 140 });
  });

  it.each(['font', 'defaultApplication'] as const)('give the %s dialog the default minimum of 300x100', (kind) => {
    expect(open(kind).record.attributes.minDimension).toEqual({ width: 300, height: 100 });
  });

  it('cannot be resized', () => {
    const { windows, dialog } = open('prompt');
    expect(windows.resize(dialog.wid, { width: 900, height: 600 })).toBe(false);
    expect(windows.maximize(dialog.wid)).toBe(false);
    expect(windows.minimize(dialog.wid)).toBe(false);
  });

  it('are modals of the desktop without a parent window: above every window, not in the window list', () => {
    const harness = dialogHarness();
    const app = harness.windows.open({ id: 'main', appId: 'textpad' });
    const dialog = harness.service.create('confirm', {}, harness.callback);
    const record = harness.windows.get(dialog.wid)!;
    expect(record).toMatchObject({ parent: null, attributes: { modal: true, ontop: true }, state: { focused: true } });
    expect(isListedWindow(record)).toBe(false);
    expect(harness.windows.focus(app.wid)).toBe(false);
  });

  it('are modal to the parent window given in the options', () => {
    const harness = dialogHarness();
    const app = harness.windows.open({ id: 'main', appId: 'textpad' });
    const dialog = harness.service.create('confirm', { parent: app.wid }, harness.callback);
    const record = harness.windows.get(dialog.wid)!;
    expect(record.parent).toBe(app.wid);
    expect(record.attributes.modal).toBe(true);
  });

  it('carry the title of the options, else the translated title of their kind', () => {
    expect(open('confirm', { title: 'Delete?' }).record.title).toBe('Delete?');
    expect(open('confirm').record.title).toBe('Confirm');
    expect(open('prompt').record.title).toBe('Prompt');
    expect(open('progress').record.title).toBe('Progress');
    expect(open('color').record.title).toBe('Choose a color');
    expect(open('font').record.title).toBe('Choose a font');
    expect(open('choice').record.title).toBe('Choose');
    expect(open('defaultApplication').record.title).toBe('Choose an application');
    expect(open('file').record.title).toBe('Open');
    expect(open('file', { type: 'save' }).record.title).toBe('Save');
  });
});
