import { isActiveMime, servedMime } from '@atrium/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { VfsError } from './VfsError.js';
import type { VfsService } from './VfsService.js';
import type { VfsNodeRecord } from './VfsStore.js';

/**
 * Sends a file's content (docs/behaviour/files.md#downloads): its type,
 * ETag (the content hash) and Last-Modified, 304 to a matching conditional
 * request, one byte range (206, or 416 outside the file), and an attachment
 * with a safe file name for downloads. Active types (script, style, markup,
 * SVG) are always sandboxed attachments, and all but SVG are answered as
 * plain text, so a stored file never runs or styles a page of the product,
 * even when a page links it as a script or a style sheet.
 */
export async function sendFile(service: VfsService, node: VfsNodeRecord, request: FastifyRequest, reply: FastifyReply, download: boolean): Promise<FastifyReply> {
  const etag = `"${node.sha256 ?? ''}"`;
  const modified = new Date(Math.floor(node.modifiedAt.getTime() / 1000) * 1000);
  const active = isActiveMime(node.mime);
  reply.header('etag', etag);
  reply.header('last-modified', modified.toUTCString());
  reply.header('accept-ranges', 'bytes');
  reply.header('cache-control', 'private, no-cache');
  reply.header('x-content-type-options', 'nosniff');
  if (active) reply.header('content-security-policy', 'sandbox');
  if (download || active) reply.header('content-disposition', contentDisposition(node.name));

  if (notModified(request, etag, modified)) return reply.code(304).send();

  const range = requestedRange(request, etag, modified, node.size);
  if (range === 'unsatisfiable') {
    reply.header('content-range', `bytes */${node.size}`);
    throw new VfsError('rangeNotSatisfiable');
  }
  reply.header('content-type', servedMime(node.mime));
  if (range) {
    reply.code(206);
    reply.header('content-range', `bytes ${range.start}-${range.end}/${node.size}`);
    reply.header('content-length', range.end - range.start + 1);
    return reply.send(await service.content(node, range));
  }
  reply.header('content-length', node.size);
  return reply.send(await service.content(node));
}

/** Whether the client's copy is current: If-None-Match first, else If-Modified-Since. */
function notModified(request: FastifyRequest, etag: string, modified: Date): boolean {
  const match = request.headers['if-none-match'];
  if (typeof match === 'string') return match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*');
  const since = request.headers['if-modified-since'];
  if (typeof since === 'string') {
    const time = Date.parse(since);
    return Number.isFinite(time) && modified.getTime() <= time;
  }
  return false;
}

/**
 * The single byte range asked for, null for the whole file (no Range, an
 * If-Range that no longer matches, several ranges or a unit other than
 * bytes), or 'unsatisfiable'.
 */
function requestedRange(request: FastifyRequest, etag: string, modified: Date, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const header = request.headers.range;
  if (typeof header !== 'string') return null;
  const ifRange = request.headers['if-range'];
  if (typeof ifRange === 'string' && ifRange !== etag && ifRange !== modified.toUTCString()) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  let start: number;
  let end: number;
  if (first === '') {
    // The last N bytes.
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(first);
    end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
    if (start >= size || end < start) return 'unsatisfiable';
  }
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end)) return 'unsatisfiable';
  return { start, end };
}

/**
 * Content-Disposition: attachment with the name twice (RFC 6266): an ASCII
 * fallback with anything unsafe replaced, and the exact name UTF-8 encoded.
 */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_').trim() || 'download';
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
