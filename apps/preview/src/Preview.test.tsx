import { MemoryFileSystem, memoryMountpoint, renderApplication, type ApplicationTest } from '@atrium/app-kit/testing';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import metadata from '../metadata.json';
import preview from './index.js';
import { PREVIEW_MIMES } from './PreviewModel.js';
import { WINDOW_DOCUMENTS_KEY } from '@atrium/app-kit';

let current: ApplicationTest | null = null;
afterEach(() => {
  current?.closeAll();
  current?.unmount();
  current = null;
});

/** Launches Preview over an in-memory filesystem with English texts. */
async function launch(args: Record<string, unknown> = {}, options: Record<string, unknown> = {}, appSettings: Record<string, unknown> = {}) {
  const fs = new MemoryFileSystem({
    mountpoints: [memoryMountpoint('home')],
    files: {
      'home:/Pictures/beach.png': 'png',
      'home:/Pictures/city.jpg': 'jpg',
      'home:/Pictures/list.txt': 'text',
      'home:/Pictures/trip.webm': 'webm',
      'home:/Music/song.mp3': 'mp3',
      'home:/Docs/guide.pdf': 'pdf',
      'home:/Docs/notes.txt': 'notes',
    },
  });
  current = await renderApplication(preview, metadata as Parameters<typeof renderApplication>[1], { args, launchOptions: options, appSettings, files: fs });
  return { ...current, fs };
}

const settle = () => act(async () => await new Promise((resolve) => setTimeout(resolve, 0)));

/** The image element told the view it has loaded, with this natural size. */
function imageLoads(width: number, height: number) {
  const image = screen.getByTestId('preview.image') as HTMLImageElement;
  Object.defineProperty(image, 'naturalWidth', { value: width, configurable: true });
  Object.defineProperty(image, 'naturalHeight', { value: height, configurable: true });
  fireEvent.load(image);
  return image;
}

