import type { DialogCallback, DialogService, MemoryFileSystem, ProgressDialog, TrayModel, WindowManager } from '@atrium/client-core';
import { demoFileSystem } from './demoFileSystem.js';

/** Translates (the translator's t). */
type T = (key: string, vars?: Record<string, unknown>) => string;

/** What the developer menu's entries act on. */
export interface DevContext {
  windows: WindowManager;
  dialogs: DialogService;
  /** The panel's tray (the developer's test icons). */
  tray: TrayModel;
  t: T;
  /** Shows a dialog's result ('confirm: yes', 'prompt: ok "text"'). */
  report(label: string, button: string, value: unknown): void;
  /** Marks a window as the developer entry's, so that it gets the demo text as its content. */
  adopt(wid: number): void;
}

/** How long the demo window stays loading. */
const LOADING_TIME = 3000;
/** Steps of the advancing progress dialog: below 0 and above 100 prove the clamping. */
const PROGRESS_STEPS = [-10, 20, 45, 70, 95, 130];
const PROGRESS_INTERVAL = 400;

let opened = 0;
let demo: MemoryFileSystem | null = null;
/** The developer entry's demo tree, one per page. */
const demoFiles = () => (demo ??= demoFileSystem());
let trayIcons = 0;

/**
 * Places 'Test tray icon N' in the panel's tray with a badge: a click
 * reports 'tray: click' and counts the badge down, a context click reports
 * 'tray: contextmenu' (in the result region).
 */
export function addTrayIcon(c: DevContext, badge: number): void {
  trayIcons++;
  const title = c.t('devtools.trayTitle', { number: trayIcons });
  let count = badge;
  const icon = c.tray.create({
    icon: 'notification',
    title,
    badge,
    onClick: () => {
      count = Math.max(0, count - 1);
      icon.update({ badge: count });
      c.report('tray', 'click', title);
    },
    onContextMenu: () => c.report('tray', 'contextmenu', title),
  });
}

/** Opens 'Test window N': an ordinary, fully capable window. */
export function openTestWindow(c: DevContext): number {
  opened++;
  const w = c.windows.open({ id: `test-${opened}`, appId: 'devtools', title: c.t('devtools.testWindow', { number: opened }) });
  c.adopt(w.wid);
  return w.wid;
}

