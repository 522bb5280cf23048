import type { RecordsChange } from '@atrium/sdk';
import type { EntityRights } from '@atrium/shared/apps';
import { describe, expect, it } from 'vitest';
import { FormModel } from './FormModel.js';
import { RecordsApi } from './RecordsApi.js';
import { LEAVE_APP, leaveRecord, ME, NOW, testServer } from './testServer.js';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup(rights: EntityRights = LEAVE_APP.rights.LeaveRequest!) {
  const server = testServer([leaveRecord(1, { reason: 'Trip to Oslo', kind: 'annual', from: '2026-03-02', to: '2026-03-06' })]);
  const listeners = new Set<(change: RecordsChange | null) => void>();
  const form = new FormModel(
    {
      api: new RecordsApi(server.request),
      context: () => ({ userId: ME.id, now: NOW }),
      onRecordsChanged: (listener) => {
        listeners.add(listener);
        return () => void listeners.delete(listener);
      },
    },
    'LeaveRequests',
    'LeaveRequest',
    LEAVE_APP.declaration.entities.LeaveRequest!,
    rights,
  );
  const tell = (change: RecordsChange | null) => listeners.forEach((l) => l(change));
  return { server, form, tell };
}

describe('FormModel', () => {
  it('starts a new record with the defaults, and shows a problem once the field is left', () => {
    const { form } = setup();
    form.startNew();
    expect(form.getState().values).toMatchObject({ kind: 'annual', reason: null });
    expect(form.problemOf('reason')).toBeUndefined();
    form.touch('reason');
    expect(form.problemOf('reason')).toEqual({ code: 'required' });
    form.set('reason', 'x'.repeat(81));
    expect(form.problemOf('reason')).toEqual({ code: 'maxLength', params: { max: '80' } });
    form.set('email', 'dana@');
    form.touch('email');
    expect(form.problemOf('email')).toEqual({ code: 'email' });
  });

  it('sends nothing while a field has a problem, and shows every problem', async () => {
    const { form, server } = setup();
    form.startNew();
    expect(await form.save()).toBeNull();
    expect(server.calls.filter((c) => c.method === 'post')).toHaveLength(0);
    expect(form.problemOf('reason')).toEqual({ code: 'required' });
    expect(form.problemOf('from')).toEqual({ code: 'required' });
  });

  it('works out computed fields while the user types, and hides a field by its hidden-when', () => {
    const { form } = setup();
    form.startNew();
    expect(form.isHidden('note')).toBe(true);
    form.set('from', '2026-03-02');
    form.set('to', '2026-03-13');
    expect(form.getState().values.days).toBe(10);
    expect(form.isReadOnly('days')).toBe(true);
    form.set('days', 99);
    expect(form.getState().values.days).toBe(10);
    form.set('kind', 'sick');
    expect(form.isHidden('note')).toBe(false);
  });

  it('creates a new record, then holds it as saved', async () => {
    const { form, server } = setup();
    form.startNew();
    form.set('reason', 'Conference');
    form.set('from', '2026-04-01');
    form.set('to', '2026-04-03');
    expect(form.getState().dirty).toBe(true);
    const saved = await form.save();
    expect(saved?.name).toBe('LR-2026-00002');
    expect(server.calls.find((c) => c.method === 'post' && c.path === 'records/LeaveRequests/LeaveRequest')?.body).toMatchObject({ values: { reason: 'Conference', from: '2026-04-01' } });
    expect(form.getState()).toMatchObject({ dirty: false, record: { name: 'LR-2026-00002', version: 1 } });
  });

  it('updates only the changed fields with the version read, and tracks dirty against what was read', async () => {
    const { form, server } = setup();
    await form.open('LR-2026-00001');
    form.set('reason', 'Trip to Bergen');
    expect(form.getState().dirty).toBe(true);
    form.set('reason', 'Trip to Oslo');
    expect(form.getState().dirty).toBe(false);
    form.set('reason', 'Trip to Bergen');
    await form.save();
    expect(server.calls.at(-1)).toEqual({ method: 'put', path: 'records/LeaveRequests/record/LR-2026-00001', body: { version: 1, values: { reason: 'Trip to Bergen' } } });
    expect(form.getState()).toMatchObject({ dirty: false, record: { version: 2, title: 'Trip to Bergen' } });
  });

  it("shows the server's problems by their field", async () => {
    const { form, server } = setup();
    await form.open('LR-2026-00001');
    form.set('reason', 'Dup');
    server.failWith = { status: 400, body: { code: 'records.invalid', message: 'Some values are not valid: see each field', fields: { reason: { code: 'unique' } } } };
    expect(await form.save()).toBeNull();
    expect(form.problemOf('reason')).toEqual({ code: 'unique' });
    expect(form.getState().dirty).toBe(true);
  });

  it('names who changed the record meanwhile, keeps the edits, and reloads on demand', async () => {
    const { form, server } = setup();
    await form.open('LR-2026-00001');
    form.set('reason', 'Mine');
    server.changeAsOlivia('LR-2026-00001', { reason: 'Hers' });
    await form.save();
    expect(form.getState().conflict).toEqual({ user: 'Olivia Hart', version: '2' });
    expect(form.getState().values.reason).toBe('Mine');
    await form.reload();
    expect(form.getState()).toMatchObject({ conflict: null, dirty: false, values: { reason: 'Hers' }, record: { version: 2 } });
  });

  it("asks before replacing the user's edits when someone else changes the open record, not for their own save", async () => {
    const { form, server, tell } = setup();
    await form.open('LR-2026-00001');
    form.set('reason', 'Mine');
    tell({ app: 'LeaveRequests', entity: 'LeaveRequest', names: ['LR-2026-00001'], by: 'Dana Demo' });
    await flush();
    expect(form.getState().changedBy).toBeNull();
    server.changeAsOlivia('LR-2026-00001', { reason: 'Hers' });
    tell({ app: 'LeaveRequests', entity: 'LeaveRequest', names: ['LR-2026-00001'], by: 'Olivia Hart' });
    await flush();
    expect(form.getState()).toMatchObject({ changedBy: 'Olivia Hart', values: { reason: 'Mine' } });
    await form.reload();
    expect(form.getState()).toMatchObject({ changedBy: null, values: { reason: 'Hers' } });
  });

  it('reloads at once when the open record changes and the user has no edits', async () => {
    const { form, server, tell } = setup();
    await form.open('LR-2026-00001');
    server.changeAsOlivia('LR-2026-00001', { reason: 'Hers' });
    tell({ app: 'LeaveRequests', entity: 'LeaveRequest', names: ['LR-2026-00001'], by: 'Olivia Hart' });
    await flush();
    expect(form.getState()).toMatchObject({ changedBy: null, values: { reason: 'Hers' } });
  });

  it('deletes and restores a record, and says so when it is missing', async () => {
    const { form } = setup();
    await form.open('LR-2026-00001');
    expect(await form.remove()).toBe(true);
    expect(form.getState().record?.deletedAt).toBeDefined();
    expect(await form.restore()).toBe(true);
    expect(form.getState().record?.deletedAt).toBeUndefined();
    await form.open('LR-2026-09999');
    expect(form.getState()).toMatchObject({ status: 'missing' });
  });

  it('shows the fields the user may not give a new record read-only at their defaults, and does not send them', async () => {
    const { form, server } = setup({ ...LEAVE_APP.rights.LeaveRequest!, lockedOnCreate: ['kind', 'email'] });
    form.startNew();
    expect(form.isReadOnly('kind')).toBe(true);
    expect(form.isReadOnly('reason')).toBe(false);
    expect(form.getState().values.kind).toBe('annual');
    form.set('kind', 'sick');
    expect(form.getState().values.kind).toBe('annual');
    form.set('reason', 'Conference');
    form.set('from', '2026-04-01');
    form.set('to', '2026-04-03');
    expect(await form.save()).not.toBeNull();
    const sent = server.calls.find((c) => c.method === 'post' && c.path === 'records/LeaveRequests/LeaveRequest')?.body as { values: Record<string, unknown> };
    expect(Object.keys(sent.values)).not.toContain('kind');
    expect(Object.keys(sent.values)).not.toContain('email');
    expect(sent.values).toMatchObject({ reason: 'Conference' });
    // Once the record exists, its own rights say what the user may change.
    expect(form.isReadOnly('kind')).toBe(false);
  });

  it('leaves the problem of a field the user may not give a new record to the server', async () => {
    const { form, server } = setup({ ...LEAVE_APP.rights.LeaveRequest!, lockedOnCreate: ['to'] });
    form.startNew();
    form.set('reason', 'Conference');
    form.set('from', '2026-04-01');
    expect(form.getState().problems).toEqual({});
    await form.save();
    // The form sent it without the field it may not give; the server judged it, and its answer shows by the field.
    expect(server.calls.filter((c) => c.method === 'post')).toHaveLength(1);
    expect(form.problemOf('to')).toEqual({ code: 'required' });
  });

  it('makes every field read-only when the user may not change the record, and the role’s read-only fields', async () => {
    const { form, server } = setup();
    server.rights = { update: true, delete: false, comment: false, readOnlyFields: ['kind'] };
    await form.open('LR-2026-00001');
    expect(form.isReadOnly('kind')).toBe(true);
    expect(form.isReadOnly('reason')).toBe(false);
    server.rights = { update: false, delete: false, comment: false, readOnlyFields: [] };
    await form.open('LR-2026-00001');
    expect(form.isReadOnly('reason')).toBe(true);
    form.set('reason', 'Changed');
    expect(form.getState().values.reason).toBe('Trip to Oslo');
  });
});
