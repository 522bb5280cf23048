import { describe, expect, it } from 'vitest';
import { leaveRequest } from './testEntity.js';
import { LEAVE_APP } from './testServer.js';
import { valueText, type ValueContext } from './valueText.js';

const t = (key: string, options: Record<string, unknown> = {}) => (key === 'records.value.yes' ? 'Ja' : `${key}${Object.keys(options).length ? JSON.stringify(options) : ''}`);
const ctx = (locale = 'en_EN'): ValueContext => ({ locale, t, people: { 'u-1': 'Dana Demo', liam: 'Liam Chen' }, links: { 'LR-1': 'Ski week' } });

describe('a value as text', () => {
  it("reads values as the user's language says them: choices by label, people by name", () => {
    const entity = LEAVE_APP.declaration.entities.LeaveRequest!;
    expect(valueText(entity.fields.kind, 'sick', ctx('de_DE'))).toBe('Sick leave');
    expect(valueText({ type: 'user', label: { en_EN: 'Owner' } }, 'u-1', ctx('de_DE'))).toBe('Dana Demo');
    expect(valueText({ type: 'link', label: { en_EN: 'Trip' }, entity: 'LeaveRequest' }, 'LR-1', ctx())).toBe('Ski week');
    expect(valueText({ type: 'boolean', label: { en_EN: 'Done' } }, true, ctx('de_DE'))).toBe('Ja');
    expect(valueText({ type: 'number', label: { en_EN: 'N' } }, 2134.5, ctx('de_DE'))).toBe('2.134,5');
    expect(valueText({ type: 'duration', label: { en_EN: 'D' } }, 135, ctx('de_DE'))).toBe('2:15');
  });

  it('shows values of the other kinds by the locale', () => {
    expect(valueText(leaveRequest.fields.days, 1234, ctx())).toBe('1,234');
    expect(valueText(leaveRequest.fields.days, 1234, ctx('de_DE'))).toBe('1.234');
    expect(valueText({ type: 'decimal', label: { en_EN: 'Cost' }, currency: 'EUR' }, 12.5, ctx())).toBe('€12.50');
    expect(valueText({ type: 'table', label: { en_EN: 'Days' }, fields: {} }, [{}, {}], ctx())).toBe('records.timeline.value.rows{"count":2}');
    expect(valueText({ type: 'richText', label: { en_EN: 'Body' } }, '<p>Hello <b>there</b> &amp; all</p>', ctx())).toBe('Hello there & all');
    expect(valueText({ type: 'multiChoice', label: { en_EN: 'Tags' }, choices: [{ value: 'a', label: { en_EN: 'Alpha' } }, { value: 'b', label: { en_EN: 'Beta' } }] }, ['a', 'b'], ctx())).toBe('Alpha, Beta');
  });

  it('cuts a long text to a line, unless asked for it whole (a list cell), and shows no value as nothing', () => {
    expect(valueText(leaveRequest.fields.note, 'x'.repeat(200), ctx())).toHaveLength(80);
    expect(valueText(leaveRequest.fields.note, 'x'.repeat(200), ctx(), Number.POSITIVE_INFINITY)).toHaveLength(200);
    for (const empty of [null, undefined, '', []]) expect(valueText(leaveRequest.fields.note, empty, ctx())).toBe('');
  });
});
