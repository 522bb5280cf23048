import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VFS_BIDI_CHARACTERS, VFS_LOOKALIKE_SEPARATORS, vfsNameRuleBroken } from './vfsErrors.js';

const MISLEADING = [...VFS_BIDI_CHARACTERS, ...VFS_LOOKALIKE_SEPARATORS];
const around = fc.string({ maxLength: 20, unit: 'grapheme' });

describe('names that read otherwise than they are', () => {
  it('refuses every new name holding a character that changes the direction of the text or looks like a slash', () => {
    fc.assert(
      fc.property(around, fc.constantFrom(...MISLEADING), around, (before, character, after) => {
        expect(vfsNameRuleBroken(`${before}${character}${after}`)).not.toBeNull();
      }),
      { numRuns: 2000 },
    );
  });

  it('names the rule broken', () => {
    expect(vfsNameRuleBroken('invoice\u202Efdp.exe')).toBe('bidi');
    expect(vfsNameRuleBroken('\u2067report.pdf')).toBe('bidi');
    expect(vfsNameRuleBroken('note\u200F.txt')).toBe('bidi');
    expect(vfsNameRuleBroken('..\uFF0F..\uFF0Folivia.txt')).toBe('lookalike');
    expect(vfsNameRuleBroken('a\u2215b')).toBe('lookalike');
    expect(vfsNameRuleBroken('a\u{1D23A}b')).toBe('lookalike');
    expect(vfsNameRuleBroken('C:\uFF3Cwindows')).toBe('lookalike');
    // The plain separators keep their own rule.
    expect(vfsNameRuleBroken('a/b')).toBe('separator');
  });

  it('finds entries named so before the rule: looking up, those characters break no rule', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 ._-]{0,20}[A-Za-z0-9]$/), fc.constantFrom(...MISLEADING), (name, character) => {
        expect(vfsNameRuleBroken(`${name}${character}${name}`, 'existing')).toBeNull();
      }),
    );
    // The other rules hold for lookups too.
    expect(vfsNameRuleBroken('a\u0000b', 'existing')).toBe('control');
    expect(vfsNameRuleBroken('..', 'existing')).toBe('dots');
  });

  it('keeps names in every script: right-to-left text, strokes that are letters, joined emoji, a decomposed ≠', () => {
    for (const name of ['تقرير ٢٠٢٦.pdf', 'דוח שנתי.docx', 'ノート.txt', '丿丶.md', 'Ⳇ.txt', 'famille 👨\u200D👩\u200D👧.jpg', 'a=\u0338b.txt', 'Q1-Q2 ½.xlsx', 'क्षेत्र.txt']) {
      expect(vfsNameRuleBroken(name), name).toBeNull();
    }
  });
});
