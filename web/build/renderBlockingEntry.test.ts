import { describe, expect, it } from 'vitest';
import { markEntryRenderBlocking } from './renderBlockingEntry.js';

const page = (entry: string) => `<head>\n    ${entry}\n    <link rel="modulepreload" crossorigin href="/assets/shared-F6.js">\n    <script type="module" src="/assets/other.js"></script>\n</head>`;

describe('markEntryRenderBlocking', () => {
  it('makes the entry script block the first frame until it has run', () => {
    expect(markEntryRenderBlocking(page('<script type="module" crossorigin src="/assets/index-lXib.js"></script>'))).toBe(
      page('<script type="module" crossorigin blocking="render" src="/assets/index-lXib.js"></script>'),
    );
  });

  it('marks only the first module script, once', () => {
    const once = markEntryRenderBlocking(page('<script type="module" crossorigin src="/assets/index-lXib.js"></script>'));
    expect(markEntryRenderBlocking(once)).toBe(once);
    expect(once.match(/blocking="render"/g)).toHaveLength(1);
  });

  it('leaves a page without a module script as it is', () => {
    expect(markEntryRenderBlocking('<head><title>x</title></head>')).toBe('<head><title>x</title></head>');
  });
});
