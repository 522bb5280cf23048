import { describe, expect, it, vi } from 'vitest';
import { BusSessionEvents, parseSessionEvent, type SessionEvent } from '../../src/auth/SessionEvents.js';
import { Remembered } from '../../src/auth/Remembered.js';
import { LocalEventBus, MAX_PAYLOAD_BYTES, Subscribers, type EventBus } from '../../src/events/EventBus.js';
import { parseRecordMessage, RECORD_TOPIC, recordMessages, shareRecordChanges } from '../../src/events/recordEvents.js';
import { fileMessages, parseFileMessage } from '../../src/events/fileEvents.js';
import { parseSettingsMessage, shareSettingsChanges } from '../../src/events/settingsEvents.js';
import { parseTaskMessage, shareTaskChanges, TASK_TOPIC } from '../../src/events/taskEvents.js';
import type { RecordChange } from '../../src/records/RecordService.js';
import type { TaskChange } from '../../src/tasks/TaskService.js';

describe('the event bus within one server', () => {
  it('delivers to the topic’s subscribers before publish returns, and to no other topic', () => {
    const bus = new LocalEventBus();
    const sessions: unknown[] = [];
    const tasks: unknown[] = [];
    bus.subscribe('sessions', (p) => sessions.push(p));
    const stop = bus.subscribe('tasks', (p) => tasks.push(p));
    bus.publish('sessions', { kind: 'session-revoked', sessionId: 's-1' });
    expect(sessions).toEqual([{ kind: 'session-revoked', sessionId: 's-1' }]);
    expect(tasks).toEqual([]);
    stop();
    bus.publish('tasks', { taskId: 't-1' });
    expect(tasks).toEqual([]);
  });

  it('refuses a payload that carries data rather than ids (it would not fit a PostgreSQL notification)', () => {
    const bus = new LocalEventBus();
    expect(() => bus.publish('sessions', { text: 'x'.repeat(MAX_PAYLOAD_BYTES) })).toThrow(/ids, not data/);
  });

  it('keeps delivering when one listener throws, and says so', () => {
    const failed = vi.fn();
    const subscribers = new Subscribers();
    const heard: unknown[] = [];
    subscribers.subscribe('t', () => {
      throw new Error('broken listener');
    });
    subscribers.subscribe('t', (p) => heard.push(p));
    subscribers.deliver('t', { id: 1 }, 'here', failed);
    expect(heard).toEqual([{ id: 1 }]);
    expect(failed).toHaveBeenCalledWith(expect.objectContaining({ message: 'broken listener' }));
  });
});

describe('session events over the bus', () => {
  it('takes from other servers only well-formed events', () => {
    expect(parseSessionEvent({ kind: 'session-revoked', sessionId: 's-1' })).toEqual({ kind: 'session-revoked', sessionId: 's-1' });
    expect(parseSessionEvent({ kind: 'user-changed', userId: 'u-1', extra: 'dropped' })).toEqual({ kind: 'user-changed', userId: 'u-1' });
    for (const bad of [null, 'session-revoked', {}, { kind: 'session-revoked' }, { kind: 'session-revoked', sessionId: 7 }, { kind: 'user-changed', userId: '' }, { kind: 'resync' }, { kind: 'drop-tables', userId: 'u' }, { kind: 'user-changed', userId: 'u'.repeat(200) }]) {
      expect(parseSessionEvent(bad), JSON.stringify(bad)).toBeNull();
    }
  });

  it("turns the bus's resync into a 'resync' event, after which nothing remembered is kept", () => {
    const resyncListeners: Array<() => void> = [];
    const resync = () => resyncListeners.forEach((listener) => listener());
    const bus = { publish: vi.fn(), subscribe: () => () => undefined, onResync: (listener: () => void) => (resyncListeners.push(listener), () => undefined), close: async () => undefined };
    const events = new BusSessionEvents(bus);
    const heard: SessionEvent[] = [];
    events.subscribe((event) => heard.push(event));
    const remembered = new Remembered<string, string>({ ttlSeconds: 60, maxEntries: 10 }, events, (event, entries) => entries.delete(event.kind === 'session-revoked' ? event.sessionId : event.userId));
    remembered.set('s-1', 'open', remembered.snapshot());
    expect(remembered.get('s-1')).toBe('open');
    resync();
    expect(heard).toEqual([{ kind: 'resync' }]);
    expect(remembered.get('s-1')).toBeUndefined();
  });
});

