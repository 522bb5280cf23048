/** Test helpers for applications and views built on client-ui (`@atrium/client-ui/testing`). Never imported by production code. */
export { fakeApplication, FakeSettings, type FakeApplication, type FakeApplicationOptions } from './fakeApplication.js';
export { renderApplication, type ApplicationTest } from './renderApplication.js';
export { desktopPerTest, renderDesktop, VIEWPORT, type DesktopTest, type DesktopTestOptions } from './renderDesktop.js';
