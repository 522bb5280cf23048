import type { VfsService } from '../vfs/VfsService.js';
import { MAX_PAYLOAD_BYTES, type EventBus } from './EventBus.js';

/** The bus topic of changed folders. */
export const FILE_TOPIC = 'files';

const ID = /^[0-9a-f-]{36}$/i;
/** A folder's path as the file system names it ('home:/Reports'); never longer than what fits a message. */
const MAX_PATH_BYTES = 4_096;
const PATH = /^[a-z][a-z0-9-]*:\//i;

export interface FileMessage {
  userId: string | null;
  organisation: string | null;
  directories: string[];
}

/** A file change from another server, checked: null when it is none. */
export function parseFileMessage(payload: unknown): FileMessage | null {
  if (!payload || typeof payload !== 'object') return null;
  const { userId, organisation, directories } = payload as Record<string, unknown>;
  const idOrNull = (value: unknown): value is string | null => value === null || (typeof value === 'string' && ID.test(value));
  if (!idOrNull(userId) || !idOrNull(organisation)) return null;
  if (!Array.isArray(directories) || directories.length === 0) return null;
  if (!directories.every((d): d is string => typeof d === 'string' && PATH.test(d) && Buffer.byteLength(d) <= MAX_PATH_BYTES)) return null;
  return { userId, organisation, directories };
}

/** The folders of one change in messages that each fit the bus. */
export function fileMessages(change: FileMessage): FileMessage[] {
  const messages: FileMessage[] = [];
  let current: string[] = [];
  let bytes = 0;
  const budget = MAX_PAYLOAD_BYTES - 200;
  for (const directory of change.directories) {
    const size = Buffer.byteLength(JSON.stringify(directory)) + 1;
    if (size > budget) continue;
    if (bytes + size > budget && current.length > 0) {
      messages.push({ ...change, directories: current });
      current = [];
      bytes = 0;
    }
    current.push(directory);
    bytes += size;
  }
  if (current.length > 0) messages.push({ ...change, directories: current });
  return messages;
}

/**
 * Folder changes across servers (docs/DEPLOYMENT.md, "The event bus"): a
 * change made here goes on the bus (who made it, the organisation, the
 * folders' paths); one made through another server reaches the desktops
 * connected here that should hear of it (`vfs:changed`), each of which
 * lists the folder itself with its own rights. Returns the function that stops.
 */
export function shareFileChanges(vfs: Pick<VfsService, 'onChange' | 'changedElsewhere'>, bus: EventBus): () => void {
  const stopOut = vfs.onChange((change) => {
    if (change.origin !== 'here') return;
    for (const message of fileMessages({ userId: change.caller.userId, organisation: change.organisation, directories: change.directories })) {
      bus.publish(FILE_TOPIC, { ...message });
    }
  });
  const stopIn = bus.subscribe(FILE_TOPIC, (payload, origin) => {
    if (origin !== 'elsewhere') return;
    const message = parseFileMessage(payload);
    if (message) vfs.changedElsewhere(message);
  });
  return () => {
    stopOut();
    stopIn();
  };
}
