import * as z from 'zod/mini';
import { PackageName } from '../api/packages.js';
import { SocketNames } from '../api/socketProtocol.js';
import { TASK_CHANGE_REASONS, TASK_CHANGED_MESSAGE } from '../api/tasks.js';
import { VFS_CHANGED_MESSAGE } from '../api/vfs.js';
import { RECORDS_CHANGED_MESSAGE, RecordsChangedParams } from '../apps/recordsChanged.js';

/**
 * The websocket contract (docs/API.md#websockets, docs/behaviour/connection.md): every
 * message of both directions as one schema, and the one parse each side
 * runs on a frame it receives. Every message is JSON `{name, params}`.
 *
 * The desktop socket speaks a closed set of messages: a discriminated union
 * per direction (DesktopClientMessage, DesktopServerMessage). An
 * application's own socket carries the protocol's atrium/ messages plus
 * messages its application names itself, relayed as they are
 * (AppSocketClientMessage, AppSocketServerMessage). How a connection ends is
 * told by close codes, not messages (SocketClose in socketProtocol.ts).
 */

/** Longest message name. */
export const SOCKET_NAME_MAX_LENGTH = 100;

/** Any message of the protocol, before its name says which: `{name, params}`. */
export const SocketMessage = z.strictObject({
  name: z.string().check(z.minLength(1), z.maxLength(SOCKET_NAME_MAX_LENGTH)),
  params: z.optional(z.unknown()),
});
export type SocketMessage = z.infer<typeof SocketMessage>;

// ---- Params ----

/** atrium/auth: the access token (a browser cannot set headers on a websocket). */
export const SocketAuthParams = z.strictObject({ token: z.string().check(z.minLength(1), z.maxLength(4096)) });
export type SocketAuthParams = z.infer<typeof SocketAuthParams>;

/** osjs/application:socket:message: the instance (pid), its application (name) and the payload. */
export const AppSocketMessageParams = z.strictObject({
  pid: z.int().check(z.nonnegative()),
  name: PackageName,
  args: z.unknown(),
});
export type AppSocketMessageParams = z.infer<typeof AppSocketMessageParams>;

/** atrium/ready: the authenticated user and the id of this connection. */
export const SocketReadyParams = z.strictObject({
  user: z.strictObject({ id: z.string(), username: z.string() }),
  connection: z.string(),
});
export type SocketReadyParams = z.infer<typeof SocketReadyParams>;

/** atrium/error: why the server refused a message (the connection stays open). */
export const SocketErrorParams = z.strictObject({ message: z.string() });
export type SocketErrorParams = z.infer<typeof SocketErrorParams>;

/** atrium/resync: nothing to say but that changes may have been missed. */
export const ResyncParams = z.strictObject({});

/** atrium/settings:changed: the keys another desktop of the user changed. */
export const SettingsChangedParams = z.strictObject({ keys: z.array(z.string()) });
export type SettingsChangedParams = z.infer<typeof SettingsChangedParams>;

/** tasks:changed (docs/behaviour/work.md): which task changed, why and by whom. */
export const TaskChangedParams = z.strictObject({
  reason: z.enum(TASK_CHANGE_REASONS),
  taskId: z.string(),
  task_name: z.string(),
  appName: z.string(),
  /** Who made the change. */
  by: z.strictObject({ id: z.string(), name: z.string() }),
});
export type TaskChangedParams = z.infer<typeof TaskChangedParams>;

/** vfs:changed (docs/behaviour/files.md): the 'name:/path' of each directory whose listing changed. */
export const VfsChangedParams = z.strictObject({ directories: z.array(z.string()) });
export type VfsChangedParams = z.infer<typeof VfsChangedParams>;

// ---- Messages ----

const message = <N extends string, P extends z.core.SomeType>(name: N, params: P) => z.strictObject({ name: z.literal(name), params });

export const SocketAuthMessage = message(SocketNames.auth, SocketAuthParams);
export type SocketAuthMessage = z.infer<typeof SocketAuthMessage>;
export const SocketReadyMessage = message(SocketNames.ready, SocketReadyParams);
export const SocketErrorMessage = message(SocketNames.error, SocketErrorParams);
export const SettingsChangedMessage = message(SocketNames.settingsChanged, SettingsChangedParams);
export const ResyncMessage = message(SocketNames.resync, ResyncParams);
export const TaskChangedMessage = message(TASK_CHANGED_MESSAGE, TaskChangedParams);
export const VfsChangedMessage = message(VFS_CHANGED_MESSAGE, VfsChangedParams);
/** records:changed (docs/behaviour/records.md#live-updates): which records of an entity of a declared application changed, and by whom. */
export const RecordsChangedMessage = message(RECORDS_CHANGED_MESSAGE, RecordsChangedParams);
export const AppSocketMessage = message(SocketNames.appMessage, AppSocketMessageParams);

/** client → server on the desktop socket: the first message authenticates, then messages of application instances. */
export const DesktopClientMessage = z.discriminatedUnion('name', [SocketAuthMessage, AppSocketMessage]);
export type DesktopClientMessage = z.infer<typeof DesktopClientMessage>;

/** server → client on the desktop socket. */
export const DesktopServerMessage = z.discriminatedUnion('name', [
  SocketReadyMessage,
  SocketErrorMessage,
  SettingsChangedMessage,
  ResyncMessage,
  TaskChangedMessage,
  VfsChangedMessage,
  RecordsChangedMessage,
  AppSocketMessage,
]);
export type DesktopServerMessage = z.infer<typeof DesktopServerMessage>;

