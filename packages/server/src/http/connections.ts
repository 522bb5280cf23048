/**
 * Limits on the server's connections, so that clients sending slowly (a
 * request head or body one byte at a time) cannot take every file
 * descriptor and lock everyone else out, /healthz included
 * (docs/SECURITY.md, "Connections"):
 *
 * - time limits (set on the HTTP server in app.ts): a request head must
 *   arrive within HEADERS_TIMEOUT, the whole request within REQUEST_TIMEOUT
 *   (408 and closed otherwise), a silent connection is closed after
 *   CONNECTION_IDLE_TIMEOUT, an idle keep-alive one after KEEP_ALIVE_TIMEOUT;
 * - a cap (MAX_CONNECTIONS) on open connections. At the cap, a new
 *   connection is not refused while others are only waiting: the one that
 *   has waited longest makes room, an idle keep-alive connection first
 *   (its client simply opens another), else the one that has taken longest
 *   to send its request. Connections whose request is being answered and
 *   websockets are never dropped for a newcomer; when every connection is
 *   such, the newcomer is refused.
 *
 * So under a flood of slow connections a short request such as a health
 * check still gets through: it needs a place for a few milliseconds, and
 * the flood's oldest connection gives it one.
 */
import type { Server } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** What a connection is doing, as far as the cap is concerned. */
type Phase = 'receiving' | 'answering' | 'idle' | 'upgraded';

export interface ConnectionStats {
  open: number;
  /** Connections closed to make room for a newcomer. */
  evicted: number;
  /** Newcomers closed at once because no connection could make room. */
  refused: number;
}

export class ConnectionGuard {
  private readonly phases = new Map<Socket, Phase>();
  /** Waiting connections in the order they started waiting (Map keeps insertion order): the first is the oldest. */
  private readonly idle = new Map<Socket, true>();
  private readonly receiving = new Map<Socket, true>();
  private evicted = 0;
  private refused = 0;

  constructor(
    server: Server,
    private readonly maxConnections: number,
  ) {
    server.on('connection', (socket: Socket) => this.connected(socket));
    server.on('request', (request: { socket: Socket }, response: { once(event: 'finish', listener: () => void): unknown }) => {
      const { socket } = request;
      this.set(socket, 'receiving');
      response.once('finish', () => this.set(socket, 'idle'));
    });
    server.on('upgrade', (request: { socket: Socket }) => this.set(request.socket, 'upgraded'));
  }

  /** The request on this connection has arrived in full and is being answered. */
  answering(socket: Socket): void {
    this.set(socket, 'answering');
  }

  stats(): ConnectionStats {
    return { open: this.phases.size, evicted: this.evicted, refused: this.refused };
  }

  private connected(socket: Socket): void {
    if (this.phases.size >= this.maxConnections && !this.makeRoom()) {
      this.refused++;
      socket.destroy();
      return;
    }
    // A new connection is receiving its first request head.
    this.set(socket, 'receiving');
    socket.once('close', () => this.forget(socket));
  }

  /** Closes the longest-waiting connection; false when none is only waiting. */
  private makeRoom(): boolean {
    const oldest = this.idle.keys().next().value ?? this.receiving.keys().next().value;
    if (!oldest) return false;
    this.forget(oldest);
    this.evicted++;
    oldest.destroy();
    return true;
  }

  private set(socket: Socket, phase: Phase): void {
    if (socket.destroyed) return;
    this.idle.delete(socket);
    this.receiving.delete(socket);
    this.phases.set(socket, phase);
    if (phase === 'idle') this.idle.set(socket, true);
    else if (phase === 'receiving') this.receiving.set(socket, true);
  }

  private forget(socket: Socket): void {
    this.phases.delete(socket);
    this.idle.delete(socket);
    this.receiving.delete(socket);
  }
}

/** Connections whose current request is a long upload (see allowLongRequest). */
const longRequests = new WeakSet<Socket>();

/**
 * Lifts the whole-request limit (REQUEST_TIMEOUT) from one request, an
 * upload that may take longer than any fixed limit; the idle limit stays, so
 * an upload on which no byte arrives for CONNECTION_IDLE_TIMEOUT is still
 * closed. Call it before the body is read: from an onRequest hook, or a
 * preHandler of a route whose handler streams its body (then only callers
 * that passed authentication are exempted).
 */
export function allowLongRequest(request: FastifyRequest, reply: FastifyReply): void {
  const socket = request.raw.socket;
  longRequests.add(socket);
  reply.raw.once('close', () => longRequests.delete(socket));
}

/** How long the rest of a refused request's body is read and dropped before its connection is closed. */
export const REFUSED_BODY_GRACE_MS = 5000;

/**
 * Lets the answer to a request refused before its body arrived reach a
 * client that is still sending it (docs/SECURITY.md, "Files"). Closing the
 * connection as soon as the answer is written would make the kernel answer
 * the bytes still coming with a reset, which can destroy the answer before
 * the client reads it (a browser then shows a network error, not the
 * refusal). So the connection is closed in stages, as RFC 9112 advises:
 * the answer says `Connection: close`, the server half-closes once it is
 * written (the client sees its end), and goes on reading the rest of the
 * body and dropping it until the client closes its side, or for
 * REFUSED_BODY_GRACE_MS at most. Call it before the refusal is sent.
 */
export function lingerAfterRefusal(request: FastifyRequest, reply: FastifyReply, graceMs = REFUSED_BODY_GRACE_MS): void {
  const incoming = request.raw;
  // A body received whole leaves nothing in flight to be reset.
  if (incoming.complete || incoming.destroyed) return;
  // Whatever was reading the body (a multipart parser) stops; the rest is dropped as it arrives.
  incoming.unpipe();
  incoming.resume();
  reply.header('connection', 'close');
  const socket = incoming.socket;
  // A request made within the process (Fastify's inject) has no connection to keep open or to close.
  if (!(socket instanceof Socket)) return;
  // Node ends a connection it does not keep with destroySoon() once the answer is written: a half-close, then a
  // full close as soon as that is out. Only the half-close is kept; the full close waits for the client or the timer.
  socket.destroySoon = () => socket.end();
  const cut = setTimeout(() => socket.destroy(), graceMs);
  cut.unref();
  socket.once('close', () => clearTimeout(cut));
}

/** Puts the cap on the app's server; a request whose body has been read counts as being answered. */
export function guardConnections(app: FastifyInstance, maxConnections: number): ConnectionGuard {
  // Node reports a request past REQUEST_TIMEOUT as a client error, which Fastify answers with 408 and a close:
  // passed on for every request but the long ones.
  const handlers = app.server.listeners('clientError') as Array<(error: NodeJS.ErrnoException, socket: Socket) => void>;
  app.server.removeAllListeners('clientError');
  app.server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT' && longRequests.has(socket)) return;
    for (const handler of handlers) handler(error, socket);
  });
  const guard = new ConnectionGuard(app.server, maxConnections);
  // preValidation runs once the body (if any) is parsed: from then on the server, not the client, holds the connection.
  app.addHook('preValidation', async (request) => guard.answering(request.raw.socket));
  return guard;
}
