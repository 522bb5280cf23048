import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../testing/FakeEnvironment.js';
import { makeProfile, startSignedIn } from '../testing/fixtures.js';
import { PrivacyPolicyModel } from './PrivacyPolicyModel.js';

const withPolicy = (policy: string | null) => makeProfile({ active_account: { name: 'Acme', preferences: { theme: null, favicon: null, privacyPolicy: policy, loginURL: null, footerText: null, footer: null, logo: null } } });

async function setup(answer: { has_logged_in: unknown; verification_pending?: unknown }) {
  const { env, session } = await startSignedIn();
  env.route('GET', '/api/v1/user/me/hasLoggedIn', () => jsonResponse(200, { status: 'success', data: answer }));
  env.route('POST', '/api/v1/user/me/updateLoggedIn', () => jsonResponse(200, { status: 'success', message: 'Updated' }));
  return { env, model: new PrivacyPolicyModel(session.api) };
}

describe('PrivacyPolicyModel', () => {
  it('opens for a user who has not signed in before, with no verification pending', async () => {
    const { model } = await setup({ has_logged_in: 0, verification_pending: null });
    await model.check(withPolicy('<p>We keep your data safe.</p>'));
    expect(model.getState()).toMatchObject({ status: 'open', policy: '<p>We keep your data safe.</p>', organisation: 'Acme', error: null });
  });

  it("asks at once but opens only once the desktop's settings are in effect, and not at all when they fail", async () => {
    const { env, model } = await setup({ has_logged_in: 0, verification_pending: null });
    let settle!: () => void;
    const settings = new Promise<void>((resolve) => (settle = resolve));
    const checked = model.check(withPolicy('<p>x</p>'), settings);
    await vi.waitFor(() => expect(env.calls('GET', '/api/v1/user/me/hasLoggedIn')).toHaveLength(1));
    expect(model.getState()).toEqual({ status: 'hidden' });
    settle();
    await checked;
    expect(model.getState()).toMatchObject({ status: 'open' });

    const other = (await setup({ has_logged_in: 0, verification_pending: null })).model;
    await other.check(withPolicy('<p>x</p>'), Promise.reject(new Error('settings down')));
    expect(other.getState()).toEqual({ status: 'hidden' });
  });

  it.each([
    ['has signed in before', { has_logged_in: 1, verification_pending: null }, '<p>x</p>'],
    ['has a verification pending', { has_logged_in: 0, verification_pending: 'email' }, '<p>x</p>'],
    ["account's policy is the text 'null'", { has_logged_in: 0 }, 'null'],
    ['account has no policy', { has_logged_in: 0 }, null],
  ])('stays hidden when the user %s', async (_, answer, policy) => {
    const { model } = await setup(answer);
    await model.check(withPolicy(policy));
    expect(model.getState()).toEqual({ status: 'hidden' });
  });

  it("asks for the tick first ('You need to agree with our T&C'), then marks the user as signed in and closes", async () => {
    const { env, model } = await setup({ has_logged_in: 0 });
    await model.check(withPolicy('<p>x</p>'));
    await model.accept(false);
    expect(model.getState()).toMatchObject({ status: 'open', error: 'privacy.mustAgree' });
    expect(env.calls('POST', '/api/v1/user/me/updateLoggedIn')).toHaveLength(0);
    await model.accept(true);
    expect(env.calls('POST', '/api/v1/user/me/updateLoggedIn')).toHaveLength(1);
    expect(model.getState()).toEqual({ status: 'hidden' });
  });

  it('keeps the dialog open with an error when the acceptance cannot be saved', async () => {
    const { env, model } = await setup({ has_logged_in: 0 });
    env.route('POST', '/api/v1/user/me/updateLoggedIn', () => jsonResponse(500, { status: 'error', message: 'down' }));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await model.check(withPolicy('<p>x</p>'));
    await model.accept(true);
    expect(model.getState()).toMatchObject({ status: 'open', error: 'privacy.acceptFailed', accepting: false });
  });
});