describe('task changes over the bus', () => {
  const TASK = '0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0';
  const USER = '1a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d';

  it('takes from other servers only well-formed changes, by ids', () => {
    expect(parseTaskMessage({ reason: 'assigned', taskId: TASK, byId: USER, previousAssignee: null })).toEqual({ reason: 'assigned', taskId: TASK, byId: USER, previousAssignee: null });
    for (const bad of [null, {}, { reason: 'deleted', taskId: TASK, byId: USER, previousAssignee: null }, { reason: 'assigned', taskId: 'x', byId: USER, previousAssignee: null }, { reason: 'assigned', taskId: TASK, byId: USER, previousAssignee: 5 }, { reason: 'assigned', taskId: TASK, byId: `${USER}'--`, previousAssignee: null }]) {
      expect(parseTaskMessage(bad), JSON.stringify(bad)).toBeNull();
    }
  });

  it("puts this server's changes on the bus and hands the others' to the task service, never its own back nor an echo", async () => {
    const bus = new LocalEventBus();
    const listeners: Array<(change: TaskChange) => void> = [];
    const changedElsewhere = vi.fn(async () => undefined);
    const tasks = { onChange: (listener: (change: TaskChange) => void) => (listeners.push(listener), () => undefined), changedElsewhere };
    const sent: unknown[] = [];
    bus.subscribe(TASK_TOPIC, (payload) => sent.push(payload));
    shareTaskChanges(tasks, bus, () => undefined);
    const change = (origin: TaskChange['origin']) => ({ reason: 'commented', task: { id: TASK }, by: { id: USER, name: 'Ada' }, previousAssignee: null, origin, audience: async () => [] }) as unknown as TaskChange;
    listeners.forEach((listener) => listener(change('here')));
    expect(sent).toEqual([{ reason: 'commented', taskId: TASK, byId: USER, previousAssignee: null }]);
    // Its own message, delivered here at once, is not a change made elsewhere.
    expect(changedElsewhere).not.toHaveBeenCalled();
    // A change heard of elsewhere goes no further on the bus.
    listeners.forEach((listener) => listener(change('elsewhere')));
    expect(sent).toHaveLength(1);
  });
});

describe('settings changes over the bus', () => {
  const USER = '1a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d';

  it('takes from other servers only a user id and key names', () => {
    expect(parseSettingsMessage({ userId: USER, keys: ['desktop.theme', 'app.Files.view'] })).toEqual({ userId: USER, keys: ['desktop.theme', 'app.Files.view'] });
    for (const bad of [null, { userId: USER }, { userId: 'ada', keys: [] }, { userId: USER, keys: 'desktop.theme' }, { userId: USER, keys: ['<script>'] }, { userId: USER, keys: Array.from({ length: 101 }, () => 'k') }]) {
      expect(parseSettingsMessage(bad), JSON.stringify(bad)).toBeNull();
    }
  });

  it("tells this server's sockets of a change made elsewhere, not of its own (the settings service tells them itself)", () => {
    const bus = new LocalEventBus();
    const sent: Array<[string, unknown]> = [];
    const shared = shareSettingsChanges(bus, { sendToUser: (userId, message) => (sent.push([userId, message]), 1) });
    shared.changedHere(USER, ['desktop.theme']);
    expect(sent).toEqual([]);
  });
});

