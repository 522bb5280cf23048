/**
 * The virtual filesystem's calls (docs/API.md, "Files"): /vfs/{operation}
 * and GET /vfs/mountpoints at the server root, GET {api}/file/{id}/data
 * under the API prefix.
 */
import multipart from '@fastify/multipart';
import { isVfsPath, Messages, VfsBodies, type VfsMountpoint, type VfsOperation } from '@atrium/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { vfsCallerOf } from '../access/views.js';
import { DomainError } from '../DomainError.js';
import { callerOf, type Authenticate } from '../http/authenticate.js';
import { multipartBoundaryProblem } from '../http/bodyParsers.js';
import { allowLongRequest, lingerAfterRefusal } from '../http/connections.js';
import { costly } from '../http/costlyRoutes.js';
import { HttpError, ok, parse } from '../http/reply.js';
import type { CostlyCalls } from '../http/CostlyCalls.js';
import { sendFile } from './download.js';
import type { FileLinks } from './FileLinks.js';
import { VfsError } from './VfsError.js';
import type { VfsCaller, VfsService } from './VfsService.js';
import type { VfsUploads } from './VfsUploads.js';
import type { DeclaredLength } from './WriteSpaces.js';

/** Room for writefile's other parts (path, options, boundaries) beside the upload in a Content-Length. */
const MULTIPART_OVERHEAD = 64 * 1024;
const TokenQuery = z.object({ token: z.optional(z.string()) });
const FileParams = z.object({ id: z.string().check(z.maxLength(64)) });

/**
 * Parses an operation's input with its shared schema; a path field not of
 * the 'name:/path' form answers the filesystem's own text, not a generic one.
 */
function checkPaths<T>(input: T): T {
  if (input && typeof input === 'object') {
    for (const field of ['path', 'from', 'to', 'root']) {
      const value: unknown = (input as Record<string, unknown>)[field];
      if (typeof value === 'string' && value !== '' && !isVfsPath(value)) throw new VfsError('pathMismatch', { path: String(value).slice(0, 300) });
    }
  }
  return input;
}

/** The filesystem's caller of a request behind `authenticate`. */
const vfsCaller = (request: FastifyRequest): VfsCaller => vfsCallerOf(callerOf(request));

/** The signed `token` of a file address, for a request without a bearer token; else undefined. */
function linkToken(request: FastifyRequest): string | undefined {
  const { token } = parse(TokenQuery, { token: (request.query as Record<string, unknown> | undefined)?.token });
  return request.headers.authorization ? undefined : token;
}

/** What the filesystem's routes use. */
export interface VfsRouteServices {
  vfs: VfsService;
  uploads: VfsUploads;
  fileLinks: FileLinks;
  authenticate: Authenticate;
  costlyCalls: CostlyCalls;
}

export function vfsRoutes(services: VfsRouteServices) {
  const { vfs, uploads, fileLinks } = services;
  const bearer = services.authenticate;

  return async (app: FastifyInstance) => {
    // writefile's upload is read as a stream, never buffered: this scope swaps the forms' multipart parser (http/bodyParsers.ts) for the plugin's.
    app.removeContentTypeParser('multipart/form-data');
    await app.register(multipart, { limits: { fileSize: vfs.uploadLimit + 1, files: 1, fields: 8, fieldSize: 16 * 1024, parts: 12, headerPairs: 50 } });

    app.get('/vfs/mountpoints', { preHandler: bearer }, async (request) => ok<VfsMountpoint[]>(vfs.mountpoints(vfsCaller(request))));

    type Run = (c: VfsCaller, body: Record<string, unknown>, request: FastifyRequest) => Promise<unknown>;
    const get = (operation: VfsOperation, run: Run) =>
      app.get(`/vfs/${operation}`, { preHandler: bearer }, async (request) => ok(await run(vfsCaller(request), parse(VfsBodies[operation], checkPaths(request.query)) as Record<string, unknown>, request)));
    const post = (operation: VfsOperation, run: Run, config: { costly?: boolean } = {}) =>
      app.post(`/vfs/${operation}`, { preHandler: bearer, config }, async (request) => ok(await run(vfsCaller(request), parse(VfsBodies[operation], checkPaths(request.body)) as Record<string, unknown>, request)));

    get('exists', (c, b) => vfs.exists(c, b.path as string));
    get('stat', (c, b) => vfs.stat(c, b.path as string));
    // A large folder's listing is a costly call (docs/ARCHITECTURE.md, "Costly calls").
    get('readdir', (c, b, request) => vfs.readdir(c, b.path as string, b.options as { showHiddenFiles?: boolean }, (work) => costly(services.costlyCalls, request, work)));
    post('mkdir', (c, b) => vfs.mkdir(c, b.path as string));
    post('touch', (c, b) => vfs.touch(c, b.path as string));
    post('unlink', (c, b) => vfs.unlink(c, b.path as string));
    post('copy', (c, b) => vfs.copy(c, b.from as string, b.to as string, b.options as { overwrite?: boolean }));
    post('rename', (c, b) => vfs.rename(c, b.from as string, b.to as string, b.options as { overwrite?: boolean }));
    post('search', (c, b) => vfs.search(c, b.root as string, b.pattern as string, b.options as { limit?: number }), { costly: true });

    // readfile: the content itself, with a bearer token or the signed token of the file's address.
    app.get('/vfs/readfile', { compress: false }, async (request, reply) => {
      const body = parse(VfsBodies.readfile, checkPaths(request.query));
      const token = linkToken(request);
      if (token !== undefined) return sendFile(vfs, await fileLinks.fileOfToken(token, body.path), request, reply, body.options?.download === true);
      await bearer(request, reply);
      if (reply.sent) return reply;
      const { node } = await vfs.file(vfsCaller(request), body.path);
      return sendFile(vfs, node, request, reply, body.options?.download === true);
    });

    // writefile: multipart with the fields path and options and the file part upload, streamed to the blob store.
    // An upload may take longer than the whole-request limit once its caller is known (docs/SECURITY.md, "Files").
    const allowLongUpload = async (request: FastifyRequest, reply: FastifyReply) => allowLongRequest(request, reply);
    app.post('/vfs/writefile', { preHandler: [bearer, allowLongUpload] }, async (request, reply) => {
      try {
        return ok(await writefile(vfs, uploads, request));
      } catch (e) {
        // Refused before the whole upload arrived: the connection closes, but only once the client had the answer.
        lingerAfterRefusal(request, reply);
        throw e;
      }
    });
  };
}

