/**
 * The web entry: loads the configuration, builds the client-core models and
 * renders the client-ui application with the built-in packages (apps and
 * themes, each loaded on demand).
 */
import './fonts/fonts.css';
import { blockBackNavigation, browserEnvironment, createI18n, lazyExternalLogin, loadClientConfig, parsePageAddress, readBootAppearance, Session, takeLaunchRequest, type ClientConfig } from '@atrium/client-core';
import { applyBootAppearance, AtriumApp, clearBootAppearance, createModelFactories, StartupScreen } from '@atrium/client-ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { builtinLoaders } from './builtinPackages.js';
import type * as DevtoolsModule from './devtools/index.js';

const root = createRoot(document.getElementById('root')!);

/** The developer entry (src/devtools): only in builds made with VITE_ATRIUM_DEVTOOLS=1. */
type Devtools = typeof DevtoolsModule;

async function start(): Promise<void> {
  const env = browserEnvironment();
  // Before anything renders: the colours of the user's last desktop theme, so that a dark theme does not boot through a light page.
  const boot = readBootAppearance(env);
  if (boot) applyBootAppearance(boot);
  // The desktop's texts load with the desktop, not with the login page.
  const { i18n, setLocale } = await createI18n(env, navigator.languages, { desktopTexts: 'with the desktop' });
  root.render(<StartupScreen i18n={i18n} />);
  let config: ClientConfig;
  try {
    config = await loadClientConfig(env.fetch);
  } catch (error) {
    console.warn('The client configuration could not be loaded.', error);
    clearBootAppearance();
    root.render(<StartupScreen i18n={i18n} onRetry={() => env.location.reload()} />);
    return;
  }
  const session = new Session(env, config);
  // Sign-in through an identity provider, when one is configured: its code and library are fetched only when needed.
  const external = config.external ? lazyExternalLogin(env, session, config.external) : null;
  // A signed-out screen (the login page, after an expired session) has colours of its own; the desktop's theme takes over from the boot colours itself.
  const stopWatching = session.subscribe(() => {
    if (session.getState().status !== 'signed-out') return;
    clearBootAppearance();
    stopWatching();
  });
  // The launch request first: it resets the address to '/', which is then the address back navigation keeps.
  const address = takeLaunchRequest(env);
  blockBackNavigation(env);
  // A static condition: a normal build drops the branch and with it every line of the developer entry.
  let devtools: Devtools | null = null;
  if (import.meta.env.VITE_ATRIUM_DEVTOOLS === '1') {
    devtools = await import('./devtools/index.js');
    devtools.registerDevtoolsTexts(i18n);
  }
  const models = createModelFactories(env, session, config);
  // What the signed-in desktop is built from (client-core's createDesktop): this browser, the server through the session, the built-in packages.
  const platform = { env, session, config, builtins: builtinLoaders(), ...devtools?.desktopEnvironment((key) => i18n.t(key)) };
  root.render(
    <StrictMode>
      <AtriumApp
        config={config}
        session={session}
        i18n={i18n}
        setLocale={setLocale}
        address={address}
        parseAddress={parsePageAddress}
        models={models}
        platform={platform}
        desktopAccessory={devtools?.DevTools}
        external={external}
      />
    </StrictMode>,
  );
  await session.boot();
}

void start();
