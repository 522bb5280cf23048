import { DECLARED_APP_TYPE, VIEWER_APP_TYPE } from '../constants.js';

/**
 * Which packages a user sees and may launch (docs/behaviour/applications.md#visibility), the one rule the server
 * (manifest, package files, app sockets, app settings) and the client
 * (launching) both apply.
 */

/** The part of a package's metadata the rule reads. */
export interface VisibilitySubject {
  name: string;
  type: string;
  defaultAppforOrgs?: 0 | 1 | number;
}

/**
 * Non-application packages are always visible. An application is visible
 * when it is one of the user's profile apps or it is a default app of every
 * organisation (defaultAppforOrgs 1).
 */
export function isPackageVisible(pkg: VisibilitySubject, profileAppNames: ReadonlySet<string>): boolean {
  if (pkg.type !== 'application') return true;
  return pkg.defaultAppforOrgs === 1 || profileAppNames.has(pkg.name);
}

/** The text of a refused application ("You don't have access to {app} App"), for launches, app sockets and app settings. */
export function noAccessMessage(appName: string): string {
  return `You don't have access to ${appName} App`;
}

/** An app of the profile that opens in the generic viewer (is_base_app and app_type 2: docs/behaviour/applications.md#viewer-apps). */
export function opensInViewer(app: { is_base_app: boolean; app_type: number }): boolean {
  return app.is_base_app && app.app_type === VIEWER_APP_TYPE;
}

/** An app of the profile that is a declared business application, shown by the records runtime (is_base_app and app_type 3: docs/APPLICATIONS.md, "Declaring an application"). */
export function opensInRecords(app: { is_base_app: boolean; app_type: number }): boolean {
  return app.is_base_app && app.app_type === DECLARED_APP_TYPE;
}

/** Name of the generic viewer application. */
export const VIEWER_APP = 'Viewer';
/** Name of the Preferences application ('Edit Preferences' opens it). */
export const PREFERENCES_APP = 'Preferences';
