import type { UserDetail } from '@atrium/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../testing/FakeEnvironment.js';
import { startSignedIn } from '../testing/fixtures.js';
import { ProfileCardModel } from './ProfileCardModel.js';

const detail: UserDetail = { name: 'Grace Hopper', designation: 'Admiral', username: 'grace', email: 'grace@example.com', icon: null, manager_name: null, country: 'US' };
const path = '/api/v1/user/u-2/detail';

afterEach(() => vi.restoreAllMocks());

describe('ProfileCardModel: the user profile popup card', () => {
  it('opens at the point, then shows the user detail', async () => {
    const { env, session } = await startSignedIn();
    env.route('GET', path, () => jsonResponse(200, { status: 'success', data: detail }));
    const card = new ProfileCardModel(session.api);
    const opening = card.open('u-2', { x: 10, y: 20 });
    expect(card.getState()).toEqual({ open: true, userId: 'u-2', at: { x: 10, y: 20 }, detail: null });
    await opening;
    expect(card.getState()).toEqual({ open: true, userId: 'u-2', at: { x: 10, y: 20 }, detail });
    card.close();
    expect(card.getState()).toEqual({ open: false });
  });

  it('closes when the detail cannot be loaded', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { env, session } = await startSignedIn();
    env.route('GET', path, () => jsonResponse(404, { status: 'error', message: 'Not found' }, 'Not Found'));
    const card = new ProfileCardModel(session.api);
    await card.open('u-2', { x: 0, y: 0 });
    expect(card.getState()).toEqual({ open: false });
  });

  it('ignores the answer for a card closed or replaced meanwhile', async () => {
    const { env, session } = await startSignedIn();
    env.route('GET', path, () => jsonResponse(200, { status: 'success', data: detail }));
    env.route('GET', '/api/v1/user/u-3/detail', () => jsonResponse(200, { status: 'success', data: { ...detail, username: 'linus' } }));
    const card = new ProfileCardModel(session.api);
    const first = card.open('u-2', { x: 0, y: 0 });
    card.close();
    await first;
    expect(card.getState()).toEqual({ open: false });
    const second = card.open('u-2', { x: 0, y: 0 });
    const third = card.open('u-3', { x: 5, y: 5 });
    await Promise.all([second, third]);
    expect(card.getState()).toMatchObject({ userId: 'u-3', detail: { username: 'linus' } });
  });
});
