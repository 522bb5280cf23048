// In the browser-like project: the sanitiser works on a document.
import { describe, expect, it } from 'vitest';
import { cssValue, HOME_FRAME_CSP, homeDocument, sanitizeHomeHtml, type HomeTheme } from './homeDocument.js';

const THEME: HomeTheme = { text: '#1d2433', muted: '#5a6478', heading: '#0b1f44', link: '#1f58b8', surface: '#ffffff', border: '#d5dbe6', font: "'Lato', sans-serif", colorScheme: 'light' };

describe('sanitizeHomeHtml', () => {
  it("keeps an organisation's ordinary block: headings, pictures, tables, styles, links to the web and mail", () => {
    const block =
      '<h2 style="color:#0b1f44">News</h2><img src="https://example.com/logo.png" alt="Logo" width="120">' +
      '<table><tr><td colspan="2">Q3</td></tr></table><a href="https://intranet.example.com/">Intranet</a> <a href="mailto:desk@example.com">Mail</a>' +
      '<svg viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="#1f58b8"/></svg>';
    const kept = sanitizeHomeHtml(block);
    for (const part of ['<h2 style="color:#0b1f44">', 'src="https://example.com/logo.png"', 'width="120"', 'colspan="2"', 'href="https://intranet.example.com/"', 'href="mailto:desk@example.com"', '<circle']) {
      expect(kept).toContain(part);
    }
  });

  it('drops what could run, load a document or send a form', () => {
    const kept = sanitizeHomeHtml(
      '<a href="javascript:alert(1)">a</a><a href="data:text/html,<script>alert(1)</script>">b</a><img src="data:image/svg+xml,<svg onload=alert(1)>" onerror="alert(1)">' +
        '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)"><base href="javascript:/"><math><mtext><a href="javascript:alert(1)">c</a></mtext></math>',
    );
    expect(kept).not.toMatch(/javascript:|data:text|onerror|<object|<embed|<base|<math|<script/i);
  });
});

describe('homeDocument', () => {
  it('puts the content policy first, then the theme, then the block', () => {
    const document = homeDocument('<p>Hi</p>', THEME, { lang: 'de-DE', dir: 'ltr' });
    expect(document.indexOf(`content="${HOME_FRAME_CSP}"`)).toBeLessThan(document.indexOf('<style>'));
    expect(document).toContain('<html lang="de-DE" dir="ltr">');
    expect(document).toContain("font-family:'Lato', sans-serif");
    expect(document.endsWith('<body><p>Hi</p></body></html>')).toBe(true);
  });

  it("never lets a theme's value leave its declaration", () => {
    const hostile = { ...THEME, text: 'red}</style><script>alert(1)</script>', link: 'url(javascript:alert(1))', font: '@import "https://evil.example"' };
    const document = homeDocument('', hostile, { lang: 'en', dir: 'ltr' });
    expect(document).not.toMatch(/<script|javascript:|@import/);
    expect(cssValue(' #fff ', 'x')).toBe('#fff');
    expect(cssValue('', 'fallback')).toBe('fallback');
  });
});