/** Whether a name is the protocol's own (atrium/…): an application may not use it. */
export function isReservedSocketName(name: string): boolean {
  return name.startsWith('atrium/');
}

/** Whether a parsed message is atrium/auth (its params were checked as such by the parse). */
export function isSocketAuthMessage(message: SocketMessage): message is SocketAuthMessage {
  return message.name === SocketNames.auth;
}

/** A message an application names itself, relayed to the user's other sockets of that application. */
export const AppDefinedMessage = z.strictObject({
  name: SocketMessage.shape.name.check(z.refine((name) => !isReservedSocketName(name))),
  params: z.optional(z.unknown()),
});
export type AppDefinedMessage = z.infer<typeof AppDefinedMessage>;

/** client → server on an application's socket. */
export const AppSocketClientMessage = z.union([SocketAuthMessage, AppDefinedMessage]);
export type AppSocketClientMessage = z.infer<typeof AppSocketClientMessage>;

/** server → client on an application's socket. */
export const AppSocketServerMessage = z.union([SocketReadyMessage, SocketErrorMessage, AppDefinedMessage]);
export type AppSocketServerMessage = z.infer<typeof AppSocketServerMessage>;

/** The params of the message named N in the union M (unknown for a name M does not list). */
export type SocketParams<M extends SocketMessage, N extends string> = [Extract<M, { name: N }>] extends [never] ? unknown : Extract<M, { name: N }>['params'];

// ---- Building what the server sends ----

/**
 * The server's messages, built in one place: what the server sends is
 * typed by the schema it must pass on the client (the tests of this module
 * parse what these build).
 */
export const socketMessages = {
  ready: (params: SocketReadyParams) => ({ name: SocketNames.ready, params }) satisfies DesktopServerMessage,
  error: (text: string) => ({ name: SocketNames.error, params: { message: text } }) satisfies DesktopServerMessage,
  settingsChanged: (keys: string[]) => ({ name: SocketNames.settingsChanged, params: { keys } }) satisfies DesktopServerMessage,
  resync: () => ({ name: SocketNames.resync, params: {} }) satisfies DesktopServerMessage,
  taskChanged: (params: TaskChangedParams) => ({ name: TASK_CHANGED_MESSAGE, params }) satisfies DesktopServerMessage,
  vfsChanged: (directories: string[]) => ({ name: VFS_CHANGED_MESSAGE, params: { directories } }) satisfies DesktopServerMessage,
  recordsChanged: (params: RecordsChangedParams) => ({ name: RECORDS_CHANGED_MESSAGE, params }) satisfies DesktopServerMessage,
  appMessage: (params: AppSocketMessageParams) => ({ name: SocketNames.appMessage, params }) satisfies DesktopServerMessage,
};

// ---- Parsing a frame ----

/**
 * Why a frame is not a message of the contract: not JSON, not `{name, params}`,
 * a name this direction does not know (or one reserved to the protocol), or
 * known params that do not fit.
 */
export type SocketRefusal = 'not-json' | 'not-a-message' | 'unknown-name' | 'reserved-name' | 'bad-params';

/** A parsed frame, or why not with its name (for logs and counts; never its content). */
export type SocketParse<M> = { ok: true; message: M } | { ok: false; refusal: SocketRefusal; name: string | null };

/** The contract of one direction of one kind of socket. */
export interface SocketDirection<M extends SocketMessage> {
  /** Names this direction carries with params of their own (the rest are unknown, or an application's). */
  readonly known: ReadonlySet<string>;
  /** Whether names outside `known` are allowed (an application's socket: its own messages). */
  readonly open: boolean;
  readonly schema: z.ZodMiniType<M>;
}

const direction = <M extends SocketMessage>(schema: z.ZodMiniType<M>, known: readonly string[], open: boolean): SocketDirection<M> => ({ schema, known: new Set(known), open });

export const desktopClientDirection = direction(DesktopClientMessage, [SocketNames.auth, SocketNames.appMessage], false);
export const desktopServerDirection = direction(
  DesktopServerMessage,
  [SocketNames.ready, SocketNames.error, SocketNames.settingsChanged, SocketNames.resync, TASK_CHANGED_MESSAGE, VFS_CHANGED_MESSAGE, SocketNames.appMessage],
  false,
);
export const appSocketClientDirection = direction(AppSocketClientMessage, [SocketNames.auth], true);
export const appSocketServerDirection = direction(AppSocketServerMessage, [SocketNames.ready, SocketNames.error], true);

/** Parses one frame's text (or already decoded JSON value) as a message of that direction. */
export function parseSocketFrame<M extends SocketMessage>(contract: SocketDirection<M>, data: unknown): SocketParse<M> {
  let value: unknown = data;
  if (typeof data === 'string') {
    try {
      value = JSON.parse(data);
    } catch {
      return { ok: false, refusal: 'not-json', name: null };
    }
  }
  const envelope = SocketMessage.safeParse(value);
  if (!envelope.success) return { ok: false, refusal: 'not-a-message', name: nameOf(value) };
  const { name } = envelope.data;
  const parsed = contract.schema.safeParse(envelope.data);
  if (parsed.success) return { ok: true, message: parsed.data };
  const refusal: SocketRefusal = contract.known.has(name) ? 'bad-params' : isReservedSocketName(name) ? 'reserved-name' : 'unknown-name';
  return { ok: false, refusal, name };
}

/** The name of something that claims to be a message, shortened, or null. */
function nameOf(value: unknown): string | null {
  const name = typeof value === 'object' && value !== null ? (value as { name?: unknown }).name : undefined;
  return typeof name === 'string' ? name.slice(0, SOCKET_NAME_MAX_LENGTH) : null;
}
