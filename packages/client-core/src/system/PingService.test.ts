import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../testing/FakeEnvironment.js';
import { startSignedIn } from '../testing/fixtures.js';
import { pingInterval, PingService } from './PingService.js';

afterEach(() => vi.restoreAllMocks());

describe('pingInterval', () => {
  it('is half the session max age, at least a second, at most the timer limit', () => {
    expect(pingInterval(3600)).toBe(1_800_000);
    expect(pingInterval(1)).toBe(1000);
    expect(pingInterval(30 * 24 * 3600)).toBe(15 * 24 * 3600 * 1000);
    expect(pingInterval(60 * 24 * 3600)).toBe(2 ** 31 - 1);
  });
});

describe('PingService', () => {
  it('sends GET /ping every half of the session max age until disposed', async () => {
    const { env, session } = await startSignedIn();
    env.route('GET', '/ping', () => jsonResponse(200, { status: 'success', data: { time: '', session_max_age: 60 } }));
    const ping = new PingService({ clock: env.clock, request: session.core, sessionMaxAge: 60 });
    ping.start();
    ping.start();
    await env.clock.settle(29_999);
    expect(env.calls('GET', '/ping')).toHaveLength(0);
    await env.clock.settle(1);
    expect(env.calls('GET', '/ping')).toHaveLength(1);
    await env.clock.settle(60_000);
    expect(env.calls('GET', '/ping')).toHaveLength(3);
    ping.dispose();
    await env.clock.settle(60_000);
    expect(env.calls('GET', '/ping')).toHaveLength(3);
  });

  it('only logs a failed ping and sends nothing without a max age', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { env, session } = await startSignedIn();
    const ping = new PingService({ clock: env.clock, request: session.core, sessionMaxAge: 2 });
    ping.start();
    await env.clock.settle(1000);
    expect(warn).toHaveBeenCalledOnce();
    ping.dispose();
    const idle = new PingService({ clock: env.clock, request: session.core, sessionMaxAge: 0 });
    idle.start();
    expect(env.clock.pending).toBe(0);
  });
});