describe('Preview', () => {
  it('declares images, video, audio and PDF', () => {
    expect(metadata.mimes).toEqual(PREVIEW_MIMES);
  });

  it('says what it is for when launched without a file', async () => {
    await launch();
    expect(screen.getByRole('heading').textContent).toBe('Nothing to preview');
  });

  it('shows an image by its address, loading first, then titled with its name', async () => {
    const { app } = await launch({ file: 'home:/Pictures/city.jpg' });
    await settle();
    expect(screen.getByRole('status').textContent).toBe('Loading city.jpg…');
    const image = screen.getByRole('img', { name: 'city.jpg' }) as HTMLImageElement;
    expect(image.src).toMatch(/^blob:/);
    imageLoads(400, 300);
    expect(screen.queryByRole('status')).toBeNull();
    expect(app.titles.at(-1)).toBe('city.jpg');
    expect(screen.getByTestId('preview.stage').dataset.status).toBe('ready');
  });

  it('zooms the image with the buttons and the keys + - 0 1', async () => {
    await launch({ file: 'home:/Pictures/city.jpg' });
    await settle();
    const image = imageLoads(400, 300);
    // jsdom lays nothing out: the stage has no size, so the fitted scale stays 100 %.
    expect(screen.getByTestId('preview.zoom').textContent).toBe('100%');
    expect(image.style.width).toBe('400px');
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(screen.getByTestId('preview.zoom').textContent).toBe('125%');
    expect(image.style.width).toBe('500px');
    fireEvent.keyDown(image, { key: '+' });
    expect(screen.getByTestId('preview.zoom').textContent).toBe('150%');
    fireEvent.keyDown(image, { key: '-' });
    fireEvent.keyDown(image, { key: '-' });
    fireEvent.keyDown(image, { key: '-' });
    expect(screen.getByTestId('preview.zoom').textContent).toBe('75%');
    expect(image.style.height).toBe('225px');
    fireEvent.keyDown(image, { key: '1' });
    expect(screen.getByRole('button', { name: 'Actual size' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.keyDown(image, { key: '0' });
    expect(screen.getByRole('button', { name: 'Fit to window' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('moves to the previous and next previewable file of the folder with the buttons and arrow keys', async () => {
    const { app } = await launch({ file: 'home:/Pictures/city.jpg' });
    await settle();
    expect(screen.getByTestId('preview.position').textContent).toBe('2 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next file' }));
    await settle();
    expect(screen.getByTestId('preview.video')).toBeTruthy();
    expect(app.titles.at(-1)).toBe('trip.webm');
    expect((screen.getByRole('button', { name: 'Next file' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(screen.getByTestId('preview.stage'), { key: 'ArrowLeft' });
    await settle();
    fireEvent.keyDown(screen.getByTestId('preview.stage'), { key: 'ArrowLeft' });
    await settle();
    expect(app.titles.at(-1)).toBe('beach.png');
    expect((screen.getByRole('button', { name: 'Previous file' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('plays video and audio with the browser controls, ready once the metadata is there', async () => {
    await launch({ file: 'home:/Music/song.mp3' });
    await settle();
    const audio = screen.getByTestId('preview.audio') as HTMLAudioElement;
    expect(audio.controls).toBe(true);
    fireEvent.loadedMetadata(audio);
    expect(screen.getByTestId('preview.stage').dataset.status).toBe('ready');
    expect(screen.queryByTestId('preview.zoomIn')).toBeNull();
  });

  it('shows a PDF in a frame of its address, the file named by the page address', async () => {
    await launch({}, { file: 'home:/Docs/guide.pdf' });
    await settle();
    const frame = screen.getByTitle('guide.pdf') as HTMLIFrameElement;
    expect(frame.src).toMatch(/^blob:/);
  });

  it('says so when the file is missing or not previewable', async () => {
    await launch({ file: 'home:/Pictures/gone.png' });
    await settle();
    expect(screen.getByRole('alert').textContent).toContain("'home:/Pictures/gone.png' does not exist");
    current?.closeAll();
    current?.unmount();
    await launch({ file: 'home:/Docs/notes.txt' });
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('Preview cannot show notes.txt: it is not a picture, a video, a sound or a PDF file.');
    expect((screen.getByRole('button', { name: 'Download' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says so when the browser cannot show the file', async () => {
    await launch({ file: 'home:/Pictures/beach.png' });
    await settle();
    fireEvent.error(screen.getByTestId('preview.image'));
    expect(screen.getByRole('alert').textContent).toBe('beach.png could not be shown: the file may be damaged, or in a format this browser cannot play.');
  });
});

describe('Preview after a reload (a restored session)', () => {
  /** The saved record of a window, as the desktop's session keeps it: its id, place and state, never what it showed. */
  const record = (id: string) => ({ id, maximized: false, minimized: false, position: { left: 40, top: 40 }, dimension: { width: 800, height: 600 } });
  const restore = (id: string, kept: Record<string, unknown>) => launch({}, { restore: [record(id)] }, { [WINDOW_DOCUMENTS_KEY]: kept });

  it('keeps the file its window shows in its own settings, and the restored window shows that file again', async () => {
    const first = await launch({ file: 'home:/Pictures/city.jpg' });
    await settle();
    const id = first.app.windowOptions[0]!.id;
    expect(id).toMatch(/^preview-/);
    const kept = first.app.appSettingValues[WINDOW_DOCUMENTS_KEY] as Record<string, unknown>;
    expect(kept).toEqual({ [id]: { path: 'home:/Pictures/city.jpg', modified: false } });
    current?.closeAll();
    current?.unmount();

    const { app } = await restore(id, kept);
    await settle();
    expect(app.windowOptions.map((w) => w.id)).toEqual([id]);
    expect(app.titles.at(-1)).toBe('city.jpg');
    expect(screen.getByRole('img', { name: 'city.jpg' })).toBeTruthy();
  });

  it('says that a file moved or deleted since is no longer there, titled with its name', async () => {
    const { app } = await restore('preview-a', { 'preview-a': { path: 'home:/Pictures/gone.png', modified: false } });
    await settle();
    expect(app.titles.at(-1)).toBe('gone.png');
    expect(screen.getByTestId('preview.error').textContent).toBe(
      'gone.png is no longer at home:/Pictures/gone.png: it was moved, renamed or deleted since this window showed it. Find it in Files to open it again.',
    );
  });

  it('does not come back as an empty window: a restored window that showed no file ends Preview at once', async () => {
    const { app } = await restore('preview', {});
    expect(app.windowOptions).toHaveLength(0);
    expect(app.ended).toBe(true);
  });

  it('forgets the file of a window the user closed', async () => {
    const { app } = await launch({ file: 'home:/Pictures/city.jpg' });
    await settle();
    expect(await app.requestClose(app.windows[0]!)).toBe(true);
    expect(app.appSettingValues[WINDOW_DOCUMENTS_KEY]).toEqual({});
  });
});
