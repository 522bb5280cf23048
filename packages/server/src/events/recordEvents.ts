import type { RecordService } from '../records/RecordService.js';
import { MAX_PAYLOAD_BYTES, type EventBus } from './EventBus.js';

/** The bus topic of changed records. */
export const RECORD_TOPIC = 'records';

/** What a change of records carries on the bus: the organisation, application, entity, the records' names and who made it. */
export interface RecordMessage {
  accountId: string;
  app: string;
  entity: string;
  names: string[];
  byId: string;
}

const ID = /^[0-9a-f-]{36}$/i;
const KEY = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
/** Names of one message: a change of one record, or of an import's many, in as few messages as fit the bus. */
const NAMES_BUDGET = MAX_PAYLOAD_BYTES - 400;

/** A change of records from another server, checked: null when it is none. */
export function parseRecordMessage(payload: unknown): RecordMessage | null {
  if (!payload || typeof payload !== 'object') return null;
  const { accountId, app, entity, names, byId } = payload as Record<string, unknown>;
  if (typeof accountId !== 'string' || !ID.test(accountId) || typeof byId !== 'string' || !ID.test(byId)) return null;
  if (typeof app !== 'string' || !KEY.test(app) || typeof entity !== 'string' || !KEY.test(entity)) return null;
  if (!Array.isArray(names) || names.length === 0 || !names.every((n): n is string => typeof n === 'string' && n.length > 0 && n.length <= 140)) return null;
  return { accountId, app, entity, names, byId };
}

/** The names of one change in messages that each fit the bus. */
export function recordMessages(change: RecordMessage): RecordMessage[] {
  const out: RecordMessage[] = [];
  let current: string[] = [];
  let bytes = 0;
  for (const name of change.names) {
    const size = Buffer.byteLength(JSON.stringify(name)) + 1;
    if (bytes + size > NAMES_BUDGET && current.length > 0) {
      out.push({ ...change, names: current });
      current = [];
      bytes = 0;
    }
    current.push(name);
    bytes += size;
  }
  if (current.length > 0) out.push({ ...change, names: current });
  return out;
}

/**
 * Record changes across servers (docs/DEPLOYMENT.md, "The event bus"): a
 * change made here goes on the bus by its names; one made through another
 * server reaches the desktops connected here (`records:changed`), each of
 * which reads the records again with its own rights. Returns the function that stops.
 */
export function shareRecordChanges(records: Pick<RecordService, 'onChange' | 'changedElsewhere'>, bus: EventBus, onError: (err: unknown) => void): () => void {
  const stopOut = records.onChange((change) => {
    if (change.origin !== 'here') return;
    for (const message of recordMessages({ accountId: change.accountId, app: change.app, entity: change.entity, names: change.names, byId: change.by.id })) {
      bus.publish(RECORD_TOPIC, { ...message });
    }
  });
  const stopIn = bus.subscribe(RECORD_TOPIC, (payload, origin) => {
    if (origin !== 'elsewhere') return;
    const message = parseRecordMessage(payload);
    if (message) records.changedElsewhere(message).catch(onError);
  });
  return () => {
    stopOut();
    stopIn();
  };
}
