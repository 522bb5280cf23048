import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { loggerOptions, redactUrl, serializeError } from '../../src/logger.js';

describe('redactUrl', () => {
  it('leaves an address without a query alone', () => {
    expect(redactUrl('/api/v1/user/me')).toBe('/api/v1/user/me');
  });

  it('redacts the signed token of a package file address', () => {
    expect(redactUrl('/packages/1790000000.0b6f7c1e-8f0e-4a51-9d55-2f7a9b3c4d5e.mac_-x/Timesheets/main.js?v=1')).toBe('/packages/[redacted]/Timesheets/main.js?v=1');
    expect(redactUrl('/api/v1/packages/manifest')).toBe('/api/v1/packages/manifest');
  });

  it.each(['jwt', 'token', 'access_token', 'refresh_token', 'id_token', 'code', 'password', 'resetpassword', 'password_reset_code', 'state', 'nonce', 'session_state'])(
    'redacts the value of %s',
    (name) => {
      expect(redactUrl(`/x?${name}=s3cret`)).toBe(`/x?${name}=[redacted]`);
    },
  );

  it('redacts whatever the case of the name, and keeps the other parameters and their order', () => {
    expect(redactUrl('/?lang=de&ResetPassword=abc&page=2&JWT=xyz')).toBe('/?lang=de&ResetPassword=[redacted]&page=2&JWT=[redacted]');
  });

  it('recognises percent-encoded names', () => {
    expect(redactUrl('/?%72esetpassword=abc')).toBe('/?%72esetpassword=[redacted]');
  });

  it('does not redact names that merely contain a secret-looking word', () => {
    expect(redactUrl('/?zipcode=123&codes=1&mytoken=2')).toBe('/?zipcode=123&codes=1&mytoken=2');
  });

  it('survives malformed encodings and names without values', () => {
    expect(redactUrl('/?%E0%A4%A=1&code=x&flag')).toBe('/?%E0%A4%A=1&code=[redacted]&flag');
  });
});

describe('serializeError', () => {
  /** What Drizzle throws for a failed query: the SQL, its values, and the driver's error as cause. */
  function failedQuery(): Error {
    const cause = Object.assign(new Error('invalid input syntax for type uuid: "typed-secret"'), {
      code: '22P02',
      severity: 'ERROR',
      detail: 'Key (username)=(typed-secret) already exists.',
      where: 'unnamed portal parameter $1 = typed-secret',
      routine: 'string_to_uuid',
    });
    const error = new Error('Failed query: select "id" from "users" where "username" = $1\nparams: typed-secret,$argon2id$hash');
    return Object.assign(error, { query: 'select "id" from "users" where "username" = $1', params: ['typed-secret', '$argon2id$hash'], cause });
  }

  it('keeps the query, codes and stack of a failed query but none of its values, in the error or its causes', () => {
    const serialized = serializeError(failedQuery()) as Record<string, unknown> & { cause: Record<string, unknown> };
    const text = JSON.stringify(serialized);
    expect(text).not.toContain('typed-secret');
    expect(text).not.toContain('argon2id');
    expect(serialized).toMatchObject({ message: 'Failed query: select "id" from "users" where "username" = $1', query: 'select "id" from "users" where "username" = $1' });
    expect(serialized.stack).toContain('at ');
    expect(serialized.cause).toMatchObject({ code: '22P02', severity: 'ERROR', routine: 'string_to_uuid', message: 'invalid input syntax for type uuid: "[redacted]"' });
    expect(serialized.cause).not.toHaveProperty('detail');
    expect(serialized).not.toHaveProperty('params');
  });

  it('leaves other errors and values as they are', () => {
    const error = Object.assign(new Error('Could not connect: "db.internal"'), { code: 'ECONNREFUSED', port: 5432 });
    expect(serializeError(error)).toMatchObject({ type: 'Error', message: 'Could not connect: "db.internal"', code: 'ECONNREFUSED', port: 5432 });
    expect(serializeError('text')).toBe('text');
  });

  it('is the serializer of every logged error', () => {
    const lines: string[] = [];
    const log = pino({ ...loggerOptions('info') }, { write: (line: string) => void lines.push(line) });
    log.error({ err: failedQuery() }, 'request failed');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('Failed query');
    expect(lines[0]).not.toContain('typed-secret');
  });
});
