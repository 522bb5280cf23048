import { describe, expect, it } from 'vitest';
import { Entity } from '@atrium/shared/apps';
import { BOARD_PAGE_SIZE, BoardModel, boardColumns, cardFieldsOf, columnQuery, shownCards } from './BoardModel.js';
import { refusal, TestCalls, testChanges, testRecord } from './testCalls.js';
import { leaveRequest } from './testEntity.js';

function board(options: { mayUpdate?: boolean; readOnlyFields?: string[]; entity?: Entity } = {}) {
  const entity = options.entity ?? leaveRequest;
  const calls = new TestCalls(entity);
  calls.records = [
    testRecord('LR-2026-00001', { title: 'Ski week', status: 'requested', employee: 'liam' }),
    testRecord('LR-2026-00002', { title: 'Dentist', status: 'requested', employee: 'demo' }),
    testRecord('LR-2026-00003', { title: 'Wedding', status: 'requested', employee: 'liam' }, { version: 4 }),
    testRecord('LR-2026-00004', { title: 'Summer', status: 'approved', employee: 'demo' }),
    testRecord('LR-2026-00005', { title: 'Draft', status: null }),
  ];
  const model = new BoardModel({ calls, app: 'Leave', entityKey: 'request', entity, mayUpdate: options.mayUpdate ?? true, readOnlyFields: options.readOnlyFields ?? [] });
  return { calls, model };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
const names = (model: BoardModel) => model.getState().columns.map((c) => c.cards.map((r) => r.name));

describe('board columns', () => {
  it('are the choices in declaration order with their colours, then "No value" for a field that is not required', () => {
    const columns = boardColumns(leaveRequest);
    expect(columns.map((c) => [c.value, c.colour])).toEqual([
      ['requested', 'blue'],
      ['approved', 'green'],
      ['rejected', 'red'],
      [null, null],
    ]);
  });

  it('have no "No value" column when the field is required', () => {
    const status = leaveRequest.fields.status!;
    const entity = Entity.parse({ ...leaveRequest, fields: { ...leaveRequest.fields, status: { ...status, required: true } } });
    expect(boardColumns(entity).map((c) => c.value)).toEqual(['requested', 'approved', 'rejected']);
  });

  it('each load the first page of their choice, or of records without one', () => {
    expect(columnQuery(leaveRequest, 'approved')).toEqual({ filters: [{ field: 'status', op: 'eq', value: 'approved' }], offset: 0, limit: BOARD_PAGE_SIZE });
    expect(columnQuery(leaveRequest, null, 50)).toEqual({ filters: [{ field: 'status', op: 'empty' }], offset: 50, limit: BOARD_PAGE_SIZE });
  });

  it("show the board's card fields, not the grouped field nor hidden ones", () => {
    expect(cardFieldsOf(leaveRequest)).toEqual(['employee', 'from', 'to']);
    expect(cardFieldsOf(leaveRequest, ['employee'])).toEqual(['from', 'to']);
  });

  it('group the records by their choice', async () => {
    const { model, calls } = board();
    await model.load();
    expect(names(model)).toEqual([['LR-2026-00001', 'LR-2026-00002', 'LR-2026-00003'], ['LR-2026-00004'], [], ['LR-2026-00005']]);
    expect(model.getState().columns.map((c) => [c.status, c.total])).toEqual([
      ['ready', 3],
      ['ready', 1],
      ['ready', 0],
      ['ready', 1],
    ]);
    expect(calls.queries).toHaveLength(4);
  });

  it('show more loads the next page after the cards shown', async () => {
    const { model, calls } = board();
    calls.records = Array.from({ length: 60 }, (_, i) => testRecord(`LR-2026-${String(i + 1).padStart(5, '0')}`, { title: `Leave ${i}`, status: 'approved' }));
    await model.load();
    expect(model.getState().columns[1]!.cards).toHaveLength(50);
    await model.showMore(1);
    expect(calls.queries.at(-1)!.query.offset).toBe(50);
    expect(model.getState().columns[1]!.cards).toHaveLength(60);
    expect(model.getState().columns[1]!.total).toBe(60);
  });

  it('say why a column could not be loaded', async () => {
    const { model, calls } = board();
    calls.failNext.query = new Error('Failed to fetch');
    await model.load();
    const failed = model.getState().columns.filter((c) => c.status === 'failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.problem).toMatchObject({ code: 'request.failed', message: 'Failed to fetch', params: {}, status: null });
  });
});

describe('moving a card with the keyboard', () => {
  it('picks it up, moves it right and down, and drops it: one update of the field at its version', async () => {
    const { model, calls } = board();
    await model.load();
    model.pickUp('LR-2026-00003');
    expect(model.getState().announcement).toEqual({ kind: 'picked', name: 'LR-2026-00003', column: 0, position: 3, count: 3 });
    model.step('right');
    expect(model.getState().announcement).toEqual({ kind: 'over', name: 'LR-2026-00003', column: 1, position: 2, count: 2 });
    model.step('up');
    expect(model.getState().grabbed).toMatchObject({ column: 1, index: 0 });
    expect(shownCards(model.getState()).map((c) => c.map((r) => r.name))[1]).toEqual(['LR-2026-00003', 'LR-2026-00004']);
    expect(calls.updates).toEqual([]);
    await model.drop();
    expect(calls.updates).toEqual([{ app: 'Leave', name: 'LR-2026-00003', version: 4, values: { status: 'approved' } }]);
    expect(names(model)[0]).toEqual(['LR-2026-00001', 'LR-2026-00002']);
    expect(names(model)[1]).toEqual(['LR-2026-00003', 'LR-2026-00004']);
    expect(model.getState().columns[1]!.cards[0]!.version).toBe(5);
    expect(model.getState().announcement).toEqual({ kind: 'moved', name: 'LR-2026-00003', column: 1 });
  });

  it('stops at the first and last column and at the ends of a column', async () => {
    const { model } = board();
    await model.load();
    model.pickUp('LR-2026-00001');
    model.step('left');
    model.step('up');
    expect(model.getState().grabbed).toMatchObject({ column: 0, index: 0 });
    for (let i = 0; i < 6; i++) model.step('right');
    expect(model.getState().grabbed).toMatchObject({ column: 3, index: 0 });
    model.step('down');
    model.step('down');
    expect(model.getState().grabbed).toMatchObject({ column: 3, index: 1 });
  });

  it('moves nothing when cancelled', async () => {
    const { model, calls } = board();
    await model.load();
    model.pickUp('LR-2026-00001');
    model.step('right');
    model.cancel();
    expect(model.getState().grabbed).toBeNull();
    expect(model.getState().announcement).toEqual({ kind: 'cancelled', name: 'LR-2026-00001' });
    expect(names(model)[0]).toContain('LR-2026-00001');
    expect(calls.updates).toEqual([]);
  });

  it('dropped in its own column, writes nothing', async () => {
    const { model, calls } = board();
    await model.load();
    model.pickUp('LR-2026-00001');
    model.step('down');
    await model.drop();
    expect(calls.updates).toEqual([]);
    expect(names(model)[0]).toEqual(['LR-2026-00002', 'LR-2026-00001', 'LR-2026-00003']);
  });

  it('shows the move at once, before the server answers', async () => {
    const { model, calls } = board();
    await model.load();
    calls.hold();
    const moving = model.move('LR-2026-00004', 2);
    expect(names(model)[2]).toEqual(['LR-2026-00004']);
    expect(model.getState().columns[2]!.cards[0]!.values.status).toBe('rejected');
    expect(model.getState().moving).toEqual(['LR-2026-00004']);
    await calls.release();
    await moving;
    expect(model.getState().moving).toEqual([]);
  });

  it('moves a card out of its choice to "No value" as an empty value', async () => {
    const { model, calls } = board();
    await model.load();
    await model.move('LR-2026-00004', 3);
    expect(calls.updates[0]!.values).toEqual({ status: null });
  });
});

describe('a refused move', () => {
  it('puts the card back where it was, with the server refusal', async () => {
    const { model, calls } = board();
    await model.load();
    calls.readOnly.add('status');
    await model.move('LR-2026-00002', 1, 0);
    expect(names(model)).toEqual([['LR-2026-00001', 'LR-2026-00002', 'LR-2026-00003'], ['LR-2026-00004'], [], ['LR-2026-00005']]);
    expect(model.getState().columns.map((c) => c.total)).toEqual([3, 1, 0, 1]);
    expect(model.getState().columns[0]!.cards[1]!.values.status).toBe('requested');
    const expected = { code: 'records.readOnlyField', message: 'You may not change the field status', params: { field: 'status' }, status: 403 };
    expect(model.getState().refusal).toMatchObject({ name: 'LR-2026-00002', refusal: expected });
    expect(model.getState().announcement).toMatchObject({ kind: 'refused', name: 'LR-2026-00002', refusal: expected });
  });

  it('on a change made meanwhile, reads the column again to show the newer version', async () => {
    const { model, calls } = board();
    await model.load();
    calls.records[0] = { ...calls.records[0]!, version: 2, values: { ...calls.records[0]!.values, title: 'Ski fortnight' } };
    calls.failNext.update = refusal('records.conflict', 'Liam Chen changed this record meanwhile (version 2).', { user: 'Liam Chen', version: '2' });
    const before = calls.queries.length;
    await model.move('LR-2026-00001', 1);
    await new Promise((r) => setTimeout(r, 0));
    expect(model.getState().refusal?.refusal.code).toBe('records.conflict');
    expect(calls.queries.length).toBe(before + 1);
    expect(model.getState().columns[0]!.cards[0]).toMatchObject({ name: 'LR-2026-00001', version: 2 });
  });
});

describe('who may move cards', () => {
  it('nobody without the update right, nor with the field read-only for their role', async () => {
    for (const options of [{ mayUpdate: false }, { readOnlyFields: ['status'] }]) {
      const { model, calls } = board(options);
      await model.load();
      expect(model.canMove).toBe(false);
      model.pickUp('LR-2026-00001');
      expect(model.getState().grabbed).toBeNull();
      await model.move('LR-2026-00001', 1);
      expect(calls.updates).toEqual([]);
    }
  });

  it('nobody when the field is declared read-only', () => {
    const status = leaveRequest.fields.status!;
    const entity = Entity.parse({ ...leaveRequest, fields: { ...leaveRequest.fields, status: { ...status, readOnly: true } } });
    expect(board({ entity }).model.canMove).toBe(false);
  });
});

describe('changes told by the desktop socket', () => {
  function watched() {
    const changes = testChanges();
    const calls = new TestCalls(leaveRequest);
    calls.records = [testRecord('LR-2026-00001', { title: 'Ski week', status: 'requested' }), testRecord('LR-2026-00004', { title: 'Summer', status: 'approved' })];
    const model = new BoardModel({ calls, app: 'Leave', entityKey: 'request', entity: leaveRequest, mayUpdate: true, onRecordsChanged: changes.listen });
    return { changes, calls, model };
  }

  it("read every column again on a change of the entity's records, and ignore other entities", async () => {
    const { changes, calls, model } = watched();
    model.start();
    await settled();
    calls.records[1] = { ...calls.records[1]!, values: { ...calls.records[1]!.values, status: 'rejected' } };
    changes.tell({ app: 'Leave', entity: 'allowance', names: ['LA-1'] });
    expect(calls.queries).toHaveLength(4);
    changes.tell({ app: 'Leave', entity: 'request', names: ['LR-2026-00004'], by: 'Olivia Hart' });
    await new Promise((r) => setTimeout(r, 0));
    expect(calls.queries).toHaveLength(8);
    expect(names(model)).toEqual([['LR-2026-00001'], [], ['LR-2026-00004'], []]);
  });

  it('wait for a move being written, and for a card picked up, before reading again', async () => {
    const { changes, calls, model } = watched();
    model.start();
    await settled();
    calls.hold();
    const moving = model.move('LR-2026-00001', 2);
    changes.tell({ app: 'Leave', entity: 'request', names: ['LR-2026-00001'] });
    expect(calls.queries).toHaveLength(4);
    await calls.release();
    await moving;
    await new Promise((r) => setTimeout(r, 0));
    expect(calls.queries).toHaveLength(8);
    model.pickUp('LR-2026-00004');
    changes.tell({ app: 'Leave', entity: 'request', names: ['LR-2026-00004'] });
    expect(calls.queries).toHaveLength(8);
    model.cancel();
    expect(calls.queries).toHaveLength(12);
  });

  it('are followed from start to stop, and read everything again after a reconnect', async () => {
    const { changes, calls, model } = watched();
    expect(changes.listeners).toBe(0);
    const stop = model.start();
    expect(changes.listeners).toBe(1);
    await settled();
    changes.tell(null);
    await settled();
    expect(calls.queries).toHaveLength(8);
    stop();
    expect(changes.listeners).toBe(0);
  });
});
