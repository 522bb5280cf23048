import { createDrilldown } from '../drilldownEngine.js';
import type { DesktopDrilldown, FileEntry, FileSystem, LaunchRequest } from '../index.js';
import { MemoryFileSystem, memoryMountpoint } from './MemoryFileSystem.js';

/** The drill-down engine over a desktop that records what the drills launched and opened. */
export interface RecordingDrilldown {
  drilldown: DesktopDrilldown;
  /** What the drills launched (Dashboards, a file's application, a declared application). */
  launches: LaunchRequest[];
  /** The files the drills opened without an application named. */
  opened: Array<FileEntry | string>;
}

/**
 * The desktop's drill-down engine (docs/behaviour/dashboards.md#drill-down)
 * for tests: the real rules, in `locale` (default en_EN), over `files`
 * (default: an empty in-memory 'home').
 */
export function recordingDrilldown(options: { locale?: string; files?: FileSystem } = {}): RecordingDrilldown {
  const launches: LaunchRequest[] = [];
  const opened: Array<FileEntry | string> = [];
  const files = options.files ?? new MemoryFileSystem({ mountpoints: [memoryMountpoint('home', { label: 'Home' })], files: {} });
  const drilldown = createDrilldown({
    locale: options.locale ?? 'en_EN',
    launch: async (request) => void launches.push(request),
    openFile: async (file) => void opened.push(file as FileEntry | string),
    files,
  });
  return { drilldown, launches, opened };
}
