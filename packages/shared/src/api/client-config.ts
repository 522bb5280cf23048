import type { Locale } from '../constants.js';

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
}
