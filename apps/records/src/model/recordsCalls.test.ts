import { describe, expect, it } from 'vitest';
import { BoardModel } from './BoardModel.js';
import { RecordsApi } from './RecordsApi.js';
import type { RecordsCalls } from './recordsCalls.js';
import { testRecord } from './testCalls.js';
import { leaveRequest } from './testEntity.js';

/** The desktop's signed request, answering like the server: the envelope, or a refusal with its status and body. */
function server(answer: (method: string, path: string, body: unknown) => unknown) {
  const sent: Array<{ method: string; path: string; body: unknown }> = [];
  const request = async <T,>(method: 'get' | 'post' | 'put' | 'delete', path: string, body?: unknown): Promise<T> => {
    sent.push({ method, path, body });
    return answer(method, path, body) as T;
  };
  return { sent, request };
}

describe('the board over the records calls', () => {
  it('reads a column and sends a move as an update of the field at the version read', async () => {
    const record = testRecord('LR-2026-00003', { title: 'Wedding', status: 'requested' }, { version: 4 });
    const { sent, request } = server((method, path) => {
      if (method === 'post') return { status: 'success', data: { records: path.includes('/query') ? [record] : [], total: 1, capped: false, offset: 0, people: {}, links: {} } };
      return { status: 'success', data: { ...record, version: 5, values: { ...record.values, status: 'approved' } } };
    });
    const calls: RecordsCalls = new RecordsApi(request);
    const model = new BoardModel({ calls, app: 'Leave', entityKey: 'request', entity: leaveRequest, mayUpdate: true });
    await model.loadColumn(0);
    await model.move('LR-2026-00003', 1);
    expect(sent[0]).toEqual({ method: 'post', path: 'records/Leave/request/query', body: { filters: [{ field: 'status', op: 'eq', value: 'requested' }], offset: 0, limit: 50 } });
    expect(sent[1]).toEqual({ method: 'put', path: 'records/Leave/record/LR-2026-00003', body: { version: 4, values: { status: 'approved' } } });
    expect(model.getState().columns[1]!.cards[0]).toMatchObject({ name: 'LR-2026-00003', version: 5 });
  });

  it("puts a refused move back with the server's code and text", async () => {
    const record = testRecord('LR-2026-00003', { title: 'Wedding', status: 'requested' });
    const { request } = server((method) => {
      if (method === 'post') return { status: 'success', data: { records: [record], total: 1, capped: false, offset: 0, people: {}, links: {} } };
      throw Object.assign(new Error('Request failed'), { status: 403, body: { status: 'error', code: 'records.readOnlyField', message: 'You may not change the field Status', params: { field: 'Status' } } });
    });
    const model = new BoardModel({ calls: new RecordsApi(request), app: 'Leave', entityKey: 'request', entity: leaveRequest, mayUpdate: true });
    await model.loadColumn(0);
    await model.move('LR-2026-00003', 1);
    expect(model.getState().columns[0]!.cards.map((c) => c.name)).toEqual(['LR-2026-00003']);
    expect(model.getState().refusal?.refusal).toMatchObject({ code: 'records.readOnlyField', message: 'You may not change the field Status', params: { field: 'Status' }, status: 403 });
  });
});
