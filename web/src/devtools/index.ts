/**
 * The developer entry, loaded only when VITE_ATRIUM_DEVTOOLS is '1'
 * (`npm run build:dev -w @atrium/web`): a normal build contains none of it.
 */
import type { DesktopPlatformInput } from '@atrium/client-ui';
import { demoApplications } from './devActions.js';

export { DevTools } from './DevTools.js';
export { registerDevtoolsTexts } from './devtoolsTexts.js';

/** The applications the developer build's default-application dialog offers (the desktop's files stay the server's). */
export function desktopEnvironment(t: (key: string) => string): Pick<DesktopPlatformInput, 'applications'> {
  return { applications: () => demoApplications(t) };
}
