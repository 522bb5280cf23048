/** External sign-in's shared rules: the login client's options and the roles of a provider's token. */
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { checkExternalLoginOptions, ExternalLoginForm, EXTERNAL_TOKEN_MAX, hasRealmRole, hasResourceRole, rolesFromClaims, type ExternalLoginInput } from './externalAuth.js';

const KEYCLOAK: ExternalLoginInput = {
  type: 'keycloak',
  clientId: 'atrium',
  url: 'https://sso.example/',
  realm: 'staff',
  redirectUri: 'https://atrium.example/',
  postLogoutRedirectUri: 'https://atrium.example/',
};
const OKTA: ExternalLoginInput = {
  type: 'okta',
  clientId: '0oa1',
  issuer: 'https://acme.okta.example/oauth2/default/',
  redirectUri: 'https://atrium.example/',
  postLogoutRedirectUri: 'https://atrium.example/bye',
};

/** The option the first problem names, or 'ok'. */
function problem(input: ExternalLoginInput): string {
  const checked = checkExternalLoginOptions(input);
  return checked.ok ? 'ok' : checked.problem.option;
}

describe('checkExternalLoginOptions', () => {
  it('fills the defaults of a minimal Keycloak client, trimming the trailing slash of its address', () => {
    const checked = checkExternalLoginOptions(KEYCLOAK);
    expect(checked).toEqual({
      ok: true,
      value: {
        type: 'keycloak',
        name: 'Keycloak',
        clientId: 'atrium',
        url: 'https://sso.example',
        realm: 'staff',
        issuer: null,
        redirectUri: 'https://atrium.example/',
        postLogoutRedirectUri: 'https://atrium.example/',
        scopes: ['openid', 'profile', 'email'],
        onLoad: 'check-sso',
        flow: 'standard',
        responseMode: 'fragment',
        pkceMethod: 'S256',
        checkLoginIframe: true,
        checkLoginIframeInterval: 5,
      },
    });
  });

  it('fills the defaults of a minimal Okta client, which needs no realm', () => {
    const checked = checkExternalLoginOptions(OKTA);
    expect(checked.ok && checked.value).toMatchObject({ type: 'okta', name: 'Okta', url: null, realm: null, issuer: 'https://acme.okta.example/oauth2/default' });
  });

  it.each([
    ['responseMode', 'query'],
    ['responseMode', 'fragment'],
    ['flow', 'standard'],
    ['flow', 'implicit'],
    ['flow', 'hybrid'],
    ['pkceMethod', 'S256'],
    ['onLoad', 'check-sso'],
    ['onLoad', 'login-required'],
  ])('accepts %s %s', (option, value) => {
    const checked = checkExternalLoginOptions({ ...KEYCLOAK, [option]: value });
    expect(checked.ok && checked.value[option as 'flow']).toBe(value);
  });

  it.each([
    ['responseMode', 'form_post'],
    ['responseMode', 'Query'],
    ['flow', 'password'],
    ['flow', ''],
    ['pkceMethod', 'plain'],
    ['pkceMethod', 's256'],
    ['onLoad', 'login'],
    ['onLoad', 42],
  ])('refuses %s %j, naming it', (option, value) => {
    expect(problem({ ...KEYCLOAK, [option]: value })).toBe(option);
  });

  it('requires clientId for both types and realm for Keycloak', () => {
    for (const clientId of [undefined, '', '   ', 7]) {
      expect(problem({ ...KEYCLOAK, clientId })).toBe('clientId');
      expect(problem({ ...OKTA, clientId })).toBe('clientId');
    }
    for (const realm of [undefined, '', ' ', 'a b', 'a/b', null]) expect(problem({ ...KEYCLOAK, realm })).toBe('realm');
    expect(problem({ ...OKTA, realm: undefined })).toBe('ok');
  });

  it('refuses a type, address or issuer that is not one', () => {
    expect(problem({ ...KEYCLOAK, type: 'builtin' })).toBe('type');
    expect(problem({ ...KEYCLOAK, type: 'saml' })).toBe('type');
    for (const url of [undefined, 'sso.example', 'javascript:alert(1)', 'https://', 'https://a b', 'https://user@sso.example']) expect(problem({ ...KEYCLOAK, url })).toBe('url');
    expect(problem({ ...OKTA, issuer: 'ftp://okta.example' })).toBe('issuer');
    expect(problem({ ...KEYCLOAK, redirectUri: '/' })).toBe('redirectUri');
    expect(problem({ ...KEYCLOAK, postLogoutRedirectUri: undefined })).toBe('postLogoutRedirectUri');
  });

  it('checks scopes, the session check and its interval', () => {
    expect(problem({ ...KEYCLOAK, scopes: ['profile'] })).toBe('scopes');
    expect(problem({ ...KEYCLOAK, scopes: [] })).toBe('scopes');
    expect(problem({ ...KEYCLOAK, scopes: ['openid', 'a"b'] })).toBe('scopes');
    expect(problem({ ...KEYCLOAK, scopes: 'openid' })).toBe('scopes');
    const checked = checkExternalLoginOptions({ ...KEYCLOAK, scopes: ['openid', 'roles', 'openid'] });
    expect(checked.ok && checked.value.scopes).toEqual(['openid', 'roles']);
    for (const interval of [0, -5, 2.5, 3601, '5']) expect(problem({ ...KEYCLOAK, checkLoginIframeInterval: interval })).toBe('checkLoginIframeInterval');
    expect(problem({ ...KEYCLOAK, checkLoginIframeInterval: 3600 })).toBe('ok');
    expect(problem({ ...KEYCLOAK, checkLoginIframe: 'false' })).toBe('checkLoginIframe');
  });

  it('names the first problem only, in the order of the rules', () => {
    const checked = checkExternalLoginOptions({ ...KEYCLOAK, clientId: '', realm: '', flow: 'x', responseMode: 'x' });
    expect(checked).toEqual({ ok: false, problem: { option: 'clientId', message: 'clientId is required' } });
    expect(problem({ ...KEYCLOAK, flow: 'x', responseMode: 'x', pkceMethod: 'plain' })).toBe('flow');
    expect(problem({ ...KEYCLOAK, responseMode: 'x', pkceMethod: 'plain' })).toBe('responseMode');
  });

  it('keeps a provider name short, and falls back to the type for a blank one', () => {
    const long = checkExternalLoginOptions({ ...OKTA, name: `  ${'n'.repeat(100)}  ` });
    expect(long.ok && long.value.name).toHaveLength(60);
    const blank = checkExternalLoginOptions({ ...OKTA, name: '  ' });
    expect(blank.ok && blank.value.name).toBe('Okta');
  });
});

