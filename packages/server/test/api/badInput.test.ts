/**
 * @module-tag postgres
 *
 * Generated malformed input to every endpoint the app registers: wrong
 * types, huge and deeply nested JSON, NUL bytes and lone surrogates, keys
 * named after built-in object members, malformed query strings and
 * percent-escapes, duplicate and odd headers, wrong content types and odd
 * path parameters, bodies in every encoding a browser sends (JSON,
 * urlencoded, multipart forms, JSON labelled text/plain) and broken ones,
 * multipart boundaries far too long, empty, quoted, odd or missing,
 * cross-origin preflights, signed in and not. Whatever arrives, the answer is never
 * a 5xx: bad input is the client's mistake (docs/API.md, error envelopes).
 *
 * The endpoints are collected as the app registers them, so a new endpoint
 * is exercised without touching this file.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import type { InjectOptions, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAccount, makeUser, signIn } from '../helpers/factories.js';
import { installDeclaration, LEAVE_DECLARATION } from '../helpers/records.js';
import { startIdentityProvider, type TestIdentityProvider } from '../helpers/identityProvider.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';

/** Generated requests per endpoint (and for the web client's files, all together). */
const RUNS_PER_ENDPOINT = 36;
const RUNS_FOR_FILES = 60;

interface Endpoint {
  method: string;
  url: string;
}

/** Strings that have broken servers: NUL, lone surrogates, built-in member names, escapes, path tricks. */
const SPECIAL_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff',
  'x\ud83d',
  '\ud83d\ude00',
  '\u2028',
  '\ufeff',
  '\u001b[31m',
  '\r\n',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  '__defineGetter__',
  'app.__proto__',
  'app.constructor',
  'app.toString',
  'desktop.toString',
  '../../etc/passwd',
  '..',
  '.',
  '%',
  '%00',
  '%zz',
  '\\',
  '/',
  "'; drop table users; --",
  '${jndi:x}',
  '<script>',
  'null',
  'true',
  '-1',
  '1e400',
  '00000000-0000-0000-0000-000000000000',
  'Bearer',
  'x'.repeat(300),
  'x'.repeat(5000),
];

/** Characters a database or a JSON parser may choke on, NUL the most often. */
const DANGEROUS_CHARACTERS = ['\u0000', '\u0000', '\u0000', '\ud800', '\udbff', '\udc00', '\udfff', '\u2028', '\ufeff', '\u001b'];
/** Keys that name built-in members of every object. */
const BUILT_IN_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', '__defineGetter__'];

const specialString = fc.constantFrom(...SPECIAL_STRINGS);
/** Ordinary text with a dangerous character somewhere in it. */
const textWithDanger = fc
  .tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...DANGEROUS_CHARACTERS), fc.string({ maxLength: 8 }))
  .map(([before, danger, after]) => `${before}${danger}${after}`);
const nastyString = fc.oneof(
  { weight: 4, arbitrary: textWithDanger },
  { weight: 3, arbitrary: specialString },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.array(specialString, { minLength: 2, maxLength: 4 }).map((parts) => parts.join('')) },
  { weight: 1, arbitrary: fc.uuid() },
);

/** Field names of the API's bodies, and some that only look like them. */
const FIELD_NAMES = [
  'username',
  'password',
  'jwt',
  'refresh_token',
  'password_reset_code',
  'new_password',
  'confirm_password',
  'level',
  'message',
  'accountId',
  'preferences',
  'Greetingmessage',
  'desktop.theme',
  'desktop.panel',
  'desktop.wallpaper',
  'locale',
  'app.Viewer',
  'app.NoSuchApp',
  'name',
  'params',
  'id',
];
const fieldName = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...FIELD_NAMES) },
  { weight: 2, arbitrary: fc.constantFrom(...BUILT_IN_KEYS) },
  { weight: 1, arbitrary: textWithDanger },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
);

/** Values put, one at a time, in each field of each well-formed body before any random request. */
const FIELD_VALUES: unknown[] = [
  ...DANGEROUS_CHARACTERS.slice(2).map((c) => `a${c}b`),
  '\u0000',
  ...BUILT_IN_KEYS,
  '',
  'x'.repeat(5000),
  0,
  -1,
  1e308,
  true,
  null,
  [],
  ['a'],
  {},
  { ['__proto__']: { polluted: true } },
];

/** Any JSON value, its strings drawn from the nasty ones. */
const { value: jsonValue } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    nastyString,
    fc.constantFrom(null, true, false, 0, -1, 1.5, 2 ** 53, -(2 ** 31), 1e308),
    fc.integer(),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.array(fc.tuple(fieldName, tie('value')), { maxLength: 5 }),
  ),
}));

