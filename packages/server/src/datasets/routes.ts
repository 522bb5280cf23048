/**
 * The dataset calls (docs/API.md, "Datasets") under the API prefix: parse
 * with the shared schemas, ask DatasetService, answer envelopes. Rights are
 * the service's business.
 */
import { DatasetQuery } from '@atrium/shared/dashboards';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { callerOf, type Authenticate } from '../http/authenticate.js';
import type { CostlyCalls } from '../http/CostlyCalls.js';
import { costly } from '../http/costlyRoutes.js';
import { ok, parse } from '../http/reply.js';
import type { DatasetService } from './DatasetService.js';

const ListQuery = z.object({ app: z.optional(z.string().check(z.maxLength(64))) });

export function datasetRoutes({ datasets, authenticate, costlyCalls }: { datasets: DatasetService; authenticate: Authenticate; costlyCalls: CostlyCalls }) {
  return async (app: FastifyInstance) => {
    app.addHook('preHandler', authenticate);

    app.get('/datasets', async (request) => {
      const { app: name } = parse(ListQuery, request.query);
      return ok({ datasets: await datasets.list(callerOf(request), name) });
    });

    // A query reads up to every record of a dataset: a costly call, cancelled when the caller gives up.
    // An answer the service remembers costs nothing: only the reading of the database is costly
    // (docs/behaviour/dashboards.md#how-often-figures-may-be-asked).
    app.post('/datasets/query', async (request, reply) => {
      const query = parse(DatasetQuery, request.body);
      const closed = new AbortController();
      // The connection closed before the answer was sent: the caller gave up (the client's Cancel).
      const onClose = () => {
        if (!reply.raw.writableFinished) closed.abort();
      };
      reply.raw.once('close', onClose);
      try {
        return ok(await datasets.query(callerOf(request), query, closed.signal, (work) => costly(costlyCalls, request, work)));
      } finally {
        reply.raw.off('close', onClose);
      }
    });
  };
}
