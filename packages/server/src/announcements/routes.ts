/** Content routes under the versioned API base (docs/API.md#content). */
import { AccountLogoParams, AnnouncementParams, CLIENT_LOG_MAX_MESSAGE, LogEntryBody, Messages, ResourceParams } from '@atrium/shared';
import fs from 'node:fs';
import { buffer } from 'node:stream/consumers';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, ok, parse } from '../http/reply.js';
import { askedColorScheme, withColorScheme, type PageColorScheme } from '../resources/pageColorScheme.js';
import type { ResourceService } from '../resources/ResourceService.js';
import type { AuthService } from '../auth/AuthService.js';
import type { ContentService } from './ContentService.js';

const defaultLogo = new URL('../../assets/default-logo.svg', import.meta.url);

/**
 * Public pictures and media (no token): pages of other origins may load
 * them (CORS_ORIGINS' front ends show the profile's pictures and the
 * announcements' media; docs/COMPATIBILITY.md#resources).
 */
const LOADABLE_ANYWHERE = 'cross-origin';

/**
 * Sends a stored file with headers that keep a hostile upload inert; a page
 * asked for a colour scheme has it set on its root element (pageColorScheme.ts).
 */
async function sendResource(resources: ResourceService, id: string, reply: FastifyReply, scheme: PageColorScheme | null = null) {
  const found = await resources.open(id);
  if (!found) throw new HttpError(404, Messages.resourceNotFound, 'resource.not-found');
  const page = scheme && found.record.mime.startsWith('text/html') ? Buffer.from(withColorScheme((await buffer(found.stream)).toString('utf8'), scheme)) : null;
  return reply
    .header('content-type', found.record.mime)
    .header('content-length', page ? page.length : found.record.size)
    .header('cache-control', 'public, max-age=86400, immutable')
    .header('x-content-type-options', 'nosniff')
    .header('cross-origin-resource-policy', LOADABLE_ANYWHERE)
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
    .send(page ?? found.stream);
}

/** Replaces control characters (new lines included) so a client cannot forge log lines. */
export function neutralizeControlCharacters(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * Stored files under the wrapper's base address as well: `{wrapper}/resource/{id}`
 * is where an announcement's media is fetched from (docs/COMPATIBILITY.md#resources).
 */
export function wrapperResourceRoutes(services: { resources: ResourceService }) {
  return async (app: FastifyInstance) => {
    app.get('/resource/:id', resourceHandler(services));
  };
}

/** GET of a stored file by the id in the address, at either of its two paths. */
function resourceHandler(services: { resources: ResourceService }) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const { id } = parse(ResourceParams, request.params);
    return sendResource(services.resources, id, reply, askedColorScheme(request.query));
  };
}

export function contentRoutes(services: { content: ContentService; resources: ResourceService; auth: Pick<AuthService, 'authenticate'> }, limits: { logger: number; loggerBody: number }) {
  return async (app: FastifyInstance) => {
    app.get('/homescreen/announcement/:host', async (request) => {
      const { host } = parse(AnnouncementParams, request.params);
      return ok(await services.content.announcementsFor(host));
    });

    app.get('/homescreen/privacy-policy/:host', async (request) => {
      const { host } = parse(AnnouncementParams, request.params);
      return ok(await services.content.privacyPolicyFor(host));
    });

    app.get('/resources/:id', resourceHandler(services));

    app.get('/account/logo/:accountId', async (request, reply) => {
      const { accountId } = parse(AccountLogoParams, request.params);
      const logo = await services.content.logoOf(accountId);
      if (!logo) throw new HttpError(404, Messages.accountNotFound, 'account.not-found');
      if (logo.resourceId) return sendResource(services.resources, logo.resourceId, reply);
      return reply.header('content-type', 'image/svg+xml').header('cache-control', 'public, max-age=3600').header('cross-origin-resource-policy', LOADABLE_ANYWHERE).send(fs.createReadStream(defaultLogo));
    });

    app.post('/logger', { bodyLimit: limits.loggerBody, config: { rateLimit: { max: limits.logger, timeWindow: 60_000 } } }, async (request) => {
      const entry = parse(LogEntryBody, request.body);
      const auth = await services.auth.authenticate(request.headers.authorization);
      const message = neutralizeControlCharacters(entry.message.slice(0, CLIENT_LOG_MAX_MESSAGE));
      const level = entry.level === 'log' ? 'info' : entry.level;
      request.log[level]({ event: 'client.log', client: true, userId: auth.ok ? auth.auth.user.id : null, truncated: entry.message.length > CLIENT_LOG_MAX_MESSAGE }, message);
      return { status: 'success', data: null };
    });
  };
}