/** JSON text of a value; arrays of [key, value] pairs become objects with exactly those keys (own `__proto__` too). */
function jsonText(value: unknown, asObject = true): string {
  if (Array.isArray(value)) {
    const pairs = value.every((v) => Array.isArray(v) && v.length === 2 && typeof v[0] === 'string');
    if (pairs && asObject) return `{${(value as Array<[string, unknown]>).map(([k, v]) => `${JSON.stringify(k)}:${jsonText(v)}`).join(',')}}`;
    return `[${value.map((v) => jsonText(v)).join(',')}]`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Percent-escapes every byte of a string's UTF-8 form but the unreserved characters. */
function percent(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((b) => (/[A-Za-z0-9._~-]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).padStart(2, '0').toUpperCase()}`))
    .join('');
}

/** Escapes no UTF-8 encoder would write: a lone surrogate, overlong forms, truncated sequences, bad hex. */
const RAW_ESCAPES = ['%ED%A0%80', '%C0%AF', '%C0%80', '%E2%82', '%FF', '%', '%2', '%zz', '%00', '%2e%2e', '%2F', '%5C', '%252e'];
const urlPart = fc.oneof(
  nastyString.map(percent),
  fc.constantFrom(...RAW_ESCAPES),
  fc.array(fc.oneof(fc.constantFrom(...RAW_ESCAPES), nastyString.map(percent)), { minLength: 1, maxLength: 3 }).map((p) => p.join('')),
);

const queryString = fc.oneof(
  fc.constant(''),
  fc.array(fc.tuple(fc.oneof(urlPart, fc.constantFrom('jwt', 'token', 'app', 'a[b]', 'a[]', '__proto__[x]', 'constructor[prototype]')), urlPart), { maxLength: 4 }).map(
    (pairs) => `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`,
  ),
  fc.constantFrom('?', '?&&&', '?=', '?a', '?a=1&a=2&a=3', '?%', '?a=%zz', `?${'a=1&'.repeat(2000)}`),
);

type Body = { payload?: string | Buffer; contentType?: string };
const BIG = 'x'.repeat(70 * 1024);

/** Broken uploads (writefile's multipart): cut short, no boundary, odd parts, non-JSON options, huge fields. */
const part = (name: string, value: string, filename?: string) =>
  `--b\r\nContent-Disposition: form-data; name="${name}"${filename === undefined ? '' : `; filename="${filename}"`}\r\n\r\n${value}\r\n`;
const MALFORMED_MULTIPART: Body[] = [
  { payload: `${part('path', 'home:/a.txt')}--b\r\nContent-Disposition: form-data; name="upload"; filename="a"\r\n\r\nabc`, contentType: 'multipart/form-data; boundary=b' },
  { payload: `${part('path', 'home:/a.txt')}${part('options', '{not json')}${part('upload', 'abc', 'a.txt')}--b--\r\n`, contentType: 'multipart/form-data; boundary=b' },
  { payload: `${part('path', 'home:/a.txt')}${part('options', '[1,2]')}${part('upload', 'abc', 'a.txt')}--b--\r\n`, contentType: 'multipart/form-data; boundary=b' },
  { payload: `${part('upload', 'abc', 'a.txt')}${part('path', '../../etc/passwd')}--b--\r\n`, contentType: 'multipart/form-data; boundary=b' },
  { payload: `${part('path', 'home:/b.txt')}${part('upload', 'one', 'a')}${part('upload', 'two', 'b')}--b--\r\n`, contentType: 'multipart/form-data; boundary=b' },
  { payload: `${part('path', BIG)}${part('upload', 'x', 'a')}--b--\r\n`, contentType: 'multipart/form-data; boundary=b' },
  { payload: `${part('__proto__', 'x')}${part('upload', 'x', '__proto__')}--b--\r\n`, contentType: 'multipart/form-data; boundary=b' },
  { payload: `${Array.from({ length: 40 }, (_, i) => part(`f${i}`, 'v')).join('')}--b--\r\n`, contentType: 'multipart/form-data; boundary=b' },
  { payload: `${part('path', 'home:/c.txt')}--b\r\nContent-Disposition: form-data; name="upload"; filename="c"\r\n\r\n${'z'.repeat(200_000)}\r\n--b--\r\n`, contentType: 'multipart/form-data; boundary=b' },
  { payload: 'garbage without any boundary', contentType: 'multipart/form-data; boundary=b' },
  { payload: `${part('path', 'home:/d.txt')}--b--\r\n`, contentType: 'multipart/form-data; boundary="' },
];
/** Form calls' multipart (a browser's FormData) gone wrong: files where fields are expected, nameless or huge parts, broken framing. */
const MALFORMED_FORMS: Body[] = [
  { payload: `${part('username', 'a')}${part('password', 'x', 'password.txt')}--b--\r\n`, contentType: 'multipart/form-data; boundary=b' },
  { payload: `${part('', 'a')}--b--\r\n`, contentType: 'multipart/form-data; boundary=b' },
  { payload: `--b\r\nContent-Disposition: form-data\r\n\r\nvalue\r\n--b--\r\n`, contentType: 'multipart/form-data; boundary=b' },
  { payload: `--b\r\nContent-Type: text/plain\r\n\r\nno disposition\r\n--b--\r\n`, contentType: 'multipart/form-data; boundary=b' },
  { payload: `${part('jwt', BIG)}--b--\r\n`, contentType: 'multipart/form-data; boundary=b' },
  { payload: `${part('username', 'a'.repeat(200))}${'--b\r\n'.repeat(5000)}`, contentType: 'multipart/form-data; boundary=b' },
  { payload: `--b\r\n${'X-Header: y\r\n'.repeat(200)}Content-Disposition: form-data; name="jwt"\r\n\r\nx\r\n--b--\r\n`, contentType: 'multipart/form-data; boundary=b' },
  { payload: `${part('username', 'a\u0000b')}${part('password', '\ud800')}--b--\r\n`, contentType: 'multipart/form-data; boundary=b' },
  { payload: `${part('__proto__', '{"polluted":true}')}${part('constructor', 'x')}${part('toString', 'y')}--b--\r\n`, contentType: 'multipart/form-data; boundary=b' },
  { payload: `${part('username', 'a')}${part('username', 'b')}--b--\r\n`, contentType: 'multipart/form-data; boundary=b' },
  { payload: `${part('a', 'x')}`, contentType: 'multipart/form-data; boundary=b' },
  { payload: `--b\r\nContent-Disposition: form-data; name="jwt"\r\nContent-Type: text/plain; charset=utf-16\r\n\r\n\xff\xfe\r\n--b--\r\n`, contentType: 'multipart/form-data; boundary=b' },
  { payload: `${part('jwt', 'x')}--b--\r\n`, contentType: `multipart/form-data; boundary=${'b'.repeat(100)}` },
  { payload: `${part('jwt', 'x')}--b--\r\n`, contentType: 'multipart/form-data; boundary=b; charset=latin1' },
  { payload: `${part('jwt', 'x')}--b--\r\n`, contentType: 'multipart/mixed; boundary=b' },
  { payload: Buffer.concat([Buffer.from(part('jwt', '')), Buffer.from([0xed, 0xa0, 0x80, 0xff]), Buffer.from('\r\n--b--\r\n')]), contentType: 'multipart/form-data; boundary=b' },
];
/** A writefile form (path, then an upload) framed with a boundary, named in the Content-Type as `declared` says. */
function framedWith(boundary: string, declared: 'plain' | 'quoted' | 'missing' | 'bare' | 'other'): Body {
  const part = (name: string, value: string, filename?: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename === undefined ? '' : `; filename="${filename}"`}\r\n\r\n${value}\r\n`;
  const payload = `${part('path', 'home:/odd.txt')}${part('upload', 'odd content', 'odd.txt')}--${boundary}--\r\n`;
  const contentType = {
    plain: `multipart/form-data; boundary=${boundary}`,
    quoted: `multipart/form-data; boundary="${boundary.replace(/["\\]/g, '\\$&')}"`,
    missing: 'multipart/form-data',
    bare: 'multipart/form-data; boundary',
    other: `multipart/form-data; boundary=${boundary}x`,
  }[declared];
  return { payload: Buffer.from(payload, 'latin1'), contentType };
}
/** Characters RFC 2046 allows in a boundary, and some it does not. */
const BOUNDARY_CHARACTERS = "abcXYZ0189'()+_,-./:=? ;\"\\%\t*&^$#@!~`{}[]|<>\u00ff";
/** Multipart bodies with odd boundaries: far too long (the reader's own limit is 252 characters), empty, quoted, of odd characters, missing. */
const ODD_BOUNDARIES: Body[] = [
  ...[70, 71, 252, 253, 254, 255, 256, 300, 1000, 8000].map((n) => framedWith('b'.repeat(n), 'plain')),
  ...[70, 71, 254, 300].map((n) => framedWith('q'.repeat(n), 'quoted')),
  ...['', ' ', '  ', '"', '""', '\\', ';', '=', '--', '-', 'b--', '\t', 'a b', 'a b ', ' a', '%00', '\u00ff\u00fe', '(b)', "'b'", 'b;c', 'b=c', 'b,c', '?', ':/'].flatMap((b) => [
    framedWith(b, 'plain'),
    framedWith(b, 'quoted'),
  ]),
  framedWith('b', 'missing'),
  framedWith('b', 'bare'),
  framedWith('b', 'other'),
  framedWith('b'.repeat(300), 'other'),
  { payload: framedWith('b', 'plain').payload, contentType: 'multipart/form-data; boundary=b; boundary=c' },
  { payload: framedWith('b', 'plain').payload, contentType: 'multipart/form-data; BOUNDARY=b' },
  { payload: framedWith('b', 'plain').payload, contentType: 'multipart/form-data;boundary=b;' },
  { payload: framedWith('b', 'plain').payload, contentType: `multipart/form-data; boundary="${'b'.repeat(300)}` },
];
const oddBoundary: fc.Arbitrary<Body> = fc
  .tuple(
    fc.oneof(
      fc.integer({ min: 60, max: 600 }).map((n) => 'b'.repeat(n)),
      fc.string({ unit: fc.constantFrom(...BOUNDARY_CHARACTERS), maxLength: 300 }),
      fc.constantFrom('', ' ', '"', '\\', '--'),
    ),
    fc.constantFrom('plain' as const, 'quoted' as const, 'missing' as const, 'bare' as const, 'other' as const),
  )
  .map(([boundary, declared]) => framedWith(boundary, declared));

/** JSON labelled text/plain gone wrong: not JSON, empty, poisoned, huge, deep, another charset. */
const MALFORMED_TEXT: Body[] = [
  { payload: 'username=a&password=b', contentType: 'text/plain;charset=UTF-8' },
  { payload: '', contentType: 'text/plain;charset=UTF-8' },
  { payload: '   ', contentType: 'text/plain' },
  { payload: 'null', contentType: 'text/plain;charset=UTF-8' },
  { payload: '"just a string"', contentType: 'text/plain;charset=UTF-8' },
  { payload: '[1,2,3]', contentType: 'text/plain;charset=UTF-8' },
  { payload: '{"__proto__":{"polluted":true}}', contentType: 'text/plain;charset=UTF-8' },
  { payload: '{"constructor":{"prototype":{"polluted":true}}}', contentType: 'text/plain' },
  { payload: JSON.stringify({ message: BIG, level: 'info' }), contentType: 'text/plain;charset=UTF-8' },
  { payload: `${'['.repeat(30_000)}${']'.repeat(30_000)}`, contentType: 'text/plain;charset=UTF-8' },
  { payload: '{"jwt":"\u0000"}', contentType: 'text/plain; charset=utf-16' },
  { payload: Buffer.from([0xff, 0xfe, 0x00, 0x7b]), contentType: 'text/plain;charset=UTF-8' },
];
/** A multipart body of text fields, framed as a browser frames FormData. */
function multipartText(pairs: Array<[string, string]>): Body {
  const boundary = '----AtriumFormBoundary7MA4YWxkTrZu0gW';
  const escape = (name: string) => name.replace(/\r/g, '%0D').replace(/\n/g, '%0A').replace(/"/g, '%22');
  const parts = pairs.map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${escape(name)}"\r\n\r\n${value}\r\n`);
  return { payload: Buffer.from(`${parts.join('')}--${boundary}--\r\n`, 'utf8'), contentType: `multipart/form-data; boundary=${boundary}` };
}

const body: fc.Arbitrary<Body> = fc.oneof(
  { weight: 4, arbitrary: jsonValue.map((v) => ({ payload: jsonText(v), contentType: 'application/json' })) },
  { weight: 2, arbitrary: jsonValue.map((v) => ({ payload: jsonText(v), contentType: 'text/plain;charset=UTF-8' })) },
  { weight: 2, arbitrary: fc.array(fc.tuple(fieldName, nastyString), { minLength: 1, maxLength: 5 }).map(multipartText) },
  { weight: 1, arbitrary: oddBoundary },
  {
    weight: 3,
    arbitrary: fc
      .array(fc.tuple(fieldName, jsonValue), { minLength: 1, maxLength: 5 })
      .map((pairs) => ({ payload: jsonText(pairs), contentType: 'application/json' })),
  },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.tuple(fc.oneof(fieldName.map(percent), urlPart), urlPart), { maxLength: 5 })
      .map((pairs) => ({ payload: pairs.map(([k, v]) => `${k}=${v}`).join('&'), contentType: 'application/x-www-form-urlencoded' })),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom<Body>(
      {},
      { payload: '', contentType: 'application/json' },
      { payload: '{', contentType: 'application/json' },
      { payload: '{"__proto__":{"polluted":true}}', contentType: 'application/json' },
      { payload: '{"constructor":{"prototype":{"polluted":true}}}', contentType: 'application/json' },
      { payload: '{"username":"a","username":"b","password":"c"}', contentType: 'application/json' },
      { payload: '{"username":"\\u0000","password":"\\ud800"}', contentType: 'application/json' },
      { payload: `${'['.repeat(30_000)}${']'.repeat(30_000)}`, contentType: 'application/json' },
      { payload: `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`, contentType: 'application/json' },
      { payload: JSON.stringify({ message: BIG, level: 'info' }), contentType: 'application/json' },
      { payload: BIG, contentType: 'text/plain' },
      { payload: 'username=a&username=b&password=c', contentType: 'application/x-www-form-urlencoded' },
      { payload: '__proto__=x&constructor=y&toString=z', contentType: 'application/x-www-form-urlencoded' },
      { payload: 'username=%00&password=%ED%A0%80', contentType: 'application/x-www-form-urlencoded' },
      { payload: '%%%&&&===', contentType: 'application/x-www-form-urlencoded' },
      { payload: '{"a":1}', contentType: 'text/plain' },
      { payload: '<a/>', contentType: 'application/xml' },
      { payload: '--x\r\n\r\n', contentType: 'multipart/form-data' },
      ...MALFORMED_MULTIPART,
      ...MALFORMED_FORMS,
      ...MALFORMED_TEXT,
      ...ODD_BOUNDARIES,
      { payload: '{"a":1}', contentType: 'application/json; charset=utf-16' },
      { payload: '{"a":1}', contentType: 'application/json; charset=latin1' },
      { payload: '{"a":1}', contentType: ';;;' },
      { payload: '{"a":1}', contentType: 'application/json, text/plain' },
      { payload: Buffer.from([0xff, 0xfe, 0x00, 0x7b]), contentType: 'application/json' },
      { payload: Buffer.from([0xed, 0xa0, 0x80]), contentType: 'application/x-www-form-urlencoded' },
    ),
  },
);

/** Header values a real HTTP parser lets through: visible ASCII and obs-text. */
const headerValue = fc.oneof(
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 40 }),
  fc.string({ unit: fc.integer({ min: 0x80, max: 0xff }).map((c) => String.fromCharCode(c)), maxLength: 5 }),
  fc.constantFrom('', ' ', 'x'.repeat(8000), '__proto__', 'toString', 'null', 'http://eos.test', 'POST', 'content-type, authorization', 'a,,b', 'x-\u00ff'),
);

