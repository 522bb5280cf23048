import type { NotificationResponse } from '@atrium/shared';
import { describe, expect, it } from 'vitest';
import { compareTasks, countText, pageCount, pageRange, pageTasks, queryFor, taskActions, viewOf } from './taskList.js';
import { BOSS, COLLEAGUE, ME, NOW, task } from './testHost.js';

const HOUR = 3_600_000;
const names = (tasks: Array<{ task_name: string }>) => tasks.map((t) => t.task_name);

describe('the query of a page', () => {
  it('asks for the view, the page, the colour and the order', () => {
    expect(queryFor({ view: 'followups', filter: 'RED', sort: 'status', order: 'desc', page: 2, pageSize: 50 })).toEqual({
      type: 'followups',
      take: 50,
      skip: 100,
      ryg_status: 'RED',
      sort: 'status',
      order: 'desc',
    });
  });

  it('asks for every colour without a filter, and never more than the server gives in one page', () => {
    expect(queryFor({ view: 'assignments', filter: null, sort: 'end_date', order: 'asc', page: 0, pageSize: 500 })).toMatchObject({ ryg_status: null, take: 100, skip: 0 });
  });
});

describe('the order of the tasks', () => {
  const overdue = task('Overdue audit', -5);
  const soon = task('Sign contract', 10);
  const later = task('Plan offsite', 200);
  const latest = task('Annual review', 900);
  const undated = task('Someday', null);
  const all = [undated, latest, soon, overdue, later];

  it('by end date: soonest first, undated last; latest first the other way, undated still last', () => {
    expect(names([...all].sort(compareTasks('end_date', 'asc')))).toEqual(['Overdue audit', 'Sign contract', 'Plan offsite', 'Annual review', 'Someday']);
    expect(names([...all].sort(compareTasks('end_date', 'desc')))).toEqual(['Annual review', 'Plan offsite', 'Sign contract', 'Overdue audit', 'Someday']);
  });

  it('by status: red, yellow, green, blue; the other way blue first, each colour soonest first', () => {
    expect(names([...all].sort(compareTasks('status', 'asc')))).toEqual(['Overdue audit', 'Sign contract', 'Plan offsite', 'Annual review', 'Someday']);
    expect(names([...all].sort(compareTasks('status', 'desc')))).toEqual(['Someday', 'Plan offsite', 'Annual review', 'Sign contract', 'Overdue audit']);
  });

  it('tasks due at the same time go by name', () => {
    const b = task('Beta', 30);
    const a = task('Alpha', 30, { end_date: b.end_date });
    expect(names([b, a].sort(compareTasks('end_date', 'asc')))).toEqual(['Alpha', 'Beta']);
  });

  it("puts the answer's groups (one per application) back into one list in that order", () => {
    const crm = { ...soon, appName: 'CRM', appUuid: 'app-crm' };
    const response: NotificationResponse = {
      data: [
        { appUuid: 'app-audits', appName: 'Audits', count: 3, data: [overdue, later, undated] },
        { appUuid: 'app-crm', appName: 'CRM', count: 1, data: [crm] },
      ],
      ryg_count: { red: 1, yellow: 1, green: 1, blue: 1 },
      id: ME.id,
      total: 4,
    };
    expect(names(pageTasks(response, 'end_date', 'asc'))).toEqual(['Overdue audit', 'Sign contract', 'Plan offsite', 'Someday']);
  });
});

describe('pages and counters', () => {
  it('counts pages of tasks, one at least', () => {
    expect(pageCount(0, 50)).toBe(1);
    expect(pageCount(50, 50)).toBe(1);
    expect(pageCount(2345, 50)).toBe(47);
  });

  it("says which tasks a page shows ('51–100 of 2,345')", () => {
    expect(pageRange(1, 50, 50, 2345)).toEqual({ from: 51, to: 100 });
    expect(pageRange(46, 50, 45, 2345)).toEqual({ from: 2301, to: 2345 });
    expect(pageRange(0, 50, 0, 0)).toBeNull();
  });

  it('shows a count above 99 as 99+', () => {
    expect(countText(99)).toBe('99');
    expect(countText(100)).toBe('99+');
    expect(countText(0)).toBe('0');
  });
});

describe('the view of a task', () => {
  it('is My Priorities for my own task, My Snoozed Items while its snooze lasts, My Follow Up for one I follow', () => {
    expect(viewOf(task('Mine', 100), ME.id, NOW)).toBe('assignments');
    expect(viewOf(task('Asleep', 100, { snoozed_till: new Date(NOW + 10 * HOUR).toISOString() }), ME.id, NOW)).toBe('snoozed');
    expect(viewOf(task('Woken', 100, { snoozed_till: new Date(NOW - HOUR).toISOString() }), ME.id, NOW)).toBe('assignments');
    expect(viewOf(task('Theirs', 100, { assignee: COLLEAGUE, creator: ME }), ME.id, NOW)).toBe('followups');
  });
});

describe('the actions of a row', () => {
  it('offers Snooze on my green tasks only', () => {
    expect(taskActions(task('Green', 100), 'assignments', ME.id, NOW).snooze).toEqual({ kind: 'snooze', enabled: true });
    expect(taskActions(task('Yellow', 10), 'assignments', ME.id, NOW).snooze).toEqual({ kind: 'snooze', enabled: false });
    expect(taskActions(task('Red', -10), 'assignments', ME.id, NOW).snooze.enabled).toBe(false);
    expect(taskActions(task('Blue', null), 'assignments', ME.id, NOW).snooze.enabled).toBe(false);
    // Someone else's task, however green: only its assignee snoozes it.
    expect(taskActions(task('Theirs', 100, { assignee: COLLEAGUE, creator: ME }), 'followups', ME.id, NOW).snooze.enabled).toBe(false);
  });

  it('in My Snoozed Items, it unsnoozes or extends, even once the task has turned yellow', () => {
    const asleep = task('Asleep', 20, { snoozed_till: new Date(NOW + 5 * HOUR).toISOString() });
    expect(taskActions(asleep, 'snoozed', ME.id, NOW).snooze).toEqual({ kind: 'manage', enabled: true });
  });

  it('lets the assignee or the creator complete an open task, not a follower', () => {
    expect(taskActions(task('Mine', 100), 'assignments', ME.id, NOW).complete).toBe(true);
    expect(taskActions(task('I made it', 100, { assignee: COLLEAGUE, creator: ME }), 'followups', ME.id, NOW).complete).toBe(true);
    expect(taskActions(task('I follow it', 100, { assignee: COLLEAGUE, creator: BOSS, following: true }), 'followups', ME.id, NOW).complete).toBe(false);
    expect(taskActions(task('Done', 100, { status: 'done' }), 'assignments', ME.id, NOW).complete).toBe(false);
  });
});
