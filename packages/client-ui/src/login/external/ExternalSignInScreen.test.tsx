import { ExternalSignInError } from '@atrium/client-core';
import { fakeProviderToken, FakeExternalSignIn, jsonResponse, testExternalOptions, type FakeEnvironment } from '@atrium/client-core/testing';
import type { ExternalLoginOptions } from '@atrium/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAtrium, routeSignIn, WRAPPER } from '../../testing/renderAtrium.js';

afterEach(cleanup);

const providerToken = fakeProviderToken({ preferred_username: 'demo' });

/** The login page with Keycloak configured, its library played by a fake port. */
async function withProvider(port = new FakeExternalSignIn('keycloak'), options: Partial<ExternalLoginOptions> = {}, address = '/', script?: (env: FakeEnvironment) => void) {
  const test = await renderAtrium({ address, script, desktop: {}, external: { options: testExternalOptions('keycloak', { name: 'Acme SSO', ...options }), port } });
  return { ...test, port };
}

const card = () => screen.findByTestId('external.card');
const state = async () => (await card()).getAttribute('data-state');

describe("the identity provider's login card", () => {
  it("offers 'Sign in with {{name}}' and the built-in form when the provider has no session, and goes to the provider", async () => {
    const { port } = await withProvider();
    await waitFor(async () => expect(await state()).toBe('ready'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome to Atrium');
    const button = screen.getByRole('button', { name: 'Sign in with Acme SSO' });
    expect(screen.getByRole('link', { name: 'Sign in with a username and password' }).getAttribute('href')).toBe('#login');
    expect(screen.queryByLabelText('Password')).toBeNull();
    // The keyboard starts on the card's action once the provider's check is over.
    await waitFor(() => expect(document.activeElement).toBe(button));
    fireEvent.click(button);
    await waitFor(() => expect(port.methods()).toEqual(['start', 'signIn']));
    expect(screen.getByTestId('external.status').textContent).toBe('Redirecting to Acme SSO…');
    expect(screen.getByRole('status').textContent).toBe('Redirecting to Acme SSO…');
  });

  it("says 'Redirecting to {{name}}…' with login-required", async () => {
    const port = new FakeExternalSignIn('keycloak');
    port.nextStart = { status: 'redirecting' };
    await withProvider(port, { onLoad: 'login-required' });
    await waitFor(async () => expect(await state()).toBe('redirecting'));
    expect(screen.getByTestId('external.status').textContent).toBe('Redirecting to Acme SSO…');
    expect(screen.queryByRole('button', { name: 'Sign in with Acme SSO' })).toBeNull();
  });

  it("signs in with the provider's token: the desktop replaces the login page", async () => {
    const port = new FakeExternalSignIn('keycloak');
    port.nextStart = { status: 'authenticated', accessToken: providerToken, session: { provider: 'keycloak', refreshToken: 'kc-refresh' } };
    const payload = btoa(JSON.stringify({ sub: 'demo', username: 'demo', exp: 4_102_444_800 })).replace(/=+$/, '');
    const { env, session } = await withProvider(port, {}, '/', (env) => {
      routeSignIn(env);
      env.route('POST', `${WRAPPER}/auth/external/keycloak`, () => jsonResponse(200, { status: 'success', data: { jwt: `e30.${payload}.sig`, refresh_token: 'refresh-1', username: 'demo' } }));
    });
    await waitFor(() => expect(session.getState().status).toBe('signed-in'));
    expect(env.calls('POST', `${WRAPPER}/auth/external/keycloak`)[0]?.form()).toEqual({ access_token: providerToken });
    await waitFor(() => expect(screen.queryByTestId('login.page')).toBeNull());
  });

  it("shows Atrium's refusal with 'Try again', the server's text behind a disclosure, and the built-in form's link", async () => {
    const port = new FakeExternalSignIn('keycloak');
    port.nextStart = { status: 'authenticated', accessToken: providerToken, session: { provider: 'keycloak' } };
    await withProvider(port, {}, '/', (env) =>
      env.route('POST', `${WRAPPER}/auth/external/keycloak`, () => jsonResponse(403, { status: 'error', message: 'This identity has no account here', code: 'login.error.external-no-access' })),
    );
    await waitFor(async () => expect(await state()).toBe('error'));
    expect(screen.getByRole('alert').textContent).toBe('This identity has no account here');
    const details = screen.getByTestId('external.details');
    expect(details.tagName).toBe('DETAILS');
    expect(within(details).getByText('Technical details').tagName).toBe('SUMMARY');
    expect(details.querySelector('code')?.textContent).toBe('403 This identity has no account here (login.error.external-no-access)');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Try again' })));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(port.methods()).toEqual(['start', 'signIn']));
  });

  it('asks for an administrator when Atrium answers that the identity must be linked to its account first, in the chosen language', async () => {
    const port = new FakeExternalSignIn('keycloak');
    port.nextStart = { status: 'authenticated', accessToken: providerToken, session: { provider: 'keycloak' } };
    const body = { status: 'error', message: 'This identity must be linked to its account here by an administrator', code: 'login.error.external-link-required' };
    const { setLocale } = await withProvider(port, {}, '/', (env) => env.route('POST', `${WRAPPER}/auth/external/keycloak`, () => jsonResponse(403, body)));
    await waitFor(async () => expect(await state()).toBe('error'));
    expect(screen.getByRole('alert').textContent).toBe('This identity must be linked to its account here by an administrator');
    expect(screen.getByTestId('external.details').querySelector('code')?.textContent).toBe(`403 ${body.message} (${body.code})`);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    await setLocale('de_DE');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Diese Identität muss erst von Ihrer Administration mit ihrem Konto hier verknüpft werden'));
  });

  it("shows the provider's own error answer", async () => {
    const port = new FakeExternalSignIn('keycloak');
    port.nextStart = new ExternalSignInError('provider', 'access_denied: The user refused');
    await withProvider(port);
    await waitFor(async () => expect(await state()).toBe('error'));
    expect(screen.getByRole('alert').textContent).toBe('Acme SSO could not sign you in.');
    expect(screen.getByTestId('external.details').querySelector('code')?.textContent).toBe('access_denied: The user refused');
  });

  it('shows the answer refused for a state or nonce that does not match', async () => {
    const port = new FakeExternalSignIn('keycloak');
    port.nextStart = new ExternalSignInError('state', 'Invalid nonce.');
    await withProvider(port);
    await waitFor(async () => expect(await state()).toBe('error'));
    expect(screen.getByRole('alert').textContent).toBe('The answer from Acme SSO does not belong to this sign-in and was refused.');
  });

  it("leads to the built-in form, whose link leads back to the provider's card", async () => {
    await withProvider();
    await waitFor(async () => expect(await state()).toBe('ready'));
    fireEvent.click(screen.getByRole('link', { name: 'Sign in with a username and password' }));
    expect(await screen.findByLabelText('Password')).toBeTruthy();
    expect(screen.queryByTestId('external.card')).toBeNull();
    fireEvent.click(await screen.findByRole('link', { name: 'Sign in with Acme SSO' }));
    await waitFor(async () => expect(await state()).toBe('ready'));
  });

  it('shows the built-in form at #login whatever the configured type, without starting the library', async () => {
    const { port } = await withProvider(undefined, {}, '/#login');
    expect(await screen.findByLabelText('Password')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Sign in with Acme SSO' })).toBeTruthy();
    expect(port.methods()).toEqual([]);
  });

  it('is in the language of the page', async () => {
    const { setLocale } = await withProvider();
    await waitFor(async () => expect(await state()).toBe('ready'));
    await setLocale('de_DE');
    expect(await screen.findByRole('button', { name: 'Mit Acme SSO anmelden' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Mit Benutzername und Passwort anmelden' })).toBeTruthy();
  });
});