interface Headers {
  authorization?: 'valid' | string | string[];
  accept?: string;
  extra: Array<[string, string | string[]]>;
}

const headers: fc.Arbitrary<Headers> = fc.record({
  authorization: fc.oneof(
    { weight: 5, arbitrary: fc.constant<'valid'>('valid') },
    { weight: 2, arbitrary: fc.constant(undefined) },
    {
      weight: 2,
      arbitrary: fc.oneof(
        headerValue.map((v) => `Bearer ${v}`),
        fc.constantFrom('Bearer', 'Bearer ', 'Basic YTpi', 'bearer x.y.z', 'Bearer a.b.c', 'Bearer eyJhbGciOiJub25lIn0.e30.'),
        fc.constant(['Bearer a.b.c', 'Bearer d.e.f'] as string[]),
      ),
    },
  ),
  accept: fc.option(fc.oneof(fc.constantFrom('text/html', 'application/json', '*/*', 'text/html;q=0', 'image/*'), headerValue), { nil: undefined }),
  extra: fc.array(
    fc.tuple(
      fc.constantFrom(
        'origin',
        'access-control-request-method',
        'access-control-request-headers',
        'x-atrium-socket',
        'if-none-match',
        'if-modified-since',
        'range',
        'accept-encoding',
        'accept-language',
        'x-forwarded-for',
        'cookie',
        'user-agent',
        'connection',
        'upgrade',
        'sec-websocket-key',
        'sec-websocket-version',
        'transfer-encoding',
      ),
      fc.oneof(headerValue, fc.tuple(headerValue, headerValue).map(([a, b]) => [a, b])),
    ),
    { maxLength: 4 },
  ),
});