describe('ExternalLoginForm', () => {
  it('takes exactly one access token of bounded length', () => {
    expect(z.safeParse(ExternalLoginForm, { access_token: 'a.b.c' }).success).toBe(true);
    expect(z.safeParse(ExternalLoginForm, { access_token: '' }).success).toBe(false);
    expect(z.safeParse(ExternalLoginForm, { access_token: 'x'.repeat(EXTERNAL_TOKEN_MAX + 1) }).success).toBe(false);
    expect(z.safeParse(ExternalLoginForm, { access_token: 'a\u0000' }).success).toBe(false);
    expect(z.safeParse(ExternalLoginForm, { access_token: 'a.b.c', refresh_token: 'r' }).success).toBe(false);
  });
});

describe('roles of a provider token', () => {
  it('reads realm and per-client resource roles', () => {
    const roles = rolesFromClaims({
      realm_access: { roles: ['atrium-admin', 'offline_access', 'atrium-admin'] },
      resource_access: { atrium: { roles: ['editor'] }, account: { roles: ['view-profile'] } },
    });
    expect(roles.realm).toEqual(['atrium-admin', 'offline_access']);
    expect(hasRealmRole(roles, 'atrium-admin')).toBe(true);
    expect(hasRealmRole(roles, 'editor')).toBe(false);
    expect(hasResourceRole(roles, 'editor', 'atrium')).toBe(true);
    expect(hasResourceRole(roles, 'editor', 'account')).toBe(false);
    expect(hasResourceRole(roles, 'view-profile', 'account')).toBe(true);
  });

  it('counts anything malformed as no role', () => {
    for (const claims of [{}, { realm_access: 'admin' }, { realm_access: { roles: 'admin' } }, { realm_access: null, resource_access: [] }, { resource_access: { atrium: { roles: [1, null, ''] } } }]) {
      const roles = rolesFromClaims(claims);
      expect(roles.realm).toEqual([]);
      expect(Object.keys(roles.resource)).toEqual([]);
    }
    expect(rolesFromClaims({ realm_access: { roles: ['ok', 7, 'x'.repeat(201)] } }).realm).toEqual(['ok']);
  });

  it('answers no for no roles at all (a session of the built-in form)', () => {
    expect(hasRealmRole(null, 'admin')).toBe(false);
    expect(hasResourceRole(undefined, 'admin', 'atrium')).toBe(false);
  });

  it('treats client names such as __proto__ as plain names: nothing is polluted and no inherited member counts', () => {
    const claims = JSON.parse('{"resource_access":{"__proto__":{"roles":["admin"]},"constructor":{"roles":["x"]}}}') as Record<string, unknown>;
    const roles = rolesFromClaims(claims);
    expect(hasResourceRole(roles, 'admin', '__proto__')).toBe(true);
    expect(hasResourceRole(roles, 'x', 'constructor')).toBe(true);
    expect(({} as Record<string, unknown>).roles).toBeUndefined();
    const none = rolesFromClaims({});
    for (const inherited of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) expect(hasResourceRole(none, 'admin', inherited)).toBe(false);
    // Even a roles object built elsewhere, with a prototype, answers only its own clients.
    expect(hasResourceRole({ realm: [], resource: {} }, 'length', 'toString')).toBe(false);
  });
});
