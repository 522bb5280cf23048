/**
 * Security headers of every answer (docs/SECURITY.md, "Content Security
 * Policy"): a strict Content-Security-Policy that fits what the web client
 * really does, no MIME sniffing, no referrer to other sites, no framing by
 * other sites, a window of its own, no loading by other sites' pages, none
 * of the powerful browser features the product does not use, nothing kept
 * in a cache unless the answer says how, and HTTPS only once it was used.
 * An answer that sets a stricter policy of its own (stored files are
 * sandboxed: announcements/routes.ts, vfs/download.ts) keeps it.
 */
import { HOME_FRAME_STYLE_HASH } from '@atrium/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ContentHost } from './contentHost.js';

/** The paths of the code a page may run and the style sheets it may apply: the client build's files and the registered packages'. */
export const CODE_PATHS = ['/assets/', '/packages/'] as const;

export interface PagePolicyOptions {
  /**
   * Origins the application's pages are reached at (PUBLIC_URL's, and the
   * request's own): a source with a path must name its origin.
   */
  origins: readonly string[];
  /** Further origins the page may connect to (the identity provider's). */
  connect?: readonly string[];
  /** The origin of file contents (CONTENT_URL), whose media the page plays. */
  contentOrigin?: string | null;
}

/**
 * The policy of the application's pages, one directive per line of the
 * documentation:
 * - scripts and styles only from the client build's files (/assets/...)
 *   and the registered packages' (/packages/...): no inline script, no
 *   eval, no inline <style>, and nothing else this server answers (a stored
 *   file above all). React's style props are set through the DOM, which a
 *   policy does not restrict. One inline stylesheet is allowed by its hash:
 *   the home widget's frame's (shared's HOME_FRAME_STYLESHEET), whose
 *   document keeps this policy (docs/SECURITY.md#home-widget-html);
 * - images from this server, data: (the icons of the stylesheets) and any
 *   http(s) address, since the login page's logo and backgrounds and a
 *   user's desktop background may be pictures on another site;
 * - frames of this server and of any http(s) address: the Viewer shows
 *   organisation pages in sandboxed frames, Preview PDF files;
 * - media (announcement videos, Preview's video and audio) from this server
 *   and the content origin; fonts, fetch and websockets only from this
 *   server ('self' covers ws:/wss: to the same host), and, with an external
 *   sign-in type, the identity provider's origin (its library redeems the
 *   code, renews the tokens and ends the session there);
 * - no plugins, no <base>, forms post only here, and only this server's
 *   own pages may frame it.
 */
export function contentSecurityPolicy(options: PagePolicyOptions): string {
  const code = options.origins.flatMap((origin) => CODE_PATHS.map((path) => `${origin}${path}`)).join(' ');
  return [
    "default-src 'self'",
    `script-src ${code}`,
    `style-src ${code} ${HOME_FRAME_STYLE_HASH}`,
    "img-src 'self' data: https: http:",
    ["media-src 'self'", ...(options.contentOrigin ? [options.contentOrigin] : [])].join(' '),
    "font-src 'self'",
    ["connect-src 'self'", ...(options.connect ?? [])].join(' '),
    "frame-src 'self' https: http:",
    "worker-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/**
 * Browser features the product uses, for its own pages only: fullscreen
 * (video and PDF), writing the clipboard (Copy in error dialogs), sounds,
 * and picture-in-picture of a video. Every other powerful feature is off,
 * for the page and every frame in it.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=(self)',
  'bluetooth=()',
  'camera=()',
  'clipboard-read=()',
  'clipboard-write=(self)',
  'display-capture=()',
  'encrypted-media=()',
  'fullscreen=(self)',
  'gamepad=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'local-fonts=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'picture-in-picture=(self)',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'web-share=()',
  'xr-spatial-tracking=()',
].join(', ');

/** HTTPS only, for a year, once a browser has reached the product over HTTPS (subdomains are the operator's business). */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

/** A host as a Host header may name it: a DNS name or IPv4 address, or a bracketed IPv6 address, and a port. */
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The origin a request reached this server at (behind a trusted proxy, the
 * forwarded scheme and host), or null when its Host is not a plain host
 * name: it is written into a header, so nothing else may pass.
 */
export function requestOrigin(request: FastifyRequest): string | null {
  const host = request.host;
  return typeof host === 'string' && HOST.test(host) ? `${request.protocol}://${host.toLowerCase()}` : null;
}

export interface SecurityHeaderOptions {
  /** PUBLIC_URL: the pages' origin whatever the request says, and whether HTTPS is in use. */
  publicUrl: string;
  /** Origins the page may connect to besides this server. */
  connect?: readonly string[];
  /** The content origin, when one is configured: its answers get the headers of file contents. */
  contentHost?: ContentHost | null;
}

/** Policies by the origin a request reached: there are only ever a few. */
const MAX_CACHED_POLICIES = 32;

/** Adds the headers to every answer sent by the app (hooks apply to routes registered after this). */
export function installSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): void {
  const publicOrigin = new URL(options.publicUrl).origin;
  const contentHost = options.contentHost ?? null;
  const base = { connect: options.connect, contentOrigin: contentHost?.origin ?? null };
  const publicPolicy = contentSecurityPolicy({ ...base, origins: [publicOrigin] });
  const policies = new Map<string, string>();
  const policyFor = (request: FastifyRequest): string => {
    const origin = requestOrigin(request);
    if (!origin || origin === publicOrigin) return publicPolicy;
    let policy = policies.get(origin);
    if (!policy) {
      policy = contentSecurityPolicy({ ...base, origins: [origin, publicOrigin] });
      if (policies.size < MAX_CACHED_POLICIES) policies.set(origin, policy);
    }
    return policy;
  };
  const https = publicOrigin.startsWith('https:');

  // A callback hook, not an async one: it runs on every answer, and a promise per answer costs throughput.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (https) reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    // Answers that say nothing of caching (the API's: tokens, signed addresses, profiles) are kept nowhere.
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    if (contentHost?.matches(request)) {
      contentHost.secure(reply);
    } else {
      if (!reply.hasHeader('cross-origin-resource-policy')) reply.header('cross-origin-resource-policy', 'same-origin');
      if (!reply.hasHeader('x-frame-options')) reply.header('x-frame-options', 'SAMEORIGIN');
      if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', policyFor(request));
    }
    done(null, payload);
  });
}
