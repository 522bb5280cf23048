import { checkExternalLoginOptions, type ExternalLoginInput, type ExternalLoginOptions } from '@atrium/shared';

/**
 * The identity provider's options of the client configuration when they pass
 * the shared rules (docs/behaviour/external-sign-in.md#options), else null with a warning.
 * A module of its own, fetched by loadClientConfig only when the server
 * names a provider: a site with the built-in form does not carry the rules.
 */
export function externalOptions(input: unknown): ExternalLoginOptions | null {
  const checked = typeof input === 'object' && input !== null ? checkExternalLoginOptions(input as ExternalLoginInput) : null;
  if (checked?.ok) return checked.value;
  console.warn('The identity provider options of the client configuration are unusable; the built-in sign-in form is used.', checked?.problem ?? input);
  return null;
}
