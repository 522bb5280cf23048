/**
 * Test helpers: the real client-core models over a FakeEnvironment whose
 * fetch the test scripts, rendered in <AtriumApp>. Never imported by
 * production code.
 */
import { createI18n, DEFAULT_SITE_SETTINGS, lazyExternalLogin, parsePageAddress, Session, type BuiltinLoaders, type ClientConfig, type ExternalSignIn, type SiteSettings } from '@atrium/client-core';
import { FakeDesktopServer, FakeEnvironment, flushPromises, jsonResponse, LOOK_PACKAGES } from '@atrium/client-core/testing';
import { DEFAULT_SETTINGS, type Announcement, type ExternalLoginOptions, type PackageManifestEntry, type Profile } from '@atrium/shared';
import { act, render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nProvider } from '../i18n/useTranslation.js';
import { AtriumApp, preloadScreens } from '../AtriumApp.js';
import { createModelFactories } from '../createModelFactories.js';
import type { Navigation } from '../ports.js';

export const HOST = 'atrium.example';
export const API = '/api/v1';
export const WRAPPER = '/api/wrapper';

/** A configuration as /client-config gives it, with site overrides. */
export function testConfig(site: Partial<SiteSettings> = {}): ClientConfig {
  return {
    apiBase: API,
    wrapperBase: WRAPPER,
    version: '1.2.3',
    site: { ...DEFAULT_SITE_SETTINGS, translateLanguages: ['en_EN', 'de_DE', 'zh_CN'], ...site },
    external: null,
    manifestUrl: null,
    socketPath: '/socket',
    sessionMaxAge: 3600,
    settings: { defaults: DEFAULT_SETTINGS, lock: [] },
  };
}

/** An announcement with defaults. */
export function announcement(overrides: Partial<Announcement> = {}): Announcement {
  return { uuid: crypto.randomUUID(), name: 'Welcome', description: 'All your applications in one place.', link: null, media: 'res-1', media_type: 'image', fallback: false, ...overrides };
}

/** Answers the announcement call with the given list. */
export function routeAnnouncements(env: FakeEnvironment, list: Announcement[]): void {
  env.route('GET', `${API}/homescreen/announcement/${HOST}`, () => jsonResponse(200, { status: 'success', data: list }));
}

/** Navigation over the fake location; setHash moves it and tells listeners. */
export function fakeNavigation(env: FakeEnvironment): Navigation {
  const listeners = new Set<() => void>();
  return {
    current: () => env.location,
    setHash(hash) {
      const bare = hash.replace(/^#/, '');
      env.location.go(bare ? `#${bare}` : `${env.location.pathname}${env.location.search}`);
      for (const listener of listeners) listener();
    },
    assign: (url) => env.location.assign(url),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The demo profile as GET user/me/a+p+acc+ap+t answers it. */
export function demoProfile(): Profile {
  return {
    id: '6f1c0a52-2a0c-4d7c-9d7a-1f1f5b0d7a11',
    username: 'demo',
    firstname: 'Dana',
    lastname: 'Demo',
    name: 'Dana Demo',
    designation: 'Operations Analyst',
    icon: null,
    date_of_birth: null,
    email: 'dana@example.com',
    country: null,
    accountId: 'a1',
    accounts: [{ accountId: 'a1', name: 'Northwind Trading' }],
    active_account: { name: 'Northwind Trading', preferences: { theme: 'Vision', favicon: null, privacyPolicy: null, loginURL: null, footerText: null, footer: null, logo: null } },
    apps: [],
    preferences: {},
    blackListedApps: {},
    cleared_browser_cache: 0,
    timestamp: 0,
    search_history: '',
    roles: { organisation: [], apps: {} },
  };
}

/** Scripts a successful sign-in of the demo user. */
export function routeSignIn(env: FakeEnvironment): void {
  const payload = btoa(JSON.stringify({ sub: 'demo', username: 'demo', exp: 4_102_444_800 })).replace(/=+$/, '');
  env.route('POST', `${WRAPPER}/auth`, () => jsonResponse(200, { status: 'success', data: { jwt: `e30.${payload}.sig`, refresh_token: 'refresh-1', username: 'demo' } }));
  env.route('GET', `${API}/user/me/a+p+acc+ap+t`, () => jsonResponse(200, { status: 'success', data: demoProfile() }));
  env.route('POST', '/logout', () => jsonResponse(200, { status: 'success', message: 'Logged out' }));
}

export interface AtriumTest extends RenderResult {
  env: FakeEnvironment;
  session: Session;
  /** The scripted desktop server (settings, manifest, saved session, privacy check) when the test asked for one. */
  desktop: FakeDesktopServer | null;
  setLocale(locale: Parameters<Awaited<ReturnType<typeof createI18n>>['setLocale']>[0]): Promise<void>;
  language(): string;
}

/**
 * Renders the app at an address (default '/') with the scripted environment
 * and boots the session (no stored token: signed out). Announcements default
 * to an empty list.
 */
export async function renderAtrium(
  options: {
    address?: string;
    site?: Partial<SiteSettings>;
    script?: (env: FakeEnvironment) => void;
    boot?: boolean;
    /** A desktop server for the signed-in desktop: the packages its manifest lists and the build carries (with the default look's). */
    desktop?: { manifest?: PackageManifestEntry[]; builtins?: BuiltinLoaders };
    /** An identity provider configured (its checked options), its library played by a fake port. */
    external?: { options: ExternalLoginOptions; port: ExternalSignIn };
  } = {},
): Promise<AtriumTest> {
  const env = new FakeEnvironment({ address: `https://${HOST}${options.address ?? '/'}` });
  routeAnnouncements(env, []);
  const desktop = options.desktop ? new FakeDesktopServer(env, { manifest: options.desktop.manifest }) : null;
  options.script?.(env);
  const config = { ...testConfig(options.site), ...(desktop && { manifestUrl: `${API}/packages/manifest` }), external: options.external?.options ?? null };
  const { i18n, setLocale } = await createI18n(env, ['en-GB']);
  const session = new Session(env, config);
  const port = options.external?.port;
  const external = config.external && port ? lazyExternalLogin(env, session, config.external, async () => port) : null;
  const navigation = fakeNavigation(env);
  const models = createModelFactories(env, session, config);
  const platform = { env, session, config, builtins: options.desktop ? { ...LOOK_PACKAGES.builtins, ...options.desktop.builtins } : {} };
  // As in a browser that has been on the page a while: the screens loaded on demand have arrived.
  await preloadScreens();
  const result = render(
    <AtriumApp
      config={config}
      session={session}
      i18n={i18n}
      setLocale={setLocale}
      address={parsePageAddress(env.location)}
      parseAddress={parsePageAddress}
      models={models}
      platform={platform}
      navigation={navigation}
      external={external}
    />,
  );
  if (options.boot !== false) {
    await act(async () => {
      await session.boot();
      await flushPromises();
    });
  }
  return {
    ...result,
    env,
    session,
    desktop,
    setLocale: (locale) => act(() => setLocale(locale)),
    language: () => i18n.language,
  };
}

/** Renders a view with the English catalogue only (no AtriumApp). */
export async function renderWithI18n(ui: ReactNode): Promise<RenderResult> {
  const env = new FakeEnvironment();
  const { i18n } = await createI18n(env, ['en-GB']);
  return render(<I18nProvider i18n={i18n}>{ui}</I18nProvider>);
}

/** Lets pending promises (fake fetch answers, model updates) settle inside act(). */
export function settle(): Promise<void> {
  return act(() => flushPromises());
}
