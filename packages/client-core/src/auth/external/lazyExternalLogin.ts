import type { ExternalLoginOptions } from '@atrium/shared';
import type { ClientEnvironment } from '../../env.js';
import type { Session } from '../Session.js';
import type { ExternalLogin } from './ExternalLogin.js';
import { retryImport } from '../../retryImport.js';
import type { ExternalSignIn } from './ExternalSignIn.js';

/**
 * The external sign-in of a page whose configuration names an identity
 * provider, without its code: the flow model (ExternalLogin) and the
 * identity library are fetched by `load()`, so that the built-in login
 * page carries none of them (docs/ARCHITECTURE.md, Client start-up).
 */
export interface ExternalLoginHandle {
  readonly options: ExternalLoginOptions;
  /** The flow model (fetched once, together with the library's port; a failed fetch is tried again by the next call). */
  load(): Promise<ExternalLogin>;
  dispose(): void;
}

/**
 * Creates the page's handle and wires it to the session: the session's
 * sign-out ends the provider session through it, and a session restored at
 * boot with kept provider tokens loads the library to follow them
 * (ExternalLogin.watch). `loadPort` replaces the real library in tests.
 */
export function lazyExternalLogin(
  env: ClientEnvironment,
  session: Session,
  options: ExternalLoginOptions,
  loadPort?: (env: ClientEnvironment, options: ExternalLoginOptions) => Promise<ExternalSignIn>,
): ExternalLoginHandle {
  let loading: Promise<ExternalLogin> | null = null;
  let disposed = false;
  const load = (): Promise<ExternalLogin> => {
    loading ??= retryImport(() => import('./ExternalLogin.js')).then(
      (m) => new m.ExternalLogin(env, session, options, loadPort),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  session.setProviderSignOut((kept) => load().then((model) => model.endProviderSession(kept)));
  const watchRestored = () => {
    const state = session.getState();
    if (disposed || state.status !== 'signed-in' || state.via !== 'boot' || !session.externalSession()) return;
    load()
      .then((model) => model.watch())
      .catch((error: unknown) => console.warn(`${options.name}: the provider session cannot be followed on this page.`, error));
  };
  const unsubscribe = session.subscribe(watchRestored);
  watchRestored();
  return {
    options,
    load,
    dispose() {
      disposed = true;
      unsubscribe();
      session.setProviderSignOut(null);
      void loading?.then((model) => model.dispose()).catch(() => undefined);
    },
  };
}
