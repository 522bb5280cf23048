import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../testing/FakeEnvironment.js';
import { ForgotPasswordModel } from './ForgotPasswordModel.js';
import { signedOutClient } from '../testing/fixtures.js';

function setup(answer: () => Response) {
  const { env, client: wrapper } = signedOutClient('/api/wrapper', 'https://atrium.example:8443/#forgotpassword');
  env.route('POST', '/api/wrapper/user/me/forgotpassword', answer);
  return { env, model: new ForgotPasswordModel(env, wrapper) };
}

const neutral = () => jsonResponse(200, { status: 'success', message: 'If account exists, an email will be sent with further instructions' });

describe('ForgotPasswordModel', () => {
  it('starts idle without a message', () => {
    expect(setup(neutral).model.getState()).toEqual({ busy: false, message: null });
  });

  it('asks for the username when it is empty, without a request', async () => {
    const { env, model } = setup(neutral);
    await model.submit('  ');
    expect(model.getState()).toEqual({ busy: false, message: { kind: 'error', key: 'forgot.error.required' } });
    expect(env.requests).toEqual([]);
  });

  it('posts the username as a form and shows the neutral confirmation', async () => {
    const { env, model } = setup(neutral);
    const states: unknown[] = [];
    model.subscribe(() => states.push(model.getState()));
    await model.submit('ada');
    expect(env.requests[0]?.form()).toEqual({ username: 'ada' });
    expect(states[0]).toEqual({ busy: true, message: null });
    expect(model.getState()).toEqual({ busy: false, message: { kind: 'success', key: 'forgot.sent' } });
  });

  it.each([
    ['a refusal', () => jsonResponse(429, { status: 'error', message: 'Too many requests, please try again later' })],
    ['a server error', () => jsonResponse(500, { status: 'error', message: 'An internal error occurred' })],
    [
      'a network failure',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])('shows the same neutral confirmation after %s', async (_, answer) => {
    const { model } = setup(answer);
    await model.submit('ada');
    expect(model.getState()).toEqual({ busy: false, message: { kind: 'success', key: 'forgot.sent' } });
  });

  it('returns to the site origin 2 s later', async () => {
    const { env, model } = setup(neutral);
    await model.submit('ada');
    env.clock.advance(1999);
    expect(env.location.assigned).toEqual([]);
    env.clock.advance(1);
    expect(env.location.assigned).toEqual(['https://atrium.example:8443']);
  });

  it('ignores further submissions once sent', async () => {
    const { env, model } = setup(neutral);
    await model.submit('ada');
    await model.submit('ada');
    expect(env.requests).toHaveLength(1);
  });

  it('dispose() cancels the redirect', async () => {
    const { env, model } = setup(neutral);
    await model.submit('ada');
    model.dispose();
    env.clock.advance(5000);
    expect(env.location.assigned).toEqual([]);
  });
});
