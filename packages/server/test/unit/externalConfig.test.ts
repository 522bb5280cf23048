/** The AUTH_* settings of external sign-in, read and checked at start (docs/behaviour/external-sign-in.md#options). */
import { describe, expect, it } from 'vitest';
import { clientOptions } from '../../src/auth/external/externalConfig.js';
import { loadConfig } from '../../src/config.js';
import { configRefusal } from '../helpers/config.js';

const KEYCLOAK = { AUTH_TYPE: 'keycloak', AUTH_KEYCLOAK_URL: 'https://sso.example/', AUTH_REALM: 'staff', AUTH_CLIENT_ID: 'atrium' };
const OKTA = { AUTH_TYPE: 'okta', AUTH_ISSUER: 'https://acme.okta.example/oauth2/default', AUTH_CLIENT_ID: '0oa1' };


describe('external sign-in settings', () => {
  it('are off with the built-in form, whatever else is set', () => {
    expect(loadConfig({}).external).toBeNull();
    expect(loadConfig({ AUTH_TYPE: 'builtin', AUTH_FLOW: 'nonsense' }).external).toBeNull();
  });

  it('fill every default for Keycloak', () => {
    const external = loadConfig(KEYCLOAK).external!;
    expect(external).toMatchObject({
      type: 'keycloak',
      issuer: 'https://sso.example/realms/staff',
      clientId: 'atrium',
      audience: ['atrium'],
      userClaim: 'preferred_username',
      provisionAccount: null,
      linkByEmail: 'off',
      algorithms: ['RS256', 'PS256', 'ES256'],
      redirectUri: null,
      postLogoutRedirectUri: null,
    });
    expect(external.options).toMatchObject({
      name: 'Keycloak',
      url: 'https://sso.example',
      realm: 'staff',
      issuer: null,
      scopes: ['openid', 'profile', 'email'],
      onLoad: 'check-sso',
      flow: 'standard',
      responseMode: 'fragment',
      pkceMethod: 'S256',
      checkLoginIframe: true,
      checkLoginIframeInterval: 5,
    });
  });

  it('fill every default for Okta', () => {
    const external = loadConfig(OKTA).external!;
    expect(external).toMatchObject({ type: 'okta', issuer: 'https://acme.okta.example/oauth2/default', audience: ['api://default'], userClaim: 'sub', linkByEmail: 'off' });
    expect(external.options).toMatchObject({ name: 'Okta', url: null, realm: null, issuer: 'https://acme.okta.example/oauth2/default' });
  });

  it('read every setting given', () => {
    const external = loadConfig({
      ...KEYCLOAK,
      PUBLIC_URL: 'https://atrium.example',
      AUTH_POST_LOGOUT_REDIRECT_URI: 'https://atrium.example/bye',
      AUTH_SCOPES: 'openid, roles  offline_access',
      AUTH_ON_LOAD: 'login-required',
      AUTH_FLOW: 'hybrid',
      AUTH_RESPONSE_MODE: 'query',
      AUTH_CHECK_LOGIN_IFRAME: 'false',
      AUTH_CHECK_LOGIN_IFRAME_INTERVAL: '30',
      AUTH_PROVIDER_NAME: 'Staff SSO',
      AUTH_AUDIENCE: 'atrium, account',
      AUTH_USER_CLAIM: 'email',
      AUTH_PROVISION_ACCOUNT: 'Northwind Trading',
      AUTH_LINK_BY_EMAIL: 'passwordless',
      AUTH_ALGORITHMS: 'ES256,EdDSA',
    }).external!;
    expect(external).toMatchObject({
      audience: ['atrium', 'account'],
      userClaim: 'email',
      provisionAccount: 'Northwind Trading',
      linkByEmail: 'passwordless',
      algorithms: ['ES256', 'EdDSA'],
      redirectUri: 'https://atrium.example/',
      postLogoutRedirectUri: 'https://atrium.example/bye',
    });
    expect(external.options).toMatchObject({
      name: 'Staff SSO',
      scopes: ['openid', 'roles', 'offline_access'],
      onLoad: 'login-required',
      flow: 'hybrid',
      responseMode: 'query',
      checkLoginIframe: false,
      checkLoginIframeInterval: 30,
      redirectUri: 'https://atrium.example/',
      postLogoutRedirectUri: 'https://atrium.example/bye',
    });
  });

  it.each([
    ['AUTH_CLIENT_ID', { ...KEYCLOAK, AUTH_CLIENT_ID: '' }, /clientId is required/],
    ['AUTH_CLIENT_ID', { ...OKTA, AUTH_CLIENT_ID: '   ' }, /clientId is required/],
    ['AUTH_REALM', { ...KEYCLOAK, AUTH_REALM: '' }, /realm is required/],
    ['AUTH_REALM', { ...KEYCLOAK, AUTH_REALM: 'a/b' }, /letters, digits/],
    ['AUTH_KEYCLOAK_URL', { ...KEYCLOAK, AUTH_KEYCLOAK_URL: '' }, /Keycloak server/],
    ['AUTH_KEYCLOAK_URL', { ...KEYCLOAK, AUTH_KEYCLOAK_URL: 'sso.example' }, /Keycloak server/],
    ['AUTH_ISSUER', { ...OKTA, AUTH_ISSUER: 'javascript:alert(1)' }, /Okta issuer/],
    ['AUTH_REDIRECT_URI', { ...KEYCLOAK, AUTH_REDIRECT_URI: '/relative' }, /http\(s\) address/],
    ['AUTH_POST_LOGOUT_REDIRECT_URI', { ...KEYCLOAK, AUTH_POST_LOGOUT_REDIRECT_URI: 'ftp://x' }, /http\(s\) address/],
    ['AUTH_ON_LOAD', { ...KEYCLOAK, AUTH_ON_LOAD: 'login' }, /onLoad must be check-sso or login-required/],
    ['AUTH_FLOW', { ...KEYCLOAK, AUTH_FLOW: 'password' }, /flow must be standard, implicit, hybrid/],
    ['AUTH_RESPONSE_MODE', { ...KEYCLOAK, AUTH_RESPONSE_MODE: 'form_post' }, /responseMode must be query or fragment/],
    ['AUTH_PKCE_METHOD', { ...KEYCLOAK, AUTH_PKCE_METHOD: 'plain' }, /pkceMethod must be S256/],
    ['AUTH_SCOPES', { ...KEYCLOAK, AUTH_SCOPES: 'profile email' }, /openid/],
    ['AUTH_CHECK_LOGIN_IFRAME', { ...KEYCLOAK, AUTH_CHECK_LOGIN_IFRAME: 'maybe' }, /true or false/],
    ['AUTH_CHECK_LOGIN_IFRAME_INTERVAL', { ...KEYCLOAK, AUTH_CHECK_LOGIN_IFRAME_INTERVAL: '0' }, /whole seconds/],
    ['AUTH_CHECK_LOGIN_IFRAME_INTERVAL', { ...KEYCLOAK, AUTH_CHECK_LOGIN_IFRAME_INTERVAL: '2.5' }, /whole seconds/],
    ['AUTH_ALGORITHMS', { ...KEYCLOAK, AUTH_ALGORITHMS: 'none' }, /'none' \(unsigned tokens\) is refused/],
    ['AUTH_ALGORITHMS', { ...KEYCLOAK, AUTH_ALGORITHMS: 'RS256,HS256' }, /HS256 \(a shared secret\) is refused/],
    ['AUTH_ALGORITHMS', { ...KEYCLOAK, AUTH_ALGORITHMS: 'RS1' }, /RS1 is not known/],
    ['AUTH_ALGORITHMS', { ...KEYCLOAK, AUTH_ALGORITHMS: ',' }, /is empty/],
    ['AUTH_AUDIENCE', { ...KEYCLOAK, AUTH_AUDIENCE: ', ,' }, /audiences/],
    ['AUTH_USER_CLAIM', { ...KEYCLOAK, AUTH_USER_CLAIM: 'user name' }, /claim name/],
    ['AUTH_PROVISION_ACCOUNT', { ...KEYCLOAK, AUTH_PROVISION_ACCOUNT: 'x'.repeat(201) }, /organisation/],
    ['AUTH_LINK_BY_EMAIL', { ...KEYCLOAK, AUTH_LINK_BY_EMAIL: 'true' }, /must be off, passwordless or all/],
    ['AUTH_LINK_BY_EMAIL', { ...OKTA, AUTH_LINK_BY_EMAIL: 'yes' }, /must be off, passwordless or all/],
  ])('stop the server for a bad %s, naming it', (variable, env, why) => {
    const message = configRefusal(env);
    expect(message).toContain(`  ${variable}: `);
    expect(message).toMatch(why);
  });

  it('refuse Keycloak without its address and realm, and Okta without its issuer', () => {
    expect(configRefusal({ AUTH_TYPE: 'keycloak', AUTH_CLIENT_ID: 'atrium' })).toContain('AUTH_KEYCLOAK_URL');
    expect(configRefusal({ AUTH_TYPE: 'keycloak', AUTH_CLIENT_ID: 'atrium', AUTH_KEYCLOAK_URL: 'https://sso.example' })).toContain('AUTH_REALM');
    expect(configRefusal({ AUTH_TYPE: 'okta', AUTH_CLIENT_ID: '0oa1' })).toContain('AUTH_ISSUER');
    expect(configRefusal({ AUTH_TYPE: 'okta', AUTH_ISSUER: OKTA.AUTH_ISSUER })).toContain('AUTH_CLIENT_ID');
  });

  it("answer the site's own address as the request reached it when no address is configured", () => {
    const external = loadConfig(KEYCLOAK).external!;
    expect(clientOptions(external, 'https://atrium.example')).toMatchObject({ redirectUri: 'https://atrium.example/', postLogoutRedirectUri: 'https://atrium.example/' });
    const fixed = loadConfig({ ...KEYCLOAK, AUTH_REDIRECT_URI: 'https://portal.example/app/' }).external!;
    expect(clientOptions(fixed, 'https://elsewhere.example')).toMatchObject({ redirectUri: 'https://portal.example/app/', postLogoutRedirectUri: 'https://portal.example/app/' });
  });
});
