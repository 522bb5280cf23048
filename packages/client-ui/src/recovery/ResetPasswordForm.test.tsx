import { jsonResponse } from '@atrium/client-core/testing';
import { PASSWORD_RULE_MESSAGES } from '@atrium/shared';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAtrium, settle, WRAPPER } from '../testing/renderAtrium.js';

afterEach(cleanup);

async function enter(password: string, confirmation = password) {
  fireEvent.change(screen.getByLabelText('Enter Password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Re-Enter Password'), { target: { value: confirmation } });
  fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
  await settle();
}

const messageOf = (text: string) => screen.getByText(text).closest('.atr-message')!;

describe('reset-password screen', () => {
  it('shows both password fields, Submit and Cancel', async () => {
    await renderAtrium({ address: '/?resetpassword=CODE' });
    expect((screen.getByLabelText('Enter Password') as HTMLInputElement).type).toBe('password');
    expect(screen.getByLabelText('Enter Password').getAttribute('autocomplete')).toBe('new-password');
    expect((screen.getByLabelText('Re-Enter Password') as HTMLInputElement).type).toBe('password');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('lists the five password rules in a tooltip that describes the info button and shows on focus', async () => {
    await renderAtrium({ address: '/?resetpassword=CODE' });
    const button = screen.getByRole('button', { name: 'Password rules' });
    const tip = document.getElementById(button.getAttribute('aria-describedby')!)!;
    expect(tip.getAttribute('role')).toBe('tooltip');
    expect([...tip.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'At least eight characters',
      'At least one number (0-9)',
      'At least one lowercase letter (a-z)',
      'At least one uppercase letter (A-Z)',
      "At least one special character ($&+,:;=?@#|'<>.-^*()%!)",
    ]);
    expect(tip.classList.contains('atr-tip__bubble--open')).toBe(false);
    fireEvent.focus(button);
    expect(tip.classList.contains('atr-tip__bubble--open')).toBe(true);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(tip.classList.contains('atr-tip__bubble--open')).toBe(false);
    fireEvent.blur(button);
    fireEvent.mouseEnter(button);
    expect(tip.classList.contains('atr-tip__bubble--open')).toBe(true);
  });

  it('checks the rules in order and shows each in red without asking the server', async () => {
    const { env } = await renderAtrium({ address: '/?resetpassword=CODE' });
    const attempts: Array<[string, string, string]> = [
      ['Ab1!', 'Ab1!', PASSWORD_RULE_MESSAGES.length],
      ['Abcdefgh!', 'Abcdefgh!', PASSWORD_RULE_MESSAGES.digit],
      ['ABCDEFG1!', 'ABCDEFG1!', PASSWORD_RULE_MESSAGES.lowercase],
      ['abcdefg1!', 'abcdefg1!', PASSWORD_RULE_MESSAGES.uppercase],
      ['Abcdefg12', 'Abcdefg12', PASSWORD_RULE_MESSAGES.special],
      ['Abcdefg1!', 'Abcdefg1?', PASSWORD_RULE_MESSAGES.mismatch],
    ];
    for (const [password, confirmation, text] of attempts) {
      await enter(password, confirmation);
      expect(messageOf(text).classList.contains('atr-message--error')).toBe(true);
    }
    expect(env.calls('POST', `${WRAPPER}/user/me/resetpassword`)).toHaveLength(0);
  });

  it('confirms a reset in green', async () => {
    const { env } = await renderAtrium({
      address: '/?resetpassword=CODE',
      script: (e) => e.route('POST', `${WRAPPER}/user/me/resetpassword`, () => jsonResponse(200, { status: 'success', message: 'Password Reset Successfully' })),
    });
    await enter('Valid#Pass1');
    expect(messageOf('Password Reset Successfully').classList.contains('atr-message--success')).toBe(true);
    expect(env.calls('POST', `${WRAPPER}/user/me/resetpassword`)[0]?.form()).toMatchObject({ password_reset_code: 'CODE', new_password: 'Valid#Pass1' });
  });

  it('says in red that the link has expired when the server refuses the code', async () => {
    await renderAtrium({
      address: '/?resetpassword=OLD',
      script: (e) => e.route('POST', `${WRAPPER}/user/me/resetpassword`, () => jsonResponse(400, { status: 'error', message: 'The password reset link has expired, please try resetting again.' })),
    });
    await enter('Valid#Pass1');
    expect(messageOf('The password reset link has expired, please try resetting again.').classList.contains('atr-message--error')).toBe(true);
  });

  it('shows the appicon instead of the logo, and Cancel returns to the root', async () => {
    const { env } = await renderAtrium({ address: '/?resetpassword=CODE&appicon=/icons/app.svg' });
    expect(screen.getByRole('img').getAttribute('src')).toBe('/icons/app.svg');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(env.location.assigned).toEqual(['https://atrium.example/']);
  });

  it('falls back to the default logo when the appicon cannot be loaded, never showing a broken image', async () => {
    await renderAtrium({ address: '/?resetpassword=CODE&appicon=https://cdn.example/missing.png' });
    const logo = screen.getByRole('img');
    expect(logo.getAttribute('src')).toBe('https://cdn.example/missing.png');
    fireEvent.error(logo);
    expect(screen.getByRole('img').getAttribute('src')).toBe('/logo.svg');
    // The default logo failing too changes nothing more.
    fireEvent.error(screen.getByRole('img'));
    expect(screen.getByRole('img').getAttribute('src')).toBe('/logo.svg');
  });

  it('takes only http(s) addresses and paths of this server as the appicon', async () => {
    await renderAtrium({ address: '/?resetpassword=CODE&appicon=javascript:alert(1)' });
    expect(screen.getByRole('img').getAttribute('src')).toBe('/logo.svg');
  });
});