/** GET {api}/file/{id}/data: a file's content by id. */
export function vfsFileRoutes(services: Pick<VfsRouteServices, 'vfs' | 'fileLinks' | 'authenticate'>) {
  const { vfs, fileLinks } = services;
  const bearer = services.authenticate;
  return async (app: FastifyInstance) => {
    app.get('/file/:id/data', { compress: false }, async (request, reply) => {
      const { id } = parse(FileParams, request.params);
      const token = linkToken(request);
      let node;
      if (token !== undefined) node = await fileLinks.fileByToken(token, id);
      else {
        await bearer(request, reply);
        if (reply.sent) return reply;
        node = await fileLinks.fileById(vfsCaller(request), id);
      }
      const download = (request.query as Record<string, unknown>).download;
      return sendFile(vfs, node, request, reply, download === 'true' || download === '1');
    });
  };
}

/** The content length a writefile declares (its body's, the form's other fields included), or null when it is sent chunked. */
export function declaredLength(request: FastifyRequest): DeclaredLength | null {
  const header = request.headers['content-length'];
  const bytes = typeof header === 'string' && /^\d{1,16}$/.test(header.trim()) ? Number(header) : NaN;
  return Number.isSafeInteger(bytes) ? { bytes, slack: MULTIPART_OVERHEAD } : null;
}

async function writefile(vfs: VfsService, uploads: VfsUploads, request: FastifyRequest) {
  const who = vfsCaller(request);
  if (!request.isMultipart()) throw new VfsError('uploadMissing');
  const declared = declaredLength(request);
  try {
    // A length that cannot fit, whatever the path, is refused before a byte of the body is read.
    await uploads.checkLength(who, declared);
    const boundary = multipartBoundaryProblem(request.headers['content-type']);
    if (boundary) throw new HttpError(400, `${Messages.invalidRequest}: ${boundary}`, 'request.invalid');
    return await uploads.write(who, request.parts(), declared, (fields) => {
      const body = parse(VfsBodies.writefile, checkPaths(fields));
      return { path: body.path, options: body.options ?? {} };
    });
  } catch (e) {
    const answer = uploadError(e, vfs, request);
    // A client that goes away mid-upload is no fault of the server's: a line of its own, no stack.
    if (answer instanceof VfsError && answer.vfsCode === 'uploadAborted') {
      request.log.info({ event: 'vfs.upload-aborted', reason: (e as { code?: unknown } | null)?.code ?? (e as Error | null)?.message }, 'an upload was cut short: nothing was kept');
    }
    throw answer;
  }
}

/** Errors of the multipart reader that mean the body ended, or the client went away, before the form did. */
const CUT_SHORT_CODES = new Set(['ECONNRESET', 'ERR_STREAM_PREMATURE_CLOSE', 'FST_MP_PREMATURE_CLOSE']);
const CUT_SHORT_MESSAGES = /^aborted$|unexpected end of multipart data|terminated early/i;
/** What the multipart reader throws when the Content-Type's boundary is of no use to it. */
const UNUSABLE_FORM_MESSAGES = /boundary|needle|content-type/i;

/** Errors of reading a multipart body, as the filesystem's texts. */
export function uploadError(e: unknown, vfs: VfsService, request: FastifyRequest): unknown {
  if (e instanceof HttpError || e instanceof DomainError) return e;
  const code = (e as { code?: string } | null)?.code;
  const message = e instanceof Error ? e.message : '';
  if (code === 'FST_REQ_FILE_TOO_LARGE') return vfs.tooLargeError();
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') return new HttpError(413, Messages.payloadTooLarge, 'request.too-large');
  if (code === 'FST_PROTO_VIOLATION' || code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_INVALID_JSON_FIELD_ERROR') return new HttpError(400, Messages.invalidRequest, 'request.invalid');
  // The client went away, or the body ended before the form did.
  if ((code !== undefined && CUT_SHORT_CODES.has(code)) || CUT_SHORT_MESSAGES.test(message) || (request.raw.destroyed && !request.raw.complete)) return new VfsError('uploadAborted');
  if (e instanceof Error && UNUSABLE_FORM_MESSAGES.test(message)) return new HttpError(400, `${Messages.invalidRequest}: the multipart form is malformed`, 'request.invalid');
  return e;
}
