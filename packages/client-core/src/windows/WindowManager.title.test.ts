import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeClock } from '../testing/FakeClock.js';
import { WindowManager } from './WindowManager.js';

const TEXTS: Record<string, Record<string, string>> = {
  en_EN: { untitled: 'Untitled', files: 'Files' },
  de_DE: { untitled: 'Unbenannt', files: 'Dateien' },
  zh_CN: { untitled: '未命名', files: '文件' },
};

const managers: WindowManager[] = [];
function setup() {
  const language = { current: 'de_DE' };
  const translate = (key: string) => TEXTS[language.current]?.[key] ?? key;
  const windows = new WindowManager({ clock: new FakeClock(), viewport: { width: 1280, height: 800 }, translate });
  managers.push(windows);
  return { windows, language };
}
afterEach(() => managers.splice(0).forEach((m) => m.dispose()));

describe('WindowManager titles made of texts', () => {
  it('shows a title given as a function of the translator in the current language, and again in the next one after retitle()', () => {
    const { windows, language } = setup();
    const files = windows.open({ id: 'files', appId: 'Files', title: (t) => `${t('untitled')} – ${t('files')}` });
    const plain = windows.open({ id: 'notes', appId: 'Notes', title: 'notes.txt' });
    expect(windows.get(files.wid)?.title).toBe('Unbenannt – Dateien');
    language.current = 'zh_CN';
    let listChanges = 0;
    windows.subscribe(() => listChanges++);
    windows.retitle();
    expect(windows.windows().map((w) => w.title)).toEqual(['未命名 – 文件', 'notes.txt']);
    // The window list hears of it once; a plain text stays as it was given.
    expect(listChanges).toBe(1);
    expect(windows.get(plain.wid)?.title).toBe('notes.txt');
  });

  it('follows the last title set: a plain text set later stops the following, a function set later starts it', () => {
    const { windows, language } = setup();
    const w = windows.open({ id: 'editor', appId: 'TextEditor', title: (t) => t('untitled') });
    windows.setTitle(w.wid, 'report.txt');
    language.current = 'zh_CN';
    windows.retitle();
    expect(windows.get(w.wid)?.title).toBe('report.txt');
    windows.setTitle(w.wid, (t) => `*${t('untitled')}`);
    expect(windows.get(w.wid)?.title).toBe('*未命名');
    language.current = 'de_DE';
    windows.retitle();
    expect(windows.get(w.wid)?.title).toBe('*Unbenannt');
  });

  it('forgets the title of a closed window, and a title function that throws gives an empty title', () => {
    const { windows } = setup();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const w = windows.open({ id: 'a', appId: 'A', title: () => 'A' });
    windows.close(w.wid);
    expect(() => windows.retitle()).not.toThrow();
    const broken = windows.open({
      id: 'b',
      appId: 'B',
      title: () => {
        throw new Error('no texts');
      },
    });
    expect(windows.get(broken.wid)?.title).toBe('');
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
  });
});
