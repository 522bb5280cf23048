/**
 * The content origin (docs/SECURITY.md, "Stored files"): with CONTENT_URL
 * set, a second address that reaches this same server, such as
 * https://files.atrium.example. File entries' signed addresses are absolute
 * under it, so a file's content is never a document, script or style sheet
 * of the application's origin. A request arriving there is answered only
 * for signed content, GET or HEAD {api}/file/{id}/data with its `token`;
 * anything else is a 404, never the web client or the API.
 */
import { Messages } from '@atrium/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fail } from './reply.js';

type Parsed = { ok: true; value: string | null } | { ok: false; error: string };

/**
 * Reads CONTENT_URL: an absolute http(s) origin without a path, another
 * origin than PUBLIC_URL's, and HTTPS when PUBLIC_URL is (an HTTPS page
 * would not load plain HTTP media).
 */
export function parseContentUrl(value: string | undefined, publicUrl: string): Parsed {
  if (value === undefined) return { ok: true, value: null };
  const example = 'an origin like https://files.atrium.example (a scheme, a host and a port, no path)';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, error: `${value} is not ${example}` };
  }
  const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password && !/[?#]$/.test(value);
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !bare) return { ok: false, error: `${value} is not ${example}` };
  const application = new URL(publicUrl);
  if (url.origin === application.origin) return { ok: false, error: 'must be another origin than PUBLIC_URL (another host name, e.g. files.<your domain>)' };
  if (application.protocol === 'https:' && url.protocol !== 'https:') return { ok: false, error: 'must be an https address, since PUBLIC_URL is' };
  return { ok: true, value: url.origin };
}

/** The content origin's requests and the headers of their answers. */
export interface ContentHost {
  /** The origin, e.g. https://files.atrium.example. */
  readonly origin: string;
  /** Whether a request arrived at the content origin (its Host, behind a trusted proxy the forwarded one). */
  matches(request: FastifyRequest): boolean;
  /** Headers of an answer there: other origins may load it, only the application's pages may frame it. */
  secure(reply: FastifyReply): void;
  /** Answers every request of the content origin that is not signed content with a 404. */
  install(app: FastifyInstance): void;
}

/**
 * The content origin of CONTENT_URL, for an application at `publicUrl` whose
 * versioned API is under `apiPrefix`; null when none is configured.
 */
export function contentHost(origin: string | null, options: { publicUrl: string; apiPrefix: string }): ContentHost | null {
  if (!origin) return null;
  const host = new URL(origin).host;
  const fileData = new RegExp(`^${options.apiPrefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/file/[^/?]+/data$`);
  // The answers are files, whatever their type: nothing runs in them, and they may be framed by the application only (PDF in Preview).
  const policy = `default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors ${new URL(options.publicUrl).origin}`;
  const matches = (request: FastifyRequest) => typeof request.host === 'string' && request.host.toLowerCase() === host;
  return {
    origin,
    matches,
    secure(reply) {
      // The application's page is another origin: it may load these (the signed token in the address is what guards them).
      reply.header('cross-origin-resource-policy', 'cross-origin');
      reply.removeHeader('x-frame-options');
      if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', policy);
    },
    install(app) {
      app.addHook('onRequest', (request, reply, done) => {
        if (!matches(request)) return done();
        const [path = '', query = ''] = request.url.split('?', 2);
        const signed = new URLSearchParams(query).has('token') && !request.headers.authorization;
        if ((request.method === 'GET' || request.method === 'HEAD') && signed && fileData.test(path) && !request.headers.upgrade) return done();
        // A websocket's upgrade is refused before the websocket plugin has seen it: its connection is this hook's to end.
        if (request.headers.upgrade) reply.raw.once('finish', () => request.raw.socket.destroy());
        void reply.code(404).send(fail(Messages.notFound, 'request.not-found'));
      });
    },
  };
}
