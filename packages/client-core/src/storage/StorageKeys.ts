/** Names of the local storage keys (docs/behaviour/sign-in.md#local-storage). */
export const StorageKeys = {
  /** Access jwt (encrypted). */
  authToken: 'AUTH_token',
  /** Refresh token as {key} (encrypted). */
  refreshToken: 'REFRESH_token',
  /** {jwt, username} (encrypted). */
  user: 'User',
  /** The cached profile (encrypted). */
  userInfo: 'UserInfo',
  /** What is kept of an identity provider's session after an external sign-in (encrypted; docs/behaviour/external-sign-in.md). */
  externalTokens: 'ExternalTokens',
  username: 'username',
  metadata: 'metadata',
  desktop: 'desktop',
  session: 'session',
  /** Chosen locale (plain preference). */
  locale: 'locale',
  /** The colour scheme and page background of the last desktop theme, applied while the page boots (plain preference, cleared on sign-out). */
  bootAppearance: 'bootAppearance',
} as const;

export type StorageKey = (typeof StorageKeys)[keyof typeof StorageKeys];
