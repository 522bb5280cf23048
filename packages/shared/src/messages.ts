/**
 * Exact texts the server answers with and the client matches on (docs/behaviour/errors.md).
 * The client's retry rules compare `message` with these constants, so they
 * are part of the wire contract, not just wording.
 */
export const Messages = {
  tokenValid: 'Token Valid',
  tokenExpired: 'Token Expired',
  tokenInvalid: 'Token Invalid',
  sessionExpired: 'Session Expired',
  loginFailed: 'Login failed',
  loginIncorrect: 'The username or password you entered is incorrect',
  loginEmpty: 'Username or password cannot be empty',
  externalNotConfigured: 'This sign-in type is not configured',
  externalTokenRefused: 'The identity provider’s sign-in was not accepted',
  externalNoAccess: 'This identity has no account here',
  externalLinkRequired: 'This identity must be linked to its account here by an administrator',
  externalUnreachable: 'The identity provider cannot be reached',
  forgotUsernameRequired: 'Please enter your Username',
  forgotSent: 'If account exists, an email will be sent with further instructions',
  resetSuccess: 'Password Reset Successfully',
  resetExpired: 'The password reset link has expired, please try resetting again.',
  notAuthenticated: 'Not authenticated',
  forbidden: 'You may only change your own record',
  userNotFound: 'User not found',
  accountNotMember: 'You are not a member of this account',
  accountNotFound: 'Account not found',
  resourceNotFound: 'Resource not found',
  tooManyRequests: 'Too many requests, please try again later',
  payloadTooLarge: 'Request body is too large',
  invalidRequest: 'Invalid request',
  originNotAllowed: 'Origin not allowed',
  formFilesRefused: 'This call takes form fields only, not files',
  notFound: 'Not found',
  internalError: 'An internal error occurred',
  loggedOut: 'Logged out',
  updated: 'Updated',
} as const;

export type MessageKey = keyof typeof Messages;
