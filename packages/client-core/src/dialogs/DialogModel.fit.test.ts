import { describe, expect, it } from 'vitest';
import { FakeClock } from '../testing/FakeClock.js';
import { MemoryFileSystem, memoryMountpoint } from '@atrium/sdk/testing';
import { WindowManager } from '../windows/WindowManager.js';
import { DIALOG_KINDS, fitDialogSize } from './DialogModel.js';
import { DialogService } from './DialogService.js';
import { dialogSize } from './dialogSizes.js';
import { translateEnglish } from './testing/dialogHarness.js';

const fileSystem = new MemoryFileSystem({ mountpoints: [memoryMountpoint('home')], files: {} });

describe('dialogs on a narrow screen (docs/ACCESSIBILITY.md: usable at 320 px)', () => {
  it.each(DIALOG_KINDS)('a %s dialog fits a 320x640 viewport, with its minimum, and lies inside it', (kind) => {
    const windows = new WindowManager({ clock: new FakeClock(), viewport: { width: 320, height: 640 } });
    const service = new DialogService({ windows, translate: translateEnglish, fileSystem, applications: () => [] });
    const dialog = service.create(kind, kind === 'file' ? { type: 'open' } : {}, () => undefined);
    const record = windows.get(dialog.wid)!;
    expect(record.dimension.width).toBeLessThanOrEqual(304);
    expect(record.attributes.minDimension.width).toBeLessThanOrEqual(304);
    expect(record.position.left).toBeGreaterThanOrEqual(0);
    expect(record.position.left + record.dimension.width).toBeLessThanOrEqual(320);
    expect(record.position.top + record.dimension.height).toBeLessThanOrEqual(640);
    windows.dispose();
  });

  it('keeps the sizes of the spec where they fit', () => {
    const size = dialogSize('prompt');
    expect(fitDialogSize(size, { width: 1280, height: 800 })).toEqual(size);
    expect(fitDialogSize(size, null)).toEqual(size);
    expect(fitDialogSize(size, { width: 320, height: 640 })).toEqual({ dimension: { width: 304, height: 200 }, minDimension: { width: 304, height: 200 } });
  });

  it('narrows in both directions on a very small viewport, never below nothing', () => {
    expect(fitDialogSize(dialogSize('file'), { width: 300, height: 260 }).dimension).toEqual({ width: 284, height: 244 });
    expect(fitDialogSize(dialogSize('file'), { width: 0, height: 0 })).toEqual(dialogSize('file'));
  });
});
