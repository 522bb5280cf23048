import { HIGHLIGHT_END as E, HIGHLIGHT_START as S, highlightParts } from '@atrium/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasMatch, highlightWords, prefixQueryText, searchWords, trimSnippet } from '../../src/db/fullText.js';

describe('full-text helpers', () => {
  it('splits a text into distinct lower-case words of letters, digits and marks', () => {
    expect(searchWords('Supplier-contract 2026, Lieferverträge; tiếng VIỆT 预算')).toEqual(['supplier', 'contract', '2026', 'lieferverträge', 'tiếng', 'việt', '预算']);
    expect(searchWords("'; drop table x; --")).toEqual(['drop', 'table', 'x']);
    expect(searchWords('!!! ::: &&&')).toEqual([]);
    expect(searchWords('a a A')).toEqual(['a']);
  });

  it('quotes every word as a prefix lexeme', () => {
    expect(prefixQueryText(['budget', 'q3'])).toBe("'budget':* & 'q3':*");
    expect(prefixQueryText([])).toBe('');
  });

  it('marks every word that begins with a word searched, in any case and script, and nothing inside a word', () => {
    expect(highlightWords('Budget approved; the budgetary owner: finance-budget. Rebudget later 预算审计', ['budget', '预算'])).toBe(
      `${S}Budget${E} approved; the ${S}budgetary${E} owner: finance-${S}budget${E}. Rebudget later ${S}预算审计${E}`,
    );
    expect(hasMatch('Rebudget later', ['budget'])).toBe(false);
    expect(hasMatch('Über Budget', ['über'])).toBe(true);
  });

  it("turns the highlight characters of a text's own into spaces, so that every mark is paired and the searcher's", () => {
    const marked = highlightWords(`a ${S}fake${E} mark ${E}budget${S}`, ['budget']);
    expect(marked).toBe(`a  fake  mark  ${S}budget${E} `);
    expect(highlightParts(marked).filter((p) => p.match).map((p) => p.text)).toEqual(['budget']);
  });

  it('leaves a short snippet whole', () => {
    expect(trimSnippet(`The ${S}budget${E} is ready.`)).toBe(`The ${S}budget${E} is ready.`);
  });

  it('cuts a long text around its first match, at spaces, with ellipses', () => {
    const text = `${'lorem ipsum '.repeat(40)}the ${S}budget${E} line ${'dolor sit '.repeat(40)}`;
    const snippet = trimSnippet(text, 80);
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippet).toContain(`${S}budget${E}`);
    expect(snippet).not.toMatch(/…\S*\s…/u);
    expect(snippet.length).toBeLessThanOrEqual(84);
  });

  it('always keeps the first match, whole and paired marks, and only text of the original', () => {
    const word = fc.stringMatching(/^[a-zé]{1,12}$/);
    const token = fc.tuple(word, fc.boolean()).map(([w, m]) => (m ? `${S}${w}${E}` : w));
    fc.assert(
      fc.property(fc.array(token, { minLength: 1, maxLength: 120 }), fc.integer({ min: 20, max: 300 }), (tokens, length) => {
        const marked = tokens.join(' ');
        const snippet = trimSnippet(marked, length);
        const parts = highlightParts(snippet);
        // Paired: every start has its end.
        expect(snippet.split(S).length).toBe(snippet.split(E).length);
        const firstMatch = tokens.find((t) => t.startsWith(S));
        if (firstMatch) expect(snippet).toContain(firstMatch);
        const plain = (s: string) => s.replaceAll(S, '').replaceAll(E, '');
        expect(plain(marked)).toContain(plain(snippet).replace(/^…/u, '').replace(/…$/u, ''));
        expect(parts.every((p) => !p.text.includes(S) && !p.text.includes(E))).toBe(true);
      }),
    );
  });
});
