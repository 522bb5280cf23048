import { describe, expect, it } from 'vitest';
import { testWindowManager } from '../testing/windowManager.js';
import { isDesktopModal, isListedWindow } from './desktopModal.js';
import type { WindowManager } from './WindowManager.js';

const setup = (): WindowManager => testWindowManager();

const question = { id: 'logout', attributes: { modal: true } };

describe('WindowManager modals of the desktop (a modal window without a parent)', () => {
  it('is not one of the windows the user switches between', () => {
    const windows = setup();
    const files = windows.open({ id: 'files', appId: 'Files' });
    const modal = windows.open(question);
    const child = windows.open({ id: 'child', parent: files.wid });
    expect(isDesktopModal(windows.get(modal.wid)!)).toBe(true);
    expect(windows.windows().filter(isListedWindow).map((w) => w.id)).toEqual(['files']);
    expect(isDesktopModal(windows.get(child.wid)!)).toBe(false);
  });

  it('is above every window, on-top ones included, and takes the focus', () => {
    const windows = setup();
    const pinned = windows.open({ id: 'pinned', attributes: { ontop: true } });
    const modal = windows.open(question);
    expect(windows.get(modal.wid)?.state.focused).toBe(true);
    expect(windows.get(modal.wid)!.zIndex).toBeGreaterThan(windows.get(pinned.wid)!.zIndex);
  });

  it('keeps the focus while open: a window opened meanwhile (a restored session) opens behind it', () => {
    const windows = setup();
    const modal = windows.open(question);
    const files = windows.open({ id: 'files', appId: 'Files' });
    expect(windows.focused()?.wid).toBe(modal.wid);
    expect(windows.get(files.wid)?.state.focused).toBe(false);
    expect(windows.get(modal.wid)!.zIndex).toBeGreaterThan(windows.get(files.wid)!.zIndex);
  });

  it('refuses the focus to any other window while open, and window cycling stays on it', () => {
    const windows = setup();
    const files = windows.open({ id: 'files' });
    const editor = windows.open({ id: 'editor' });
    const modal = windows.open(question);
    expect(windows.focus(files.wid)).toBe(false);
    expect(windows.focused()?.wid).toBe(modal.wid);
    expect(windows.cycleFocus(1)?.wid).toBe(modal.wid);
    expect(windows.cycleFocus(-1)?.wid).toBe(modal.wid);
    windows.raise(editor.wid);
    expect(windows.focused()?.wid).toBe(modal.wid);
  });

  it('lets its own modal child take the focus (a chooser asking whether to overwrite), above it', () => {
    const windows = setup();
    const chooser = windows.open(question);
    const prompt = windows.open({ id: 'overwrite', parent: chooser.wid, attributes: { modal: true } });
    expect(windows.focused()?.wid).toBe(prompt.wid);
    expect(windows.get(prompt.wid)!.zIndex).toBeGreaterThan(windows.get(chooser.wid)!.zIndex);
    windows.close(prompt.wid);
    expect(windows.focused()?.wid).toBe(chooser.wid);
  });

  it('gives the focus back, once closed, to the window that had it when it opened', () => {
    const windows = setup();
    const files = windows.open({ id: 'files' });
    windows.open({ id: 'editor' });
    windows.focus(files.wid);
    const modal = windows.open(question);
    windows.close(modal.wid);
    expect(windows.focused()?.wid).toBe(files.wid);
  });

  it('gives the focus, once closed, to the topmost window when none had it (the windows restored behind it)', () => {
    const windows = setup();
    const modal = windows.open(question);
    windows.open({ id: 'files' });
    const editor = windows.open({ id: 'editor' });
    windows.close(modal.wid);
    expect(windows.focused()?.wid).toBe(editor.wid);
    expect(windows.cycleFocus(1)?.id).toBe('files');
  });
});