/** A Keycloak access token of the test's identity provider for the signed-in user (set before the tests run). */
let externalToken = 'a.b.c';

/**
 * Well-formed bodies of the endpoints that take one, keyed by the end of
 * their address: mutated one field at a time, they reach past the schema
 * checks into the services. Endpoints not listed get generated bodies only.
 */
function seedBodies(pattern: string, who: { userId: string; username: string; accountId: string }): Array<Record<string, unknown>> {
  const seeds: Record<string, Array<Record<string, unknown>>> = {
    '/auth': [{ username: who.username, password: 'Wrong#Password1' }],
    '/auth/external/:provider': [{ access_token: externalToken }, { access_token: 'eyJhbGciOiJSUzI1NiJ9.e30.c2ln' }],
    '/login': [{ username: who.username, password: 'Wrong#Password1' }],
    '/validatetoken': [{ jwt: 'a.b.c' }],
    '/refreshtoken': [{ jwt: 'a.b.c', refresh_token: 'r' }],
    '/logout': [{ refresh_token: 'r' }, {}],
    '/vfs/readdir': [{ path: 'home:/' }, { path: 'home:/', options: '{"showHiddenFiles":true}' }],
    '/vfs/mkdir': [{ path: 'home:/Folder' }],
    '/vfs/touch': [{ path: 'home:/touched.txt' }],
    '/vfs/unlink': [{ path: 'home:/touched.txt' }],
    '/vfs/copy': [{ from: 'home:/touched.txt', to: 'home:/Folder/copy.txt', options: { overwrite: false } }],
    '/vfs/rename': [{ from: 'home:/Folder', to: 'shared:/Folder' }],
    '/vfs/search': [{ root: 'home:/', pattern: '*.txt', options: { limit: 5 } }],
    '/forgotpassword': [{ username: who.username }],
    '/resetpassword': [{ password_reset_code: 'c', new_password: 'Correct#Horse9', confirm_password: 'Correct#Horse9' }],
    '/logger': [{ level: 'info', message: 'hello' }],
    '/settings': [{ 'desktop.theme': 'Vision' }, { 'desktop.lock': false, 'app.Viewer': { a: 1 } }, { 'desktop.panels': [{ position: 'top', items: [{ name: 'menu' }] }] }],
    '/switchaccount': [{ accountId: who.accountId }],
    '/users/me/absences': [{ startsOn: '2030-01-01', endsOn: '2030-01-02', delegate: who.userId }, { startsOn: '2030-02-30', endsOn: '2030-01-02', delegate: '00000000-0000-4000-8000-000000000000' }],
    '/user/:id': [{ preferences: { Greetingmessage: 'true' } }, { cleared_browser_cache: 1 }],
    '/getusernotifications': [{ ryg_status: 'RED' }, { ryg_status: '' }],
    '/tasks': [{ app: 'Audits', name: 'A task', assignee: who.username, end_date: '2030-01-01T00:00:00Z', followers: [who.userId] }],
    '/tasks/:id': [{ name: 'Renamed', assignee: who.userId, end_date: '2030-01-01T00:00:00+02:00', status: 'open' }],
    '/snooze': [{ snoozed_till: new Date(Date.now() + 86_400_000).toISOString() }],
    '/extend': [{ snoozed_till: new Date(Date.now() + 2 * 86_400_000).toISOString() }],
    '/comments': [{ text: 'A comment @someone' }],
    '/:entity/query': [{ filters: [{ field: 'subject', op: 'eq', value: 'x' }, { field: 'owner', op: 'eq', value: { me: true } }], search: 'x', sort: { field: 'name', direction: 'desc' }, offset: 0, limit: 10, deleted: false }],
    '/records/:app/:entity': [{ values: { subject: 'A record', days: 1 } }],
    '/:entity/import': [{ csv: 'Subject,Kind,Employee,Team\r\n"A, record",sick,nobody,T-1\r\nOther,annual,,\r\n' }],
    '/record/:name': [{ version: 1, values: { subject: 'Renamed' } }],
    '/transition': [{ transition: 'submit', version: 1, comment: 'Done' }],
    '/reassign': [{ from: who.userId, to: who.userId }],
    '/datasets/query': [
      { app: 'a', dataset: 'a', measures: ['count', 'days'], dimensions: ['kind', 'month'], filters: [{ dimension: 'kind', op: 'in', value: ['sick', null] }], range: { from: '2026-01-01', to: '2026-12-31' }, sort: [{ by: 'days', direction: 'desc' }], limit: 10 },
      { app: 'a', dataset: 'a', detail: true, dimensions: ['kind'], filters: [{ dimension: 'month', op: 'gte', value: '2026-03' }] },
    ],
    '/updateusersearchitems': [{ search_history: 'budget,harbour plan' }],
    '/dashboards': [{ definition: DASHBOARD_SEED, sharing: { kind: 'role', app: 'Leave', role: 'hr' } }, { definition: DASHBOARD_SEED }],
    '/dashboards/:uuid': [{ definition: DASHBOARD_SEED, version: 1, sharing: { kind: 'organisation' } }],
    '/updatesession': [
      { data: [{ name: 'Viewer', args: { url: '/x' }, windows: [{ id: 'w1', maximized: false, minimized: true, position: { left: 1, top: 2 }, dimension: { width: 3, height: 4 } }] }] },
      { data: '[{"name":"Viewer","args":{},"windows":[]}]' },
    ],
  };
  const key = Object.keys(seeds).find((k) => pattern.endsWith(k));
  return key ? seeds[key]! : [];
}

