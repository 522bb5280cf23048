import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { humanFileSize } from './humanFileSize.js';

describe('humanFileSize', () => {
  it('shows whole bytes below 1024', () => {
    expect(humanFileSize(0)).toBe('0 B');
    expect(humanFileSize(512)).toBe('512 B');
    expect(humanFileSize(1023)).toBe('1023 B');
  });

  it('counts in units of 1024 with one decimal', () => {
    expect(humanFileSize(1024)).toBe('1.0 KiB');
    expect(humanFileSize(1536)).toBe('1.5 KiB');
    expect(humanFileSize(2 * 1024 ** 2)).toBe('2.0 MiB');
    expect(humanFileSize(3.25 * 1024 ** 3)).toBe('3.3 GiB');
    expect(humanFileSize(1024 ** 4)).toBe('1.0 TiB');
  });

  it('moves to the next unit instead of showing 1024.0', () => {
    expect(humanFileSize(1023.6)).toBe('1.0 KiB');
    expect(humanFileSize(1024 ** 2 - 1)).toBe('1.0 MiB');
  });

  it('shows nonsense counts as 0 B', () => {
    expect(humanFileSize(-5)).toBe('0 B');
    expect(humanFileSize(Number.NaN)).toBe('0 B');
    expect(humanFileSize(Number.POSITIVE_INFINITY)).toBe('0 B');
  });

  it('always shows a number below 1024 of some unit', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e21, noNaN: true }), (bytes) => {
        const match = /^(\d+(?:\.\d)?) (B|KiB|MiB|GiB|TiB|PiB|EiB|ZiB)$/.exec(humanFileSize(bytes));
        return match !== null && Number(match[1]) < 1024 && (match[2] === 'B') === !match[1]?.includes('.');
      }),
    );
  });
});
