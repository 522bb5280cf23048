/**
 * `@atrium/app-kit/testing`: what an application's tests need (docs/APPLICATIONS.md,
 * "Tests"): a fake Application over a fake desktop, the app rendered as the
 * desktop would, the views' texts, the generic test of an app's texts, and
 * (from the sdk) an in-memory filesystem. Never imported by production code.
 */
export { fakeApplication, FakeSettings, type FakeApplication, type FakeApplicationOptions } from './fakeApplication.js';
export { renderApplication, type ApplicationTest } from './renderApplication.js';
export { TestTranslator } from './TestTranslator.js';
export { describeTexts } from './describeTexts.js';
export { MemoryFileSystem, memoryMountpoint } from '@atrium/sdk/testing';
