/**
 * Security headers of every answer (docs/SECURITY.md, "Content Security
 * Policy"): a strict Content-Security-Policy that fits what the web client
 * really does, no MIME sniffing, no referrer to other sites, and no framing
 * by other sites. An answer that sets a stricter policy of its own (stored
 * files are sandboxed: announcements/routes.ts) keeps it.
 */
import type { FastifyInstance } from 'fastify';

/**
 * The policy of the application's pages, one directive per line of the
 * documentation:
 * - scripts and styles only from this server's own files (Vite's module
 *   scripts and stylesheets, and the registered packages' modules under
 *   /packages/...): no inline script, no eval, no inline <style>. React's
 *   style props are set through the DOM, which a policy does not restrict;
 * - images from this server, data: (the icons of the stylesheets) and any
 *   http(s) address, since the login page's logo and backgrounds and a
 *   user's desktop background may be pictures on another site;
 * - frames of this server and of any http(s) address: the Viewer shows
 *   organisation pages in sandboxed frames;
 * - media (announcement videos), fonts, fetch and websockets only from this
 *   server ('self' covers ws:/wss: to the same host), and, with an external
 *   sign-in type, the identity provider's origin (its library redeems the
 *   code, renews the tokens and ends the session there);
 * - no plugins, no <base>, forms post only here, and only this server's
 *   own pages may frame it.
 */
export function contentSecurityPolicy(options: { connect?: readonly string[] } = {}): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: https: http:",
    "media-src 'self'",
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

/** The policy with the built-in sign-in (nothing but this server to connect to). */
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

/** Adds the headers to every answer sent by the app (hooks apply to routes registered after this). */
export function installSecurityHeaders(app: FastifyInstance, policy: string = CONTENT_SECURITY_POLICY): void {
  // A callback hook, not an async one: it runs on every answer, and a promise per answer costs throughput.
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
    if (!reply.hasHeader('x-frame-options')) reply.header('x-frame-options', 'SAMEORIGIN');
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', policy);
    done(null, payload);
  });
}
