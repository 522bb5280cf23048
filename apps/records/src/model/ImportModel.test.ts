import { describe, expect, it } from 'vitest';
import { ImportModel } from './ImportModel.js';
import { RecordsApi } from './RecordsApi.js';
import { manyRecords, testServer } from './testServer.js';

function setup(existing = 2) {
  const server = testServer(manyRecords(existing));
  const imported: Array<readonly string[]> = [];
  const model = new ImportModel({ api: new RecordsApi(server.request), onImported: (names) => imported.push(names) }, 'LeaveRequests', 'LeaveRequest');
  return { server, model, imported };
}

const GOOD = 'Reason,Kind,From,To\r\nConference,annual,2026-04-01,2026-04-03\r\nDentist,sick,2026-04-10,2026-04-10\r\n';
const ONE_BAD = 'Reason,Kind,From,To\r\nConference,annual,2026-04-01,2026-04-03\r\n,sick,2026-04-10,\r\n';

describe('ImportModel', () => {
  it("has the server check the chosen file's rows without writing, then offers the import when none is refused", async () => {
    const { server, model } = setup();
    expect(model.canImport).toBe(false);
    const checked = model.choose('leave.csv', GOOD);
    expect(model.getState()).toMatchObject({ status: 'checking', fileName: 'leave.csv' });
    await checked;
    expect(server.calls.at(-1)).toEqual({ method: 'post', path: 'records/LeaveRequests/LeaveRequest/import?dryRun=1', body: { csv: GOOD } });
    expect(model.getState().status).toBe('preview');
    expect(model.getState().result!.rows.map((r) => r.row)).toEqual([2, 3]);
    expect(server.records).toHaveLength(2);
    expect(model.canImport).toBe(true);
  });

  it('refuses to import while any row is refused, and says which', async () => {
    const { server, model } = setup();
    await model.choose('leave.csv', ONE_BAD);
    expect(model.refused).toBe(1);
    expect(model.getState().result!.rows[1]).toMatchObject({ row: 3, problems: { reason: { code: 'required' }, to: { code: 'required' } } });
    expect(model.canImport).toBe(false);
    const calls = server.calls.length;
    await model.importAll();
    expect(server.calls).toHaveLength(calls);
    expect(server.records).toHaveLength(2);
  });

  it('imports every row in one call, tells the list, and starts over for another file', async () => {
    const { server, model, imported } = setup();
    await model.choose('leave.csv', GOOD);
    await model.importAll();
    expect(server.calls.at(-1)).toEqual({ method: 'post', path: 'records/LeaveRequests/LeaveRequest/import', body: { csv: GOOD } });
    expect(model.getState()).toMatchObject({ status: 'done', created: ['LR-2026-00003', 'LR-2026-00004'] });
    expect(server.records.map((r) => r.title)).toEqual(['Trip 1', 'Trip 2', 'Conference', 'Dentist']);
    expect(imported).toEqual([['LR-2026-00003', 'LR-2026-00004']]);
    model.reset();
    expect(model.getState()).toMatchObject({ status: 'choose', fileName: null, result: null });
  });

  it("keeps the server's refusal of a file that is not CSV, for the view to say why", async () => {
    const { server, model } = setup();
    server.failWith = { status: 400, body: { status: 'error', code: 'records.badCsv', message: 'The file is not a CSV file this list can import: it has no header row', params: { reason: 'it has no header row', problem: 'noHeader' } } };
    await model.choose('empty.csv', '');
    expect(model.getState().status).toBe('failed');
    expect(model.getState().failure).toMatchObject({ code: 'records.badCsv', params: { problem: 'noHeader' }, status: 400 });
  });

  it('answers only the last file chosen', async () => {
    const { server, model } = setup();
    server.hold = true;
    const first = model.choose('bad.csv', ONE_BAD);
    const second = model.choose('good.csv', GOOD);
    server.release();
    await Promise.all([first, second]);
    expect(model.getState()).toMatchObject({ status: 'preview', fileName: 'good.csv' });
    expect(model.refused).toBe(0);
  });
});

describe('the CSV export over the records calls', () => {
  it("hands over the server's file as it came: the list's text, its byte order mark kept", async () => {
    const { server } = setup(2);
    const text = await new RecordsApi(server.request).exportCsv('LeaveRequests', 'LeaveRequest', { columns: ['reason'] });
    expect(text).toBe('\ufeffName,Reason\r\nLR-2026-00001,Trip 1\r\nLR-2026-00002,Trip 2\r\n');
  });
});
