/** Test helpers for the desktop's views (`@atrium/client-ui/testing`); applications test with `@atrium/app-kit/testing`. Never imported by production code. */
export { desktopPerTest, renderDesktop, VIEWPORT, type DesktopTest, type DesktopTestOptions } from './renderDesktop.js';
