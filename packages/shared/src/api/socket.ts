import * as z from 'zod/mini';
import { PackageName } from './packages.js';

/**
 * The websocket protocol (docs/behaviour/connection.md, docs/API.md#websockets). Every message is JSON {name, params}.
 * A connection is authenticated by its first message, `atrium/auth` with the
 * access token (a browser cannot set headers on a websocket); the server
 * answers `atrium/ready` or closes with SocketClose.notAuthenticated.
 * The paths, names and close codes are in socketProtocol.ts.
 */

export const SocketMessage = z.strictObject({
  name: z.string().check(z.minLength(1), z.maxLength(100)),
  params: z.optional(z.unknown()),
});
export type SocketMessage = z.infer<typeof SocketMessage>;

export const SocketAuthParams = z.strictObject({ token: z.string().check(z.minLength(1), z.maxLength(4096)) });

/** osjs/application:socket:message: the instance (pid), its application (name) and the payload. */
export const AppSocketMessageParams = z.strictObject({
  pid: z.int().check(z.nonnegative()),
  name: PackageName,
  args: z.unknown(),
});
export type AppSocketMessageParams = z.infer<typeof AppSocketMessageParams>;

