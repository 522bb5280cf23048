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

/**
 * Properties of an error that carry the values of a database query (the
 * user's input, password hashes, token hashes): Drizzle's `params`, and
 * PostgreSQL's `detail` ("Key (username)=(...) already exists"), `where`
 * and `internalQuery`. They are never logged.
 */
const VALUE_PROPERTIES = new Set(['params', 'parameters', 'values', 'detail', 'where', 'internalQuery', 'internalPosition']);
/** PostgreSQL's (and PGlite's) errors: a five-character SQLSTATE and a severity. */
const isDatabaseError = (e: Record<string, unknown>) => typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && typeof e.severity === 'string';
const MAX_CAUSES = 5;

/**
 * An error message without query values: Drizzle appends "params: ..." to
 * the failed query, and PostgreSQL quotes the offending input at the end of
 * some messages (`invalid input syntax for type uuid: "..."`).
 */
function scrubMessage(message: string, database: boolean): string {
  const withoutParams = message.replace(/\nparams: [\s\S]*$/, '');
  return database ? withoutParams.replace(/: "[\s\S]*"$/, ': "[redacted]"') : withoutParams;
}

/**
 * The `err` serializer of every log line: type, message, stack, code and
 * the other plain properties of an error and its causes, without anything
 * that holds query values (see VALUE_PROPERTIES and scrubMessage). A
 * database error can therefore never put what a user typed, or a hash or
 * token, in the logs (docs/SECURITY.md, "Logs").
 */
export function serializeError(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error)) return err;
  const fields = err as Error & Record<string, unknown>;
  const database = isDatabaseError(fields);
  const message = scrubMessage(err.message, database);
  const out: Record<string, unknown> = {
    type: err.constructor.name || err.name,
    message,
    stack: err.stack?.replace(err.message, message),
  };
  for (const [key, value] of Object.entries(fields)) {
    if (key in out || key === 'cause' || VALUE_PROPERTIES.has(key)) continue;
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) out[key] = value;
  }
  if (err.cause !== undefined && depth < MAX_CAUSES) out.cause = serializeError(err.cause, depth + 1);
  if (err instanceof AggregateError && depth < MAX_CAUSES) out.aggregateErrors = err.errors.map((e: unknown) => serializeError(e, depth + 1));
  return out;
}

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      req(request: FastifyRequest) {
        return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
      },
      err: (err: unknown) => serializeError(err),
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
