/**
 * Log options: structured JSON lines from pino, with anything that could be
 * a secret removed before it is written (headers, token and password fields,
 * and secret-looking query parameters in request addresses).
 */
import type { FastifyRequest } from 'fastify';
import type { LoggerOptions } from 'pino';

const SECRET_PARAMS = /^(jwt|token|access_token|refresh_token|id_token|code|password|resetpassword|password_reset_code|state|nonce|session_state)$/i;

/** The signed token in the address of a registered package's file (/packages/<token>/<name>/...). */
const PACKAGE_FILE_TOKEN = /^\/packages\/[^/?]+\//;

/**
 * A request address with the values of secret-looking query parameters
 * replaced, and the signed token of a package file address.
 */
export function redactUrl(rawUrl: string): string {
  const url = rawUrl.replace(PACKAGE_FILE_TOKEN, '/packages/[redacted]/');
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // keep the raw name
      }
      return eq >= 0 && SECRET_PARAMS.test(decoded) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, q)}?${params.join('&')}`;
}

export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'password',
  'new_password',
  'confirm_password',
  'password_reset_code',
  'jwt',
  'refresh_token',
  'access_token',
  '*.password',
  '*.jwt',
  '*.refresh_token',
  '*.access_token',
];

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      req(request: FastifyRequest) {
        return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
      },
    },
  };
}

/** The logging surface services use; pino's and Fastify's loggers both fit. */
export interface Log {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}
