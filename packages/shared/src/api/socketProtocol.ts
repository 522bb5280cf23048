/**
 * The websocket protocol's plain facts (docs/behaviour/connection.md): paths, message
 * names, close codes and limits, without the schemas (sockets/messages.ts), so that
 * the login page can read them without carrying the validation library.
 */

/** Path of the desktop's socket. */
export const SOCKET_PATH = '/socket';
/** Path of an application's own socket (docs/behaviour/connection.md#application-sockets). */
export function appSocketPath(appName: string): string {
  return `/apps/${encodeURIComponent(appName)}/socket`;
}

export const SocketNames = {
  /** client → server, first message: {token}. */
  auth: 'atrium/auth',
  /** server → client: authenticated, {user}. */
  ready: 'atrium/ready',
  /** server → client: a message was refused, {message}. */
  error: 'atrium/error',
  /**
   * server → client on the desktop socket: the server may have missed changes
   * (its connection to the other servers dropped and is back), {}: the
   * desktop fetches again what the socket's messages keep up to date, as
   * after a reconnect (docs/behaviour/connection.md#reconnecting).
   */
  resync: 'atrium/resync',
  /** server → client: the user's settings changed elsewhere, {keys}. */
  settingsChanged: 'atrium/settings:changed',
  /** both ways on the desktop socket: a message of an application instance, {pid, name, args}. */
  appMessage: 'osjs/application:socket:message',
} as const;

/** Close codes the server uses (4000-4999 are the application's). */
export const SocketClose = {
  /** No or a bad token, or none within SOCKET_AUTH_TIMEOUT. */
  notAuthenticated: 4401,
  /** The application is not available to the user. */
  forbidden: 4403,
  /** More messages than SOCKET_MAX_MESSAGES_PER_SECOND. */
  tooManyMessages: 4429,
  /** The client did not read its messages: more than the server holds for one connection were waiting. */
  tooSlow: 4408,
  /** The server is stopping. */
  goingAway: 1001,
  /** A message larger than SOCKET_MESSAGE_MAX_BYTES. */
  tooLarge: 1009,
} as const;

/** Time the server waits for atrium/auth. */
export const SOCKET_AUTH_TIMEOUT = 5000;
/** Largest message accepted. */
export const SOCKET_MESSAGE_MAX_BYTES = 64 * 1024;
/** Messages per second a connection may send. */
export const SOCKET_MAX_MESSAGES_PER_SECOND = 50;
/** Connections one user may hold at once. */
export const SOCKET_MAX_CONNECTIONS_PER_USER = 32;
/** Reconnect interval of sockets by default, and the longest wait of the desktop socket (docs/behaviour/connection.md#reconnecting). */
export const SOCKET_RECONNECT_INTERVAL = 1000;
export const SOCKET_CONNECT_INTERVAL = 5000;
