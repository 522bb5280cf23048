import { HOME_FRAME_STYLE_HASH, HOME_FRAME_STYLESHEET } from '@atrium/shared';
import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';

/**
 * The Content-Security-Policy of the home widget's frame
 * (docs/SECURITY.md#home-widget-html): nothing may load or run but pictures
 * (inline data or https) and the frame's one stylesheet (by its hash); no
 * scripts, fonts, connections, frames, forms or base address. The frame
 * also keeps the page's own policy, which allows that stylesheet by the
 * same hash and no other inline style.
 */
export const HOME_FRAME_CSP = `default-src 'none'; img-src data: https:; style-src ${HOME_FRAME_STYLE_HASH}; form-action 'none'; base-uri 'none'`;

/** The theme as the frame takes it: colours as `#rrggbb` (the body's colour attributes) and the desktop font. */
export interface HomeTheme {
  background: string;
  text: string;
  link: string;
  font: 'Lato' | 'Roboto';
}

/** Tags a home block never keeps, whatever the sanitiser's defaults (forms, frames, embedded objects, media the frame may not play, document-level tags, styles). */
const FORBID_TAGS = ['form', 'input', 'button', 'textarea', 'select', 'option', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'video', 'audio', 'source', 'track', 'base', 'meta', 'link', 'style', 'script', 'noscript', 'template', 'portal', 'math'];
/** Attributes a home block never keeps: styles (the page's policy refuses them), nested documents, form targets, pings. */
const FORBID_ATTR = ['style', 'srcdoc', 'formaction', 'action', 'ping', 'background', 'xlink:href'];
/**
 * Attribute values the sanitiser keeps (it tests every attribute that is not a
 * plain text one): addresses of the web, mail and telephone, and any value
 * that does not start with a scheme (relative addresses, numbers, words).
 * Inline pictures (`data:`) stay allowed on pictures and media only (the
 * sanitiser's own rule).
 */
const ALLOWED_URI = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;
/** The only inline data a block may carry: raster pictures (never a document, a script or an SVG, whatever the tag). */
const RASTER_DATA = /^data:image\/(?:png|gif|jpe?g|webp)[;,]/i;

let purifier: Purifier | null = null;

/** The home widget's own sanitiser (its rule on inline data is its own: the privacy policy's sanitiser stays as it is). */
function homePurifier(): Purifier {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  purifier.addHook('uponSanitizeAttribute', (_node, data) => {
    if (/^\s*data:/i.test(data.attrValue) && !RASTER_DATA.test(data.attrValue.trim())) data.keepAttr = false;
  });
  return purifier;
}

/** A style attribute inside a tag (its value quoted either way, or bare). */
const STYLE_ATTRIBUTE = /(<[a-zA-Z][^>]*?)\sstyle\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)/gi;
/** A style element with its text, closed or running to the end. */
const STYLE_ELEMENT = /<style\b[^>]*>(?:[\s\S]*?<\/style\s*>|[\s\S]*$)/gi;

/**
 * The block without its styles, before anything parses it: the page's
 * policy refuses inline styles, and the browser reports each one that a
 * parse meets, even in a document that is never shown (the sanitiser's).
 * A courtesy to the console, not a safeguard: the sanitiser removes styles
 * (and everything else) whatever is left here.
 */
export function withoutStyles(html: string): string {
  let rest = html.replace(STYLE_ELEMENT, '');
  for (let before = ''; before !== rest; ) {
    before = rest;
    rest = rest.replace(STYLE_ATTRIBUTE, '$1');
  }
  return rest;
}

/**
 * The block of organisation HTML as the home widget may show it
 * (docs/SECURITY.md#home-widget-html): DOMPurify's HTML and SVG profiles
 * without forms, frames, objects, media, document-level tags, styles or MathML,
 * every event handler and script address removed, links and pictures only
 * to the addresses above, inline data only as raster pictures (HTML's presentational attributes, such as
 * `align`, `bgcolor` or `color`, stay). The output is what the frame parses
 * again, in the same (body) context, so that a mutation during that parse
 * cannot revive what was removed.
 */
export function sanitizeHomeHtml(html: string): string {
  return homePurifier().sanitize(withoutStyles(html), {
    USE_PROFILES: { html: true, svg: true, svgFilters: true },
    FORBID_TAGS,
    FORBID_ATTR,
    ALLOWED_URI_REGEXP: ALLOWED_URI,
    ALLOW_DATA_ATTR: false,
    ALLOW_UNKNOWN_PROTOCOLS: false,
    WHOLE_DOCUMENT: false,
    RETURN_TRUSTED_TYPE: false,
  });
}

/** A colour fit for an attribute: `#rrggbb`, else the fallback. */
function hexColour(value: string, fallback: string): string {
  return /^#[0-9a-f]{6}$/i.test(value) ? value.toLowerCase() : fallback;
}

/**
 * The whole document the frame shows (its `srcdoc`): the policy first, the
 * stylesheet, then the block in a body wearing the theme's colours (HTML's
 * body colour attributes: no inline style is allowed) and font. `html` must
 * already be sanitised (sanitizeHomeHtml).
 */
export function homeDocument(html: string, theme: HomeTheme, language: { lang: string; dir: 'ltr' | 'rtl' }): string {
  const lang = language.lang.replace(/[^A-Za-z0-9-]/g, '');
  const colours = `bgcolor="${hexColour(theme.background, '#ffffff')}" text="${hexColour(theme.text, '#1d2433')}" link="${hexColour(theme.link, '#1f58b8')}" vlink="${hexColour(theme.link, '#1f58b8')}" alink="${hexColour(theme.link, '#1f58b8')}"`;
  return (
    `<!doctype html><html lang="${lang}" dir="${language.dir === 'rtl' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8">` +
    `<meta http-equiv="Content-Security-Policy" content="${HOME_FRAME_CSP}">` +
    `<meta name="referrer" content="no-referrer">` +
    `<style>${HOME_FRAME_STYLESHEET}</style></head><body${theme.font === 'Roboto' ? ' class="roboto"' : ''} ${colours}>${html}</body></html>`
  );
}

/** `rgb(r, g, b)` (a computed colour) as `#rrggbb`; null for anything else. */
export function rgbToHex(colour: string): string | null {
  const parts = /^rgba?\((\d+),\s*(\d+),\s*(\d+)(?:,\s*([\d.]+))?\)$/.exec(colour.trim());
  if (!parts || (parts[4] !== undefined && Number(parts[4]) === 0)) return null;
  return `#${parts
    .slice(1, 4)
    .map((n) => Number(n).toString(16).padStart(2, '0'))
    .join('')}`;
}

/**
 * The theme's colours as the desktop's custom properties give them at the
 * probe (an element inside the desktop), resolved by the browser: the
 * surface, the text, the primary colour for links.
 */
export function readHomeTheme(probe: HTMLElement, font: string): HomeTheme {
  const view = probe.ownerDocument.defaultView;
  const colourOf = (variable: string, fallback: string) => {
    probe.style.color = `var(${variable})`;
    return (view && rgbToHex(view.getComputedStyle(probe).color)) ?? fallback;
  };
  return { background: colourOf('--atr-surface', '#ffffff'), text: colourOf('--atr-text', '#1d2433'), link: colourOf('--atr-primary', '#1f58b8'), font: font === 'Roboto' ? 'Roboto' : 'Lato' };
}
