import { catalogues, flattenCatalogue } from '@atrium/shared';
import type { SoundName } from '../../sounds/SoundPlayer.js';
import { FakeClock } from '../../testing/FakeClock.js';
import type { FileSystem } from '../../vfs/FileSystem.js';
import { WindowManager } from '../../windows/WindowManager.js';
import type { DialogCallback } from '../DialogModel.js';
import { DialogService, registerDialogKinds } from '../DialogService.js';
import { SELDOM_DIALOGS } from '../seldomDialogs.js';

const english = flattenCatalogue(catalogues.en_EN);

// Every kind is created at once here, as on a desktop that has loaded them (loadDialogKinds).
registerDialogKinds(SELDOM_DIALOGS);

/** The English catalogue with i18next-style {{name}} interpolation; unknown keys come back as themselves. */
export function translateEnglish(key: string, vars: Record<string, unknown> = {}): string {
  const text = english[key] ?? key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}

/** Viewport of the harness's window manager. */
export const VIEWPORT = { width: 1280, height: 800 };

/**
 * A DialogService over a real WindowManager (fake clock, 1280x800), the
 * English catalogue and a sound recorder; `callback()` records every call.
 */
export function dialogHarness(options: { fileSystem?: FileSystem; applications?: () => Array<{ name: string; title: string }> } = {}) {
  const windows = new WindowManager({ clock: new FakeClock(), viewport: VIEWPORT, translate: translateEnglish });
  const played: SoundName[] = [];
  const service = new DialogService({
    windows,
    translate: translateEnglish,
    sounds: { play: (name) => void played.push(name) },
    ...options,
  });
  const calls: Array<[string, unknown]> = [];
  const callback: DialogCallback = (button, value) => void calls.push([button, value]);
  return { windows, service, played, calls, callback };
}
