/**
 * The records calls of declared applications (docs/API.md, "Records")
 * under the API prefix: parse with the shared schemas, ask RecordService,
 * answer envelopes. Rights are the service's business.
 */
import { Messages } from '@atrium/shared';
import {
  CreateRecordBody,
  DeleteRecordQuery,
  RECORD_CSV_MAX_CHARS,
  RecordCommentBody,
  RecordEntityParams,
  RecordExportParams,
  RecordExportQuery,
  RecordImportBody,
  RecordImportParams,
  RecordNameParams,
  RecordQuery,
  ReassignBody,
  TransitionBody,
  UpdateRecordBody,
} from '@atrium/shared/apps';
import type { FastifyInstance } from 'fastify';
import { callerOf, type Authenticate } from '../http/authenticate.js';
import { HttpError, ok, parse } from '../http/reply.js';
import type { RecordService } from './RecordService.js';

/** The largest body of an import: its CSV text at most, in UTF-8 (up to 3 bytes a character) and wrapped in JSON or a form. */
const IMPORT_BODY_LIMIT = 3 * RECORD_CSV_MAX_CHARS + 64 * 1024;

/** The export's query: `q` as JSON, read by the shared schema. */
function exportQuery(raw: unknown): RecordExportQuery {
  const { q } = parse(RecordExportParams, raw);
  let json: unknown = {};
  try {
    if (q !== undefined && q.trim() !== '') json = JSON.parse(q);
  } catch {
    throw new HttpError(400, `${Messages.invalidRequest}: q is not JSON`, 'request.invalid');
  }
  return parse(RecordExportQuery, json);
}

/** PUT (follow) and DELETE (stop following) records/{app}/record/{name}/follow (docs/behaviour/workflows.md#following). */
function followRoutes(app: FastifyInstance, records: RecordService): void {
  for (const [method, on] of [['PUT', true], ['DELETE', false]] as const) {
    app.route({
      method,
      url: '/records/:app/record/:name/follow',
      handler: async (request) => {
        const { app: name, name: record } = parse(RecordNameParams, request.params);
        return ok(await records.follow(callerOf(request), name, record, on));
      },
    });
  }
}

/** A workflow's calls on a record (docs/behaviour/workflows.md). */
function workflowRoutes(app: FastifyInstance, records: RecordService): void {
  app.post('/records/:app/record/:name/transition', async (request) => {
    const { app: name, name: record } = parse(RecordNameParams, request.params);
    return ok(await records.workflow.transition(callerOf(request), name, record, parse(TransitionBody, request.body)));
  });

  app.post('/records/:app/record/:name/reassign', async (request) => {
    const { app: name, name: record } = parse(RecordNameParams, request.params);
    return ok(await records.workflow.reassign(callerOf(request), name, record, parse(ReassignBody, request.body)));
  });
}

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

    // CSV text as the body of an import (a browser or a script sends the file as it is).
    app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: IMPORT_BODY_LIMIT }, (_request, body, done) => done(null, { csv: body }));

    // An export reads up to every record of the list: a costly call.
    app.get('/records/:app/:entity/export.csv', { config: { costly: true } }, async (request, reply) => {
      const { app: name, entity } = parse(RecordEntityParams, request.params);
      const { filename, text } = await records.csv.exportCsv(callerOf(request), name, entity, exportQuery(request.query));
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`).send(text);
    });

    // An import checks and writes up to RECORD_CSV_MAX_ROWS records: a costly call.
    app.post('/records/:app/:entity/import', { config: { costly: true }, bodyLimit: IMPORT_BODY_LIMIT }, async (request) => {
      const { app: name, entity } = parse(RecordEntityParams, request.params);
      const { dryRun } = parse(RecordImportParams, request.query);
      const { csv } = parse(RecordImportBody, request.body);
      return ok(await records.csv.importCsv(callerOf(request), name, entity, csv, dryRun === '1' || dryRun === 'true'));
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

    followRoutes(app, records);

    app.get('/records/:app/record/:name/timeline', async (request) => {
      const { app: name, name: record } = parse(RecordNameParams, request.params);
      return ok(await records.timeline.entries(callerOf(request), name, record));
    });

    workflowRoutes(app, records);

    app.post('/records/:app/record/:name/comments', async (request, reply) => {
      const { app: name, name: record } = parse(RecordNameParams, request.params);
      const { text } = parse(RecordCommentBody, request.body);
      return reply.code(201).send(ok(await records.timeline.comment(callerOf(request), name, record, text)));
    });
  };
}
