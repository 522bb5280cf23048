import { jsonResponse } from '@atrium/client-core/testing';
import { LOGOUT_DELAY } from '@atrium/shared';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAtrium, routeSignIn, settle, WRAPPER } from '../testing/renderAtrium.js';

afterEach(cleanup);

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
const loginButton = () => screen.getByRole('button', { name: 'Login' });

async function submit(username: string, password: string) {
  fireEvent.change(field('Username'), { target: { value: username } });
  fireEvent.change(field('Password'), { target: { value: password } });
  fireEvent.click(loginButton());
  await settle();
}

describe('login form', () => {
  it('renders the welcome title, version stamp, fields, Login, the forgot link and the footer', async () => {
    await renderAtrium();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome to Atrium');
    expect(screen.getByTestId('login.version').textContent).toBe('v1.2.3');
    expect(screen.getByRole('img', { name: 'Atrium logo' }).getAttribute('src')).toBe('/logo.svg');
    expect(field('Username').getAttribute('autocomplete')).toBe('username');
    expect(field('Password').getAttribute('autocomplete')).toBe('current-password');
    expect(field('Password').type).toBe('password');
    expect(loginButton().getAttribute('type')).toBe('submit');
    expect(screen.getByRole('link', { name: 'Forgot your password' }).getAttribute('href')).toBe('#forgotpassword');
    expect(screen.getByRole('link', { name: 'About Us' }).getAttribute('href')).toBe('/about');
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('./privacy-policy');
    expect(screen.getByTestId('footer.copyright').textContent).toBe(`© ${new Date().getFullYear()} Atrium. All rights reserved.`);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('uses the site title, logo and backgrounds when configured', async () => {
    const { container } = await renderAtrium({ site: { title: 'Acme Desk', logo: '/acme.svg', loginBackground: '/bg.jpg' } });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome to Acme Desk');
    expect(screen.getByRole('img', { name: 'Acme Desk logo' }).getAttribute('src')).toBe('/acme.svg');
    const page = container.querySelector<HTMLElement>('.atr-login')!;
    expect(page.style.getPropertyValue('--atr-login-background')).toBe('url("/bg.jpg")');
    expect(page.style.getPropertyValue('--atr-slider-background')).toBe('url("/slider-background.svg")');
  });

  it('says the fields cannot be empty without asking the server', async () => {
    const { env } = await renderAtrium();
    await submit('demo', '');
    expect(screen.getByRole('alert').textContent).toBe('Username or password cannot be empty');
    expect(env.calls('POST', `${WRAPPER}/auth`)).toHaveLength(0);
  });

  it('says the username or password is incorrect on a 401', async () => {
    await renderAtrium({
      script: (env) => env.route('POST', `${WRAPPER}/auth`, () => jsonResponse(401, { status: 'error', message: 'The username or password you entered is incorrect', code: 'login.error.incorrect' })),
    });
    await submit('sofia', 'wrong');
    expect(screen.getByRole('alert').textContent).toBe('The username or password you entered is incorrect');
    expect(field('Password').getAttribute('aria-invalid')).toBe('true');
  });

  it("says 'Login failed' when the network fails", async () => {
    await renderAtrium({ script: (env) => env.route('POST', `${WRAPPER}/auth`, () => Promise.reject(new TypeError('Failed to fetch'))) });
    await submit('demo', 'Demo@1234');
    expect(screen.getByRole('alert').textContent).toBe('Login failed');
  });

  it("shows the server's own message when it gives one", async () => {
    await renderAtrium({ script: (env) => env.route('POST', `${WRAPPER}/auth`, () => jsonResponse(403, { status: 'error', message: 'Your organisation is suspended' })) });
    await submit('demo', 'Demo@1234');
    expect(screen.getByRole('alert').textContent).toBe('Your organisation is suspended');
  });

  it('shows the error in the chosen language', async () => {
    const test = await renderAtrium();
    await test.setLocale('de_DE');
    fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('Benutzername oder Passwort darf nicht leer sein');
  });

  it('clears the error when a field is edited', async () => {
    await renderAtrium();
    await submit('demo', '');
    expect(screen.getByRole('alert')).toBeTruthy();
    fireEvent.change(field('Password'), { target: { value: 'a' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('submits with Enter: the fields and the Login button share one form', async () => {
    const { env } = await renderAtrium({ script: routeSignIn, desktop: {} });
    fireEvent.change(field('Username'), { target: { value: 'demo' } });
    fireEvent.change(field('Password'), { target: { value: 'Demo@1234' } });
    const form = field('Password').form!;
    expect(loginButton().closest('form')).toBe(form);
    expect(field('Username').form).toBe(form);
    fireEvent.submit(form);
    await settle();
    expect(env.calls('POST', `${WRAPPER}/auth`)[0]?.form()).toEqual({ username: 'demo', password: 'Demo@1234' });
  });

  it('disables Login and shows a spinner while signing in', async () => {
    let answer: (r: Response) => void = () => {};
    await renderAtrium({ script: (env) => env.route('POST', `${WRAPPER}/auth`, () => new Promise<Response>((resolve) => (answer = resolve))) });
    await submit('demo', 'Demo@1234');
    expect((loginButton() as HTMLButtonElement).disabled).toBe(true);
    expect(loginButton().querySelector('.atr-spinner')).not.toBeNull();
    answer(jsonResponse(401, { status: 'error', message: 'The username or password you entered is incorrect' }));
    await settle();
    expect((loginButton() as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows and hides the password with the toggle button', async () => {
    await renderAtrium();
    const toggle = screen.getByRole('button', { name: 'Show password' });
    fireEvent.click(toggle);
    expect(field('Password').type).toBe('text');
    expect(toggle.getAttribute('aria-label')).toBe('Hide password');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(toggle);
    expect(field('Password').type).toBe('password');
  });

  it('opens the forgot-password screen from the link', async () => {
    const { env } = await renderAtrium();
    fireEvent.click(screen.getByRole('link', { name: 'Forgot your password' }));
    expect(env.location.hash).toBe('#forgotpassword');
    expect(screen.getByRole('heading', { name: 'Recover Password' })).toBeTruthy();
  });

  it('signs in to the desktop, greets the user by name, and signs out after the logout question', async () => {
    const { env } = await renderAtrium({ script: routeSignIn, desktop: {} });
    await submit('demo', 'Demo@1234');
    await waitFor(() => expect(screen.getByTestId('desktop').dataset.started).toBe('true'));
    expect(screen.getByTestId('signedIn.page')).toBeTruthy();
    expect(screen.getByRole('main', { name: 'Desktop' })).toBeTruthy();
    expect(screen.getByTestId('notification.title').textContent).toMatch(/^Good (Morning|Afternoon|Evening), Dana Demo$/);
    // Log out from the desktop's menu (its code arrives with the first opening here): the question first.
    fireEvent.contextMenu(screen.getByTestId('desktop.area'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await settle();
    const question = screen.getByRole('dialog', { name: 'Log out' });
    expect(within(question).getByText('Would you like to logout?')).toBeTruthy();
    expect(env.calls('POST', '/logout')).toHaveLength(0);
    fireEvent.click(within(question).getByRole('button', { name: 'Yes, logout' }));
    await settle();
    expect(env.calls('POST', '/logout')).toHaveLength(1);
    expect(screen.getByTestId('signedIn.page').getAttribute('aria-busy')).toBe('true');
    // The page reloads (to the login page) after the logout delay.
    expect(env.location.reloads).toBe(0);
    await act(() => env.clock.settle(LOGOUT_DELAY));
    expect(env.location.reloads).toBe(1);
  });
});
