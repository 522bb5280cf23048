/**
 * The developer entry, loaded only when VITE_ATRIUM_DEVTOOLS is '1'
 * (`npm run build:dev -w @atrium/web`): a normal build contains none of it.
 */
import type { DesktopPlatformInput } from '@atrium/client-ui';
import { demoApplications } from './devActions.js';
import { demoFileSystem } from './demoFileSystem.js';

export { DevTools } from './DevTools.js';
export { registerDevtoolsTexts } from './devtoolsTexts.js';

/** The demo filesystem and applications the developer build's dialogs use. */
export function desktopEnvironment(t: (key: string) => string): Pick<DesktopPlatformInput, 'fileSystem' | 'applications'> {
  return { fileSystem: demoFileSystem(), applications: () => demoApplications(t) };
}
