/**
 * The web client: the files of the client build (`web/dist`, or WEB_ROOT),
 * each answered from the `.br` or `.gz` file the build wrote beside it when
 * the browser accepts that encoding, with the caching rules of
 * docs/PERFORMANCE.md; index.html for the client-side addresses; a 503 page
 * while the client is not built.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export interface WebClientOptions {
  /** The folder of the client build, holding index.html and assets/. */
  root: string;
  /** Address prefixes of the API: an unknown address there is a 404, never the page. */
  apiPrefixes: readonly string[];
}

/** Hashed build output: its name changes with its content, so a copy never goes stale. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The page and configuration: always revalidated, so a new build is seen at the next load. */
export const REVALIDATE = 'no-cache';
/** Unhashed files of web/public (logo, backgrounds): kept for an hour. */
export const SHORT = 'public, max-age=3600';

/** `assets/<name>-<8-character hash>.<ext>` (and its source map), as Vite names its output. */
const HASHED = /^assets\/[^/]+-[\w-]{8}\.[a-z0-9]+(\.map)?$/i;

/** The Cache-Control value of a file of the build, by its path relative to the root. */
export function cacheControlFor(relativePath: string): string {
  const file = relativePath.split(path.sep).join('/').replace(/^\/+/, '');
  if (HASHED.test(file)) return IMMUTABLE;
  if (file === 'index.html' || file.endsWith('/index.html')) return REVALIDATE;
  return SHORT;
}

/** The encodings the build writes beside its files, in order of preference. */
const ENCODINGS = [
  { name: 'br', extension: '.br' },
  { name: 'gzip', extension: '.gz' },
] as const;

/** Whether an Accept-Encoding header accepts an encoding (listed, or `*`, with a non-zero q). */
export function acceptsEncoding(header: string | undefined, encoding: string): boolean {
  if (!header) return false;
  let wildcard = false;
  for (const part of header.toLowerCase().split(',')) {
    const [token = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const accepted = !q || Number(q.slice(2)) > 0;
    if (token.trim() === encoding) return accepted;
    if (token.trim() === '*') wildcard = accepted;
  }
  return wildcard;
}

/**
 * Serves the web client: register `plugin` with the app, and pass
 * `fallback` to the not-found handler (installErrorHandler) so that a
 * browser asking for a page at a client-side address (#forgotpassword,
 * ?resetpassword=..., /privacy-policy) gets index.html.
 */
export function webClient(options: WebClientOptions) {
  const indexHtml = path.join(options.root, 'index.html');
  const built = fs.existsSync(indexHtml);

  /** index.html, precompressed when the browser accepts it, never cached stale. */
  function sendIndex(request: FastifyRequest, reply: FastifyReply): void {
    const accept = request.headers['accept-encoding'];
    const encoding = ENCODINGS.find((e) => acceptsEncoding(accept, e.name) && fs.existsSync(indexHtml + e.extension));
    void reply.type('text/html; charset=utf-8').header('cache-control', REVALIDATE).header('vary', 'accept-encoding');
    if (encoding) void reply.header('content-encoding', encoding.name);
    void reply.send(fs.createReadStream(encoding ? indexHtml + encoding.extension : indexHtml));
  }

  /** Answers a GET for a page outside the API with the client; false for everything else (a 404 then). */
  function fallback(request: FastifyRequest, reply: FastifyReply): boolean {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = options.apiPrefixes.some((p) => pathname === p || pathname.startsWith(`${p}/`));
    if (request.method !== 'GET' || isApi || !request.headers.accept?.includes('text/html')) return false;
    if (built) sendIndex(request, reply);
    else void reply.code(503).type('text/plain; charset=utf-8').header('cache-control', REVALIDATE).send('The web client is not built yet: run `npm run build`, then reload.');
    return true;
  }

  async function plugin(app: FastifyInstance): Promise<void> {
    if (!built) return;
    await app.register(fastifyStatic, {
      root: options.root,
      // One route per file of the build (read at start): an unknown address goes to the not-found handler.
      wildcard: false,
      index: ['index.html'],
      // The .br and .gz files are chosen by Accept-Encoding, never addressed themselves.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        void reply.header('cache-control', cacheControlFor(path.relative(options.root, filePath).replace(/\.(br|gz)$/, '')));
      },
    });
  }

  return { built, fallback, plugin };
}
