/** The caller's own absences under the versioned API base (docs/API.md#absences). */
import { AbsenceBody, AbsenceIdParams, type AbsenceDto } from '@atrium/shared';
import type { FastifyInstance } from 'fastify';
import { callerOf, type Authenticate } from '../http/authenticate.js';
import { ok, parse } from '../http/reply.js';
import type { AbsenceService } from './AbsenceService.js';

export function absenceRoutes({ absences, authenticate }: { absences: AbsenceService; authenticate: Authenticate }) {
  return async (app: FastifyInstance) => {
    app.addHook('preHandler', authenticate);
    const who = (request: Parameters<typeof callerOf>[0]) => {
      const caller = callerOf(request);
      return { userId: caller.userId, accountId: caller.organisation?.id ?? null };
    };

    app.get('/users/me/absences', async (request) => ok<AbsenceDto[]>(await absences.list(who(request))));

    app.post('/users/me/absences', async (request, reply) => {
      const body = parse(AbsenceBody, request.body);
      const absence = await absences.add(who(request), body);
      return reply.code(201).send(ok<AbsenceDto>(absence));
    });

    app.delete('/users/me/absences/:id', async (request) => {
      const { id } = parse(AbsenceIdParams, request.params);
      await absences.remove(who(request), id);
      return ok({ id });
    });
  };
}
