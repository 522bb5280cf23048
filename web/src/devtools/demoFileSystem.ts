import { MemoryFileSystem, memoryMountpoint } from '@atrium/client-core';

/** Text of about `bytes` bytes, so that the listing shows sizes in B, KiB and MiB. */
const filler = (bytes: number, line = 'Atrium demo content. ') => line.repeat(Math.ceil(bytes / line.length)).slice(0, bytes);

/**
 * A small demo tree for the file dialog: 'home' (writable, global) with
 * folders and files of several types and sizes, and 'shared', which is
 * read-only and restricted and therefore hidden by the file chooser (docs/behaviour/files.md#mountpoints).
 */
export function demoFileSystem(): MemoryFileSystem {
  return new MemoryFileSystem({
    mountpoints: [
      memoryMountpoint('home', { label: 'Home' }),
      memoryMountpoint('shared', { label: 'Shared', attributes: { readOnly: true, visibility: 'restricted' } }),
    ],
    files: {
      'home:/Documents': null,
      'home:/Documents/report.txt': filler(2_150),
      'home:/Documents/notes.md': '# Notes\n\n- Call the supplier\n- Review the audit findings\n',
      'home:/Documents/budget.csv': filler(12_400, 'Q1;Q2;Q3;Q4\n'),
      'home:/Documents/Archive': null,
      'home:/Documents/Archive/summary-2025.pdf': filler(48_000),
      'home:/Pictures': null,
      'home:/Pictures/logo.png': filler(153_600),
      'home:/Pictures/team.jpg': filler(1_288_000),
      'home:/Music': null,
      'home:/todo.txt': 'Water the plants.\n',
      'home:/settings.json': '{ "theme": "Vision" }\n',
      'shared:/Handbook': null,
      'shared:/Handbook/welcome.pdf': filler(20_000),
    },
  });
}