/** A dashboard's definition with a widget of each kind of drill, for the dashboards calls' seeds. */
const DASHBOARD_SEED = {
  title: { en_EN: 'Leave', de_DE: 'Urlaub' },
  timeRange: 'last30Days',
  filters: [{ app: 'Leave', dataset: 'requests', dimension: 'kind' }],
  widgets: [
    { id: 'byKind', kind: 'bar', title: 'By kind', query: { app: 'Leave', dataset: 'requests', measures: ['count'], dimensions: ['kind'] }, drilldown: { target: 'widget', nextWidgetId: 'list', filter: [{ dimension: 'kind', op: 'eq', value: '{kind}' }] }, position: { x: 0, y: 0, w: 6, h: 3 } },
    { id: 'list', kind: 'table', title: 'Requests', query: { app: 'Leave', dataset: 'requests', dimensions: ['kind'], detail: true }, drilldown: { target: 'file', file: { path: 'org:/Leave/{name}.pdf' } } },
    { id: 'total', kind: 'kpi', title: 'Total', query: { app: 'Leave', dataset: 'requests', measures: ['count'] }, threshold: { red: 1, yellow: 5 }, drilldown: { target: 'dashboard', dashboard: '00000000-0000-4000-8000-000000000000' } },
  ],
};

/** A seed with one field replaced, removed or added (keys of the seed's own kind, and the nasty ones). */
function mutatedSeed(seeds: Array<Record<string, unknown>>): fc.Arbitrary<Body> {
  return fc
    .tuple(
      fc.constantFrom(...seeds),
      fc.nat(),
      fc.constantFrom('replace', 'replace', 'remove', 'add', 'rename'),
      fc.oneof({ weight: 3, arbitrary: nastyString }, { weight: 1, arbitrary: jsonValue }),
      fieldName,
      fc.constantFrom('json', 'form', 'multipart', 'text'),
    )
    .map(([seed, pick, how, value, name, encoding]) => {
      const pairs: Array<[string, unknown]> = Object.entries(seed);
      const i = pairs.length > 0 ? pick % pairs.length : 0;
      if (how === 'replace' && pairs[i]) pairs[i] = [pairs[i][0], value];
      else if (how === 'remove') pairs.splice(i, 1);
      else if (how === 'rename' && pairs[i]) pairs[i] = [name, pairs[i][1]];
      else pairs.push([name, value]);
      const fields = pairs.every(([, v]) => typeof v === 'string') ? (pairs as Array<[string, string]>) : null;
      if (encoding === 'form' && fields) return { payload: fields.map(([k, v]) => `${percent(k)}=${percent(v)}`).join('&'), contentType: 'application/x-www-form-urlencoded' };
      if (encoding === 'multipart' && fields) return multipartText(fields);
      return { payload: jsonText(pairs), contentType: encoding === 'text' ? 'text/plain;charset=UTF-8' : 'application/json' };
    });
}

