import type { ExternalLoginHandle } from '@atrium/client-core';
import type { ClientConfig, Locale } from '@atrium/shared';
import { createContext, useContext, type ComponentType } from 'react';
import type { DesktopPlatformInput, ModelFactories, Navigation, PageAddress, SessionPort } from './ports.js';

/** Images shipped with the web client, used when the site settings leave them unset. */
export const DEFAULT_ASSETS = {
  logo: '/logo.svg',
  loginBackground: '/login-background.svg',
  sliderBackground: '/slider-background.svg',
} as const;

/** Login-page settings with the shipped defaults filled in. */
export interface ResolvedSite {
  title: string;
  logo: string;
  loginBackground: string;
  sliderBackground: string;
  aboutUrl: string;
  translateLanguages: readonly Locale[];
}

/** Everything the views share: configuration, the session, navigation and model factories. */
export interface AtriumServices {
  config: ClientConfig;
  site: ResolvedSite;
  session: SessionPort;
  navigation: Navigation;
  models: ModelFactories;
  /** What the signed-in desktop is built from (client-core's createDesktop). */
  platform: DesktopPlatformInput;
  /** Switches the interface language and remembers the choice. */
  setLocale(locale: Locale): Promise<void>;
  /**
   * The login page's language widget: switches the language, and the
   * desktop signed in next takes it over the one saved in the user's
   * settings (and saves it): the latest choice wins.
   */
  chooseLocale(locale: Locale): Promise<void>;
  /** The language chosen with chooseLocale on this page, or null. */
  chosenLocale(): Locale | null;
  /** Extra UI on the desktop, inside its context (the developer entry of development builds); null for none. */
  desktopAccessory: ComponentType | null;
  /** Sign-in through the configured identity provider (client-core's lazyExternalLogin); absent or null for the built-in form only. */
  external?: ExternalLoginHandle | null;
  /**
   * The app the page address asked for (?app=), handed out once: the first
   * desktop to start launches it, later ones (after signing out and in) get null.
   */
  takeLaunchRequest(): PageAddress['launch'];
}

/** Fills the shipped defaults into the site settings of /client-config. */
export function resolveSite(config: ClientConfig): ResolvedSite {
  const site = config.site;
  return {
    title: site.title || 'Atrium',
    logo: site.logo || DEFAULT_ASSETS.logo,
    loginBackground: site.loginBackground || DEFAULT_ASSETS.loginBackground,
    sliderBackground: site.sliderBackground || DEFAULT_ASSETS.sliderBackground,
    aboutUrl: site.aboutUrl || '/about',
    translateLanguages: site.translateLanguages ?? [],
  };
}

export const AtriumContext = createContext<AtriumServices | null>(null);

/** The shared services; only valid inside <AtriumApp> (or a test provider). */
export function useAtrium(): AtriumServices {
  const services = useContext(AtriumContext);
  if (!services) throw new Error('useAtrium() needs an AtriumContext provider');
  return services;
}
