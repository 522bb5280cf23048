import { AppDeclaration } from '@atrium/shared/apps';
import { describe, expect, it } from 'vitest';
import { columnChoices, defaultColumns, filterOps, formatDuration, isCompleteFilter, parseDuration } from './fields.js';
import { LEAVE_APP, LEAVE_DECLARATION } from './testServer.js';

const entity = LEAVE_APP.declaration.entities.LeaveRequest!;
/** The same entity without a list view, its fields in another order. */
const bare = AppDeclaration.parse({
  ...LEAVE_DECLARATION,
  entities: { LeaveRequest: { ...LEAVE_DECLARATION.entities.LeaveRequest!, views: {}, fields: { note: entity.fields.note, from: entity.fields.from, to: entity.fields.to, reason: entity.fields.reason, kind: entity.fields.kind } } },
}).entities.LeaveRequest!;

describe('fields of a list and a form', () => {
  it("starts a list with its view's columns, else with the title and the next fields that make a column", () => {
    expect(defaultColumns(entity)).toEqual(['reason', 'kind', 'from', 'to', 'days']);
    expect(defaultColumns(entity, ['kind'])).toEqual(['reason', 'from', 'to', 'days']);
    expect(defaultColumns(bare)).toEqual(['reason', 'from', 'to', 'kind']);
    expect(columnChoices(bare)).toEqual(['from', 'to', 'reason', 'kind', 'name', 'owner', 'createdAt', 'updatedAt']);
  });

  it('offers the comparisons of each type, and sends a filter only once it has its value', () => {
    expect(filterOps('text')[0]).toBe('contains');
    expect(filterOps('date')).toContain('gte');
    expect(filterOps('multiChoice')).not.toContain('eq');
    expect(isCompleteFilter({ field: 'kind', op: 'eq' })).toBe(false);
    expect(isCompleteFilter({ field: 'kind', op: 'empty' })).toBe(true);
    expect(isCompleteFilter({ field: 'kind', op: 'eq', value: 'sick' })).toBe(true);
  });

  it('shows durations as h:mm and reads them as h:mm or minutes', () => {
    expect(formatDuration(90)).toBe('1:30');
    expect(formatDuration(5)).toBe('0:05');
    expect(parseDuration('1:30')).toBe(90);
    expect(parseDuration('45')).toBe(45);
    expect(parseDuration('1:75')).toBeNull();
    expect(parseDuration('soon')).toBeNull();
  });
});