/** The entries of the developer menu: windows first, then tray icons, then one per dialog kind. */
export const DEV_ACTIONS: ReadonlyArray<{ key: string; group: 'windows' | 'tray' | 'dialogs'; run(c: DevContext): void }> = [
  { key: 'openWindow', group: 'windows', run: (c) => void openTestWindow(c) },
  {
    key: 'openMany',
    group: 'windows',
    run(c) {
      for (let i = 0; i < 30; i++) openTestWindow(c);
    },
  },
  {
    key: 'openFixed',
    group: 'windows',
    run(c) {
      opened++;
      const w = c.windows.open({
        id: `fixed-${opened}`,
        appId: 'devtools',
        title: c.t('devtools.fixedWindow'),
        dimension: { width: 360, height: 220 },
        attributes: { resizable: false, maximizable: false },
      });
      c.adopt(w.wid);
    },
  },
  {
    key: 'openLoading',
    group: 'windows',
    run(c) {
      opened++;
      const w = c.windows.open({ id: `loading-${opened}`, appId: 'devtools', title: c.t('devtools.loadingWindow') });
      c.adopt(w.wid);
      c.windows.setLoading(w.wid, true);
      window.setTimeout(() => c.windows.setLoading(w.wid, false), LOADING_TIME);
    },
  },
  { key: 'trayIcon', group: 'tray', run: (c) => addTrayIcon(c, 3) },
  { key: 'trayIconMany', group: 'tray', run: (c) => addTrayIcon(c, 120) },
  { key: 'alertInfo', group: 'dialogs', run: (c) => void c.dialogs.create('alert', { message: c.t('devtools.demo.info') }, reporter(c, 'alert')) },
  {
    key: 'alertError',
    group: 'dialogs',
    run(c) {
      // A real Error, thrown and caught, so that the dialog shows a real stack.
      try {
        throw new Error(c.t('devtools.demo.error'));
      } catch (error) {
        c.dialogs.create('alert', { type: 'error', message: c.t('devtools.demo.error'), error: error as Error }, reporter(c, 'alert'));
      }
    },
  },
  { key: 'confirmYesNo', group: 'dialogs', run: (c) => void c.dialogs.create('confirm', { message: c.t('devtools.demo.confirm') }, reporter(c, 'confirm')) },
  { key: 'confirmOkCancel', group: 'dialogs', run: (c) => void c.dialogs.create('confirm', { message: c.t('devtools.demo.confirm'), yesno: false }, reporter(c, 'confirm')) },
  {
    key: 'prompt',
    group: 'dialogs',
    run: (c) => void c.dialogs.create('prompt', { message: c.t('devtools.demo.prompt'), placeholder: c.t('devtools.demo.placeholder') }, reporter(c, 'prompt')),
  },
  {
    key: 'progress',
    group: 'dialogs',
    run(c) {
      let step = 0;
      const report = reporter(c, 'progress');
      const dialog = c.dialogs.create('progress', { message: c.t('devtools.demo.progress'), value: PROGRESS_STEPS[0] }, (button, value) => {
        window.clearInterval(timer);
        report(button, value);
      }) as ProgressDialog;
      const timer = window.setInterval(() => {
        step++;
        const next = PROGRESS_STEPS[step];
        if (next === undefined) window.clearInterval(timer);
        else dialog.setProgress(next);
      }, PROGRESS_INTERVAL);
    },
  },
  { key: 'color', group: 'dialogs', run: (c) => void c.dialogs.open('color', { value: '#2f6fde' }, reporter(c, 'color')) },
  { key: 'font', group: 'dialogs', run: (c) => void c.dialogs.open('font', {}, reporter(c, 'font')) },
  // The demo tree (demoFileSystem), the same on every run; the '(my files)' entries use the user's own files on the server.
  { key: 'fileOpen', group: 'dialogs', run: (c) => void c.dialogs.open('file', { type: 'open', path: 'home:/Documents', fileSystem: demoFiles() }, reporter(c, 'file')) },
  {
    key: 'fileSave',
    group: 'dialogs',
    run: (c) => void c.dialogs.open('file', { type: 'save', path: 'home:/Documents', filename: 'report.txt', fileSystem: demoFiles() }, reporter(c, 'file')),
  },
  { key: 'fileOpenServer', group: 'dialogs', run: (c) => void c.dialogs.open('file', { type: 'open' }, reporter(c, 'file')) },
  { key: 'fileSaveServer', group: 'dialogs', run: (c) => void c.dialogs.open('file', { type: 'save', filename: 'report.txt' }, reporter(c, 'file')) },
  {
    key: 'choice',
    group: 'dialogs',
    run: (c) =>
      void c.dialogs.open(
        'choice',
        {
          message: c.t('devtools.demo.choice'),
          choices: { daily: c.t('devtools.demo.choices.daily'), weekly: c.t('devtools.demo.choices.weekly'), monthly: c.t('devtools.demo.choices.monthly') },
          value: 'weekly',
        },
        reporter(c, 'choice'),
      ),
  },
  { key: 'defaultApplication', group: 'dialogs', run: (c) => void c.dialogs.open('defaultApplication', { message: c.t('devtools.demo.defaultApplication') }, reporter(c, 'defaultApplication')) },
];

function reporter(c: DevContext, label: string): DialogCallback {
  return (button, value) => c.report(label, button, value);
}

/** The applications the default-application dialog offers in the developer build. */
export function demoApplications(t: T): Array<{ name: string; title: string }> {
  return (['textpad', 'viewer', 'sheets'] as const).map((name) => ({ name, title: t(`devtools.demo.applications.${name}`) }));
}

/** 'confirm: yes', or with a value: 'prompt: ok "Reports"'. */
export function formatResult(label: string, button: string, value: unknown): string {
  return value === null || value === undefined ? `${label}: ${button}` : `${label}: ${button} ${JSON.stringify(value)}`;
}
