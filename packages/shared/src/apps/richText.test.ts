import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { richTextToPlain, sanitiseRichText } from './richText.js';

describe('rich text of records', () => {
  it('keeps the formatting people use', () => {
    expect(sanitiseRichText('<p>Hello <b>bold</b> and <em>em</em></p><ul><li>one</li></ul>')).toBe('<p>Hello <b>bold</b> and <em>em</em></p><ul><li>one</li></ul>');
    expect(sanitiseRichText('line<br/>next<hr>')).toBe('line<br>next<hr>');
  });

  it('drops scripts, styles and their content, comments, and every event handler', () => {
    expect(sanitiseRichText('<p onclick="alert(1)">x</p><script>alert(1)</script><style>p{}</style><!-- c -->y')).toBe('<p>x</p>y');
    expect(sanitiseRichText('<img src=x onerror=alert(1)>z')).toBe('z');
    expect(sanitiseRichText('<svg><script>alert(1)</script></svg>ok')).toBe('ok');
  });

  it('keeps links to http, https and mailto only, written anew', () => {
    expect(sanitiseRichText('<a href="https://example.org/a?b=1&c=2" style="x">go</a>')).toBe('<a href="https://example.org/a?b=1&amp;c=2" rel="noopener noreferrer" target="_blank">go</a>');
    for (const bad of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'java&#115;cript:alert(1)', ' javascript:x', 'java\tscript:x', 'data:text/html,x', 'vbscript:x', 'jav&#x09;ascript:x']) {
      expect(sanitiseRichText(`<a href="${bad}">x</a>`)).toBe('<a>x</a>');
    }
  });

  it('escapes text that looks like markup, and closes what was left open', () => {
    expect(sanitiseRichText('1 < 2 & 3 > 2')).toBe('1 &lt; 2 &amp; 3 &gt; 2');
    expect(sanitiseRichText('<b><i>x</b>')).toBe('<b><i>x</i></b>');
    expect(sanitiseRichText('<a title=">" onclick="alert(1)">x</a>')).toBe('<a>&quot; onclick=&quot;alert(1)&quot;&gt;x</a>');
    expect(sanitiseRichText('<img src=x onerror=alert(1)')).toBe('&lt;img src=x onerror=alert(1)');
  });

  it('never lets through a tag other than the kept ones or an attribute other than a link address, whatever the input', () => {
    const pieces = fc.constantFrom('<', '>', '/', '"', "'", '=', ' ', 'a', 'b', 'script', 'img', 'onerror', 'href', 'javascript:', '<!--', '-->', '&#', ';', 'x', '\n', 'svg', 'p');
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 60 }), (parts) => {
        const out = sanitiseRichText(parts.join(''));
        for (const tag of out.match(/<[^>]*>/g) ?? []) {
          expect(tag).toMatch(/^<\/?(p|br|b|strong|i|em|u|s|ul|ol|li|h2|h3|h4|blockquote|code|pre|hr|a)>$|^<a href="(https?:\/\/|mailto:)[^"]*" rel="noopener noreferrer" target="_blank">$/i);
        }
        expect(sanitiseRichText(out)).toBe(out);
      }),
      { numRuns: 2000 },
    );
  });

  it('gives the plain words for search', () => {
    expect(richTextToPlain('<p>Fire &amp; <b>flood</b></p><p>plan</p>')).toBe('Fire & flood plan');
  });
});
