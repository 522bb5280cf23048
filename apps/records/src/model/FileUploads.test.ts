import type { UploadOptions } from '@atrium/sdk';
import type { Entity, RecordDetail } from '@atrium/shared/apps';
import { describe, expect, it } from 'vitest';
import { FileUploads } from './FileUploads.js';
import { FormModel } from './FormModel.js';
import { RecordsApi, RecordsFailure } from './RecordsApi.js';
import { LEAVE_APP, leaveRecord, ME, NOW, testServer } from './testServer.js';

/** An upload the test finishes by hand: its progress, its answer or its refusal. */
function pendingUploads() {
  const sent: Array<{ record: string; field: string; name: string; options: UploadOptions; resolve(d: RecordDetail): void; reject(e: unknown): void }> = [];
  const api = {
    upload: (_app: string, record: string, field: string, file: File, options: UploadOptions = {}) =>
      new Promise<RecordDetail>((resolve, reject) => {
        sent.push({ record, field, name: file.name, options, resolve, reject });
        options.signal?.addEventListener('abort', () => reject(new DOMException('The upload was cancelled.', 'AbortError')));
      }),
  };
  return { api, sent };
}

const OSLO = leaveRecord(1, { reason: 'Trip to Oslo', from: '2026-03-02', to: '2026-03-06' });
const detail = (papers: unknown, version = 2): RecordDetail => ({
  record: { ...OSLO, version, values: { ...OSLO.values, papers } },
  rights: { update: true, delete: true, comment: true, readOnlyFields: [] },
  people: {},
  links: {},
  following: false,
});

describe('FileUploads', () => {
  it('shows each file’s progress, and hands the record’s answer on once the file is added', async () => {
    const { api, sent } = pendingUploads();
    const done: Array<[RecordDetail, string]> = [];
    const uploads = new FileUploads({ api, done: (d, field) => done.push([d, field]) }, 'LeaveRequests');
    const finished = uploads.send('LR-2026-00001', 'papers', new File(['0123456789'], 'ticket.pdf'));
    expect(uploads.getState().uploads).toMatchObject([{ field: 'papers', name: 'ticket.pdf', loaded: 0, total: 10, status: 'sending' }]);
    sent[0]!.options.onProgress?.({ loaded: 4, total: 10 });
    expect(uploads.getState().uploads[0]).toMatchObject({ loaded: 4, total: 10 });
    const answer = detail([{ id: 'f1', name: 'ticket.pdf' }]);
    sent[0]!.resolve(answer);
    expect(await finished).toBe(true);
    expect(done).toEqual([[answer, 'papers']]);
    expect(uploads.getState().uploads).toEqual([]);
  });

  it('keeps a refused file’s line with the reason until dismissed, and forgets a cancelled one', async () => {
    const { api, sent } = pendingUploads();
    const done: unknown[] = [];
    const uploads = new FileUploads({ api, done: (d) => done.push(d) }, 'LeaveRequests');
    const refused = uploads.send('LR-2026-00001', 'papers', new File(['x'], 'big.bin'));
    const cancelled = uploads.send('LR-2026-00001', 'papers', new File(['y'], 'other.txt'));
    sent[0]!.reject(new RecordsFailure('vfs.quotaExceeded', 'Your storage space of 1.0 KiB is full', { quota: '1.0 KiB' }, {}, 413));
    expect(await refused).toBe(false);
    uploads.cancel(uploads.getState().uploads[1]!.key);
    expect(await cancelled).toBe(false);
    expect(uploads.getState().uploads).toMatchObject([{ name: 'big.bin', status: 'failed', failure: { code: 'vfs.quotaExceeded' } }]);
    uploads.dismiss(uploads.getState().uploads[0]!.key);
    expect(uploads.getState().uploads).toEqual([]);
    expect(done).toEqual([]);
  });
});

describe('FormModel and files', () => {
  const entity: Entity = {
    ...LEAVE_APP.declaration.entities.LeaveRequest!,
    fields: { ...LEAVE_APP.declaration.entities.LeaveRequest!.fields, papers: { type: 'file', label: { en_EN: 'Papers' }, multiple: true } },
  };

  it('takes an added file into the open record and keeps the user’s other edits; a removed file goes with the save', async () => {
    const server = testServer([leaveRecord(1, { reason: 'Trip to Oslo', from: '2026-03-02', to: '2026-03-06' })]);
    const form = new FormModel({ api: new RecordsApi(server.request), context: () => ({ userId: ME.id, now: NOW }) }, 'LeaveRequests', 'LeaveRequest', entity, LEAVE_APP.rights.LeaveRequest!);
    form.accept(detail(null, 1));
    form.set('reason', 'Trip to Bergen');
    form.attached(detail([{ id: 'f1', name: 'ticket.pdf' }], 2), 'papers');
    let s = form.getState();
    expect(s.values).toMatchObject({ reason: 'Trip to Bergen', papers: [{ id: 'f1', name: 'ticket.pdf' }] });
    expect(s.record?.version).toBe(2);
    expect(s.dirty).toBe(true);

    form.removeFile('papers', 'f1');
    s = form.getState();
    expect(s.values.papers).toBeNull();
    await form.save();
    const put = server.calls.find((c) => c.method === 'put');
    expect(put?.body).toEqual({ version: 2, values: { reason: 'Trip to Bergen', papers: null } });
  });

  it('shows the answer as it is when the user had no edits', () => {
    const server = testServer();
    const form = new FormModel({ api: new RecordsApi(server.request), context: () => ({ userId: ME.id, now: NOW }) }, 'LeaveRequests', 'LeaveRequest', entity, LEAVE_APP.rights.LeaveRequest!);
    form.accept(detail(null, 1));
    form.attached(detail([{ id: 'f1', name: 'ticket.pdf' }], 2), 'papers');
    expect(form.getState()).toMatchObject({ dirty: false, values: { papers: [{ id: 'f1', name: 'ticket.pdf' }] }, record: { version: 2 } });
  });
});
