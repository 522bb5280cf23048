/**
 * The websockets (docs/API.md#websockets): the desktop's socket and each application's socket,
 * outside the API base. The upgrade is refused (403) for a foreign Origin
 * (one neither this server's nor listed in CORS_ORIGINS) before any handshake; everything after is the gateway's.
 */
import { Messages, PACKAGE_NAME_PATTERN, SOCKET_PATH } from '@atrium/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendFail } from '../http/reply.js';
import type { SocketGateway } from './SocketGateway.js';
import { isAllowedOrigin } from './origin.js';
import { isCorsOrigin, type CorsSettings } from '../http/cors.js';

export function socketRoutes({ sockets }: { sockets: SocketGateway }, publicUrl: string, cors: CorsSettings) {
  return async (app: FastifyInstance) => {
    const checkUpgrade = async (request: FastifyRequest, reply: FastifyReply) => {
      const origin = request.headers.origin;
      if (!isAllowedOrigin(origin, request.headers.host, publicUrl) && !isCorsOrigin(cors, origin)) {
        request.log.info({ event: 'socket.origin-refused', origin: request.headers.origin }, 'websocket from a foreign origin refused');
        return sendFail(reply, 403, Messages.originNotAllowed, 'socket.origin');
      }
      const { name } = request.params as { name?: string };
      if (name !== undefined && !PACKAGE_NAME_PATTERN.test(name)) return sendFail(reply, 404, Messages.notFound, 'request.not-found');
    };

    app.get(SOCKET_PATH, { websocket: true, onRequest: checkUpgrade }, (socket) => sockets.accept(socket, null));

    app.get('/apps/:name/socket', { websocket: true, onRequest: checkUpgrade }, (socket, request) =>
      sockets.accept(socket, (request.params as { name: string }).name),
    );
  };
}
