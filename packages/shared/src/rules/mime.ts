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

/**
 * Types a browser would run script in if it rendered them (HTML, SVG, XML,
 * JavaScript): the server never serves a stored file of these inline in the
 * product's origin (docs/behaviour/files.md#downloads).
 */
export function isActiveMime(mime: string): boolean {
  const base = mime.split(';')[0]!.trim().toLowerCase();
  return /^(text\/html|application\/xhtml\+xml|image\/svg\+xml|text\/xml|application\/xml|text\/javascript|application\/javascript|application\/ecmascript|text\/ecmascript)$/.test(base) || base.endsWith('+xml');
}
