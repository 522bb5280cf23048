import { DEFAULT_SETTINGS } from '@atrium/shared';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_SESSION_MAX_AGE, DEFAULT_SITE_SETTINGS, loadClientConfig } from './clientConfig.js';

const respond = (status: number, body: unknown) => async () => new Response(JSON.stringify(body), { status, statusText: status === 200 ? 'OK' : 'Bad Gateway' });

const bases = { apiBase: '/api/v1', wrapperBase: '/api/wrapper', version: '0.1.0' };
const desktop = { manifestUrl: '/api/v1/packages/manifest', socketPath: '/socket', sessionMaxAge: 3600, settings: { defaults: DEFAULT_SETTINGS, lock: ['desktop.theme'] } };
const site = {
  title: 'Acme Workspace',
  logo: '/branding/logo.svg',
  loginBackground: 'https://cdn.acme.example/bg.jpg',
  sliderBackground: null,
  aboutUrl: 'https://acme.example/about',
  translateLanguages: ['en_EN', 'de_DE'],
  authType: 'okta',
};

describe('loadClientConfig', () => {
  it('returns the base addresses, version, site settings and desktop configuration the server sends', async () => {
    expect(await loadClientConfig(respond(200, { ...bases, site, ...desktop }))).toEqual({ ...bases, site, ...desktop, external: null });
  });
  it('fails with the status when the server does not answer 2xx', async () => {
    await expect(loadClientConfig(respond(502, {}))).rejects.toThrow('502 (Bad Gateway)');
  });
  it('refuses an incomplete configuration', async () => {
    await expect(loadClientConfig(respond(200, { apiBase: '/api/v1' }))).rejects.toThrow('incomplete');
  });
});

describe('loadClientConfig site settings', () => {
  it('fills safe defaults when the server sends none', async () => {
    const config = await loadClientConfig(respond(200, bases));
    expect(config.site).toEqual(DEFAULT_SITE_SETTINGS);
    expect(config.site).toEqual({ title: 'Atrium', logo: null, loginBackground: null, sliderBackground: null, aboutUrl: '/about', translateLanguages: [], authType: 'builtin' });
  });
  it('replaces each unusable field by its default and keeps the others', async () => {
    const config = await loadClientConfig(
      respond(200, {
        ...bases,
        site: { title: '  ', logo: 'javascript:alert(1)', loginBackground: '//evil.example/x.png', sliderBackground: 42, aboutUrl: 'data:text/html,x', translateLanguages: ['de_DE', 'xx_XX', 7, 'de_DE'], authType: 'saml' },
      }),
    );
    expect(config.site).toEqual({ ...DEFAULT_SITE_SETTINGS, translateLanguages: ['de_DE'] });
  });
  it('treats a non-list of languages as no language widget', async () => {
    const config = await loadClientConfig(respond(200, { ...bases, site: { ...site, translateLanguages: 'de_DE' } }));
    expect(config.site.translateLanguages).toEqual([]);
  });
});

describe('loadClientConfig desktop configuration', () => {
  it('falls back to no manifest, /socket, the server default max age and the built-in settings', async () => {
    const config = await loadClientConfig(respond(200, bases));
    expect(config).toMatchObject({ manifestUrl: null, socketPath: '/socket', sessionMaxAge: DEFAULT_SESSION_MAX_AGE, settings: { defaults: DEFAULT_SETTINGS, lock: [] } });
  });

  it('refuses unsafe addresses and unusable values', async () => {
    const config = await loadClientConfig(respond(200, { ...bases, manifestUrl: 'javascript:alert(1)', socketPath: '//evil.example/socket', sessionMaxAge: -5, settings: { lock: ['locale', 7, 'locale'] } }));
    expect(config).toMatchObject({ manifestUrl: null, socketPath: '/socket', sessionMaxAge: DEFAULT_SESSION_MAX_AGE, settings: { lock: ['locale'] } });
  });

  it('carries the configured defaults of desktop keys over the built-in ones, unchecked (the desktop checks them)', async () => {
    const config = await loadClientConfig(respond(200, { ...bases, settings: { defaults: { 'desktop.theme': 'Nocturne', 'desktop.font': 'Comic Sans', other: 1 } } }));
    expect(config.settings.defaults).toEqual({ ...DEFAULT_SETTINGS, 'desktop.theme': 'Nocturne', 'desktop.font': 'Comic Sans' });
  });
});

describe('loadClientConfig identity provider', () => {
  const keycloak = {
    type: 'keycloak',
    name: 'Acme SSO',
    clientId: 'atrium',
    url: 'https://sso.acme.example',
    realm: 'acme',
    issuer: null,
    redirectUri: 'https://atrium.acme.example/',
    postLogoutRedirectUri: 'https://atrium.acme.example/',
    scopes: ['openid', 'profile', 'email'],
    onLoad: 'check-sso',
    flow: 'standard',
    responseMode: 'fragment',
    pkceMethod: 'S256',
    checkLoginIframe: true,
    checkLoginIframeInterval: 5,
  };

  it('carries the options of a configured provider', async () => {
    expect((await loadClientConfig(respond(200, { ...bases, external: keycloak }))).external).toEqual(keycloak);
  });

  it('means the built-in form when the server sends none', async () => {
    expect((await loadClientConfig(respond(200, { ...bases, external: null }))).external).toBeNull();
    expect((await loadClientConfig(respond(200, bases))).external).toBeNull();
  });

  it.each([
    ['a response mode other than query or fragment', { responseMode: 'form_post' }],
    ['a PKCE method other than S256', { pkceMethod: 'plain' }],
    ['an unknown flow', { flow: 'device' }],
    ['an unknown onLoad', { onLoad: 'always' }],
    ['no client id', { clientId: '' }],
    ['no realm', { realm: null }],
  ])('treats options with %s as unusable, with a warning', async (_case, change) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect((await loadClientConfig(respond(200, { ...bases, external: { ...keycloak, ...change } }))).external).toBeNull();
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });
});
