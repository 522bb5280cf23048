/** The package manifest (docs/API.md#packages) and the files of registered packages. */
import fs from 'node:fs';
import { Messages, PackageName, type PackageManifestEntry } from '@atrium/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { callerOf, type Authenticate } from '../http/authenticate.js';
import { HttpError, ok } from '../http/reply.js';
import type { PackageService } from './PackageService.js';

/** GET {api}/packages/manifest: the packages the caller may see. */
export function packageRoutes({ packages, authenticate }: { packages: PackageService; authenticate: Authenticate }) {
  return async (app: FastifyInstance) => {
    app.addHook('preHandler', authenticate);
    app.get('/packages/manifest', async (request) => ok<PackageManifestEntry[]>(await packages.manifest(callerOf(request).userId)));
  };
}

const FileParams = z.object({
  token: z.string().max(200).regex(/^[A-Za-z0-9._-]+$/),
  name: PackageName,
  '*': z.string().max(1000),
});

/**
 * GET /packages/:token/:name/*, outside the API base and without a bearer
 * token (import() cannot send one): the signed token in the address says who
 * may load the file. Anything wrong is the same 404, so that the answer tells
 * nothing about which check failed.
 */
export function packageFileRoutes({ packages }: { packages: PackageService }) {
  return async (app: FastifyInstance) => {
    app.get('/packages/:token/:name/*', async (request, reply) => {
      const params = FileParams.safeParse(request.params);
      const file = params.success ? await packages.openFile(params.data.token, params.data.name, params.data['*']) : null;
      if (!file) throw new HttpError(404, Messages.notFound, 'package.not-found');
      const etag = `W/"${file.size.toString(16)}-${Math.floor(file.mtimeMs).toString(16)}"`;
      // Private: the address is one user's; revalidated each time, so a revoked grant takes effect at once.
      reply.header('cache-control', 'private, no-cache').header('etag', etag).header('x-content-type-options', 'nosniff');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.header('content-type', file.contentType).header('content-length', file.size).send(fs.createReadStream(file.path));
    });
  };
}
