import type { Announcement } from '@atrium/shared';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../testing/FakeEnvironment.js';
import { signedOutClient } from '../testing/fixtures.js';
import { PRELOAD_LEAD, SliderModel } from './SliderModel.js';

const announcement = (n: number): Announcement => ({ uuid: `a-${n}`, name: `News ${n}`, description: '', link: null, media: `res-${n}`, media_type: 'image', fallback: false });

async function slider(count: number, before?: (model: SliderModel) => void) {
  const { env, client: api } = signedOutClient('/api/v1');
  env.route('GET', /^\/api\/v1\/homescreen\/announcement\//, () => jsonResponse(200, { status: 'success', data: Array.from({ length: count }, (_, i) => announcement(i + 1)) }));
  const model = new SliderModel(env, api, '/api/v1');
  before?.(model);
  await model.load('atrium.example');
  return { env, model };
}

const ready = (model: SliderModel) => {
  const state = model.getState();
  if (state.status !== 'ready') throw new Error('not ready');
  return state;
};

describe('SliderModel pause (WCAG 2.2.2: moving content can be paused)', () => {
  it('does not advance while paused by the user, and restarts a full period when played again', async () => {
    const { env, model } = await slider(3);
    env.clock.advance(4_000);
    model.setPaused(true);
    expect(ready(model).paused).toBe(true);
    env.clock.advance(60_000);
    expect(ready(model).index).toBe(0);
    model.setPaused(false);
    env.clock.advance(9_999);
    expect(ready(model).index).toBe(0);
    env.clock.advance(1);
    expect(ready(model).index).toBe(1);
  });

  it('still moves by hand while paused', async () => {
    const { env, model } = await slider(3);
    model.setPaused(true);
    model.next();
    expect(ready(model).index).toBe(1);
    env.clock.advance(30_000);
    expect(ready(model).index).toBe(1);
  });

  it('starts paused when told so before the announcements arrive (reduced motion)', async () => {
    const { env, model } = await slider(3, (m) => m.setPaused(true));
    expect(ready(model).paused).toBe(true);
    env.clock.advance(60_000);
    expect(ready(model).index).toBe(0);
  });

  it('is held still while the pointer is over it or focus is inside it, until both have left', async () => {
    const { env, model } = await slider(3);
    model.setHold('hover', true);
    model.setHold('focus', true);
    env.clock.advance(30_000);
    model.setHold('hover', false);
    env.clock.advance(30_000);
    expect(ready(model).index).toBe(0);
    model.setHold('focus', false);
    expect(ready(model).paused).toBe(false);
    env.clock.advance(10_000);
    expect(ready(model).index).toBe(1);
  });
});

describe('SliderModel upcoming slide (only the visible media loads early)', () => {
  it('names the next slide shortly before it advances, and none after', async () => {
    const { env, model } = await slider(3);
    expect(ready(model).upcoming).toBeNull();
    env.clock.advance(10_000 - PRELOAD_LEAD - 1);
    expect(ready(model).upcoming).toBeNull();
    env.clock.advance(1);
    expect(ready(model).upcoming).toBe(1);
    env.clock.advance(PRELOAD_LEAD);
    expect(ready(model)).toMatchObject({ index: 1, upcoming: null });
  });

  it('names the first slide again before wrapping, and nothing while paused', async () => {
    const { env, model } = await slider(2);
    env.clock.advance(10_000);
    env.clock.advance(10_000 - PRELOAD_LEAD);
    expect(ready(model)).toMatchObject({ index: 1, upcoming: 0 });
    model.setPaused(true);
    expect(ready(model).upcoming).toBeNull();
  });
});
