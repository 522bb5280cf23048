import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findLongFunctions, functionKey, isCounted, LINE_LIMIT, longFunctionsIn, readAllowList, shrunkAllowList, violations } from './longFunctions.js';

const repo = path.resolve(import.meta.dirname, '..');

/** A function body of `lines` lines in all, first and last included. */
function body(lines: number): string {
  return Array.from({ length: lines - 2 }, (_, i) => `  const v${i} = ${i};`).join('\n');
}

describe('long functions', () => {
  it('counts a function from its first line to its last and reports it only over the limit', () => {
    const text = [`function atLimit() {`, body(LINE_LIMIT), `}`, `function overLimit() {`, body(LINE_LIMIT + 1), `}`].join('\n');
    expect(longFunctionsIn('src/a.ts', text)).toEqual([{ file: 'src/a.ts', name: 'overLimit', line: LINE_LIMIT + 1, lines: LINE_LIMIT + 1 }]);
  });

  it('names arrow functions by their variable, methods by their class and inner functions by their outer one', () => {
    const text = [
      `export const View = () => {`,
      `  const handleKey = () => {`,
      body(12),
      `  };`,
      `};`,
      `class Gateway {`,
      `  accept(): void {`,
      body(12),
      `  }`,
      `}`,
      `describe('x', () => {`,
      body(12),
      `});`,
    ].join('\n');
    expect(longFunctionsIn('src/View.tsx', text, 10).map((fn) => fn.name)).toEqual(['View', 'View > handleKey', 'Gateway.accept', 'describe(…)']);
  });

  it('leaves out tests, journeys, test folders and locale catalogues', () => {
    expect(isCounted('packages/client-ui/src/panel/AppMenu.tsx')).toBe(true);
    expect(isCounted('packages/app-kit/src/testing/fakeApplication.ts')).toBe(true);
    for (const file of ['packages/client-ui/src/panel/AppMenu.test.tsx', 'e2e/tests/windows.spec.ts', 'packages/server/test/helpers/s3Server.ts', 'packages/shared/src/i18n/locales/de_DE.ts', 'apps/files/src/texts/fr_FR.ts', 'web/src/env.d.ts']) {
      expect(isCounted(file), file).toBe(false);
    }
  });

  it('refuses a new function over the limit and one on the list that grew, and accepts one that shrank', () => {
    const found = [
      { file: 'a.ts', name: 'grown', line: 1, lines: 120 },
      { file: 'a.ts', name: 'shrunk', line: 200, lines: 90 },
      { file: 'b.ts', name: 'fresh', line: 3, lines: 81 },
    ];
    const problems = violations(found, { 'a.ts#grown': 110, 'a.ts#shrunk': 100 });
    expect(problems).toEqual([expect.stringContaining('a.ts:1 grown grew to 120 lines'), expect.stringContaining('b.ts:3 fresh has 81 lines')]);
  });

  it('shrinks the allow-list to the present lengths, drops what is no longer long and never adds', () => {
    const found = [
      { file: 'a.ts', name: 'shrunk', line: 1, lines: 90 },
      { file: 'b.ts', name: 'fresh', line: 3, lines: 81 },
    ];
    expect(shrunkAllowList(found, { 'a.ts#shrunk': 100, 'a.ts#gone': 95 })).toEqual({ 'a.ts#shrunk': 90 });
  });

  describe('in this repository', () => {
    const found = findLongFunctions(repo);
    const allowed = readAllowList(repo);

    it('has no function over the limit but those on the allow-list, none longer than the list says', () => {
      expect(violations(found, allowed)).toEqual([]);
    });

    it('keeps on the allow-list only functions still over the limit, so that the list shrinks', () => {
      const over = new Set(found.map(functionKey));
      expect(Object.keys(allowed).filter((key) => !over.has(key))).toEqual([]);
    });
  });
});
