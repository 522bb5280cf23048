import type { ClientConfig, ExternalLoginHandle, Translator } from '@atrium/client-core';
import type { Locale } from '@atrium/shared';
import { lazy, Suspense, useEffect, useMemo, useState, type ComponentProps, type ComponentType, type JSX } from 'react';
import { useCataloguePart } from './i18n/useCataloguePart.js';
import { I18nProvider, useTranslation } from './i18n/useTranslation.js';
import { AtriumContext, resolveSite, useAtrium, type AtriumServices } from './AtriumContext.js';
import { browserNavigation } from './browserNavigation.js';
import { useDocumentLanguage, useDocumentTitle } from './documentMeta.js';
import { useLocationHash } from './hooks/useNavigation.js';
import { useObservable } from './hooks/useObservable.js';
import { useOwnedModel } from './hooks/useOwnedModel.js';
import { preloadedModule } from './hooks/usePreloadedModule.js';
import { whenIdle } from './hooks/whenIdle.js';
import type { SignedInPage as SignedInPageType } from './signedin/SignedInPage.js';
import { LoadingOverlay } from './LoadingOverlay.js';
import { LoginForm } from './login/LoginForm.js';
import { LoginPage } from './login/LoginPage.js';
import { AboutPage } from './pages/AboutPage.js';
import type { DesktopPlatformInput, ModelFactories, Navigation, PageAddress, SessionPort, SessionState } from './ports.js';
import './theme/vision.css';

/**
 * The desktop (window manager, dialogs) is not part of the login page's
 * bundle: it is fetched once the login page is idle (or as soon as the user
 * starts to type or press), so it is ready by the time the user presses
 * Login without competing with what the login page shows.
 */
const signedInModule = preloadedModule(() => import('./signedin/SignedInPage.js'));

/** The signed-in page, or the loading overlay for the moment its code or its texts (the desktop's catalogue part) are still on the way. */
function SignedIn(props: ComponentProps<typeof SignedInPageType>): JSX.Element {
  const module = signedInModule.use();
  const texts = useCataloguePart('desktop');
  return module && texts ? <module.SignedInPage {...props} /> : <LoadingOverlay />;
}

/** The password-recovery screens: rarely opened, fetched with the desktop once the login page is idle. */
const recoveryModule = preloadedModule(() => import('./recovery/recoveryScreens.js'));

/**
 * Starts fetching the screens the login page leads to (the desktop, the
 * recovery screens); resolves once they have arrived. Tests call it to render
 * as a page that has been idle for a while.
 */
export function preloadScreens(): Promise<unknown> {
  return Promise.all([signedInModule.preload(), recoveryModule.preload()]);
}

/**
 * The login card of sign-in through an identity provider (docs/behaviour/external-sign-in.md):
 * fetched only when a provider is configured and its card shows, with its
 * texts (the 'external' catalogue part) and the identity library.
 */
const externalModule = preloadedModule(() => import('./login/external/ExternalSignInScreen.js'));

/** Loaded on demand: it brings the HTML sanitiser, which the login page does not need. */
const PrivacyPolicyPage = lazy(async () => ({ default: (await import('./pages/PrivacyPolicyPage.js')).PrivacyPolicyPage }));

export interface AtriumAppProps {
  config: ClientConfig;
  session: SessionPort;
  /** The translator of client-core's createI18n. */
  i18n: Translator;
  setLocale(locale: Locale): Promise<void>;
  /** The address as the page was opened (client-core's takeLaunchRequest). */
  address: PageAddress;
  /** Re-reads the address after a hash change (client-core's parsePageAddress). */
  parseAddress(location: { pathname: string; search: string; hash: string }): PageAddress;
  models: ModelFactories;
  /** What the signed-in desktop is built from: the browser, the server (session), configuration and built-in packages. */
  platform: DesktopPlatformInput;
  navigation?: Navigation;
  /** Extra UI rendered on the desktop inside its context (the developer entry); none by default. */
  desktopAccessory?: ComponentType;
  /** Sign-in through the configured identity provider (client-core's lazyExternalLogin, when config.external is set); none by default. */
  external?: ExternalLoginHandle | null;
}

/**
 * The whole client: a spinner while the session boots, the login page
 * (login, forgot-password and reset-password cards) when signed out, the
 * desktop when signed in, and the public privacy-policy and about pages at
 * their paths.
 */
export function AtriumApp({ config, session, i18n, setLocale, address, parseAddress, models, platform, navigation, desktopAccessory, external }: AtriumAppProps): JSX.Element {
  const [nav] = useState(() => navigation ?? browserNavigation());
  const [takeLaunchRequest] = useState(() => once(address.launch));
  const [choice] = useState(() => localeChoice(setLocale));
  const services = useMemo<AtriumServices>(
    () => ({ config, site: resolveSite(config), session, navigation: nav, models, platform, setLocale, ...choice, desktopAccessory: desktopAccessory ?? null, takeLaunchRequest, external: external ?? null }),
    [config, session, nav, models, platform, setLocale, choice, desktopAccessory, takeLaunchRequest, external],
  );
  return (
    <I18nProvider i18n={i18n}>
      <AtriumContext.Provider value={services}>
        <DocumentLanguage />
        <Screens initial={address} parseAddress={parseAddress} />
      </AtriumContext.Provider>
    </I18nProvider>
  );
}

