/**
 * `@atrium/sdk/testing`: an in-memory FileSystem with the same rules as the
 * desktop's (docs/behaviour/files.md), for the tests of applications and of
 * the desktop, and for the development build; and the drill-down engine
 * over a desktop that records its launches and opened files. Nothing else
 * imports it.
 */
export { MemoryFileSystem, memoryMountpoint, sortEntries } from './MemoryFileSystem.js';
export { recordingDrilldown, type RecordingDrilldown } from './recordingDrilldown.js';
