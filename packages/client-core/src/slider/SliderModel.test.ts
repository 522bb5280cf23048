import type { Announcement } from '@atrium/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../testing/FakeEnvironment.js';
import { signedOutClient } from '../testing/fixtures.js';
import { SliderModel } from './SliderModel.js';

const announcement = (n: number, media: string | null = `res-${n}`): Announcement => ({
  uuid: `a-${n}`,
  name: `News ${n}`,
  description: `Description ${n}`,
  link: null,
  media,
  media_type: 'image',
  fallback: false,
});

async function slider(count: number) {
  const { env, client: api } = signedOutClient('/api/v1');
  env.route('GET', /^\/api\/v1\/homescreen\/announcement\//, () => jsonResponse(200, { status: 'success', data: Array.from({ length: count }, (_, i) => announcement(i + 1)) }));
  const model = new SliderModel(env, api, '/api/v1');
  await model.load('atrium.example:8080');
  return { env, model };
}

const index = (model: SliderModel) => {
  const state = model.getState();
  return state.status === 'ready' ? state.index : -1;
};

describe('SliderModel loading', () => {
  afterEach(() => vi.restoreAllMocks());

  it('starts loading, then is ready at the first slide with media resolved to resource URLs', async () => {
    const { env, client: api } = signedOutClient('/api/v1');
    env.route('GET', '/api/v1/homescreen/announcement/atrium.example%3A8080', () => jsonResponse(200, { status: 'success', data: [announcement(1), announcement(2, null)] }));
    const model = new SliderModel(env, api, '/api/v1/');
    expect(model.getState()).toEqual({ status: 'loading' });
    await model.load('atrium.example:8080');
    const state = model.getState();
    expect(state).toMatchObject({ status: 'ready', index: 0, fullscreen: false, detailsOpen: false });
    if (state.status !== 'ready') return;
    expect(state.slides.map((s) => s.media)).toEqual(['/api/v1/resources/res-1', null]);
    expect(state.slides[0]).toMatchObject({ uuid: 'a-1', name: 'News 1', description: 'Description 1', media_type: 'image', fallback: false });
  });

  it('is empty when there are no announcements', async () => {
    const { model } = await slider(0);
    expect(model.getState()).toEqual({ status: 'empty' });
  });

  it('is empty when the announcements cannot be loaded', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { env, client: api } = signedOutClient('/api/v1');
    env.route('GET', /announcement/, () => jsonResponse(500, { status: 'error', message: 'An internal error occurred' }));
    const model = new SliderModel(env, api, '/api/v1');
    await model.load('h');
    expect(model.getState()).toEqual({ status: 'empty' });
  });
});

describe('SliderModel timing', () => {
  it('advances every 10 s and wraps around at the end', async () => {
    const { env, model } = await slider(3);
    env.clock.advance(9_999);
    expect(index(model)).toBe(0);
    env.clock.advance(1);
    expect(index(model)).toBe(1);
    env.clock.advance(10_000);
    expect(index(model)).toBe(2);
    env.clock.advance(10_000);
    expect(index(model)).toBe(0);
  });

  it('does not run with a single announcement', async () => {
    const { env, model } = await slider(1);
    expect(env.clock.pending).toBe(0);
    model.next();
    expect(index(model)).toBe(0);
  });

  it('pauses while fullscreen and restarts a full period on resume', async () => {
    const { env, model } = await slider(3);
    env.clock.advance(6_000);
    model.setFullscreen(true);
    env.clock.advance(60_000);
    expect(index(model)).toBe(0);
    model.setFullscreen(false);
    env.clock.advance(9_999);
    expect(index(model)).toBe(0);
    env.clock.advance(1);
    expect(index(model)).toBe(1);
  });

  it('pauses while the details panel is open', async () => {
    const { env, model } = await slider(2);
    model.setDetailsOpen(true);
    env.clock.advance(30_000);
    expect(index(model)).toBe(0);
    expect(model.getState()).toMatchObject({ detailsOpen: true });
    model.setDetailsOpen(false);
    env.clock.advance(10_000);
    expect(index(model)).toBe(1);
  });

  it('stays paused until both fullscreen and details are closed', async () => {
    const { env, model } = await slider(2);
    model.setFullscreen(true);
    model.setDetailsOpen(true);
    model.setFullscreen(false);
    env.clock.advance(30_000);
    expect(index(model)).toBe(0);
  });

  it('next and previous wrap, and restart the period', async () => {
    const { env, model } = await slider(3);
    model.previous();
    expect(index(model)).toBe(2);
    model.next();
    expect(index(model)).toBe(0);
    env.clock.advance(5_000);
    model.next();
    env.clock.advance(9_999);
    expect(index(model)).toBe(1);
  });

  it('goTo shows a given slide and ignores indexes outside the list', async () => {
    const { model } = await slider(3);
    model.goTo(2);
    expect(index(model)).toBe(2);
    model.goTo(3);
    model.goTo(-1);
    expect(index(model)).toBe(2);
  });

  it('stops on dispose', async () => {
    const { env, model } = await slider(3);
    model.dispose();
    expect(env.clock.pending).toBe(0);
  });
});

describe('SliderModel wheel', () => {
  it('moves forward on a downward wheel and back on an upward one', async () => {
    const { env, model } = await slider(3);
    model.wheel(120);
    expect(index(model)).toBe(1);
    env.clock.advance(500);
    model.wheel(-120);
    expect(index(model)).toBe(0);
  });

  it('ignores tiny deltas', async () => {
    const { model } = await slider(3);
    model.wheel(2);
    model.wheel(-3);
    expect(index(model)).toBe(0);
  });

  it('moves at most one slide per 500 ms however many events a flick fires', async () => {
    const { env, model } = await slider(5);
    for (let i = 0; i < 10; i++) {
      model.wheel(40);
      env.clock.advance(40);
    }
    expect(index(model)).toBe(1);
    env.clock.advance(100);
    model.wheel(40);
    expect(index(model)).toBe(2);
  });
});
