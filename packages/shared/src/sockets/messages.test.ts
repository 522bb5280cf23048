import { describe, expect, it } from 'vitest';
import { SocketNames } from '../api/socketProtocol.js';
import {
  appSocketClientDirection,
  appSocketServerDirection,
  desktopClientDirection,
  desktopServerDirection,
  parseSocketFrame,
  socketMessages,
  type DesktopServerMessage,
} from './messages.js';

/** Every message the server sends on the desktop socket, built as the server builds them. */
const serverSends: DesktopServerMessage[] = [
  socketMessages.ready({ user: { id: 'u-1', username: 'ada' }, connection: 'c-1' }),
  socketMessages.error("Unknown message 'chat/hello'"),
  socketMessages.settingsChanged(['desktop.font', 'locale']),
  socketMessages.taskChanged({ reason: 'assigned', taskId: 't-1', task_name: 'Call back', appName: 'CRM', by: { id: 'u-2', name: 'Bob Stone' } }),
  socketMessages.vfsChanged(['home:/', 'shared:/Reports']),
  socketMessages.recordsChanged({ app: 'Leave', entity: 'request', names: ['LR-2026-00001'], by: 'Bob Stone' }),
  socketMessages.appMessage({ pid: 3, name: 'CRM', args: { refresh: true } }),
];

describe('the socket contract', () => {
  it.each(serverSends.map((m) => [m.name, m] as const))('accepts the server’s %s on the desktop socket, sent as JSON', (_name, message) => {
    expect(parseSocketFrame(desktopServerDirection, JSON.stringify(message))).toEqual({ ok: true, message });
  });

  it('accepts on an application socket what the server sends there: ready, error and the application’s own messages', () => {
    for (const message of [serverSends[0]!, serverSends[1]!, { name: 'crm/updated', params: { id: 42 } }, { name: 'crm/ping' }]) {
      expect(parseSocketFrame(appSocketServerDirection, JSON.stringify(message)), message.name).toEqual({ ok: true, message });
    }
  });

  it('accepts what the client sends: atrium/auth, then application messages', () => {
    const auth = { name: SocketNames.auth, params: { token: 'a.b.c' } };
    expect(parseSocketFrame(desktopClientDirection, JSON.stringify(auth)).ok).toBe(true);
    expect(parseSocketFrame(desktopClientDirection, JSON.stringify(socketMessages.appMessage({ pid: 0, name: 'CRM', args: null }))).ok).toBe(true);
    expect(parseSocketFrame(appSocketClientDirection, JSON.stringify(auth)).ok).toBe(true);
    expect(parseSocketFrame(appSocketClientDirection, JSON.stringify({ name: 'crm/updated', params: [1] })).ok).toBe(true);
  });

  it('says why a frame is refused, with its name only', () => {
    expect(parseSocketFrame(desktopServerDirection, '{oops')).toEqual({ ok: false, refusal: 'not-json', name: null });
    expect(parseSocketFrame(desktopServerDirection, JSON.stringify({ params: 1 }))).toEqual({ ok: false, refusal: 'not-a-message', name: null });
    expect(parseSocketFrame(desktopServerDirection, JSON.stringify({ name: 'x'.repeat(500) }))).toEqual({ ok: false, refusal: 'not-a-message', name: 'x'.repeat(100) });
    expect(parseSocketFrame(desktopServerDirection, JSON.stringify({ name: 'chat/hello' }))).toEqual({ ok: false, refusal: 'unknown-name', name: 'chat/hello' });
    expect(parseSocketFrame(desktopClientDirection, JSON.stringify({ name: SocketNames.ready }))).toEqual({ ok: false, refusal: 'reserved-name', name: SocketNames.ready });
    expect(parseSocketFrame(appSocketClientDirection, JSON.stringify({ name: SocketNames.settingsChanged, params: { keys: [] } }))).toMatchObject({ refusal: 'reserved-name' });
  });

  it.each([
    ['settings changed without keys', { name: SocketNames.settingsChanged, params: {} }],
    ['a task change of an unknown reason', { ...serverSends[3]!, params: { ...(serverSends[3]!.params as object), reason: 'exploded' } }],
    ['a task change without its author', { name: 'tasks:changed', params: { reason: 'assigned', taskId: 't', task_name: 'n', appName: 'CRM' } }],
    ['a vfs change whose directories are not text', { name: 'vfs:changed', params: { directories: [1] } }],
    ['an application message without pid', { name: SocketNames.appMessage, params: { name: 'CRM', args: 1 } }],
    ['ready without the user', { name: SocketNames.ready, params: { connection: 'c' } }],
    ['an error with extra fields', { name: SocketNames.error, params: { message: 'm', stack: 's' } }],
  ])('refuses %s as bad params of a known name', (_what, message) => {
    expect(parseSocketFrame(desktopServerDirection, JSON.stringify(message))).toEqual({ ok: false, refusal: 'bad-params', name: message.name });
  });
});
