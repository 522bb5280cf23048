/** The saved desktop session of the signed-in user (docs/API.md, "Desktop session"). */
import { Messages, UpdateDesktopSessionBody, type DesktopSessionList } from '@atrium/shared';
import type { FastifyInstance } from 'fastify';
import { callerOf, type Authenticate } from '../http/authenticate.js';
import { ok, parse } from '../http/reply.js';
import type { DesktopSessionService } from './DesktopSessionService.js';

/** Largest body of POST user/me/updatesession: far above any real session, far below what would burden the server. */
export const DESKTOP_SESSION_BODY_LIMIT = 256 * 1024;

export function desktopSessionRoutes({ desktopSessions, authenticate }: { desktopSessions: DesktopSessionService; authenticate: Authenticate }) {
  return async (app: FastifyInstance) => {
    app.addHook('preHandler', authenticate);

    app.get('/user/me/getsession', async (request) => ok<DesktopSessionList>(await desktopSessions.get(callerOf(request).userId)));

    app.post('/user/me/updatesession', { bodyLimit: DESKTOP_SESSION_BODY_LIMIT }, async (request) => {
      const { data } = parse(UpdateDesktopSessionBody, request.body);
      await desktopSessions.save(callerOf(request).userId, data);
      return { status: 'success', message: Messages.updated };
    });

    // Any body is ignored: the call names nothing but the caller.
    app.post('/user/me/removesession', async (request) => {
      await desktopSessions.remove(callerOf(request).userId);
      return { status: 'success', message: Messages.updated };
    });
  };
}
