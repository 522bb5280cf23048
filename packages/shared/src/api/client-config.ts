import type { Locale } from '../constants.js';
import type { ExternalLoginOptions } from './externalAuth.js';
import type { DesktopSettings } from './settings.js';

/** Login-page settings of the site (server configuration). Null addresses mean the shipped defaults. */
export interface SiteSettings {
  /** Product title in the welcome message. */
  title: string;
  logo: string | null;
  loginBackground: string | null;
  sliderBackground: string | null;
  /** Target of the About Us footer link. */
  aboutUrl: string;
  /** Locales offered by the language widget; empty hides the widget. */
  translateLanguages: Locale[];
  /** Sign-in type; 'builtin' is the username and password form. */
  authType: 'builtin' | 'okta' | 'keycloak';
}

/**
 * GET /client-config: what the web client needs before it can make calls.
 * The wrapper and versioned API base addresses are server configuration.
 */
export interface ClientConfig {
  /** Base of the wrapper service calls (auth, tokens, password recovery). */
  wrapperBase: string;
  /** Base of the versioned REST calls (v1). */
  apiBase: string;
  /** Product version shown on the login page. */
  version: string;
  site: SiteSettings;
  /** Address of the package manifest (fetched if configured: docs/behaviour/applications.md#manifest); null: no packages. */
  manifestUrl: string | null;
  /** Path of the desktop's websocket on this server. */
  socketPath: string;
  /** Session cookie max age in seconds; GET /ping is sent every half of it (docs/behaviour/sign-in.md#keep-alive-ping). */
  sessionMaxAge: number;
  /** The identity provider's options when site.authType is keycloak or okta (docs/behaviour/external-sign-in.md); null for the built-in form. */
  external: ExternalLoginOptions | null;
  /** Configured defaults and locked keys (settings.lock), used when the settings cannot be loaded. */
  settings: { defaults: DesktopSettings; lock: string[] };
}
