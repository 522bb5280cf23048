/**
 * The texts of sign-in through an identity provider (docs/behaviour/external-sign-in.md):
 * a catalogue part loaded with the provider's login card
 * (loadExternalCatalogue), so that the built-in login page does not carry it.
 */
export const en_EN = {
  external: {
    signIn: 'Sign in with {{name}}',
    builtIn: 'Sign in with a username and password',
    connecting: 'Connecting to {{name}}…',
    redirecting: 'Redirecting to {{name}}…',
    checking: 'Checking your sign-in…',
    details: 'Technical details',
    error: {
      provider: '{{name}} could not sign you in.',
      exchange: 'The sign-in with {{name}} could not be completed.',
      state: 'The answer from {{name}} does not belong to this sign-in and was refused.',
      refused: 'The identity provider’s sign-in was not accepted',
      noAccess: 'This identity has no account here',
      linkRequired: 'This identity must be linked to its account here by an administrator',
      unreachable: 'The identity provider cannot be reached',
      options: 'Sign-in with {{name}} is not set up correctly. Please tell your administrator.',
      failed: 'Sign-in with {{name}} failed.',
    },
  },
} as const;
