import { renderApplication } from '@atrium/app-kit/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import metadata from '../metadata.json';
import { manyRecords, testServer } from './model/testServer.js';
import runtime from './index.js';

const tests: Array<{ closeAll(): void; unmount(): void }> = [];
afterEach(() => {
  for (const test of tests.splice(0)) {
    test.closeAll();
    test.unmount();
  }
});

async function launch(count = 12, args: Record<string, unknown> = { app: 'LeaveRequests' }, answer = 'no') {
  const server = testServer(manyRecords(count));
  const dialogs: Array<{ kind: string; options: Record<string, unknown> }> = [];
  const test = await renderApplication(runtime, metadata as Parameters<typeof renderApplication>[1], {
    args,
    request: server.request,
    dialog: (kind, options, callback) => {
      dialogs.push({ kind, options });
      callback(answer, null);
    },
  });
  Object.assign(test, { dialogs });
  tests.push(test);
  return { server, test, dialogs };
}

const rows = (body: HTMLElement) => within(body).queryAllByTestId('records.row');
const titles = (body: HTMLElement) => rows(body).map((row) => row.querySelector('a')?.textContent);

describe('Records', () => {
  it("opens a declared application's window titled by its label, with the records of its first entity", async () => {
    const { test } = await launch(12);
    const [body] = test.bodies;
    expect(test.app.titleNow(1)).toBe('Leave requests');
    await waitFor(() => expect(rows(body!)).toHaveLength(10));
    expect(titles(body!).slice(0, 3)).toEqual(['Trip 1', 'Trip 2', 'Trip 3']);
    expect(within(body!).getByTestId('records.range').textContent).toBe('1–10 of 12');
    expect(within(body!).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Colour', 'Reason', 'Kind', 'From', 'To', 'Days']);
  });

  it('says that more records match than were counted, in the number format of the language', async () => {
    const server = testServer(manyRecords(12));
    server.countCap = 10;
    for (const [locale, range] of [
      ['en_EN', '1–10 of 10+'],
      ['de_DE', '1–10 von über 10'],
    ] as const) {
      const test = await renderApplication(runtime, metadata as Parameters<typeof renderApplication>[1], { args: { app: 'LeaveRequests' }, request: server.request, locale });
      const [body] = test.bodies;
      await waitFor(() => expect(within(body!).getByTestId('records.range').textContent).toBe(range));
      expect((within(body!).getByTestId('records.next') as HTMLButtonElement).disabled).toBe(false);
      test.closeAll();
      test.unmount();
    }
  });

  it('sorts by a column when its heading is pressed, ascending then descending', async () => {
    const { test, server } = await launch(12);
    const [body] = test.bodies;
    await waitFor(() => expect(rows(body!)).toHaveLength(10));
    fireEvent.click(within(body!).getByTestId('records.sort.reason'));
    await waitFor(() => expect(titles(body!).slice(0, 3)).toEqual(['Trip 1', 'Trip 10', 'Trip 11']));
    const heading = within(body!).getByTestId('records.sort.reason').closest('th')!;
    expect(heading.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(within(body!).getByTestId('records.sort.reason'));
    await waitFor(() => expect(titles(body!)[0]).toBe('Trip 9'));
    expect(heading.getAttribute('aria-sort')).toBe('descending');
    expect(server.queries().at(-1)!.sort).toEqual({ field: 'reason', direction: 'desc' });
  });

  it('opens a record in a window of its own with Enter on its row, after moving with the arrows', async () => {
    const { test } = await launch(3);
    const [body] = test.bodies;
    await waitFor(() => expect(rows(body!)).toHaveLength(3));
    const first = rows(body!)[0]!;
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(rows(body!)[1]);
    fireEvent.keyDown(rows(body!)[1]!, { key: 'Enter' });
    await waitFor(() => expect(test.bodies).toHaveLength(2));
    const form = test.bodies[1]!;
    await waitFor(() => expect(within(form).getByLabelText(/Reason/)).toHaveProperty('value', 'Trip 2'));
    expect(test.app.titleNow(2)).toBe('Trip 2');
  });

  it('shows the problem of a field under it, tied to its input, and saves nothing', async () => {
    const { test, server } = await launch(1);
    const [body] = test.bodies;
    await waitFor(() => expect(rows(body!)).toHaveLength(1));
    fireEvent.click(within(body!).getByTestId('records.new'));
    await waitFor(() => expect(test.bodies).toHaveLength(2));
    const form = test.bodies[1]!;
    expect(test.app.titleNow(2)).toBe('New Leave request');
    const email = within(form).getByLabelText('Email');
    fireEvent.change(email, { target: { value: 'dana@' } });
    fireEvent.blur(email);
    const problem = within(form).getByTestId('records.problem.email');
    expect(problem.textContent).toBe('Enter an email address such as name@example.com.');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toContain(problem.id);
    const posts = server.calls.filter((c) => c.method === 'post' && !c.path.endsWith('/query')).length;
    // Ctrl+S, a command of the form's window (the desktop runs it from the keys).
    await act(async () => {
      expect(test.app.runCommand('save', test.app.windows[1]!)).toBe(true);
    });
    expect(within(form).getByTestId('records.problem.reason').textContent).toBe('This field is required.');
    expect(document.activeElement).toBe(within(form).getByLabelText(/Reason/));
    expect(server.calls.filter((c) => c.method === 'post' && !c.path.endsWith('/query'))).toHaveLength(posts);
  });

  it('gives each record window its commands with their keys, each enabled when it can act, and takes them away with the form', async () => {
    const { test } = await launch(3);
    const [body] = test.bodies;
    await waitFor(() => expect(rows(body!)).toHaveLength(3));
    fireEvent.keyDown(rows(body!)[0]!, { key: 'Enter' });
    await waitFor(() => expect(test.bodies).toHaveLength(2));
    const form = test.bodies[1]!;
    const window = test.app.windows[1]!;
    await waitFor(() => expect(within(form).getByLabelText(/Reason/)).toHaveProperty('value', 'Trip 1'));
    const ofForm = test.app.commands.filter((c) => c.window?.wid === window.wid);
    expect(ofForm.map((c) => [c.command.id, c.command.keybinding, typeof c.command.label === 'function' ? c.command.label(test.i18n.t) : c.command.label])).toEqual([
      ['new', 'Alt+N', 'New record'],
      ['save', 'Ctrl+S', 'Save record'],
      ['previous', 'Alt+PageUp', 'Previous record'],
      ['next', 'Alt+PageDown', 'Next record'],
    ]);
    // Nothing before the first record; Alt+Page Down shows the next in the same window.
    expect(test.app.runCommand('previous', window)).toBe(false);
    act(() => void test.app.runCommand('next', window));
    await waitFor(() => expect(within(form).getByLabelText(/Reason/)).toHaveProperty('value', 'Trip 2'));
    // Alt+N opens a new record's form in a window of its own.
    act(() => void test.app.runCommand('new', window));
    await waitFor(() => expect(test.bodies).toHaveLength(3));
    expect(test.app.titleNow(3)).toBe('New Leave request');
    test.closeAll();
    expect(test.app.commands).toEqual([]);
  });

  it('says why when the CSV export is refused, and keeps the list', async () => {
    const { test, server } = await launch(3);
    const [body] = test.bodies;
    await waitFor(() => expect(rows(body!)).toHaveLength(3));
    server.failWith = { status: 400, body: { status: 'error', code: 'records.tooManyRows', message: 'At most 10000 rows can be exported or imported at once', params: { max: '10000' } } };
    fireEvent.click(within(body!).getByTestId('records.export'));
    expect((await within(body!).findByTestId('records.export.failed')).textContent).toBe('At most 10000 rows can be exported or imported at once');
    expect(server.calls.at(-1)!.path).toMatch(/^records\/LeaveRequests\/LeaveRequest\/export\.csv\?q=/);
    expect(rows(body!)).toHaveLength(3);
  });

  it('imports a CSV file in a window of its own: the preview shows each refused row with its problems, Import only once none is refused', async () => {
    const { test, server } = await launch(2);
    const [body] = test.bodies;
    await waitFor(() => expect(rows(body!)).toHaveLength(2));
    fireEvent.click(within(body!).getByTestId('records.import.open'));
    await waitFor(() => expect(test.bodies).toHaveLength(2));
    const dialog = test.bodies[1]!;
    expect(test.app.titleNow(2)).toBe('Import Leave requests');
    const choose = (name: string, text: string) => fireEvent.change(within(dialog).getByLabelText('CSV file'), { target: { files: [new File([text], name, { type: 'text/csv' })] } });
    choose('leave.csv', 'Reason,Kind,From,To\r\nConference,annual,2026-04-01,2026-04-03\r\n,holiday,2026-04-10,2026-04-12\r\n');
    const refused = await within(dialog).findByTestId('records.import.row.3');
    expect(within(dialog).getByTestId('records.import.summary').textContent).toBe('Rows: 2. Refused: 1. Correct the refused rows in the file, then choose it again.');
    expect(within(refused).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Reason: This field is required.', 'Kind: Choose one of the options.']);
    expect(within(dialog).queryByTestId('records.import.row.2')).toBeNull();
    expect(within(dialog).getByTestId('records.import.start')).toHaveProperty('disabled', true);

    choose('leave.csv', 'Reason,Kind,From,To\r\nConference,annual,2026-04-01,2026-04-03\r\nDentist,sick,2026-04-10,2026-04-10\r\n');
    await waitFor(() => expect(within(dialog).getByTestId('records.import.summary').textContent).toBe('Rows: 2. Refused: 0.'));
    expect(within(within(dialog).getByTestId('records.import.row.2')).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Conference', 'annual', '2026-04-01', '2026-04-03', 'Ready']);
    const start = within(dialog).getByTestId('records.import.start');
    expect(start.textContent).toBe('Import records: 2');
    expect(start).toHaveProperty('disabled', false);
    fireEvent.click(start);
    expect((await within(dialog).findByTestId('records.import.done')).textContent).toBe('Records imported: 2.');
    expect(server.calls.filter((c) => c.path.includes('/import')).map((c) => c.path)).toEqual([
      'records/LeaveRequests/LeaveRequest/import?dryRun=1',
      'records/LeaveRequests/LeaveRequest/import?dryRun=1',
      'records/LeaveRequests/LeaveRequest/import',
    ]);
    // The list shows the records made.
    await waitFor(() => expect(rows(body!)).toHaveLength(4));
  });

  it('says why a file is not CSV the list can import, in the user’s words', async () => {
    const { test, server } = await launch(1);
    const [body] = test.bodies;
    await waitFor(() => expect(rows(body!)).toHaveLength(1));
    fireEvent.click(within(body!).getByTestId('records.import.open'));
    await waitFor(() => expect(test.bodies).toHaveLength(2));
    const dialog = test.bodies[1]!;
    server.failWith = { status: 400, body: { status: 'error', code: 'records.badCsv', message: 'The file is not a CSV file this list can import: a quote opened on row 4 is never closed', params: { reason: 'a quote opened on row 4 is never closed', problem: 'unclosedQuote', row: '4' } } };
    fireEvent.change(within(dialog).getByLabelText('CSV file'), { target: { files: [new File(['Reason\n"x'], 'broken.csv')] } });
    expect((await within(dialog).findByTestId('records.import.failed')).textContent).toBe('The file is not a CSV file this list can import: a quote opened on row 4 is never closed');
    expect(within(dialog).getByTestId('records.import.start')).toHaveProperty('disabled', true);
  });

  it('opens the record the launch asks for', async () => {
    const { test } = await launch(3, { app: 'LeaveRequests', record: 'LR-2026-00003' });
    await waitFor(() => expect(test.bodies).toHaveLength(2));
    await waitFor(() => expect(test.app.titleNow(2)).toBe('Trip 3'));
  });

  it('opens at the filtered list a launch asks for (a dashboard’s drill to its records)', async () => {
    const { server } = await launch(12, { app: 'LeaveRequests', entity: 'LeaveRequest', filters: [{ field: 'kind', op: 'eq', value: 'sick' }] });
    await waitFor(() => expect(server.queries().at(-1)?.filters).toEqual([{ field: 'kind', op: 'eq', value: 'sick' }]));
  });

  it('says so when the application is not the user’s', async () => {
    const { test } = await launch(1, { app: 'Payroll' });
    expect(await within(test.bodies[0]!).findByText('This application is not available to you')).toBeTruthy();
    expect(screen.queryByTestId('records.table')).toBeNull();
  });
});

describe('Records forms', () => {
  async function openFirst(answer = 'no') {
    const launched = await launch(2, { app: 'LeaveRequests', record: 'LR-2026-00001' }, answer);
    await waitFor(() => expect(launched.test.bodies).toHaveLength(2));
    const form = launched.test.bodies[1]!;
    await waitFor(() => expect(within(form).getByLabelText(/Reason/)).toHaveProperty('value', 'Trip 1'));
    return { ...launched, form };
  }

  it('closes a form without asking while nothing is changed', async () => {
    const { test, dialogs } = await openFirst('no');
    expect(await test.app.requestClose(test.app.windows[1]!)).toBe(true);
    expect(dialogs).toHaveLength(0);
  });

  it('asks before a form with unsaved changes closes, and stays open when the user says no', async () => {
    const { test, form, dialogs } = await openFirst('no');
    fireEvent.change(within(form).getByLabelText(/Reason/), { target: { value: 'Changed' } });
    expect(await test.app.requestClose(test.app.windows[1]!)).toBe(false);
    expect(dialogs.at(-1)).toMatchObject({ kind: 'confirm', options: { message: 'Your changes to “Trip 1” are not saved. Close it and lose them?' } });
  });

  it('leaves no unload guard of its forms on the page once it ends, changed or not', async () => {
    // The listeners of the worker's shared window, counted from here: what earlier test files left does not count.
    const added = vi.spyOn(window, 'addEventListener');
    const removed = vi.spyOn(window, 'removeEventListener');
    const guards = () => added.mock.calls.filter(([name]) => name === 'beforeunload').length - removed.mock.calls.filter(([name]) => name === 'beforeunload').length;
    try {
      const { test, form } = await openFirst('no');
      fireEvent.change(within(form).getByLabelText(/Reason/), { target: { value: 'Changed' } });
      expect(guards()).toBe(1);
      tests.splice(tests.indexOf(test), 1);
      test.closeAll();
      test.unmount();
      expect(test.app.ended).toBe(true);
      expect(guards()).toBe(0);
    } finally {
      added.mockRestore();
      removed.mockRestore();
    }
  });

  it('names who changed the record meanwhile, and reloads it with Reload', async () => {
    const { form, server } = await openFirst();
    fireEvent.change(within(form).getByLabelText(/Reason/), { target: { value: 'Mine' } });
    server.changeAsOlivia('LR-2026-00001', { reason: 'Hers' });
    fireEvent.click(within(form).getByTestId('records.save'));
    const notice = await within(form).findByTestId('records.conflict');
    expect(notice.textContent).toContain('Olivia Hart changed this record meanwhile (version 2).');
    fireEvent.click(within(notice).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(within(form).getByLabelText(/Reason/)).toHaveProperty('value', 'Hers'));
    expect(within(form).queryByTestId('records.conflict')).toBeNull();
  });
});
