import { checkExternalLoginOptions, type ExternalLoginOptions } from '@atrium/shared';
import type { ClientEnvironment } from '../../env.js';
import { describeError, ExternalSignInError, type ExternalSignIn, type ExternalSignInFactory } from './ExternalSignIn.js';

/**
 * The port's module of a type, fetched once: keycloak-js or okta-auth-js
 * with its adapter, a chunk each (docs/ARCHITECTURE.md, Client start-up).
 * A failed fetch is tried again by the next call.
 */
const modules = new Map<ExternalLoginOptions['type'], Promise<ExternalSignInFactory>>();

/**
 * One import per type, each in a statement of its own: written as one
 * expression choosing between two imports, the bundler preloads both
 * libraries' chunks whichever is chosen.
 */
const importers: Record<ExternalLoginOptions['type'], () => Promise<ExternalSignInFactory>> = {
  keycloak: async () => (await import('./keycloakSignIn.js')).createKeycloakSignIn,
  okta: async () => (await import('./oktaSignIn.js')).createOktaSignIn,
};

/** Starts fetching the port's module of a type (the login page does so as soon as it knows it will need it). */
export function preloadExternalSignIn(type: ExternalLoginOptions['type']): Promise<ExternalSignInFactory> {
  let loading = modules.get(type);
  if (!loading) {
    loading = importers[type]().catch((error: unknown) => {
      modules.delete(type);
      throw error;
    });
    modules.set(type, loading);
  }
  return loading;
}

/**
 * The identity library's port for the configured options, after checking
 * them again with the shared rules (docs/behaviour/external-sign-in.md#options).
 * Rejects with an ExternalSignInError: 'options' for an option a rule
 * refuses or the library rejects, 'unreachable' when its code cannot be
 * fetched.
 */
export async function loadExternalSignIn(env: ClientEnvironment, input: ExternalLoginOptions): Promise<ExternalSignIn> {
  const checked = checkExternalLoginOptions(input);
  if (!checked.ok) throw new ExternalSignInError('options', `${checked.problem.option}: ${checked.problem.message}`);
  let factory: ExternalSignInFactory;
  try {
    factory = await preloadExternalSignIn(checked.value.type);
  } catch (error) {
    throw new ExternalSignInError('unreachable', describeError(error), { cause: error });
  }
  try {
    return await factory(env, checked.value);
  } catch (error) {
    if (error instanceof ExternalSignInError) throw error;
    // The library's constructor refuses an option it cannot use ('Issuer must be a valid URL', …).
    throw new ExternalSignInError('options', describeError(error), { cause: error });
  }
}
