/**
 * Rich text of records, made safe (docs/SECURITY.md, "Rich text"): the
 * text is rebuilt from what it holds rather than filtered. Every character
 * of text is escaped; only the tags of RICH_TEXT_TAGS come through, written
 * anew without any attribute except a link's address (http, https or
 * mailto); the contents of script, style and the like are dropped whole, and
 * so is every comment. Whatever a browser would make of the input, the
 * output holds no markup but those tags, so it is safe to show as HTML. The
 * form and the server apply it on every write (values.ts), and the views
 * apply it again before showing stored text.
 */

/** Tags kept (lower case). */
export const RICH_TEXT_TAGS: ReadonlySet<string> = new Set([
  'p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'blockquote', 'code', 'pre', 'a', 'hr',
]);
/** Tags whose content is dropped with them. */
const DROPPED_WITH_CONTENT = ['script', 'style', 'template', 'iframe', 'object', 'noscript', 'textarea', 'title', 'svg', 'math'];
const VOID_TAGS = new Set(['br', 'hr']);

const escapeText = (text: string) => text.replace(/&(?!(?:[a-zA-Z][a-zA-Z0-9]{0,31}|#\d{1,7}|#x[0-9a-fA-F]{1,6});)/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A link's address when it is http, https or mailto (entities and spaces that hide a scheme are undone first), else null. */
function safeHref(attributes: string): string | null {
  const match = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(attributes);
  if (!match) return null;
  const raw = (match[1] ?? match[2] ?? match[3] ?? '')
    .replace(/&#x([0-9a-f]+);?/gi, (_, h: string) => String.fromCodePoint(Math.min(parseInt(h, 16), 0x10ffff)))
    .replace(/&#(\d+);?/g, (_, d: string) => String.fromCodePoint(Math.min(Number(d), 0x10ffff)))
    .replace(/&colon;/gi, ':')
    .trim();
  // eslint-disable-next-line no-control-regex -- control characters and spaces inside a scheme are what hides it
  const compact = raw.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (/^(https?:\/\/|mailto:)/i.test(compact) && raw.length <= 2000) return raw;
  return null;
}

/** The rich text with only safe markup (see above). */
export function sanitiseRichText(html: string): string {
  let input = html.replace(/<!--[\s\S]*?(?:-->|$)/g, '');
  for (const tag of DROPPED_WITH_CONTENT) input = input.replace(new RegExp(`<${tag}\\b[\\s\\S]*?(?:<\\/${tag}\\s*>|$)`, 'gi'), '');
  let out = '';
  const open: string[] = [];
  const tagPattern = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b([^>]*)>/g;
  let last = 0;
  for (let m = tagPattern.exec(input); m !== null; m = tagPattern.exec(input)) {
    out += escapeText(input.slice(last, m.index));
    last = m.index + m[0].length;
    const [closing, rawName, attributes] = [m[1] === '/', m[2]!.toLowerCase(), m[3] ?? ''];
    if (!RICH_TEXT_TAGS.has(rawName)) continue;
    if (VOID_TAGS.has(rawName)) {
      if (!closing) out += `<${rawName}>`;
      continue;
    }
    if (closing) {
      const at = open.lastIndexOf(rawName);
      if (at < 0) continue;
      // Closing an outer tag closes the ones opened inside it.
      while (open.length > at) out += `</${open.pop()!}>`;
      continue;
    }
    if (rawName === 'a') {
      const href = safeHref(attributes);
      out += href === null ? '<a>' : `<a href="${escapeAttribute(href)}" rel="noopener noreferrer" target="_blank">`;
    } else out += `<${rawName}>`;
    open.push(rawName);
  }
  out += escapeText(input.slice(last));
  while (open.length > 0) out += `</${open.pop()!}>`;
  return out;
}

/** The words of a rich text without its markup (for search and titles). */
export function richTextToPlain(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
