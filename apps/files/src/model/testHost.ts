/** A FilesHost over an in-memory filesystem for the model's tests: it records the dialogs asked and answers them as told. */
import { MemoryFileSystem, memoryMountpoint } from '@atrium/app-kit/testing';
import type { FileEntry, Mountpoint } from '@atrium/sdk';
import type { FilesHost } from './FilesModel.js';
import type { OverwriteChoice } from './UploadQueue.js';

export interface TestHost extends FilesHost {
  readonly files: MemoryFileSystem;
  readonly opened: FileEntry[];
  readonly downloads: Array<{ url: string; filename: string }>;
  readonly asked: Array<{ kind: 'confirm' | 'prompt' | 'overwrite'; message: string; destructive?: boolean; selection?: [number, number] }>;
  readonly settings: Record<string, unknown>;
  /** What the next dialogs answer, in order (defaults: yes, the suggested value, replace). */
  answers: Array<boolean | string | null | OverwriteChoice>;
}

export const DEFAULT_TREE: Record<string, string | null> = {
  'home:/Documents/report.txt': 'quarterly report',
  'home:/Documents/notes.md': '# notes',
  'home:/Pictures/cat.png': 'png-bytes',
  'home:/Music': null,
  'home:/todo.txt': 'milk',
  'shared:/Handbook.pdf': 'pdf',
  'docs:/Policy.pdf': 'policy',
};

export const DEFAULT_MOUNTPOINTS: Mountpoint[] = [
  memoryMountpoint('home', { label: 'Home' }),
  memoryMountpoint('shared', { label: 'Shared' }),
  memoryMountpoint('docs', { label: 'Documents', attributes: { readOnly: true } }),
  memoryMountpoint('archive', { label: 'Archive', attributes: { readOnly: true, visibility: 'restricted' } }),
];

let clock = Date.parse('2026-11-01T10:00:00Z');

export function testHost(files: Record<string, string | null> = DEFAULT_TREE, mountpoints: Mountpoint[] = DEFAULT_MOUNTPOINTS, settings: Record<string, unknown> = {}): TestHost {
  const fs = new MemoryFileSystem({ mountpoints, files }, { now: () => new Date((clock += 60_000)) });
  const host: TestHost = {
    files: fs,
    opened: [],
    downloads: [],
    asked: [],
    settings,
    answers: [],
    t: (key, values) => (values ? `${key} ${JSON.stringify(values)}` : key),
    openFile: async (entry) => void host.opened.push(entry),
    confirm: async (message, _title, options = {}) => {
      host.asked.push({ kind: 'confirm', message, ...(options.destructive ? { destructive: true } : {}) });
      return host.answers.length ? (host.answers.shift() as boolean) : true;
    },
    prompt: async (message, _title, value, selection) => {
      host.asked.push({ kind: 'prompt', message, ...(selection ? { selection } : {}) });
      return host.answers.length ? (host.answers.shift() as string | null) : value;
    },
    askOverwrite: async (name) => {
      host.asked.push({ kind: 'overwrite', message: name });
      return host.answers.length ? (host.answers.shift() as OverwriteChoice) : 'replace';
    },
    download: (url, filename) => void host.downloads.push({ url, filename }),
    preferences: { get: (key: string) => settings[key], set: (key: string, value: unknown) => void (settings[key] = value) } as FilesHost['preferences'],
  };
  return host;
}
