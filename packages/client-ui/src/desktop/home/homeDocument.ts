import DOMPurify from 'dompurify';

/**
 * The Content-Security-Policy of the home widget's frame
 * (docs/SECURITY.md#home-widget-html): nothing may load or run but inline
 * styles and pictures (inline data or https); no scripts, no fonts, no
 * connections, no frames, no forms, no base address.
 */
export const HOME_FRAME_CSP = "default-src 'none'; img-src data: https:; style-src 'unsafe-inline'; form-action 'none'; base-uri 'none'";

/** The theme's colours and fonts the frame's own stylesheet uses (read from the desktop's custom properties). */
export interface HomeTheme {
  text: string;
  muted: string;
  heading: string;
  link: string;
  surface: string;
  border: string;
  font: string;
  colorScheme: string;
}

/** Tags a home block never keeps, whatever the sanitiser's defaults (forms, frames, embedded objects, document-level tags). */
const FORBID_TAGS = ['form', 'input', 'button', 'textarea', 'select', 'option', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'base', 'meta', 'link', 'script', 'noscript', 'template', 'portal', 'math'];
/**
 * Attribute values the sanitiser keeps (it tests every attribute that is not a
 * plain text one): addresses of the web, mail and telephone, and any value
 * that does not start with a scheme (relative addresses, numbers, words).
 * Inline pictures (`data:`) stay allowed on pictures and media only (the
 * sanitiser's own rule).
 */
const ALLOWED_URI = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

/**
 * The block of organisation HTML as the home widget may show it
 * (docs/SECURITY.md#home-widget-html): DOMPurify's HTML and SVG profiles
 * without forms, frames, objects, document-level tags or MathML, every
 * event handler and script address removed, links and pictures only to
 * the addresses above. The output is what the frame parses again, in the
 * same (body) context, so a mutation during that parse cannot revive what
 * was removed.
 */
export function sanitizeHomeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true, svg: true, svgFilters: true },
    FORBID_TAGS,
    FORBID_ATTR: ['srcdoc', 'formaction', 'action', 'ping', 'background', 'xlink:href'],
    ALLOWED_URI_REGEXP: ALLOWED_URI,
    ALLOW_DATA_ATTR: false,
    ALLOW_UNKNOWN_PROTOCOLS: false,
    WHOLE_DOCUMENT: false,
    RETURN_TRUSTED_TYPE: false,
  });
}

/** A theme value fit for the frame's stylesheet: text that cannot leave its declaration (no `<`, braces, `;`, escapes or at-rules), else the fallback. */
export function cssValue(value: string, fallback: string): string {
  const trimmed = value.trim();
  return trimmed && !/[<>{};\\@]|url\(|expression/i.test(trimmed) ? trimmed : fallback;
}

/** The frame's stylesheet: the theme's colours and font, links in the theme's colour, pictures that fit. */
function themeStylesheet(theme: HomeTheme): string {
  return [
    `:root{color-scheme:${cssValue(theme.colorScheme, 'light')}}`,
    `html{background:${cssValue(theme.surface, 'Canvas')}}`,
    `body{margin:0}`,
    `body{box-sizing:border-box;min-height:100vh;padding:16px 20px;overflow-wrap:anywhere;color:${cssValue(theme.text, '#1d2433')};font-family:${cssValue(theme.font, 'sans-serif')};font-size:14px;line-height:1.5}`,
    `h1,h2,h3,h4{color:${cssValue(theme.heading, 'inherit')};line-height:1.25;margin:0 0 .5em}`,
    `a{color:${cssValue(theme.link, '#1f58b8')}}`,
    `small,.muted{color:${cssValue(theme.muted, 'inherit')}}`,
    `hr{border:0;border-top:1px solid ${cssValue(theme.border, '#ccd')}}`,
    `img,svg,video{max-width:100%;height:auto}`,
    `table{border-collapse:collapse;max-width:100%}td,th{border:1px solid ${cssValue(theme.border, '#ccd')};padding:4px 8px}`,
  ].join('\n');
}

/** Escapes a text for an HTML attribute or text node (the language tag). */
function escapeText(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The whole document the frame shows (its `srcdoc`): the Content-Security-Policy
 * first, then the theme's stylesheet, then the sanitised block. `html` must
 * already be sanitised (sanitizeHomeHtml).
 */
export function homeDocument(html: string, theme: HomeTheme, language: { lang: string; dir: 'ltr' | 'rtl' }): string {
  return (
    `<!doctype html><html lang="${escapeText(language.lang)}" dir="${language.dir}"><head><meta charset="utf-8">` +
    `<meta http-equiv="Content-Security-Policy" content="${HOME_FRAME_CSP}">` +
    `<meta name="referrer" content="no-referrer">` +
    `<style>${themeStylesheet(theme)}</style></head><body>${html}</body></html>`
  );
}

/** The theme's values as the desktop's custom properties give them at an element (getComputedStyle). */
export function readHomeTheme(element: Element): HomeTheme {
  const style = element.ownerDocument.defaultView?.getComputedStyle(element);
  const read = (name: string) => style?.getPropertyValue(name) ?? '';
  return {
    text: read('--atr-text'),
    muted: read('--atr-text-muted'),
    heading: read('--atr-heading') || read('--atr-text'),
    link: read('--atr-primary'),
    surface: read('--atr-surface'),
    border: read('--atr-border'),
    font: read('font-family'),
    colorScheme: read('color-scheme') || 'light',
  };
}
