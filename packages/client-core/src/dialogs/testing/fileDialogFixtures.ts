import { flushPromises } from '../../testing/FakeClock.js';
import type { FileSystem } from '../../vfs/FileSystem.js';
import { MemoryFileSystem, memoryMountpoint } from '@atrium/sdk/testing';
import type { FileDialog } from '../FileDialog.js';
import { dialogHarness } from './dialogHarness.js';

/** home (writable), a read-only restricted 'system', a read-only global 'shared', a restricted writable 'team'. */
export function sampleFileSystem(): MemoryFileSystem {
  return new MemoryFileSystem({
    mountpoints: [
      memoryMountpoint('home', { label: 'Home' }),
      memoryMountpoint('system', { attributes: { readOnly: true, visibility: 'restricted' } }),
      memoryMountpoint('shared', { attributes: { readOnly: true, visibility: 'global' } }),
      memoryMountpoint('team', { attributes: { readOnly: false, visibility: 'restricted' } }),
    ],
    files: {
      'home:/notes.txt': 'hello',
      'home:/readme.md': '# hi',
      'home:/photo.png': 'png',
      'home:/docs/report.pdf': 'pdf',
      'home:/docs/todo.txt': 'todo',
      'home:/music': null,
    },
  });
}

/** Opens a file dialog over the sample filesystem (or the given one) and waits for its first listing. */
export async function openFileDialog(options: Record<string, unknown>, fileSystem: FileSystem = sampleFileSystem()) {
  const harness = dialogHarness({ fileSystem });
  const dialog = harness.service.create('file', { type: 'open', ...options }, harness.callback) as FileDialog;
  await flushPromises();
  return { ...harness, dialog, fileSystem };
}

/** The entry of that file name in the dialog's listing. */
export function entry(dialog: FileDialog, filename: string) {
  const found = dialog.getState().entries.find((e) => e.filename === filename);
  if (!found) throw new Error(`${filename} is not listed`);
  return found;
}

/** A filesystem answering like `base`, except for the operations given. */
export function overriding(base: FileSystem, overrides: Partial<FileSystem>): FileSystem {
  const bound = Object.fromEntries(
    (['mountpoints', 'readdir', 'exists', 'stat', 'readfile', 'writefile', 'copy', 'rename', 'mkdir', 'unlink', 'touch', 'search', 'url', 'mount', 'unmount', 'subscribe'] as const).map((name) => [
      name,
      (base[name] as (...args: unknown[]) => unknown).bind(base),
    ]),
  ) as unknown as FileSystem;
  return { ...bound, ...overrides };
}