/** A generated request for an address pattern such as /api/v1/user/:id/detail. */
function requestFor(endpoint: Endpoint, who: { userId: string; username: string; accountId: string }) {
  const params = endpoint.url.split('/').filter((s) => s.startsWith(':') || s === '*').length;
  const seeds = seedBodies(endpoint.url, who);
  return fc.record({
    params: fc.array(fc.oneof(urlPart, fc.constantFrom('a', 'Viewer', 'keycloak', 'okta', '..%2F..', 'a/b/../../c', '.hidden', 'x.js', who.userId, who.accountId)), {
      minLength: params,
      maxLength: params,
    }),
    query: queryString,
    body: seeds.length > 0 ? fc.oneof({ weight: 3, arbitrary: mutatedSeed(seeds) }, { weight: 2, arbitrary: body }) : body,
    headers,
  });
}

function fill(url: string, params: string[]): string {
  let i = 0;
  return url
    .split('/')
    .map((segment) => (segment.startsWith(':') || segment === '*' ? (params[i++] ?? '') : segment))
    .join('/');
}

/** The sweep of every single-field change grows with every endpoint: a loaded machine may take several times its usual seconds. */
const SWEEP_TIMEOUT = 180_000;

describe(`generated malformed requests to every endpoint on ${databaseKind}`, () => {
  let t: TestApp;
  const endpoints: Endpoint[] = [];
  let jwt = '';
  let who = { userId: '', username: '', accountId: '' };
  /** The identity provider external sign-in is configured with, so that its endpoint is exercised past its 404. */
  let idp: TestIdentityProvider;

  /** A small built web client of its own, so that the answers do not depend on whether `npm run build` has run. */
  const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-web-'));

  beforeAll(async () => {
    fs.mkdirSync(path.join(webRoot, 'assets'));
    fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Atrium</title><script type="module" src="/assets/index-AbCd1234.js"></script>');
    fs.writeFileSync(path.join(webRoot, 'assets', 'index-AbCd1234.js'), 'export {};');
    fs.writeFileSync(path.join(webRoot, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    idp = await startIdentityProvider();
    t = await createTestApp({
      // No waits for the address that sends every request: the throttle is tested on its own (throttle.test.ts).
      // Cross-origin access on, so that its preflights are exercised too.
      env: { WEB_ROOT: webRoot, CORS_ORIGINS: 'http://eos.test', LOGIN_ADDRESS_MAX_DELAY: '0', AUTH_TYPE: 'keycloak', AUTH_KEYCLOAK_URL: idp.base, AUTH_REALM: 'atrium', AUTH_CLIENT_ID: 'atrium' },
      rateLimits: { auth: 1_000_000, recovery: 1_000_000, logger: 1_000_000 },
      onRoute: (route: RouteOptions) => {
        // The preflights' catch-all is registered as '*': any path.
        for (const method of [route.method].flat()) endpoints.push({ method, url: route.url.startsWith('/') ? route.url : `/${route.url}` });
      },
    });
    await newUser();
  });

  async function newUser(): Promise<void> {
    const account = await makeAccount(t.services.stores);
    await makeAccount(t.services.stores);
    const user = await makeUser(t.services.stores, t.hasher, { accounts: [account.id] });
    who = { userId: user.id, username: user.username, accountId: account.id };
    // A task whose id is the user's, so that the task routes' :id (filled with the user id) names a real task.
    const app = (await t.services.stores.apps.findByName('Audits')) ?? (await t.services.stores.apps.create({ name: 'Audits', title: 'Audits', category: 'quality management' }));
    await t.services.stores.apps.grant(user.id, app.id);
    // A declared application and entity named 'a' (a generated path parameter), so that record calls reach past their lookup.
    const entity = { ...LEAVE_DECLARATION.entities.request!, rights: { everyone: { actions: ['read' as const, 'create' as const, 'update' as const, 'delete' as const, 'comment' as const] } } };
    // With a dataset 'a' over it, so that dataset queries reach past theirs.
    const datasets = {
      a: {
        label: { en_EN: 'A' },
        entity: 'a',
        time: 'start',
        dimensions: { kind: { label: { en_EN: 'Kind' }, field: 'kind' }, month: { label: { en_EN: 'Month' }, field: 'start', part: 'month' as const } },
        measures: { count: { label: { en_EN: 'Count' }, op: 'count' as const }, days: { label: { en_EN: 'Days' }, op: 'sum' as const, field: 'days' } },
      },
    };
    await installDeclaration(t.services.stores, { ...LEAVE_DECLARATION, name: 'a', entities: { a: entity, team: LEAVE_DECLARATION.entities.team! }, datasets }, [account.id], [user.id]);
    const now = new Date();
    await t.services.stores.tasks.insert(
      { id: user.id, accountId: account.id, appUuid: app.id, appName: app.name, name: 'Generated', assigneeId: user.id, creatorId: user.id, endDate: new Date(now.getTime() + 5 * 86_400_000), createdAt: now, updatedAt: now },
      [],
    );
    jwt = (await signIn(t.app, t.config.wrapperPrefix, user.username, undefined, '10.77.0.1')).jwt;
    await t.services.stores.identities.link({ issuer: idp.keycloakIssuer, subject: `kc-${user.id}`, userId: user.id, linkedBy: 'operator' });
    externalToken = await idp.sign({ iss: idp.keycloakIssuer, aud: 'atrium', azp: 'atrium', sub: `kc-${user.id}`, preferred_username: user.username, realm_access: { roles: ['r'] } });
  }
  afterAll(async () => {
    await t.close();
    await idp.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  /** A signed-in token, renewed when a generated request ended its session (logout, password change). */
  async function validToken(): Promise<string> {
    if (!(await t.services.auth.authenticateToken(jwt)).ok) await newUser();
    return jwt;
  }

  /** Sends a request; returns a description of it and its answer when the answer is a 5xx, else null. */
  async function serverError(method: string, url: string, request: { query: string; body: Body; headers: Headers }): Promise<string | null> {
    const given: Record<string, string | string[]> = {};
    for (const [name, value] of request.headers.extra) given[name] = value;
    if (request.headers.accept !== undefined) given.accept = request.headers.accept;
    const auth = request.headers.authorization;
    if (auth !== undefined) given.authorization = auth === 'valid' ? `Bearer ${await validToken()}` : auth;
    const withBody = method !== 'GET' && method !== 'HEAD';
    if (withBody && request.body.contentType !== undefined) given['content-type'] = request.body.contentType;
    const options: InjectOptions = {
      method: method as InjectOptions['method'],
      url: `${url}${request.query}`,
      headers: given,
      remoteAddress: '10.66.0.1',
      ...(withBody && request.body.payload !== undefined ? { payload: request.body.payload } : {}),
    };
    let res;
    try {
      res = await t.app.inject(options);
    } catch (e) {
      // The injector itself refuses what no HTTP client could send (an invalid header): not the server's answer.
      if (e instanceof TypeError && /header|character/i.test(e.message)) return null;
      throw e;
    }
    if (res.statusCode < 500) return null;
    const payload = typeof request.body.payload === 'string' ? request.body.payload.slice(0, 200) : String(request.body.payload);
    return `${method} ${options.url as string} ${JSON.stringify({ ...given, authorization: given.authorization && '…' })} ${JSON.stringify(payload)}\n  → ${res.statusCode} ${res.body.slice(0, 200)}`;
  }

  async function send(method: string, url: string, request: { query: string; body: Body; headers: Headers }): Promise<void> {
    const failure = await serverError(method, url, request);
    expect(failure).toBeNull();
  }

  /** The web client's own files (one route each) are exercised together; every other endpoint on its own. */
  const isFile = (e: Endpoint) => !e.url.includes(':') && !e.url.includes('*') && /\.[A-Za-z0-9]+$/.test(e.url);

  it('registers the endpoints of every domain, websockets included', () => {
    const urls = new Set(endpoints.map((e) => e.url));
    for (const url of [
      '/healthz',
      '/login',
      '/socket',
      '/apps/:name/socket',
      `${t.config.apiPrefix}/settings`,
      `${t.config.wrapperPrefix}/auth`,
      `${t.config.wrapperPrefix}/auth/external/:provider`,
      `${t.config.apiPrefix}/search`,
      `${t.config.apiPrefix}/user/updateusersearchitems`,
      `${t.config.apiPrefix}/records/:app/record/:name`,
      `${t.config.apiPrefix}/dashboards`,
      `${t.config.apiPrefix}/dashboards/:uuid`,
      `${t.config.apiPrefix}/profile/user/:uuid`,

      `${t.config.apiPrefix}/datasets`,
      `${t.config.apiPrefix}/datasets/query`,
      `${t.config.wrapperPrefix}/resource/:id`,
      '/*',
    ]) {
      expect(urls).toContain(url);
    }
  });

  it('answers every single-field change of a well-formed body, and every odd path parameter, without a 5xx', async () => {
    const objectText = (pairs: Array<[string, unknown]>) => `{${pairs.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',')}}`;
    const noHeaders: Headers = { authorization: 'valid', accept: undefined, extra: [] };
    const failures: string[] = [];
    const send = async (method: string, url: string, request: { query: string; body: Body; headers: Headers }) => {
      const failure = await serverError(method, url, request);
      if (failure) failures.push(failure);
    };
    for (const endpoint of endpoints.filter((e) => !isFile(e))) {
      // A path parameter is the user's id, and a provider the configured one.
      const parameters = endpoint.url.split('/').filter((segment) => segment.startsWith(':') || segment === '*');
      const url = fill(endpoint.url, parameters.map((segment) => (segment === ':provider' ? 'keycloak' : segment.startsWith(':') ? who.userId : 'a')));
      for (const seed of seedBodies(endpoint.url, who)) {
        const entries = Object.entries(seed);
        const bodies: Array<Array<[string, unknown]>> = [];
        entries.forEach(([key], i) => {
          for (const value of FIELD_VALUES) bodies.push(entries.map((entry, j) => (j === i ? [key, value] : entry)));
          for (const name of BUILT_IN_KEYS) bodies.push(entries.map((entry, j) => (j === i ? [name, entry[1]] : entry)));
        });
        for (const name of BUILT_IN_KEYS) bodies.push([...entries, [name, 'x']]);
        for (const pairs of bodies) {
          await send(endpoint.method, url, { query: '', headers: noHeaders, body: { payload: objectText(pairs), contentType: 'application/json' } });
          await send(endpoint.method, url, { query: '', headers: noHeaders, body: { payload: objectText(pairs), contentType: 'text/plain;charset=UTF-8' } });
          if (pairs.every(([, v]) => typeof v === 'string')) {
            const fields = pairs as Array<[string, string]>;
            const payload = fields.map(([k, v]) => `${percent(k)}=${percent(v)}`).join('&');
            await send(endpoint.method, url, { query: '', headers: noHeaders, body: { payload, contentType: 'application/x-www-form-urlencoded' } });
            await send(endpoint.method, url, { query: '', headers: noHeaders, body: multipartText(fields) });
          }
        }
      }
      const segments = endpoint.url.split('/');
      for (const [i, segment] of segments.entries()) {
        if (!segment.startsWith(':') && segment !== '*') continue;
        const odd = [...FIELD_VALUES.filter((v): v is string => typeof v === 'string').map(percent), ...RAW_ESCAPES];
        for (const value of odd) {
          const address = segments.map((part, j) => (j === i ? value : part.startsWith(':') ? who.userId : part === '*' ? 'a' : part)).join('/');
          await send(endpoint.method, address, { query: '', headers: noHeaders, body: {} });
        }
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
  }, SWEEP_TIMEOUT);

  it('answers every endpoint without a 5xx, whatever is sent', async () => {
    const routes = endpoints.filter((e) => !isFile(e));
    for (const endpoint of routes) {
      await fc.assert(
        fc.asyncProperty(requestFor(endpoint, who), async (request) => send(endpoint.method, fill(endpoint.url, request.params), request)),
        { numRuns: RUNS_PER_ENDPOINT, endOnFailure: false },
      );
    }
  });

  it('answers every broken multipart form and every broken text/plain body, sent to every endpoint that takes a body, without a 5xx', async () => {
    const failures: string[] = [];
    const withBody = endpoints.filter((e) => !isFile(e) && (e.method === 'POST' || e.method === 'PUT' || e.method === 'DELETE'));
    for (const endpoint of withBody) {
      const url = fill(endpoint.url, endpoint.url.split('/').map((segment) => (segment === ':provider' ? 'keycloak' : who.userId)));
      for (const broken of [...MALFORMED_FORMS, ...MALFORMED_TEXT, ...MALFORMED_MULTIPART, ...ODD_BOUNDARIES]) {
        const failure = await serverError(endpoint.method, url, { query: '', body: broken, headers: { authorization: 'valid', accept: undefined, extra: [] } });
        if (failure) failures.push(failure);
      }
    }
    expect(withBody.length).toBeGreaterThan(20);
    expect(withBody.map((e) => e.url)).toContain('/vfs/writefile');
    expect(failures, failures.join('\n')).toEqual([]);
  });

  it('answers multipart bodies of generated odd boundaries, to every endpoint that takes a body, writefile included, without a 5xx', async () => {
    const withBody = endpoints.filter((e) => !isFile(e) && (e.method === 'POST' || e.method === 'PUT' || e.method === 'DELETE'));
    for (const endpoint of withBody) {
      const url = fill(endpoint.url, endpoint.url.split('/').map((segment) => (segment === ':provider' ? 'keycloak' : who.userId)));
      await fc.assert(
        fc.asyncProperty(oddBoundary, async (odd) => send(endpoint.method, url, { query: '', body: odd, headers: { authorization: 'valid', accept: undefined, extra: [] } })),
        { numRuns: 8, endOnFailure: false },
      );
    }
  });

  it("answers the web client's files and unknown addresses without a 5xx", async () => {
    const files = endpoints.filter(isFile);
    const unknown = { method: 'GET', url: '/:anything' };
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(unknown, { method: 'POST', url: '/:anything/:more' }, ...files),
        fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'),
        fc.boolean(),
        fc.record({ params: fc.array(urlPart, { minLength: 2, maxLength: 2 }), query: queryString, body, headers }),
        async (endpoint, otherMethod, keepMethod, request) => send(keepMethod ? endpoint.method : otherMethod, fill(endpoint.url, request.params), request),
      ),
      { numRuns: RUNS_FOR_FILES },
    );
  });

  it('refuses settings keys named after built-in object members, and keeps every setting readable', async () => {
    const headers = { authorization: `Bearer ${await validToken()}`, 'content-type': 'application/json' };
    const url = `${t.config.apiPrefix}/settings`;
    for (const key of ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf', 'desktop.__proto__']) {
      const res = await t.app.inject({ method: 'POST', url, headers, payload: `{${JSON.stringify(key)}: {"a": 1}, "desktop.lock": true}` });
      expect(res.statusCode, `${key} → ${res.body}`).toBe(400);
    }
    // An application of that name that the user does not see.
    const app = await t.app.inject({ method: 'POST', url, headers, payload: '{"app.constructor": {"a": 1}}' });
    expect(app.statusCode, app.body).toBe(403);
    const res = await t.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode).toBe(200);
    const { values } = res.json<{ data: { values: Record<string, unknown> } }>().data;
    expect(values['desktop.lock']).toBe(false);
    for (const key of ['toString', 'constructor', 'hasOwnProperty']) expect(Object.hasOwn(values, key)).toBe(false);
  });

  it('answers a NUL byte or a lone surrogate in every text field of sign-in with a client error', async () => {
    for (const bad of ['\u0000', 'a\u0000', '\ud800', 'x\udfff']) {
      for (const field of ['username', 'password'] as const) {
        const payload = { username: who.username, password: 'Wrong#Password1', [field]: bad };
        for (const url of [`${t.config.wrapperPrefix}/auth`, '/login']) {
          const res = await t.app.inject({ method: 'POST', url, payload, remoteAddress: '10.66.1.1' });
          expect(res.statusCode, `${url} ${JSON.stringify(payload)} → ${res.body}`).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, `${url} ${JSON.stringify(payload)} → ${res.body}`).toBeLessThan(500);
        }
      }
    }
  });
});