describe('file changes over the bus', () => {
  const USER = '1a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d';

  it('takes from other servers only ids and folder paths', () => {
    expect(parseFileMessage({ userId: USER, organisation: null, directories: ['home:/'] })).toEqual({ userId: USER, organisation: null, directories: ['home:/'] });
    for (const bad of [null, { userId: USER, organisation: null, directories: [] }, { userId: 'ada', organisation: null, directories: ['home:/'] }, { userId: USER, organisation: null, directories: ['../etc'] }, { userId: USER, organisation: 5, directories: ['home:/'] }]) {
      expect(parseFileMessage(bad), JSON.stringify(bad)).toBeNull();
    }
  });

  it('splits the folders of a large change into messages that each fit the bus, losing none', () => {
    const directories = Array.from({ length: 400 }, (_, i) => `shared:/Projects/${'p'.repeat(60)}-${i}`);
    const messages = fileMessages({ userId: USER, organisation: USER, directories });
    expect(messages.length).toBeGreaterThan(1);
    for (const message of messages) expect(Buffer.byteLength(JSON.stringify(message))).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
    expect(messages.flatMap((m) => m.directories)).toEqual(directories);
  });
});

describe('record changes over the bus', () => {
  const ACCOUNT = '1a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d';
  const USER = '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e';
  const message = { accountId: ACCOUNT, app: 'Leave', entity: 'request', names: ['LR-2026-00001'], byId: USER };

  it('takes from other servers only ids, keys and names', () => {
    expect(parseRecordMessage(message)).toEqual(message);
    for (const bad of [null, { ...message, accountId: 'x' }, { ...message, byId: `${USER}'--` }, { ...message, app: 'a b' }, { ...message, entity: '' }, { ...message, names: [] }, { ...message, names: [5] }, { ...message, names: ['x'.repeat(141)] }]) {
      expect(parseRecordMessage(bad), JSON.stringify(bad)).toBeNull();
    }
  });

  it("splits the names of many records (an import's) over messages that each fit the bus, losing none", () => {
    const names = Array.from({ length: 3_000 }, (_, i) => `LR-2026-${String(i).padStart(5, '0')}`);
    const messages = recordMessages({ ...message, names });
    expect(messages.length).toBeGreaterThan(1);
    for (const m of messages) expect(Buffer.byteLength(JSON.stringify(m))).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
    expect(messages.flatMap((m) => m.names)).toEqual(names);
  });

  it("puts this server's changes on the bus and hands the others' to the records service", async () => {
    const listeners: Array<(change: RecordChange) => void> = [];
    const subscribers: Array<(payload: unknown, origin: 'here' | 'elsewhere') => void> = [];
    const sent: unknown[] = [];
    const bus = { publish: (topic: string, payload: unknown) => sent.push([topic, payload]), subscribe: (_topic: string, listener: (payload: unknown, origin: 'here' | 'elsewhere') => void) => (subscribers.push(listener), () => undefined) } as unknown as EventBus;
    const changedElsewhere = vi.fn(async () => undefined);
    shareRecordChanges({ onChange: (listener) => (listeners.push(listener), () => undefined), changedElsewhere }, bus, () => undefined);
    const change = (origin: RecordChange['origin']): RecordChange => ({ accountId: ACCOUNT, app: 'Leave', entity: 'request', names: ['LR-2026-00001'], by: { id: USER, name: 'Ada' }, origin });
    listeners.forEach((listener) => listener(change('here')));
    listeners.forEach((listener) => listener(change('elsewhere')));
    expect(sent).toEqual([[RECORD_TOPIC, message]]);
    subscribers.forEach((listener) => listener(message, 'here'));
    expect(changedElsewhere).not.toHaveBeenCalled();
    subscribers.forEach((listener) => listener({ ...message, names: ['bad\u0000'.repeat(100)] }, 'elsewhere'));
    subscribers.forEach((listener) => listener(message, 'elsewhere'));
    expect(changedElsewhere.mock.calls).toEqual([[message]]);
  });
});
