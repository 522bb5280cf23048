import { fileErrorText, retryAfterOf } from '@atrium/sdk';
import { describe, expect, it } from 'vitest';
import { RequestError } from '../api/RequestError.js';
import { FileSystemError } from '@atrium/sdk';

const german: Record<string, string> = {
  'vfs.error.readOnly': "Das Dateisystem '{{name}}' ist schreibgeschützt",
  'vfs.error.invalidName': "'{{name}}' ist kein gültiger Name: {{rule}}",
  'vfs.nameRule.separator': 'ein Name darf weder / noch \\ enthalten',
  'request.rateLimited': 'Zu viele Anfragen, bitte versuchen Sie es in {{seconds}} s erneut',
};
const t = (key: string, vars?: Record<string, unknown>) =>
  (german[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars?.[name] ?? ''));

describe('fileErrorText', () => {
  it("reads a filesystem failure in the user's language with its parameters", () => {
    expect(fileErrorText(new FileSystemError('readOnly', { name: 'documents' }), t)).toBe("Das Dateisystem 'documents' ist schreibgeschützt");
  });

  it('translates the broken name rule, given as its English text as the server sends it', () => {
    const error = new FileSystemError('invalidName', { name: 'a/b', rule: 'a name cannot contain / or \\' });
    expect(fileErrorText(error, t)).toBe("'a/b' ist kein gültiger Name: ein Name darf weder / noch \\ enthalten");
  });

  it('keeps the English message when the catalogue has no text, and reads other errors by their message', () => {
    expect(fileErrorText(new FileSystemError('quotaExceeded', { quota: '10.0 GiB' }), t)).toMatch(/^Your storage space of 10.0 GiB is full/);
    expect(fileErrorText(new Error('Network request failed'), t)).toBe('Network request failed');
    expect(fileErrorText('offline', t)).toBe('offline');
  });

  it('says when to try again for a call the server refused as too many, from the seconds in its answer', () => {
    const body = { status: 'error', message: 'Too many requests, please try again later', code: 'request.rate-limited', retryAfter: 42 };
    const refused = new RequestError('request.failed', { status: 429, body, reason: body.message });
    expect(fileErrorText(refused, t)).toBe('Zu viele Anfragen, bitte versuchen Sie es in 42 s erneut');
    expect(retryAfterOf(refused)).toBe(42);
    // Wrapped by whoever passed it on, and without the seconds (at least 1 then).
    expect(retryAfterOf(new Error('the search failed', { cause: refused }))).toBe(42);
    expect(retryAfterOf(new RequestError('request.failed', { status: 429, body: null, reason: '429 (Too Many Requests)' }))).toBe(1);
    expect(retryAfterOf(new RequestError('request.failed', { status: 503, body, reason: 'down' }))).toBeNull();
    expect(retryAfterOf(new Error('Network request failed'))).toBeNull();
  });
});
