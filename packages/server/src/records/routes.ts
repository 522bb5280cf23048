/**
 * The records calls of declared applications (docs/API.md, "Records")
 * under the API prefix: parse with the shared schemas, ask RecordService,
 * answer envelopes. Rights are the service's business.
 */
import { CreateRecordBody, DeleteRecordQuery, RecordCommentBody, RecordEntityParams, RecordNameParams, RecordQuery, UpdateRecordBody } from '@atrium/shared/apps';
import type { FastifyInstance } from 'fastify';
import { callerOf, type Authenticate } from '../http/authenticate.js';
import { ok, parse } from '../http/reply.js';
import type { RecordService } from './RecordService.js';

export function recordRoutes({ records, authenticate }: { records: RecordService; authenticate: Authenticate }) {
  return async (app: FastifyInstance) => {
    app.addHook('preHandler', authenticate);

    app.get('/records/apps', async (request) => ok(await records.apps(callerOf(request))));

    // A list may scan many records: it runs within the costly calls' limits.
    app.post('/records/:app/:entity/query', { config: { costly: true } }, async (request) => {
      const { app: name, entity } = parse(RecordEntityParams, request.params);
      const query = parse(RecordQuery, request.body);
      return ok(await records.list(callerOf(request), name, entity, query));
    });

    app.post('/records/:app/:entity', async (request, reply) => {
      const { app: name, entity } = parse(RecordEntityParams, request.params);
      const { values } = parse(CreateRecordBody, request.body);
      return reply.code(201).send(ok(await records.create(callerOf(request), name, entity, values)));
    });

    app.get('/records/:app/record/:name', async (request) => {
      const { app: name, name: record } = parse(RecordNameParams, request.params);
      return ok(await records.get(callerOf(request), name, record));
    });

    app.put('/records/:app/record/:name', async (request) => {
      const { app: name, name: record } = parse(RecordNameParams, request.params);
      const { version, values } = parse(UpdateRecordBody, request.body);
      return ok(await records.update(callerOf(request), name, record, version, values));
    });

    app.delete('/records/:app/record/:name', async (request) => {
      const { app: name, name: record } = parse(RecordNameParams, request.params);
      const { version } = parse(DeleteRecordQuery, request.query);
      await records.remove(callerOf(request), name, record, version);
      return ok(null);
    });

    app.post('/records/:app/record/:name/restore', async (request) => {
      const { app: name, name: record } = parse(RecordNameParams, request.params);
      return ok(await records.restore(callerOf(request), name, record));
    });

    app.get('/records/:app/record/:name/timeline', async (request) => {
      const { app: name, name: record } = parse(RecordNameParams, request.params);
      return ok(await records.timeline(callerOf(request), name, record));
    });

    app.post('/records/:app/record/:name/comments', async (request, reply) => {
      const { app: name, name: record } = parse(RecordNameParams, request.params);
      const { text } = parse(RecordCommentBody, request.body);
      return reply.code(201).send(ok(await records.comment(callerOf(request), name, record, text)));
    });
  };
}
