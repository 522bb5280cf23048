export { startIdp, ATRIUM_CLIENT_ID, DEFAULT_ACCESS_TOKEN_TTL, DEFAULT_PORT, DEFAULT_REDIRECT_URIS } from './startIdp.js';
export type { Idp, IdpOptions, IdpProviderType, IssueAccessTokenOptions } from './startIdp.js';
export type { IdpClient } from './createProvider.js';
export { DEMO_PASSWORD, DEMO_USERS } from './users.js';
export type { IdpUser, IdpUserInput } from './users.js';
