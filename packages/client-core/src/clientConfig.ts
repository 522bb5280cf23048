import { DEFAULT_SETTINGS, DESKTOP_SETTING_KEYS, LOCALES, SOCKET_PATH, type ClientConfig, type DesktopSettings, type ExternalLoginOptions, type Locale, type SiteSettings } from '@atrium/shared';
import { safeAddress } from './address/safeAddress.js';

export type { ClientConfig, SiteSettings };

/** The fetch the client uses; injected so that tests need no network. */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** Site settings used when the server sends none (an older server) or an unusable field. */
export const DEFAULT_SITE_SETTINGS: Readonly<SiteSettings> = {
  title: 'Atrium',
  logo: null,
  loginBackground: null,
  sliderBackground: null,
  aboutUrl: '/about',
  translateLanguages: [],
  authType: 'builtin',
};

/** Session cookie max age (seconds) assumed when the server sends none: the server's default, 30 days. */
export const DEFAULT_SESSION_MAX_AGE = 30 * 24 * 3600;

const AUTH_TYPES: ReadonlyArray<SiteSettings['authType']> = ['builtin', 'okta', 'keycloak'];

/**
 * Loads what the client must know before any other call: the wrapper and
 * versioned API base addresses, the product version (all required) and the
 * login page's site settings (GET /client-config). Each site field is
 * checked on its own and falls back to its default when absent or unusable:
 * addresses must be http(s) or same-origin paths, locales must be supported.
 * The desktop's part (manifest address, socket path, session max age,
 * configured settings defaults and locks) falls back the same way. The
 * identity provider's options (`external`) are checked with the shared
 * rules: unusable options count as none, with a warning.
 */
export async function loadClientConfig(fetchFn: FetchLike, base = ''): Promise<ClientConfig> {
  const response = await fetchFn(`${base}/client-config`, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`${response.status} (${response.statusText})`);
  const body = (await response.json()) as Partial<Record<keyof ClientConfig, unknown>>;
  if (typeof body.apiBase !== 'string' || typeof body.wrapperBase !== 'string' || typeof body.version !== 'string') {
    throw new Error('The server sent an incomplete client configuration');
  }
  const settings = (typeof body.settings === 'object' && body.settings !== null ? body.settings : {}) as { defaults?: unknown; lock?: unknown };
  return {
    apiBase: body.apiBase,
    wrapperBase: body.wrapperBase,
    version: body.version,
    site: siteSettings(body.site),
    external: await externalOptions(body.external),
    manifestUrl: typeof body.manifestUrl === 'string' ? safeAddress(body.manifestUrl) : null,
    socketPath: typeof body.socketPath === 'string' && /^\/(?![/\\])\S*$/.test(body.socketPath) ? body.socketPath : SOCKET_PATH,
    sessionMaxAge: typeof body.sessionMaxAge === 'number' && Number.isFinite(body.sessionMaxAge) && body.sessionMaxAge > 0 ? body.sessionMaxAge : DEFAULT_SESSION_MAX_AGE,
    settings: {
      defaults: configuredDefaults(settings.defaults),
      lock: Array.isArray(settings.lock) ? [...new Set(settings.lock.filter((k): k is string => typeof k === 'string'))] : [],
    },
  };
}

/**
 * The identity provider's options when they pass the shared rules
 * (docs/behaviour/external-sign-in.md#options), else null. The rules are fetched only when
 * the server names a provider, so that the built-in login page does not carry them.
 */
async function externalOptions(input: unknown): Promise<ExternalLoginOptions | null> {
  return input === null || input === undefined ? null : (await import('./auth/external/externalOptions.js')).externalOptions(input);
}

/**
 * The configured settings defaults as the server sent them, over the
 * built-in ones. They are checked by the desktop (settings/settingsDefaults),
 * which carries the settings rules: the login page does not need them.
 */
function configuredDefaults(input: unknown): DesktopSettings {
  const given = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const defaults: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const key of DESKTOP_SETTING_KEYS) if (given[key] !== undefined) defaults[key] = given[key];
  return defaults as DesktopSettings;
}

/** Validated site settings, each unusable or missing field replaced by its default. */
export function siteSettings(input: unknown): SiteSettings {
  const site = (typeof input === 'object' && input !== null ? input : {}) as Partial<Record<keyof SiteSettings, unknown>>;
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  const title = text(site.title)?.trim();
  return {
    title: title || DEFAULT_SITE_SETTINGS.title,
    logo: safeAddress(text(site.logo)),
    loginBackground: safeAddress(text(site.loginBackground)),
    sliderBackground: safeAddress(text(site.sliderBackground)),
    aboutUrl: safeAddress(text(site.aboutUrl)) ?? DEFAULT_SITE_SETTINGS.aboutUrl,
    translateLanguages: Array.isArray(site.translateLanguages)
      ? [...new Set(site.translateLanguages.filter((l): l is Locale => typeof l === 'string' && (LOCALES as readonly string[]).includes(l)))]
      : [],
    authType: AUTH_TYPES.find((t) => t === site.authType) ?? DEFAULT_SITE_SETTINGS.authType,
  };
}
