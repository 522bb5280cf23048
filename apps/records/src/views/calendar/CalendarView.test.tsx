import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CalendarModel, utcZone } from '../../model/CalendarModel.js';
import { TestCalls, testRecord } from '../../model/testCalls.js';
import { leaveRequest } from '../../model/testEntity.js';
import { renderView } from '../testRender.js';
import { CalendarView } from './CalendarView.js';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function showCalendar(locale?: 'de_DE') {
  const calls = new TestCalls(leaveRequest);
  calls.records = [
    testRecord('LR-2026-00001', { title: 'Ski week', from: '2026-11-23', to: '2026-11-29' }, { colour: 'GREEN' }),
    testRecord('LR-2026-00002', { title: 'Dentist', from: '2026-11-25', to: null }),
    ...['A', 'B', 'C'].map((x, i) => testRecord(`LR-2026-0001${i}`, { title: `Course ${x}`, from: '2026-11-25', to: '2026-11-25' })),
  ];
  const opened: string[] = [];
  const model = new CalendarModel({ calls, app: 'Leave', entityKey: 'request', entity: leaveRequest, open: (name) => opened.push(name), now: () => Date.parse('2026-11-27T12:00:00Z'), zone: utcZone });
  await renderView(<CalendarView model={model} entity={leaveRequest} />, locale);
  await act(() => model.load());
  return { model, calls, opened };
}

const day = (key: string) => screen.getAllByTestId('records.calendar.day').find((d) => d.dataset.day === key)!;

describe('the calendar', () => {
  it('shows the month from Monday with its records as bars, and "+2 more" where they do not fit', async () => {
    await showCalendar();
    expect(screen.getByTestId('records.calendar.title').textContent).toBe('November 2026');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    const ski = screen.getAllByTestId('records.calendar.span').find((s) => s.dataset.record === 'LR-2026-00001')!;
    expect(ski.style.gridColumn).toBe('1 / 8');
    expect(ski.className).toContain('rcv-ryg--green');
    expect(screen.getByTestId('records.calendar.more').textContent).toBe('+2 more');
    expect(day('2026-11-27').getAttribute('aria-current')).toBe('date');
    expect(day('2026-11-27').tabIndex).toBe(0);
  });

  it('names the month and the weekdays in the desktop language', async () => {
    await showCalendar('de_DE');
    expect(screen.getByTestId('records.calendar.title').textContent).toBe('November 2026');
    expect(screen.getAllByRole('columnheader')[0]!.textContent).toBe('Mo');
  });

  it("lists a day's records on Enter, and opens one on Enter", async () => {
    const { opened } = await showCalendar();
    const grid = screen.getByTestId('records.calendar.grid');
    day('2026-11-27').focus();
    await act(async () => {
      fireEvent.keyDown(grid, { key: 'ArrowLeft' });
      fireEvent.keyDown(grid, { key: 'ArrowLeft' });
    });
    expect(document.activeElement).toBe(day('2026-11-25'));
    fireEvent.keyDown(grid, { key: 'Enter' });
    const list = screen.getByTestId('records.calendar.dayRecords');
    expect(within(list).getByRole('heading').textContent).toBe('Records on Wednesday, November 25, 2026');
    const records = within(list).getAllByTestId('records.calendar.record');
    expect(records.map((r) => r.dataset.record)).toEqual(['LR-2026-00001', 'LR-2026-00002', 'LR-2026-00010', 'LR-2026-00011', 'LR-2026-00012']);
    expect(document.activeElement).toBe(records[0]);
    fireEvent.click(records[1]!);
    expect(opened).toEqual(['LR-2026-00002']);
    fireEvent.keyDown(list, { key: 'Escape' });
    expect(screen.queryByTestId('records.calendar.dayRecords')).toBeNull();
  });

  it('goes to the next month past the last day with the arrows, and back with Previous', async () => {
    const { calls } = await showCalendar();
    const grid = screen.getByTestId('records.calendar.grid');
    day('2026-11-27').focus();
    await act(async () => {
      fireEvent.keyDown(grid, { key: 'ArrowDown' });
    });
    expect(screen.getByTestId('records.calendar.title').textContent).toBe('December 2026');
    expect(document.activeElement).toBe(day('2026-12-04'));
    expect(calls.queries.at(-2)!.query.filters).toEqual([
      { field: 'from', op: 'lte', value: '2026-12-31' },
      { field: 'to', op: 'gte', value: '2026-12-01' },
    ]);
    await act(async () => {
      fireEvent.click(screen.getByTestId('records.calendar.previous'));
    });
    expect(screen.getByTestId('records.calendar.title').textContent).toBe('November 2026');
  });

  it('"+2 more" lists the day with every record on it', async () => {
    await showCalendar();
    fireEvent.click(screen.getByTestId('records.calendar.more'));
    const list = screen.getByTestId('records.calendar.dayRecords');
    expect(within(list).getAllByTestId('records.calendar.record')).toHaveLength(5);
  });

  it("at phone width lists the month's days that have records instead of the grid", async () => {
    // The window's width as the browser measures it.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private readonly report: (entries: Array<{ contentRect: { width: number } }>) => void) {}
        observe() {
          this.report([{ contentRect: { width: 360 } }]);
        }
        disconnect() {}
      },
    );
    const { opened } = await showCalendar();
    expect(screen.queryByTestId('records.calendar.grid')).toBeNull();
    const agenda = screen.getByTestId('records.calendar.agenda');
    const days = within(agenda).getAllByRole('heading');
    expect(days[0]!.textContent).toBe('Monday, November 23, 2026');
    expect(days).toHaveLength(7);
    fireEvent.click(within(agenda).getAllByTestId('records.calendar.record')[0]!);
    expect(opened).toEqual(['LR-2026-00001']);
  });
});
