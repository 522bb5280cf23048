/**
 * The dashboards calls and the home widget's answer (docs/API.md,
 * "Dashboards") under the API prefix; every rule is DashboardService's.
 */
import { DashboardCreateBody, DashboardParams, DashboardUpdateBody, HomeProfileParams } from '@atrium/shared/dashboards';
import type { FastifyInstance } from 'fastify';
import { callerOf, type Authenticate } from '../http/authenticate.js';
import { ok, parse } from '../http/reply.js';
import type { DashboardService } from './DashboardService.js';

export function dashboardRoutes({ dashboards, authenticate }: { dashboards: DashboardService; authenticate: Authenticate }) {
  return async (app: FastifyInstance) => {
    app.addHook('preHandler', authenticate);

    app.get('/dashboards', async (request) => ok({ dashboards: await dashboards.list(callerOf(request)) }));

    app.get('/dashboards/recipients', async (request) => ok(await dashboards.recipients(callerOf(request))));

    app.get('/dashboards/:uuid', async (request) => {
      const { uuid } = parse(DashboardParams, request.params);
      return ok(await dashboards.get(callerOf(request), uuid));
    });

    app.post('/dashboards', async (request, reply) => {
      const body = parse(DashboardCreateBody, request.body);
      return reply.code(201).send(ok(await dashboards.create(callerOf(request), body)));
    });

    app.put('/dashboards/:uuid', async (request) => {
      const { uuid } = parse(DashboardParams, request.params);
      const body = parse(DashboardUpdateBody, request.body);
      return ok(await dashboards.update(callerOf(request), uuid, body));
    });

    app.delete('/dashboards/:uuid', async (request) => {
      const { uuid } = parse(DashboardParams, request.params);
      await dashboards.remove(callerOf(request), uuid);
      return ok({ uuid });
    });

    app.get('/profile/user/:uuid', async (request) => {
      const { uuid } = parse(HomeProfileParams, request.params);
      return ok(await dashboards.home(callerOf(request), uuid));
    });
  };
}
