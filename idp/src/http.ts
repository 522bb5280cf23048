import type { KoaContext } from 'oidc-provider';

/** Largest form body the provider's own endpoints read (oidc-provider's limit is 56 KiB too). */
const FORM_LIMIT = 56 * 1024;

/** Reads an application/x-www-form-urlencoded body (an empty one for any other type). */
export async function readForm(ctx: KoaContext): Promise<URLSearchParams> {
  if (!ctx.is('application/x-www-form-urlencoded')) return new URLSearchParams();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > FORM_LIMIT) throw Object.assign(new Error('request entity too large'), { status: 413, expose: true });
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** The client id and secret of HTTP Basic authentication; Okta's libraries send `Basic base64(clientId)` for public clients. */
export function basicCredentials(ctx: KoaContext): { clientId: string; secret: string | undefined } | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(ctx.get('authorization'));
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon === -1) return { clientId: decoded, secret: undefined };
  try {
    return { clientId: decodeURIComponent(decoded.slice(0, colon)), secret: decodeURIComponent(decoded.slice(colon + 1)) };
  } catch {
    return undefined;
  }
}

/** The bearer token of the Authorization header, if any. */
export function bearerToken(ctx: KoaContext): string | undefined {
  return /^Bearer\s+(\S+)$/i.exec(ctx.get('authorization'))?.[1];
}

export function json(ctx: KoaContext, status: number, body: unknown): void {
  ctx.status = status;
  ctx.set('Cache-Control', 'no-store');
  ctx.body = body;
}

export function html(ctx: KoaContext, status: number, body: string): void {
  ctx.status = status;
  ctx.type = 'html';
  ctx.set('Cache-Control', 'no-store');
  ctx.body = body;
}

/**
 * CORS for the provider's own endpoints: a request from an allowed origin
 * (the clients' web origins) may read the answer, with cookies when
 * `credentials`. Answers a preflight itself and returns true then.
 */
export function cors(ctx: KoaContext, allowed: ReadonlySet<string>, methods: string, credentials = false): boolean {
  ctx.vary('Origin');
  const origin = ctx.get('origin');
  if (!origin || !allowed.has(origin)) {
    if (ctx.method === 'OPTIONS') {
      ctx.status = 403;
      return true;
    }
    return false;
  }
  ctx.set('Access-Control-Allow-Origin', origin);
  if (credentials) ctx.set('Access-Control-Allow-Credentials', 'true');
  if (ctx.method !== 'OPTIONS') return false;
  ctx.set('Access-Control-Allow-Methods', methods);
  const requested = ctx.get('access-control-request-headers');
  if (requested) ctx.set('Access-Control-Allow-Headers', requested);
  ctx.set('Access-Control-Max-Age', '600');
  ctx.status = 204;
  return true;
}
