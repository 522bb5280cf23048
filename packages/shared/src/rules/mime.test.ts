import { describe, expect, it } from 'vitest';
import { INERT_MIME, isActiveMime, mimeOfFilename, servedMime } from './mime.js';

describe('the type a stored file is answered with', () => {
  it('is plain text for every file a browser would run as script, render as a page or apply as a style sheet', () => {
    for (const name of ['evil.js', 'evil.mjs', 'evil.css', 'evil.html', 'evil.htm', 'evil.xml']) {
      expect(isActiveMime(mimeOfFilename(name)), name).toBe(true);
      expect(servedMime(mimeOfFilename(name)), name).toBe(INERT_MIME);
    }
    for (const type of ['text/javascript', 'application/x-javascript', 'text/ecmascript', 'application/wasm', 'application/xhtml+xml', 'application/xslt+xml', 'text/xsl', 'TEXT/HTML; charset=latin1']) {
      expect(servedMime(type), type).toBe(INERT_MIME);
    }
  });

  it('keeps SVG a picture, sent only as a sandboxed attachment', () => {
    expect(isActiveMime('image/svg+xml')).toBe(true);
    expect(servedMime('image/svg+xml')).toBe('image/svg+xml');
  });

  it('keeps the types of passive files, text with its charset', () => {
    expect(servedMime('image/png')).toBe('image/png');
    expect(servedMime('video/mp4')).toBe('video/mp4');
    expect(servedMime('application/pdf')).toBe('application/pdf');
    expect(servedMime('text/plain')).toBe('text/plain; charset=utf-8');
    expect(servedMime('text/markdown')).toBe('text/markdown; charset=utf-8');
    expect(isActiveMime('text/csv')).toBe(false);
  });
});
