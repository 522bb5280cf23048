import { MemoryFileSystem, memoryMountpoint } from '@atrium/app-kit/testing';
import { describe, expect, it } from 'vitest';
import { PreviewModel, previewKindOf } from './PreviewModel.js';

function setup() {
  const fs = new MemoryFileSystem({
    mountpoints: [memoryMountpoint('home')],
    files: {
      'home:/Pictures/a.png': 'png',
      'home:/Pictures/b.txt': 'text',
      'home:/Pictures/c.jpg': 'jpg',
      'home:/Pictures/d.mp4': 'mp4',
      'home:/Pictures/sub': null,
      'home:/Music/song.mp3': 'mp3',
      'home:/Docs/guide.pdf': 'pdf',
      'home:/Docs/notes.txt': 'notes',
    },
  });
  // Every key is 'translated' (marked T:) so that a missing translation is told apart.
  const model = new PreviewModel({ files: fs, t: (key, vars) => `T:${key}${vars ? ` ${JSON.stringify(vars)}` : ''}` });
  return { fs, model };
}

describe('previewKindOf', () => {
  it('shows images, video, audio and PDF, nothing else', () => {
    expect(previewKindOf('image/png')).toBe('image');
    expect(previewKindOf('image/svg+xml')).toBe('image');
    expect(previewKindOf('video/webm')).toBe('video');
    expect(previewKindOf('audio/mpeg')).toBe('audio');
    expect(previewKindOf('application/pdf')).toBe('pdf');
    expect(previewKindOf('Application/PDF; charset=binary')).toBe('pdf');
    expect(previewKindOf('text/plain')).toBeNull();
    expect(previewKindOf('inode/directory')).toBeNull();
  });
});

describe('PreviewModel', () => {
  it('shows a file by its address, loading until the browser has it, titled with its name', async () => {
    const { model } = setup();
    expect(model.getState().status).toBe('empty');
    await model.show('home:/Pictures/a.png');
    const state = model.getState();
    expect(state).toMatchObject({ kind: 'image', status: 'loading', file: { path: 'home:/Pictures/a.png' } });
    expect(state.url).toMatch(/^blob:/);
    expect(model.title).toBe('a.png');
    model.loaded();
    expect(model.getState().status).toBe('ready');
  });

  it("uses the entry's own address when it has one, the freshest first", async () => {
    const { model, fs } = setup();
    const entry = { ...(await fs.stat('home:/Music/song.mp3')), url: '/file/42/data?token=old' };
    await model.show(entry);
    expect(model.getState()).toMatchObject({ kind: 'audio', url: '/file/42/data?token=old' });
    const stat = fs.stat.bind(fs);
    fs.stat = async (path) => ({ ...(await stat(path)), url: '/file/42/data?token=new' });
    await model.show(entry);
    expect(model.getState().url).toBe('/file/42/data?token=new');
  });

  it('says so when the file does not exist', async () => {
    const { model } = setup();
    await model.show('home:/Pictures/gone.png');
    expect(model.getState()).toMatchObject({ status: 'error', error: 'T:vfs.error.notFound {"path":"home:/Pictures/gone.png"}', url: null });
  });

  it('says so when the type cannot be previewed', async () => {
    const { model } = setup();
    await model.show('home:/Docs/notes.txt');
    expect(model.getState()).toMatchObject({ status: 'error', error: 'T:preview.unsupported {"name":"notes.txt"}', url: null });
    expect(model.title).toBe('notes.txt');
  });

  it('says so when the browser cannot show the file', async () => {
    const { model } = setup();
    await model.show('home:/Pictures/c.jpg');
    model.failed();
    expect(model.getState()).toMatchObject({ status: 'error', error: 'T:preview.failed {"name":"c.jpg"}' });
  });

  it('moves to the previous and next previewable file of the folder', async () => {
    const { model } = setup();
    await model.show('home:/Pictures/c.jpg');
    expect(model.getState().siblings.map((s) => s.filename)).toEqual(['a.png', 'c.jpg', 'd.mp4']);
    expect([model.hasPrevious, model.hasNext]).toEqual([true, true]);
    await model.next();
    expect(model.getState()).toMatchObject({ kind: 'video', file: { filename: 'd.mp4' } });
    expect(model.hasNext).toBe(false);
    await model.next();
    expect(model.getState().file?.filename).toBe('d.mp4');
    await model.previous();
    await model.previous();
    expect(model.getState().file?.filename).toBe('a.png');
    expect(model.hasPrevious).toBe(false);
  });

  it('fits images without enlarging them, and zooms in and out in steps from the fitted scale', async () => {
    const { model } = setup();
    await model.show('home:/Pictures/a.png');
    expect(model.getState().zoom).toBe('fit');
    model.setFitScale(2.5);
    expect(model.scale).toBe(1);
    model.setFitScale(0.4);
    expect(model.scale).toBe(0.4);
    model.zoomIn();
    expect(model.scale).toBe(0.5);
    model.zoomIn();
    expect(model.scale).toBe(0.67);
    model.actualSize();
    expect(model.scale).toBe(1);
    model.zoomOut();
    expect(model.scale).toBe(0.75);
    model.fit();
    expect(model.scale).toBe(0.4);
    model.zoomOut();
    expect(model.scale).toBe(0.33);
    for (let i = 0; i < 20; i++) model.zoomOut();
    expect(model.scale).toBe(0.1);
    for (let i = 0; i < 20; i++) model.zoomIn();
    expect(model.scale).toBe(8);
  });

  it('goes back to fit for the next file', async () => {
    const { model } = setup();
    await model.show('home:/Pictures/a.png');
    model.actualSize();
    await model.next();
    expect(model.getState().zoom).toBe('fit');
  });

  it('gives an address that downloads the file', async () => {
    const { model } = setup();
    expect(await model.downloadUrl()).toBeNull();
    await model.show('home:/Docs/guide.pdf');
    expect(model.getState().kind).toBe('pdf');
    expect(await model.downloadUrl()).toMatch(/^blob:/);
  });

  it('only lets the latest file land when the user moves on quickly', async () => {
    const { model } = setup();
    const first = model.show('home:/Pictures/a.png');
    const second = model.show('home:/Music/song.mp3');
    await Promise.all([first, second]);
    expect(model.getState()).toMatchObject({ kind: 'audio', file: { filename: 'song.mp3' } });
    expect(model.getState().siblings.map((s) => s.filename)).toEqual(['song.mp3']);
  });
});
