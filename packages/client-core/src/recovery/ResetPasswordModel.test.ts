import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../testing/FakeEnvironment.js';
import { ResetPasswordModel } from './ResetPasswordModel.js';
import { signedOutClient } from '../testing/fixtures.js';

function setup(answer: () => Response = () => jsonResponse(200, { status: 'success', message: 'Password Reset Successfully' })) {
  const { env, client: wrapper } = signedOutClient('/api/wrapper', 'https://atrium.example:8443/?resetpassword=code-1');
  env.route('POST', '/api/wrapper/user/me/resetpassword', answer);
  return { env, model: new ResetPasswordModel(env, wrapper, 'code-1') };
}

const GOOD = 'Abcdef1!';

describe('ResetPasswordModel rules', () => {
  it.each([
    ['Ab1!', 'Ab1!', 'password.length'],
    ['Abcdefg!', 'Abcdefg!', 'password.digit'],
    ['ABCDEF1!', 'ABCDEF1!', 'password.lowercase'],
    ['abcdef1!', 'abcdef1!', 'password.uppercase'],
    ['Abcdefg1', 'Abcdefg1', 'password.special'],
    [GOOD, 'Abcdef1?', 'password.mismatch'],
    // order: the first broken rule wins
    ['ab', 'zz', 'password.length'],
    ['abcdefgh', 'x', 'password.digit'],
  ])('refuses %j / %j with %s and sends nothing', async (password, confirmation, key) => {
    const { env, model } = setup();
    await model.submit(password, confirmation);
    expect(model.getState()).toEqual({ busy: false, message: { kind: 'error', key } });
    expect(env.requests).toEqual([]);
  });
});

describe('ResetPasswordModel submission', () => {
  it('posts the code and both entries as a form', async () => {
    const { env, model } = setup();
    await model.submit(GOOD, GOOD);
    expect(env.requests[0]?.path).toBe('/api/wrapper/user/me/resetpassword');
    expect(env.requests[0]?.form()).toEqual({ password_reset_code: 'code-1', new_password: GOOD, confirm_password: GOOD });
  });

  it('shows success and returns to the site origin 2 s later', async () => {
    const { env, model } = setup();
    await model.submit(GOOD, GOOD);
    expect(model.getState()).toEqual({ busy: false, message: { kind: 'success', key: 'reset.success' } });
    env.clock.advance(1999);
    expect(env.location.assigned).toEqual([]);
    env.clock.advance(1);
    expect(env.location.assigned).toEqual(['https://atrium.example:8443']);
  });

  it('says the link has expired when the server refuses the code', async () => {
    const { env, model } = setup(() => jsonResponse(400, { status: 'error', message: 'The password reset link has expired, please try resetting again.', code: 'reset.expired' }));
    await model.submit(GOOD, GOOD);
    expect(model.getState()).toEqual({ busy: false, message: { kind: 'error', key: 'reset.expired' } });
    env.clock.advance(5000);
    expect(env.location.assigned).toEqual([]);
  });

  it('says the link has expired for any other failure', async () => {
    const { model } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    await model.submit(GOOD, GOOD);
    expect(model.getState()).toMatchObject({ message: { kind: 'error', key: 'reset.expired' } });
  });

  it('shows the rule the server names, should its rules differ', async () => {
    const { model } = setup(() => jsonResponse(400, { status: 'error', message: 'Password must contain at least one number (0-9)!', code: 'password.digit' }));
    await model.submit(GOOD, GOOD);
    expect(model.getState()).toMatchObject({ message: { kind: 'error', key: 'password.digit' } });
  });

  it('lets the user try again after a failure', async () => {
    let calls = 0;
    const { model } = setup(() => (++calls === 1 ? jsonResponse(400, { status: 'error', message: 'x', code: 'reset.expired' }) : jsonResponse(200, { status: 'success' })));
    await model.submit(GOOD, GOOD);
    await model.submit(GOOD, GOOD);
    expect(model.getState()).toMatchObject({ message: { kind: 'success', key: 'reset.success' } });
  });
});
