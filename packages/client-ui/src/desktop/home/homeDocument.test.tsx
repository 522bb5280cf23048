// In the browser-like project: the sanitiser works on a document.
import { describe, expect, it } from 'vitest';
import { HOME_FRAME_STYLE_HASH, HOME_FRAME_STYLESHEET } from '@atrium/shared';
import { HOME_FRAME_CSP, homeDocument, rgbToHex, sanitizeHomeHtml, withoutStyles, type HomeTheme } from './homeDocument.js';

const THEME: HomeTheme = { background: '#ffffff', text: '#1d2433', link: '#1f58b8', font: 'Lato' };

describe('sanitizeHomeHtml', () => {
  it("keeps an organisation's ordinary block: headings, pictures, tables, presentational attributes, links to the web and mail", () => {
    const block =
      '<h2 align="center"><font color="#0b1f44">News</font></h2><img src="https://example.com/logo.png" alt="Logo" width="120">' +
      '<table><tr><td colspan="2">Q3</td></tr></table><a href="https://intranet.example.com/">Intranet</a> <a href="mailto:desk@example.com">Mail</a>' +
      '<svg viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="#1f58b8"/></svg>';
    const kept = sanitizeHomeHtml(block);
    for (const part of ['<h2 align="center"><font color="#0b1f44">', 'src="https://example.com/logo.png"', 'width="120"', 'colspan="2"', 'href="https://intranet.example.com/"', 'href="mailto:desk@example.com"', '<circle']) {
      expect(kept).toContain(part);
    }
  });

  it('drops styles, which the page refuses, keeping their content out of sight', () => {
    expect(sanitizeHomeHtml('<style>p{color:red}</style><p style="color:red">Hi</p>')).toBe('<p>Hi</p>');
  });

  it('takes styles out before any parse (the page refuses them and would report each one)', () => {
    expect(withoutStyles(`<p style="color:red" title='a'>x</p><div STYLE=color:red id=d style = 'x'>y</div><style>p{}</style><b>z</b><style>unclosed`)).toBe(
      `<p title='a'>x</p><div id=d>y</div><b>z</b>`,
    );
  });

  it('keeps inline raster pictures only: no inline document or SVG, on any tag', () => {
    const kept = sanitizeHomeHtml('<img src="data:image/png;base64,iVBORw0KGgo="><img src="data:image/svg+xml,<svg onload=alert(1)>"><img src="data:text/html;base64,PHNjcmlwdD4="><a href="data:image/png;base64,x">a</a>');
    expect(kept).toBe('<img src="data:image/png;base64,iVBORw0KGgo="><img><img><a>a</a>');
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
  it('puts the content policy first, then the one stylesheet, then the block in the theme', () => {
    const document = homeDocument('<p>Hi</p>', { ...THEME, font: 'Roboto' }, { lang: 'de-DE', dir: 'ltr' });
    expect(HOME_FRAME_CSP).toContain(`style-src ${HOME_FRAME_STYLE_HASH};`);
    expect(document.indexOf(`content="${HOME_FRAME_CSP}"`)).toBeLessThan(document.indexOf('<style>'));
    expect(document).toContain(`<style>${HOME_FRAME_STYLESHEET}</style>`);
    expect(document).toContain('<html lang="de-DE" dir="ltr">');
    expect(document.endsWith('<body class="roboto" bgcolor="#ffffff" text="#1d2433" link="#1f58b8" vlink="#1f58b8" alink="#1f58b8"><p>Hi</p></body></html>')).toBe(true);
  });

  it("never lets a theme's value or the language leave its attribute", () => {
    const hostile = { ...THEME, text: '"><script>alert(1)</script>', link: 'javascript:alert(1)' };
    const document = homeDocument('', hostile, { lang: 'en"><script>', dir: 'ltr' });
    expect(document).not.toMatch(/<script|javascript:/);
    expect(document).toContain('text="#1d2433"');
  });

  it('turns computed colours into attribute colours', () => {
    expect(rgbToHex('rgb(29, 36, 51)')).toBe('#1d2433');
    expect(rgbToHex('rgba(255, 255, 255, 0.9)')).toBe('#ffffff');
    expect(rgbToHex('rgba(0, 0, 0, 0)')).toBeNull();
    expect(rgbToHex('var(--atr-text)')).toBeNull();
  });
});
