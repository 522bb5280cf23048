/**
 * The rules of CostlyCalls on their own: each user's calls at once and
 * within the window, the calls of everybody at once taken in turns, the
 * wait for a turn, and the retry times (docs/SECURITY.md, "Costly calls").
 * Time is a hand-moved clock; the wait for a turn runs on hand-fired timers.
 */
import { describe, expect, it } from 'vitest';
import { CostlyCalls, TooManyCalls, type CostlyCallLimits, type Timers } from '../../src/http/CostlyCalls.js';

/** Timers fired by hand. */
class HandTimers implements Timers {
  private readonly pending = new Map<number, () => void>();
  private next = 1;
  setTimeout(fn: () => void): unknown {
    const id = this.next++;
    this.pending.set(id, fn);
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.pending.delete(handle as number);
  }
  fireAll(): void {
    for (const [id, fn] of [...this.pending]) {
      this.pending.delete(id);
      fn();
    }
  }
  get size(): number {
    return this.pending.size;
  }
}

/** A call that runs until the test ends it; `started` once the gate let it start. */
interface Running {
  started: boolean;
  refused: TooManyCalls | null;
  end(): void;
  done: Promise<void>;
}

function setUp(limits: Partial<CostlyCallLimits> = {}) {
  let now = 1_000_000;
  const timers = new HandTimers();
  const calls = new CostlyCalls({ perUser: 2, rate: 100, window: 60, concurrency: 1, maxWait: 5000, ...limits }, () => now, timers);
  /** Starts a call of a user. */
  const call = (userId: string): Running => {
    let end!: () => void;
    const finished = new Promise<void>((resolve) => (end = resolve));
    const running: Running = { started: false, refused: null, end: () => end(), done: Promise.resolve() };
    running.done = calls
      .run(userId, async () => {
        running.started = true;
        await finished;
      })
      .catch((e: unknown) => {
        if (!(e instanceof TooManyCalls)) throw e;
        running.refused = e;
      });
    return running;
  };
  return { calls, timers, call, advance: (ms: number) => (now += ms) };
}

/** Lets the gate's deferred starts and the promises behind them run. */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
}

