/**
 * What global search keeps of a file's text (docs/behaviour/search.md#files):
 * which types are text, how bytes become words, and the bounds that keep a
 * file's words within what the database can index.
 */
import { describe, expect, it } from 'vitest';
import { contentText, isIndexable, isTextLike, VFS_CONTENT_INDEX_MAX_BYTES, VFS_CONTENT_SNIPPET_CHARS } from '../../src/vfs/contentText.js';

describe('contentText', () => {
  it('takes text, Markdown, CSV, JSON, XML and JavaScript as text, and not pictures, PDF or unknown bytes', () => {
    for (const mime of ['text/plain', 'text/markdown', 'text/csv', 'text/html', 'application/json', 'application/xml', 'application/javascript', 'application/ld+json']) {
      expect(isTextLike(mime), mime).toBe(true);
    }
    for (const mime of ['image/png', 'image/svg+xml', 'application/pdf', 'application/octet-stream', 'video/mp4', 'application/zip']) {
      expect(isTextLike(mime), mime).toBe(false);
    }
  });

  it('indexes non-empty text files of at most 1 MiB only', () => {
    expect(isIndexable('text/plain', 0)).toBe(false);
    expect(isIndexable('text/plain', VFS_CONTENT_INDEX_MAX_BYTES)).toBe(true);
    expect(isIndexable('text/plain', VFS_CONTENT_INDEX_MAX_BYTES + 1)).toBe(false);
  });

  it('keeps each word once, lower-case, in any script, with NUL, invalid UTF-8 and highlight characters as separators', () => {
    const bytes = Buffer.concat([Buffer.from('\ufeffGrüße aus MÜNCHEN; grüße! Tiếng Việt 中文 v2.0'), Buffer.from([0x00, 0xff]), Buffer.from('next\ue000word')]);
    const { words, snippetText } = contentText(bytes);
    expect(words.split(' ')).toEqual(['grüße', 'aus', 'münchen', 'tiếng', 'việt', '中文', 'v2', '0', 'next', 'word']);
    expect(snippetText.startsWith('Grüße aus MÜNCHEN')).toBe(true);
    for (const c of ['\u0000', '\ufffd', '\ue000', '\ue001']) expect(snippetText).not.toContain(c);
  });

  it('keeps the opening characters for snippets, never half of a character', () => {
    const text = `${'a'.repeat(VFS_CONTENT_SNIPPET_CHARS - 1)}😀 more`;
    const { snippetText } = contentText(Buffer.from(text));
    expect(snippetText.length).toBe(VFS_CONTENT_SNIPPET_CHARS - 1);
    expect(snippetText.endsWith('a')).toBe(true);
  });

  it('bounds the words of a file of many distinct words well below what the database refuses (1 MiB)', () => {
    const many = Array.from({ length: 150_000 }, (_, i) => `w${i.toString(36)}xyz`).join(' ');
    const { words } = contentText(Buffer.from(many));
    const count = words.split(' ').length;
    expect(count).toBeGreaterThan(10_000);
    expect(count).toBeLessThan(150_000);
    expect(Buffer.byteLength(words) + count * 12).toBeLessThan(1024 * 1024);
  });
});
