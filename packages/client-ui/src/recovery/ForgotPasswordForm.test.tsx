import { jsonResponse } from '@atrium/client-core/testing';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAtrium, settle, WRAPPER } from '../testing/renderAtrium.js';

afterEach(cleanup);

const send = () => screen.getByRole('button', { name: 'Email me a recovery link' });

describe('forgot-password screen', () => {
  it('shows the heading, the reassurance and the controls', async () => {
    await renderAtrium({ address: '/#forgotpassword' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Recover Password');
    expect(screen.getByText("Don't worry. It happens to the best of us.")).toBeTruthy();
    expect(screen.getByLabelText('Username')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeTruthy();
  });

  it('asks for the username in red', async () => {
    const { env } = await renderAtrium({ address: '/#forgotpassword' });
    fireEvent.click(send());
    await settle();
    const message = screen.getByText('Please enter your Username').closest('.atr-message')!;
    expect(message.classList.contains('atr-message--error')).toBe(true);
    expect(message.getAttribute('role')).toBe('alert');
    expect(env.calls('POST', `${WRAPPER}/user/me/forgotpassword`)).toHaveLength(0);
  });

  it('confirms in green, whatever the answer, then returns to the origin after 2 s', async () => {
    const { env } = await renderAtrium({
      address: '/#forgotpassword',
      script: (e) => e.route('POST', `${WRAPPER}/user/me/forgotpassword`, () => jsonResponse(500, { status: 'error', message: 'boom' })),
    });
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'liam' } });
    fireEvent.click(send());
    await settle();
    const message = screen.getByText('If account exists, an email will be sent with further instructions').closest('.atr-message')!;
    expect(message.classList.contains('atr-message--success')).toBe(true);
    expect(env.calls('POST', `${WRAPPER}/user/me/forgotpassword`)[0]?.form()).toEqual({ username: 'liam' });
    act(() => env.clock.advance(2000));
    expect(env.location.assigned).toEqual(['https://atrium.example']);
  });

  it('Go Back returns to the login form', async () => {
    const { env } = await renderAtrium({ address: '/#forgotpassword' });
    fireEvent.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(env.location.hash).toBe('');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome to Atrium');
  });
});
