import { DECLARED_APP_TYPE } from '@atrium/shared';
import type { AppRecord } from './AppStore.js';

/**
 * Of some catalogue entries, those offered in an organisation
 * (docs/behaviour/profile.md#profile): a declared business application
 * only where that organisation runs it (`running`: the names of the
 * declared applications it runs), any other entry as it is. The one rule
 * the profile (the application menu) and global search apply.
 */
export function offeredApps<T extends Pick<AppRecord, 'name' | 'appType'>>(apps: readonly T[], running: ReadonlySet<string>): T[] {
  return apps.filter((app) => app.appType !== DECLARED_APP_TYPE || running.has(app.name));
}
