/**
 * Cross-origin access (docs/COMPATIBILITY.md#cross-origin): off unless
 * CORS_ORIGINS lists the origins of the pages that may call this server from
 * elsewhere (a front end served by another host). Those pages send their
 * credentials, so the answer names the one origin that asked, never a
 * wildcard; preflights are answered here and cached by the browser for
 * CORS_MAX_AGE seconds. Any other origin gets no cross-origin header, so its
 * page cannot read an answer.
 */
import { Messages } from '@atrium/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fail } from './reply.js';

export interface CorsSettings {
  /** Exact origins (scheme, host, port), normalised; empty: no cross-origin access. */
  origins: string[];
  /** Seconds a browser may keep a preflight's answer. */
  maxAge: number;
}

const METHODS = 'GET, HEAD, POST, PUT, DELETE';
/** Headers a page may read besides the simple ones: a download's name and its ranges, a refusal's wait. */
const EXPOSED = 'content-disposition, content-length, content-range, accept-ranges, retry-after';
/** A list of header names, as a preflight asks for them (anything else is not echoed). */
const HEADER_LIST = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+(?:\s*,\s*[A-Za-z0-9!#$%&'*+.^_`|~-]+)*$/;

type Parsed = { ok: true; value: string[] } | { ok: false; error: string };

/** Reads CORS_ORIGINS's entries: each an http(s) origin without a path; '*' and 'null' are refused. */
export function parseCorsOrigins(entries: string[]): Parsed {
  const origins: string[] = [];
  for (const entry of entries) {
    if (entry === '*') return { ok: false, error: 'a wildcard cannot be used: answers carry credentials, so list each origin (e.g. https://eos.example.org)' };
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      return { ok: false, error: `${entry} is not an origin like https://eos.example.org` };
    }
    const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password && !entry.endsWith('?') && !entry.endsWith('#');
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !bare) {
      return { ok: false, error: `${entry} is not an origin like https://eos.example.org (a scheme, a host and a port, no path)` };
    }
    if (!origins.includes(url.origin)) origins.push(url.origin);
  }
  return { ok: true, value: origins };
}

/** True when a page of this origin may call the API (the settings' exact list). */
export function isCorsOrigin(settings: CorsSettings, origin: string | undefined): origin is string {
  return origin !== undefined && settings.origins.includes(origin);
}

/**
 * Answers preflights and adds the cross-origin headers to the answers of the
 * listed origins. Installed before any route, so that every answer, a refusal
 * or a 404 included, carries them.
 */
export function installCors(app: FastifyInstance, settings: CorsSettings): void {
  if (settings.origins.length === 0) return;

  app.addHook('onRequest', (request, reply, done) => {
    reply.header('vary', 'Origin');
    const origin = request.headers.origin;
    if (isCorsOrigin(settings, origin)) {
      reply.header('access-control-allow-origin', origin);
      reply.header('access-control-allow-credentials', 'true');
      reply.header('access-control-expose-headers', EXPOSED);
    }
    done();
  });

  // Every path answers OPTIONS: a preflight asks before the call it announces.
  app.options('*', (request: FastifyRequest, reply: FastifyReply) => {
    const asked = request.headers['access-control-request-method'];
    if (typeof asked !== 'string') return reply.code(204).header('allow', `${METHODS}, OPTIONS`).send();
    if (!isCorsOrigin(settings, request.headers.origin)) {
      request.log.info({ event: 'cors.refused', origin: request.headers.origin }, 'cross-origin preflight from an origin not listed');
      return reply.code(403).send(fail(Messages.originNotAllowed, 'request.origin'));
    }
    const headers = request.headers['access-control-request-headers'];
    reply.header('access-control-allow-methods', METHODS);
    if (typeof headers === 'string' && HEADER_LIST.test(headers.trim())) reply.header('access-control-allow-headers', headers.trim());
    return reply.code(204).header('access-control-max-age', String(settings.maxAge)).send();
  });
}
