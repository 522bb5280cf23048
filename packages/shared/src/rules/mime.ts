/**
 * Mime types by file extension, one table for the client (file chooser,
 * listings of the in-memory filesystem) and the server (the type a written
 * file is stored with). Anything not in the table is application/octet-stream
 * (docs/behaviour/files.md#file-entries).
 */
const MIME_BY_EXTENSION: Readonly<Record<string, string>> = {
  txt: 'text/plain',
  log: 'text/plain',
  md: 'text/markdown',
  html: 'text/html',
  htm: 'text/html',
  css: 'text/css',
  csv: 'text/csv',
  xml: 'application/xml',
  js: 'application/javascript',
  mjs: 'application/javascript',
  json: 'application/json',
  pdf: 'application/pdf',
  zip: 'application/zip',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  bmp: 'image/bmp',
  ico: 'image/x-icon',
  svg: 'image/svg+xml',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  oga: 'audio/ogg',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
  flac: 'audio/flac',
  m4a: 'audio/mp4',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  webm: 'video/webm',
  ogv: 'video/ogg',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
};

/** The mime type of directories. */
export const DIRECTORY_MIME = 'inode/directory';

/** The mime type guessed from a file name's extension. */
export function mimeOfFilename(filename: string): string {
  const at = filename.lastIndexOf('.');
  const extension = at > 0 ? filename.slice(at + 1).toLowerCase() : '';
  return Object.hasOwn(MIME_BY_EXTENSION, extension) ? (MIME_BY_EXTENSION[extension] as string) : 'application/octet-stream';
}

/** The JavaScript MIME types a browser runs (the WHATWG list), and WebAssembly. */
const SCRIPT_TYPES = new Set([
  'application/ecmascript',
  'application/javascript',
  'application/x-ecmascript',
  'application/x-javascript',
  'text/ecmascript',
  'text/javascript',
  'text/javascript1.0',
  'text/javascript1.1',
  'text/javascript1.2',
  'text/javascript1.3',
  'text/javascript1.4',
  'text/javascript1.5',
  'text/jscript',
  'text/livescript',
  'text/x-ecmascript',
  'text/x-javascript',
  'application/wasm',
]);

/** Markup and styles a browser renders or applies: HTML, XHTML, XML (XSLT included) and CSS. */
const MARKUP_OR_STYLE = /^(text\/html|application\/xhtml\+xml|text\/xml|application\/xml|text\/xsl|text\/css)$/;

/** A MIME type's essence: no parameters, lower case. */
function essence(mime: string): string {
  return mime.split(';')[0]!.trim().toLowerCase();
}

/**
 * Active content: types a browser would run as script, render as a page
 * that can run script, or apply as a style sheet (JavaScript, WebAssembly,
 * HTML, SVG, XML, CSS). The server never serves a stored file of these
 * inline, and never under its own type except SVG
 * (docs/behaviour/files.md#downloads).
 */
export function isActiveMime(mime: string): boolean {
  const base = essence(mime);
  return SCRIPT_TYPES.has(base) || MARKUP_OR_STYLE.test(base) || base === 'image/svg+xml' || base.endsWith('+xml');
}

/** The type that a stored file of an active type other than SVG is answered with. */
export const INERT_MIME = 'text/plain; charset=utf-8';

/**
 * The Content-Type a stored file is answered with (docs/behaviour/files.md#downloads):
 * active types as plain text, so that with `nosniff` no browser runs them as
 * a script or module, applies them as a style sheet or renders them as a
 * page, whoever links them; SVG keeps its type, since <img> shows it as a
 * picture, in which no script runs, and anything else opens it as a
 * sandboxed attachment; other text types get their charset.
 */
export function servedMime(mime: string): string {
  const base = essence(mime);
  if (isActiveMime(base) && base !== 'image/svg+xml') return INERT_MIME;
  return base.startsWith('text/') ? `${base}; charset=utf-8` : mime;
}
