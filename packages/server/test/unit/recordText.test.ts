import { describe, expect, it } from 'vitest';
import { mentionedUsernames } from '../../src/records/recordChecks.js';
import { fillRecordText, seriesName, seriesPrefix } from '../../src/records/recordText.js';

describe('record names by series', () => {
  it('fills the day of creation in UTC and pads the number to the placeholder', () => {
    const at = new Date('2026-03-04T23:30:00-02:00'); // 5 March in UTC
    expect(seriesPrefix('LR-{YYYY}-{#####}', at)).toBe('LR-2026-{#####}');
    expect(seriesName(seriesPrefix('LR-{YYYY}-{#####}', at), 1)).toBe('LR-2026-00001');
    expect(seriesName(seriesPrefix('{YY}{MM}{DD}/{###}', at), 42)).toBe('260305/042');
    expect(seriesName('X-{##}', 12345)).toBe('X-12345');
  });

  it('keeps each year of a yearly series apart, and numbers a series without a placeholder at its end', () => {
    expect(seriesPrefix('LR-{YYYY}-{#####}', new Date('2026-12-31T23:59:59Z'))).not.toBe(seriesPrefix('LR-{YYYY}-{#####}', new Date('2027-01-01T00:00:00Z')));
    expect(seriesName(seriesPrefix('INV-{YYYY}', new Date('2026-01-01T00:00:00Z')), 7)).toBe('INV-20267');
  });
});

describe('mentions', () => {
  it('finds each @username once, lower-case, and not inside an e-mail address', () => {
    expect(mentionedUsernames('@Olivia please ask @liam and @olivia; mail bob@example.test or (@dana.demo)')).toEqual(['olivia', 'liam', 'dana.demo']);
    expect(mentionedUsernames('no one')).toEqual([]);
    expect(mentionedUsernames(Array.from({ length: 30 }, (_, i) => `@user${i}`).join(' '))).toHaveLength(20);
  });
});

describe('record texts', () => {
  it('fills {name} placeholders and leaves unknown ones', () => {
    expect(fillRecordText('{user} changed this record (version {version}) {other}', { user: 'Ada', version: '2' })).toBe('Ada changed this record (version 2) {other}');
  });
});