describe('CostlyCalls', () => {
  it('refuses a user\'s call beyond their calls at once, with a retry of 1 s, and admits it once one has ended', async () => {
    const { call } = setUp({ perUser: 2, concurrency: 10 });
    const [a, b] = [call('ann'), call('ann')];
    const c = call('ann');
    await settle();
    expect([a.started, b.started]).toEqual([true, true]);
    expect(c.refused).toMatchObject({ reason: 'concurrency', retryAfter: 1 });
    a.end();
    await a.done;
    const d = call('ann');
    await settle();
    expect(d.started).toBe(true);
    b.end();
    d.end();
  });

  it("counts waiting calls among a user's calls at once", async () => {
    const { call } = setUp({ perUser: 2, concurrency: 1 });
    const first = call('ann');
    const waiting = call('ann');
    const third = call('ann');
    await settle();
    expect([first.started, waiting.started]).toEqual([true, false]);
    expect(third.refused?.reason).toBe('concurrency');
    first.end();
    await settle();
    expect(waiting.started).toBe(true);
    waiting.end();
  });

  it('refuses calls past the rate with the seconds until the oldest leaves the window, and admits again after', async () => {
    const { call, advance } = setUp({ rate: 3, window: 60, concurrency: 10, perUser: 10 });
    for (let i = 0; i < 3; i++) {
      const c = call('ann');
      await settle();
      c.end();
      await c.done;
      advance(10_000);
    }
    // Admissions at 0, 10 and 20 s; now 30 s: the first leaves the window in 30 s.
    const refused = call('ann');
    await refused.done;
    expect(refused.refused).toMatchObject({ reason: 'rate', retryAfter: 30 });
    const other = call('bob');
    await settle();
    expect(other.started).toBe(true);
    other.end();
    advance(29_999);
    const early = call('ann');
    await early.done;
    expect(early.refused).toMatchObject({ reason: 'rate', retryAfter: 1 });
    advance(1);
    const later = call('ann');
    await settle();
    expect(later.started).toBe(true);
    later.end();
  });

  it('does not count refused calls towards the rate', async () => {
    const { call } = setUp({ rate: 2, perUser: 1, concurrency: 10 });
    const first = call('ann');
    await settle();
    for (let i = 0; i < 5; i++) {
      const refused = call('ann');
      await refused.done;
      expect(refused.refused?.reason).toBe('concurrency');
    }
    first.end();
    await first.done;
    const second = call('ann');
    await settle();
    expect(second.started).toBe(true);
    second.end();
  });

  it('gives the free places to users in turn, so that one user with waiting calls does not hold back another', async () => {
    const { call } = setUp({ perUser: 4, concurrency: 1 });
    const ann = [call('ann'), call('ann'), call('ann'), call('ann')];
    await settle();
    const bob = call('bob');
    await settle();
    expect(ann.map((c) => c.started)).toEqual([true, false, false, false]);
    expect(bob.started).toBe(false);
    ann[0]!.end();
    await settle();
    // Ann's second call was waiting first, so it goes first; Bob's is next, before Ann's third and fourth.
    expect(ann[1]!.started).toBe(true);
    ann[1]!.end();
    await settle();
    expect(bob.started).toBe(true);
    expect(ann[2]!.started).toBe(false);
    bob.end();
    await settle();
    expect(ann[2]!.started).toBe(true);
    ann[2]!.end();
    await settle();
    expect(ann[3]!.started).toBe(true);
    ann[3]!.end();
  });

  it('refuses a call that waited longer than the longest wait, and frees its place in the user\'s calls', async () => {
    const { call, timers, calls } = setUp({ perUser: 2, concurrency: 1, maxWait: 5000 });
    const running = call('ann');
    const waiting = call('ann');
    await settle();
    expect(timers.size).toBe(1);
    timers.fireAll();
    await waiting.done;
    expect(waiting.refused).toMatchObject({ reason: 'busy', retryAfter: 5 });
    expect(calls.stats()).toMatchObject({ running: 1, waiting: 0 });
    const next = call('ann');
    running.end();
    await settle();
    expect(next.started).toBe(true);
    next.end();
  });

  it('starts an admitted call only after what the event loop already had to do (requests already read)', async () => {
    const { calls } = setUp({ concurrency: 1, perUser: 4 });
    const order: string[] = [];
    setImmediate(() => order.push('request read before'));
    const first = calls.run('ann', async () => void order.push('costly call'));
    await first;
    // At its turn too: the next call waits for the loop again, after what arrived meanwhile.
    const leave = await calls.enter('ann');
    const second = calls.run('ann', async () => void order.push('second costly call'));
    setImmediate(() => order.push('request read meanwhile'));
    leave();
    await second;
    expect(order).toEqual(['request read before', 'costly call', 'request read meanwhile', 'second costly call']);
  });

  it('ends a call once only, however often its end is called', async () => {
    const { calls } = setUp({ concurrency: 1 });
    const leave = await calls.enter('ann');
    leave();
    leave();
    expect(calls.stats().running).toBe(0);
    const again = await calls.enter('ann');
    expect(calls.stats().running).toBe(1);
    again();
  });

  describe('with several servers counting the rate together', () => {
    /** The count the servers share (the database's, on PostgreSQL): fixed windows per key. */
    function sharedCount(nowMs: () => number) {
      const windows = new Map<string, { start: number; count: number }>();
      return async (key: string, windowMs: number) => {
        const now = nowMs();
        const current = windows.get(key);
        const window = current && current.start > now - windowMs ? current : { start: now, count: 0 };
        window.count++;
        windows.set(key, window);
        return { current: window.count, ttl: window.start + windowMs - now };
      };
    }

    it("gives a user one budget over two servers, refused with the seconds left of the window, another user's apart", async () => {
      let now = 1_000_000;
      const shared = sharedCount(() => now);
      const limits = { perUser: 10, rate: 3, window: 60, concurrency: 10, maxWait: 5000 };
      const one = new CostlyCalls(limits, () => now, new HandTimers(), shared);
      const two = new CostlyCalls(limits, () => now, new HandTimers(), shared);
      await one.run('ann', async () => undefined);
      now += 10_000;
      await two.run('ann', async () => undefined);
      await one.run('ann', async () => undefined);
      // Each server alone has admitted fewer than three; together they have.
      await expect(two.run('ann', async () => undefined)).rejects.toMatchObject({ reason: 'rate', retryAfter: 50 });
      await expect(two.run('bob', async () => undefined)).resolves.toBeUndefined();
      // The refused call took no place on that server.
      expect(two.stats()).toMatchObject({ running: 0 });
      now += 50_000;
      await expect(two.run('ann', async () => undefined)).resolves.toBeUndefined();
    });

    it('falls back on its own count when the shared one fails', async () => {
      const now = 1_000_000;
      const calls = new CostlyCalls({ perUser: 10, rate: 2, window: 60, concurrency: 10, maxWait: 5000 }, () => now, new HandTimers(), () => Promise.reject(new Error('database gone')));
      await calls.run('ann', async () => undefined);
      await calls.run('ann', async () => undefined);
      await expect(calls.run('ann', async () => undefined)).rejects.toMatchObject({ reason: 'rate' });
    });
  });
});
