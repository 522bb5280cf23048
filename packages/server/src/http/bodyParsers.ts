/**
 * The encodings a request body may arrive in (docs/COMPATIBILITY.md#encodings).
 * Every call reads one plain object of fields, whatever the encoding, so one
 * schema and one set of limits decide what is accepted:
 * - application/json (Fastify's own parser);
 * - application/x-www-form-urlencoded (@fastify/formbody, registered in app.ts);
 * - multipart/form-data, what a browser's FormData sends: its text fields,
 *   never a file (the filesystem's writefile reads its own multipart stream);
 * - text/plain holding JSON, what a browser sends for a string body without a
 *   content type: parsed by the very JSON parser of application/json, with
 *   its limits and its defence against prototype poisoning.
 */
import Busboy, { type BusboyHeaders, type BusboyInstance } from '@fastify/busboy';
import { Messages } from '@atrium/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './reply.js';

/** Fields and parts of a multipart form: more than any form of the API has. */
export const MULTIPART_MAX_FIELDS = 50;
/** The longest boundary a multipart body may have (RFC 2046; browsers use about 40 characters). */
export const MULTIPART_MAX_BOUNDARY = 70;
/** Header lines in one part: a text field has two. */
const MULTIPART_MAX_PART_HEADERS = 8;

type Done = (err: Error | null, body?: unknown) => void;

const invalid = (detail: string) => new HttpError(400, `${Messages.invalidRequest}: ${detail}`, 'request.invalid');
const tooLarge = () => new HttpError(413, Messages.payloadTooLarge, 'request.too-large');

/**
 * What is wrong with a multipart Content-Type's boundary, or null when it
 * is usable: present, not empty, at most MULTIPART_MAX_BOUNDARY characters
 * (the multipart reader fails on very long ones, which must be the
 * client's 400, not the server's 500). Quoted boundaries are unquoted first.
 */
export function multipartBoundaryProblem(contentType: unknown): string | null {
  if (typeof contentType !== 'string') return 'the multipart form has no boundary';
  const match = /;\s*boundary\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/i.exec(contentType);
  if (!match) return 'the multipart form has no boundary';
  const boundary = match[1] !== undefined ? match[1].replace(/\\(.)/g, '$1') : (match[2] ?? '').trim();
  if (boundary === '') return 'the multipart boundary is empty';
  if (boundary.length > MULTIPART_MAX_BOUNDARY) return `the multipart boundary is longer than ${MULTIPART_MAX_BOUNDARY} characters`;
  return null;
}

/**
 * Reads a multipart form's text fields into an object; a field sent twice
 * becomes a list, as in a urlencoded form (the schemas then refuse it where
 * one value is expected). A file part, a part without a name, a body over the
 * route's limit or a broken body is refused before any handler runs.
 */
export function parseMultipartFields(request: FastifyRequest, payload: NodeJS.ReadableStream, done: Done): void {
  const limit = request.routeOptions.bodyLimit ?? 64 * 1024;
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return done(tooLarge());
  const boundary = multipartBoundaryProblem(request.headers['content-type']);
  if (boundary) return done(invalid(boundary));

  let finished = false;
  let parser: BusboyInstance;
  const finish = (err: HttpError | null, body?: unknown) => {
    if (finished) return;
    finished = true;
    if (err) {
      payload.unpipe(parser);
      payload.removeListener('data', count);
      // The rest of a refused body is read and dropped, so that the answer goes out on a connection that has been drained.
      payload.resume();
    }
    done(err, body);
  };

  try {
    parser = Busboy({
      headers: request.headers as BusboyHeaders,
      defCharset: 'utf8',
      limits: { fieldSize: limit, fields: MULTIPART_MAX_FIELDS, parts: MULTIPART_MAX_FIELDS, files: MULTIPART_MAX_FIELDS, headerPairs: MULTIPART_MAX_PART_HEADERS },
    });
  } catch {
    // No boundary, or not multipart after all.
    return done(invalid('the multipart form has no boundary'));
  }

  const fields: Record<string, string | string[]> = Object.create(null);
  let received = 0;
  function count(chunk: Buffer | string) {
    received += chunk.length;
    if (received > limit) finish(tooLarge());
  }

  parser.on('field', (name: string, value: string, nameTruncated: boolean, valueTruncated: boolean) => {
    if (nameTruncated || valueTruncated) return finish(tooLarge());
    if (!name) return finish(invalid('a form field has no name'));
    const previous = fields[name];
    fields[name] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
  });
  parser.on('file', (name: string, stream: NodeJS.ReadableStream) => {
    stream.resume();
    finish(new HttpError(400, Messages.formFilesRefused, 'request.files-refused', [`${name || '(unnamed)'}: a file`]));
  });
  parser.on('partsLimit', () => finish(tooLarge()));
  parser.on('fieldsLimit', () => finish(tooLarge()));
  parser.on('error', (e: Error) => finish(invalid(`the multipart form is malformed (${e.message})`)));
  parser.on('finish', () => finish(null, fields));
  payload.on('data', count);
  payload.on('error', () => finish(invalid('the body was cut short')));
  payload.pipe(parser);
}

/**
 * Installs the parsers of multipart forms and of JSON labelled text/plain on
 * an instance; the plugins registered after it inherit them.
 */
export function installBodyParsers(app: FastifyInstance): void {
  app.addContentTypeParser('multipart/form-data', parseMultipartFields);

  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (request, body, done) => {
    // A plain POST with nothing to say (an empty string body) is a call without a body, not bad JSON.
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    json(request, text, (err, value) => (err ? done(invalid('the body is not JSON')) : done(null, value)));
  });
}