/** The login page's language choice: made with chooseLocale, read by the desktop signed in next. */
function localeChoice(setLocale: (locale: Locale) => Promise<void>): Pick<AtriumServices, 'chooseLocale' | 'chosenLocale'> {
  let chosen: Locale | null = null;
  return {
    chooseLocale: (locale) => {
      chosen = locale;
      return setLocale(locale);
    },
    chosenLocale: () => chosen,
  };
}

/** A value handed out once, then null. */
function once<T>(value: T | null): () => T | null {
  let left = value;
  return () => {
    const taken = left;
    left = null;
    return taken;
  };
}

/** Keeps <html lang> and dir in step with the language (documentMeta). */
function DocumentLanguage(): null {
  useDocumentLanguage();
  return null;
}

type SignedIn = Extract<SessionState, { status: 'signed-in' }>;

/**
 * What the document title names for a screen (docs/ACCESSIBILITY.md): the
 * page shown; undefined while signed in, where the desktop names the focused
 * window; null (the site's title alone) while the session boots.
 */
function screenTitle(t: (key: string) => string, address: PageAddress, about: boolean, status: SessionState['status']): string | null | undefined {
  if (address.screen === 'privacy-policy') return t('privacy.title');
  if (about) return t('footer.about');
  if (status === 'booting') return null;
  if (status !== 'signed-out') return undefined;
  if (address.screen === 'forgotpassword') return t('forgot.title');
  if (address.screen === 'resetpassword' && address.resetCode) return t('reset.title');
  return t('documentTitle.signIn');
}

function Screens({ initial, parseAddress }: { initial: PageAddress; parseAddress: AtriumAppProps['parseAddress'] }): JSX.Element {
  const { t, i18n } = useTranslation();
  const { session, navigation, external } = useAtrium();
  const state = useObservable(session);
  const hash = useLocationHash(navigation);
  const [initialHash] = useState(hash);
  const address = useMemo(() => (hash === initialHash ? initial : parseAddress(navigation.current())), [hash, initialHash, initial, parseAddress, navigation]);
  useEffect(() => {
    if (state.status !== 'signed-out') return;
    // The desktop's texts come with its code (docs/PERFORMANCE.md, "Bytes on the wire").
    return whenIdle(() => void Promise.all([preloadScreens(), i18n.loadPart('desktop')]).catch(() => undefined));
  }, [state.status, i18n]);
  // The signed-in page stays up, greyed, while signing out.
  const [lastSignedIn, setLastSignedIn] = useState<SignedIn | null>(null);
  if (state.status === 'signed-in' && state !== lastSignedIn) setLastSignedIn(state);
  const about = /^\/about\/?$/.test(navigation.current().pathname);
  useDocumentTitle(screenTitle(t, address, about, state.status));

  if (address.screen === 'privacy-policy') {
    return (
      <Suspense fallback={<LoadingOverlay />}>
        <PrivacyPolicyPage />
      </Suspense>
    );
  }
  if (about) return <AboutPage />;

  switch (state.status) {
    case 'booting':
      return <LoadingOverlay />;
    case 'signed-in':
      return <SignedIn username={state.username} profile={state.profile} via={state.via} signingOut={false} />;
    case 'signing-out':
      return lastSignedIn ? <SignedIn username={lastSignedIn.username} profile={lastSignedIn.profile} via={lastSignedIn.via} signingOut /> : <LoadingOverlay />;
    case 'signed-out':
      return (
        <LoginPage>
          {address.screen === 'forgotpassword' ? (
            <ForgotScreen />
          ) : address.screen === 'resetpassword' && address.resetCode ? (
            <ResetScreen code={address.resetCode} appIcon={address.appIcon} />
          ) : external && !address.forceBuiltInLogin ? (
            <External external={external} />
          ) : (
            <LoginForm footer={external && <External external={external} link />} />
          )}
        </LoginPage>
      );
  }
}

/**
 * The identity provider's card (or, on the built-in form, the `link` back
 * to it), once its code and texts have arrived; a busy card meanwhile. The
 * flow model and the library are fetched beside them.
 */
function External({ external, link }: { external: ExternalLoginHandle; link?: boolean }): JSX.Element | null {
  const { t } = useTranslation();
  const module = externalModule.use();
  const texts = useCataloguePart('external');
  useEffect(() => void (link || external.load().catch(() => undefined)), [external, link]);
  if (module && texts) return link ? <module.ProviderLink name={external.options.name} /> : <module.ExternalSignInScreen external={external} />;
  return link ? null : (
    <div className="atr-card atr-card--status" data-testid="external.card" data-state="loading" aria-busy="true">
      <span className="atr-spinner" role="status" aria-label={t('common.loading')} />
    </div>
  );
}

function ForgotScreen(): JSX.Element | null {
  const { models, navigation } = useAtrium();
  const model = useOwnedModel(() => models.forgotPassword(), [models]);
  const recovery = recoveryModule.use();
  return model && recovery && <recovery.ForgotPasswordForm model={model} onBack={() => navigation.setHash('')} />;
}

function ResetScreen({ code, appIcon }: { code: string; appIcon: string | null }): JSX.Element | null {
  const { models, navigation } = useAtrium();
  const model = useOwnedModel(() => models.resetPassword(code), [models, code]);
  const recovery = recoveryModule.use();
  return model && recovery && <recovery.ResetPasswordForm model={model} appIcon={appIcon} onCancel={() => navigation.assign(`${navigation.current().origin}/`)} />;
}
