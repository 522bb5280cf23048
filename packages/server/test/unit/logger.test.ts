import { describe, expect, it } from 'vitest';
import { redactUrl } from '../../src/logger.js';

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
