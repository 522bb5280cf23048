import { describe, expect, it } from 'vitest';
import type { PackageMetadataInput } from '@atrium/shared';
import { fakeApplication } from './testing/fakeApplication.js';
import { MAX_WINDOW_DOCUMENTS, WINDOW_DOCUMENTS_KEY, windowDocument } from './windowDocument.js';

const metadata: PackageMetadataInput = { name: 'Notes', type: 'application', title: { en_EN: 'Notes' }, files: ['main.js'] };

/** A saved window record, as the desktop hands it to a restored application (LaunchOptions.restore). */
const record = (id: string) => ({ id, maximized: false, minimized: false, position: { left: 40, top: 40 }, dimension: { width: 480, height: 320 } });

describe('windowDocument', () => {
  it('gives a window launched by the user an id of its own, and it comes back with no saved document', () => {
    const app = fakeApplication(metadata);
    const first = windowDocument(app, 'editor');
    const second = windowDocument(app, 'editor');
    expect(first.windowId).toMatch(/^editor-[a-z0-9]+$/);
    expect(second.windowId).not.toBe(first.windowId);
    expect(first).toMatchObject({ restoring: false, saved: null, comesBack: true });
  });

  it("keeps the file a window shows in the application's own settings, by the window's id, and gives it back to the restored window", () => {
    const app = fakeApplication(metadata);
    const shown = windowDocument(app, 'editor');
    shown.remember({ path: 'home:/Welcome.md', modified: false });
    expect(app.appSettingValues[WINDOW_DOCUMENTS_KEY]).toEqual({ [shown.windowId]: { path: 'home:/Welcome.md', modified: false } });

    // The next page: the desktop's session keeps the window's id (and no launch arguments).
    const restored = windowDocument(fakeApplication(metadata, { appSettings: app.appSettingValues, launchOptions: { restore: [record(shown.windowId)] } }), 'editor');
    expect(restored).toMatchObject({ windowId: shown.windowId, restoring: true, saved: { path: 'home:/Welcome.md', modified: false }, comesBack: true });
  });

  it('does not bring back a window that showed no file: a new document without changes is not even kept', () => {
    const app = fakeApplication(metadata);
    const shown = windowDocument(app, 'editor');
    shown.remember({ path: 'home:/a.txt', modified: false });
    shown.remember({ path: null, modified: false });
    expect(app.appSettingValues[WINDOW_DOCUMENTS_KEY]).toEqual({});
    const restored = windowDocument(fakeApplication(metadata, { appSettings: app.appSettingValues, launchOptions: { restore: [record(shown.windowId)] } }), 'editor');
    expect(restored).toMatchObject({ restoring: true, saved: null, comesBack: false });
  });

  it('tells a restored new document that had changes, which does not come back either', () => {
    const app = fakeApplication(metadata);
    const shown = windowDocument(app, 'editor');
    shown.remember({ path: null, modified: true });
    const restored = windowDocument(fakeApplication(metadata, { appSettings: app.appSettingValues, launchOptions: { restore: [record(shown.windowId)] } }), 'editor');
    expect(restored).toMatchObject({ saved: { path: null, modified: true }, comesBack: false });
  });

  it('does not bring back a window of a session saved before windows kept their documents, nor one with no window at all', () => {
    expect(windowDocument(fakeApplication(metadata, { launchOptions: { restore: [record('editor')] } }), 'editor')).toMatchObject({ windowId: 'editor', comesBack: false });
    expect(windowDocument(fakeApplication(metadata, { launchOptions: { restore: [] } }), 'editor').comesBack).toBe(false);
  });

  it('forgets the document of a window the user closed', () => {
    const app = fakeApplication(metadata);
    const kept = windowDocument(app, 'editor');
    const closed = windowDocument(app, 'editor');
    kept.remember({ path: 'home:/kept.txt', modified: false });
    closed.remember({ path: 'home:/closed.txt', modified: true });
    closed.forget();
    expect(app.appSettingValues[WINDOW_DOCUMENTS_KEY]).toEqual({ [kept.windowId]: { path: 'home:/kept.txt', modified: false } });
  });

  it(`keeps at most ${MAX_WINDOW_DOCUMENTS} windows' documents, the longest unchanged going first, and other settings as they are`, () => {
    const app = fakeApplication(metadata, { appSettings: { wrap: false } });
    const windows = Array.from({ length: MAX_WINDOW_DOCUMENTS + 2 }, () => windowDocument(app, 'editor'));
    windows.forEach((window, index) => window.remember({ path: `home:/${index}.txt`, modified: false }));
    // The first changes again: it is now the latest.
    windows[0]!.remember({ path: 'home:/0.txt', modified: true });
    const kept = app.appSettingValues[WINDOW_DOCUMENTS_KEY] as Record<string, unknown>;
    expect(Object.keys(kept)).toHaveLength(MAX_WINDOW_DOCUMENTS);
    expect(Object.keys(kept)).not.toContain(windows[1]!.windowId);
    expect(Object.keys(kept)).not.toContain(windows[2]!.windowId);
    expect(Object.keys(kept).at(-1)).toBe(windows[0]!.windowId);
    expect(app.appSettingValues.wrap).toBe(false);
  });

  it('reads kept entries of another shape as nothing kept', () => {
    const restored = windowDocument(
      fakeApplication(metadata, { appSettings: { [WINDOW_DOCUMENTS_KEY]: { 'editor-x': { path: 42 }, 'editor-y': 'home:/y.txt' } }, launchOptions: { restore: [record('editor-x')] } }),
      'editor',
    );
    expect(restored).toMatchObject({ saved: null, comesBack: false });
  });
});
