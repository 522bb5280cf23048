/**
 * POST records/{app}/record/{name}/files?field=: an upload to a record's
 * file field (docs/API.md, "Records"), read as a stream in a scope of its
 * own (the multipart reader of uploads), refused as the filesystem's
 * uploads are.
 */
import multipart from '@fastify/multipart';
import { Messages } from '@atrium/shared';
import { RecordFileQuery, RecordNameParams } from '@atrium/shared/apps';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { callerOf, type Authenticate } from '../http/authenticate.js';
import { multipartBoundaryProblem } from '../http/bodyParsers.js';
import { allowLongRequest, lingerAfterRefusal } from '../http/connections.js';
import { HttpError, ok, parse } from '../http/reply.js';
import { VfsError } from '../vfs/VfsError.js';
import { declaredLength, uploadError } from '../vfs/routes.js';
import type { VfsService } from '../vfs/VfsService.js';
import type { RecordFiles, RecordUploadPart } from './RecordFiles.js';

export function recordFileRoutes({ files, vfs, authenticate }: { files: RecordFiles; vfs: VfsService; authenticate: Authenticate }) {
  return async (app: FastifyInstance) => {
    app.removeContentTypeParser('multipart/form-data');
    await app.register(multipart, { limits: { fileSize: vfs.uploadLimit + 1, files: 1, fields: 4, fieldSize: 1024, parts: 6, headerPairs: 50 } });
    // An upload may take longer than the whole-request limit once its caller is known (docs/SECURITY.md, "Files").
    const allowLongUpload = async (request: FastifyRequest, reply: FastifyReply) => allowLongRequest(request, reply);

    app.post('/records/:app/record/:name/files', { preHandler: [authenticate, allowLongUpload] }, async (request, reply) => {
      try {
        const { app: appName, name } = parse(RecordNameParams, request.params);
        const { field } = parse(RecordFileQuery, request.query);
        if (!request.isMultipart()) throw new VfsError('uploadMissing');
        const boundary = multipartBoundaryProblem(request.headers['content-type']);
        if (boundary) throw new HttpError(400, `${Messages.invalidRequest}: ${boundary}`, 'request.invalid');
        const parts = request.parts() as AsyncIterable<RecordUploadPart>;
        const detail = await files.upload(callerOf(request), appName, name, field, parts, declaredLength(request)).catch((e: unknown) => {
          throw uploadError(e, vfs, request);
        });
        return reply.code(201).send(ok(detail));
      } catch (e) {
        // Refused before the whole upload arrived: the connection closes, but only once the client had the answer.
        lingerAfterRefusal(request, reply);
        throw e;
      }
    });
  };
}
